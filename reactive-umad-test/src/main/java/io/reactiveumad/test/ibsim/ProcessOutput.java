package io.reactiveumad.test.ibsim;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * Drains a child process's merged stdout/stderr on a daemon thread, copies it to a log file, and lets
 * callers wait (with a deadline) for a piece of text to appear. Waiting is a monitor wait woken by
 * every chunk read, not a sleep.
 */
final class ProcessOutput {
    private final String name;
    private final StringBuilder text = new StringBuilder();
    private boolean ended;

    private ProcessOutput(String name) {
        this.name = name;
    }

    /** Starts draining {@code process}'s output into {@code log}. */
    static ProcessOutput drain(String name, Process process, Path log) {
        ProcessOutput output = new ProcessOutput(name);
        Thread reader = new Thread(() -> output.pump(process.getInputStream(), log), "drain-" + name);
        reader.setDaemon(true);
        reader.start();
        return output;
    }

    private void pump(InputStream in, Path log) {
        byte[] chunk = new byte[8192];
        try (in; OutputStream file = Files.newOutputStream(log)) {
            int n;
            while ((n = in.read(chunk)) > 0) {
                file.write(chunk, 0, n);
                file.flush();
                synchronized (this) {
                    text.append(new String(chunk, 0, n, StandardCharsets.UTF_8));
                    notifyAll();
                }
            }
        } catch (IOException e) {
            // The process went away mid-read: what was read stays readable.
        } finally {
            synchronized (this) {
                ended = true;
                notifyAll();
            }
        }
    }

    /** How many characters have been read so far: a starting point for {@link #await}. */
    synchronized int mark() {
        return text.length();
    }

    /**
     * Waits until {@code needle} appears at or after {@code from}; returns the index just past it.
     *
     * @throws TimeoutException when it does not appear within {@code timeout} or the output ends first
     */
    synchronized int await(String needle, int from, Duration timeout) throws TimeoutException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int at;
        while ((at = text.indexOf(needle, from)) < 0) {
            long left = deadline - System.nanoTime();
            if (ended || left <= 0) {
                throw new TimeoutException(name + ": \"" + needle + "\" did not appear within " + timeout
                        + (ended ? " (output ended)" : "") + "; last output:\n" + tail());
            }
            wait(Math.max(1, left / 1_000_000L));
        }
        return at + needle.length();
    }

    synchronized String between(int from, int to) {
        return text.substring(from, to);
    }

    synchronized String tail() {
        return text.substring(Math.max(0, text.length() - 2000));
    }

    static void requireDirectory(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
