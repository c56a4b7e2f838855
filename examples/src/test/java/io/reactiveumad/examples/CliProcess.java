package io.reactiveumad.examples;

import io.reactiveumad.poll.ibsim.IbsimEndpoint;
import io.reactiveumad.test.ibsim.IbsimFabric;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The umad command line in a JVM of its own, on an ibsim fabric, its stdout and stderr in files of the fabric's work
 * directory: for what only a process shows (its exit code on a signal, what its exit hook gives back, the library's
 * log on stderr). {@link CliRun} runs a command in the test's JVM. Closing it kills what is still running, so a test
 * that failed half-way leaves no process behind: {@code try (command) { … }}.
 */
record CliProcess(Process process, Path out, Path err) implements AutoCloseable {
    /** Starts {@code args} as {@code ./umad} would, with the fabric's socket name; {@code name} names the files. */
    static CliProcess start(IbsimFabric fabric, String name, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // As ./umad starts it: JDK 24+ would otherwise warn on stderr of JNA loading its library.
                "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), UmadCli.class.getName()));
        command.addAll(List.of(args));
        Path out = fabric.workDir().resolve(name + ".out");
        Path err = fabric.workDir().resolve(name + ".err");
        ProcessBuilder builder = new ProcessBuilder(command).directory(fabric.workDir().toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put(IbsimEndpoint.ENV_SOCKET_NAME, fabric.socketName());
        return new CliProcess(builder.start(), out, err);
    }

    /** Sends it SIGINT, as Ctrl-C in a terminal does. */
    void interrupt() throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start();
        if (!kill.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) || kill.exitValue() != 0) {
            throw new IllegalStateException("kill -INT " + process.pid() + " failed");
        }
    }

    /** Kills it if it still runs (SIGKILL) and waits, bounded, until it is gone. */
    @Override
    public void close() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
    }

    /** What it printed on stdout so far. */
    String stdout() throws IOException {
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    /** What it printed on stderr so far. */
    String stderr() throws IOException {
        return Files.readString(err, StandardCharsets.UTF_8);
    }
}
