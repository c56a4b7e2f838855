package io.reactiveumad.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** A finished child process of a side-by-side benchmark: its output, and how long it took as a whole. */
record ChildProcess(List<String> command, int exitCode, String stdout, String stderr, Duration elapsed) {

    /** A JVM like this one (same java, same class path) running {@code mainClass} with {@code env} added. */
    static ProcessBuilder java(Class<?> mainClass, Map<String, String> env, List<String> args) {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(env);
        return pb;
    }

    /** Runs {@code pb} to its end; killed (and an error) if it takes longer than {@code limit}. */
    static ChildProcess run(ProcessBuilder pb, Duration limit) {
        long start = System.nanoTime();
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + pb.command(), e);
        }
        CompletableFuture<String> out = readAll(process.getInputStream());
        CompletableFuture<String> err = readAll(process.getErrorStream());
        try {
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(pb.command() + " did not finish within " + limit);
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            return new ChildProcess(pb.command(), process.exitValue(), out.get(), err.get(), elapsed);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + pb.command(), e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot read the output of " + pb.command(), e.getCause());
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
