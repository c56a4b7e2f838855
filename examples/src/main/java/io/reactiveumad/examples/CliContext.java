package io.reactiveumad.examples;

import java.nio.file.Path;
import java.util.Map;

/**
 * What the commands read from the outside world, so tests can run them in-process against their own
 * environment.
 *
 * @param env            environment variables ({@code SIM_HOST}, {@code IBSIM_SERVER_NAME}, …)
 * @param devInfiniband  where the kernel's umad devices live ({@code /dev/infiniband})
 */
record CliContext(Map<String, String> env, Path devInfiniband) {
    static CliContext system() {
        return new CliContext(System.getenv(), Path.of("/dev/infiniband"));
    }
}
