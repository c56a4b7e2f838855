package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimInstallation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * infiniband-diags' Perl scripts (ibidsverify, ibfindnodesusing) run as they are, their cache directory (fixed at
 * root's /var/cache/infiniband-diags) moved to a temporary one through their Perl module, so no root is needed.
 */
final class DiagsScript {
    private DiagsScript() {
    }

    record Result(int exitCode, String stdout, String stderr) {
    }

    /** The script and perl must both be installed (CI fails without them). */
    static void require(String script) {
        IbsimInstallation.require(IbsimInstallation.find(script) != null && IbsimInstallation.find("perl") != null,
                script + " (infiniband-diags) or perl");
    }

    /**
     * Runs {@code script} with {@code args}, its cache in {@code cache}, attached to {@code node} of {@code fabric}
     * (the tools it runs too) when there is a fabric.
     */
    static Result run(IbsimFabric fabric, String node, Path cache, String script, List<String> args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("perl", "-e", "use IBswcountlimits; "
                + "$IBswcountlimits::cache_dir = '" + cache + "'; do '" + IbsimInstallation.find(script)
                + "'; die $@ if $@;", "--"));
        command.addAll(args);
        Process process = (fabric == null ? new ProcessBuilder(command) : fabric.attached(node, command)).start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), out, err);
    }
}
