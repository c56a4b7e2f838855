package io.reactiveumad.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.reactiveumad.test.EmbeddedFabric;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;

/** One in-process run of the umad command line: exit code, stdout, stderr. */
record CliRun(int exitCode, String out, String err) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Runs {@code args} with {@code env} as the environment and no kernel devices. */
    static CliRun run(Map<String, String> env, String... args) {
        return run(env, fabric -> { }, args);
    }

    /** As {@link #run(Map, String...)}, handing every embedded fabric the command starts to {@code fabricStarted}. */
    static CliRun run(Map<String, String> env, Consumer<EmbeddedFabric> fabricStarted, String... args) {
        return run(new CliContext(env, Path.of("/nonexistent/dev/infiniband"), Path.of("/nonexistent/etc"), fabricStarted),
                args);
    }

    /** Runs {@code args} with {@code etc} where infiniband-diags' configuration lives (the machine's /etc is never read). */
    static CliRun runWithEtc(Path etc, String... args) {
        return run(new CliContext(Map.of(), Path.of("/nonexistent/dev/infiniband"), etc, fabric -> { }), args);
    }

    /** As {@link #runWithEtc}, handing every embedded fabric the command starts to {@code fabricStarted}. */
    static CliRun runWithEtc(Path etc, Consumer<EmbeddedFabric> fabricStarted, String... args) {
        return run(new CliContext(Map.of(), Path.of("/nonexistent/dev/infiniband"), etc, fabricStarted), args);
    }

    /** Runs {@code args} with {@code env} and {@code devInfiniband} where the kernel's umad devices are looked for. */
    static CliRun runWithDevices(Path devInfiniband, Map<String, String> env, String... args) {
        return run(new CliContext(env, devInfiniband, Path.of("/nonexistent/etc"), fabric -> { }), args);
    }

    private static CliRun run(CliContext context, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = UmadCli.run(context, new PrintWriter(out), new PrintWriter(err), args);
        return new CliRun(code, out.toString(), err.toString());
    }

    static CliRun run(String... args) {
        return run(Map.of(), args);
    }

    JsonNode json() {
        try {
            return JSON.readTree(out);
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + out, e);
        }
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
