package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.IbsimTransport;
import io.reactiveumad.test.ibsim.IbsimFabric;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What the tests that hold our commands' text against infiniband-diags' share. */
final class DiagsOracle {
    private DiagsOracle() {
    }

    /** {@code umad COMMAND MORE...} attached to {@code local} of {@code fabric}, asserted to exit {@code exitCode}. */
    static CliRun umad(IbsimFabric fabric, String local, int exitCode, String command, String... more) {
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(List.of(more));
        args.addAll(List.of("--transport", "ibsim", "--sim-host", local));
        CliRun run = CliRun.run(Map.of(IbsimTransport.ENV_SOCKET_NAME, fabric.socketName()), args.toArray(String[]::new));
        assertThat(run.exitCode()).as("%s", run.err()).isEqualTo(exitCode);
        return run;
    }

    /**
     * The Debian tool and our command, each from {@code from} with the same {@code options} (space-separated, none
     * when empty), asserted to print the same text but for ibnetdiscover's date line; our run, for more assertions.
     */
    static CliRun sameAsTheTool(IbsimFabric fabric, String from, String tool, String command, String options) {
        String[] args = options.isEmpty() ? new String[0] : options.split(" ");
        String theirs = fabric.diag(from, tool, args).requireSuccess().stdout();
        CliRun ours = umad(fabric, from, 0, command, args);
        assertThat(undated(ours.out())).as("%s %s from %s", command, options, from).isEqualTo(undated(theirs));
        return ours;
    }

    /** The text without its "# Topology file: generated on <time>" line, the one line that differs by when. */
    static String undated(String ibnetdiscover) {
        return ibnetdiscover.replaceFirst("(?m)^# Topology file: generated on .*\\R", "");
    }

    /** A file of the test resources (a topology). */
    static Path resource(String name) {
        try {
            return Path.of(DiagsOracle.class.getClassLoader().getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
