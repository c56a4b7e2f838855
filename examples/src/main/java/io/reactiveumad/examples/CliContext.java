package io.reactiveumad.examples;

import io.reactiveumad.test.EmbeddedFabric;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What the commands read from the outside world, so tests can run them in-process against their own
 * environment.
 *
 * @param env            environment variables ({@code SIM_HOST}, {@code IBSIM_SOCKNAME}, …)
 * @param devInfiniband  where the kernel's umad devices live ({@code /dev/infiniband})
 * @param etc            where the configuration infiniband-diags reads by default lives ({@code /etc}): its error
 *                       thresholds and node name map
 * @param fabricStarted  told about every embedded fabric a command starts (tests drive it: unlink, counters)
 */
record CliContext(Map<String, String> env, Path devInfiniband, Path etc, Consumer<EmbeddedFabric> fabricStarted) {
    static CliContext system() {
        return new CliContext(System.getenv(), Path.of("/dev/infiniband"), Path.of("/etc"), fabric -> { });
    }
}
