package io.reactiveumad.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A finished child process of a side-by-side benchmark: its output, how long it took as a whole (wall
 * clock) and the CPU time (user + system) it and its own children used, which a loaded machine barely changes.
 */
record ChildProcess(List<String> command, int exitCode, String stdout, String stderr, Duration elapsed, Duration cpu) {
    /**
     * Runs the command under bash, which writes its children's CPU times ({@code times}) to the file named
     * by its first argument. The command's LD_PRELOAD (umad2sim) is handed over in another variable, so the
     * shell itself is not attached to the simulator.
     */
    private static final String MEASURED = "LD_PRELOAD=\"${BENCH_PRELOAD:-}\" \"$@\"; rc=$?; times >\"$0\"; exit $rc";
    private static final Pattern CHILD_TIMES = Pattern.compile("^(\\d+)m([0-9.]+)s (\\d+)m([0-9.]+)s$", Pattern.MULTILINE);

    /**
     * A JVM like this one (same java, same class path) running {@code mainClass} with {@code env} added and
     * {@code jvmOptions} (none, for what a user gets).
     */
    static ProcessBuilder java(Class<?> mainClass, List<String> jvmOptions, Map<String, String> env, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(env);
        return pb;
    }

    /** Runs {@code pb} to its end; killed (and an error) if it takes longer than {@code limit}. */
    static ChildProcess run(ProcessBuilder pb, Duration limit) {
        List<String> command = List.copyOf(pb.command());
        Path times;
        try {
            times = Files.createTempFile("bench-times", ".txt");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> measured = new ArrayList<>(List.of("bash", "-c", MEASURED, times.toString()));
        measured.addAll(command);
        ProcessBuilder wrapped = new ProcessBuilder(measured).directory(pb.directory());
        wrapped.environment().clear();
        wrapped.environment().putAll(pb.environment());
        String preload = wrapped.environment().remove("LD_PRELOAD");
        if (preload != null) {
            wrapped.environment().put("BENCH_PRELOAD", preload);
        }
        try {
            return run(wrapped, command, times, limit);
        } finally {
            times.toFile().delete();
        }
    }

    private static ChildProcess run(ProcessBuilder pb, List<String> command, Path times, Duration limit) {
        long start = System.nanoTime();
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
        CompletableFuture<String> out = readAll(process.getInputStream());
        CompletableFuture<String> err = readAll(process.getErrorStream());
        try {
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new IllegalStateException(command + " did not finish within " + limit);
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            return new ChildProcess(command, process.exitValue(), out.get(), err.get(), elapsed, childCpu(times));
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot read the output of " + command, e.getCause());
        }
    }

    /** The second line of bash's {@code times}: user and system time of the shell's children. */
    private static Duration childCpu(Path times) {
        try {
            Matcher m = CHILD_TIMES.matcher(Files.readString(times));
            if (!(m.find() && m.find())) {
                return Duration.ZERO;
            }
            double seconds = Long.parseLong(m.group(1)) * 60 + Double.parseDouble(m.group(2))
                    + Long.parseLong(m.group(3)) * 60 + Double.parseDouble(m.group(4));
            return Duration.ofNanos((long) (seconds * 1e9));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** This process, which must have exited with 0. */
    ChildProcess requireSuccess() {
        if (exitCode != 0) {
            throw new IllegalStateException(command + " exited with " + exitCode + ":\n" + stderr + stdout);
        }
        return this;
    }

    /** Reads {@code in} to its end on its own daemon thread, so neither pipe can fill up and block the child. */
    private static CompletableFuture<String> readAll(InputStream in) {
        CompletableFuture<String> result = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (in) {
                result.complete(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                result.completeExceptionally(e);
            }
        }, "child-output");
        reader.setDaemon(true);
        reader.start();
        return result;
    }
}
