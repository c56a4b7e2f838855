package io.reactiveumad.examples;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The process's standard output, ending the process the first time a write to it fails. A C tool is killed by SIGPIPE
 * when what reads its output goes away ({@code ibping | head -2}); the JVM ignores SIGPIPE and its writers swallow the
 * error, so a command that prints until stopped ({@code watch}, {@code perf --watch}, {@code ping}) ran on forever
 * after {@code head} had its lines. Into a pipe (or a socket) the exit is silent with 141, the status a shell gives a
 * process SIGPIPE ended; into anything else (a full disk) it says why on stderr and exits 1. The exit runs on a thread of its
 * own: the write may come from a port's event loop, which the exit's hooks need to close the port.
 */
final class UndeliverableOutput extends FilterOutputStream {
    static final int EXIT_BROKEN_PIPE = 128 + 13;

    /** 0 until a write fails, then the exit code it ends the process with. */
    private final AtomicInteger exitCode = new AtomicInteger();

    private UndeliverableOutput(OutputStream out) {
        super(out);
    }

    /** File descriptor 1, unbuffered (the writer above buffers). */
    static UndeliverableOutput standardOutput() {
        return new UndeliverableOutput(new FileOutputStream(FileDescriptor.out));
    }

    /** The command's exit code, unless a write failed: then the failure's (which the exit thread may give first). */
    int exitCode(int command) {
        int failed = exitCode.get();
        return failed != 0 ? failed : command;
    }

    @Override
    public void write(int b) throws IOException {
        endingOnFailure(() -> out.write(b));
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        endingOnFailure(() -> out.write(b, off, len));
    }

    @Override
    public void flush() throws IOException {
        endingOnFailure(out::flush);
    }

    private interface Write {
        void run() throws IOException;
    }

    /** Runs {@code write}; if it fails, ends the process (once) and rethrows, as the writer above expects. */
    private void endingOnFailure(Write write) throws IOException {
        try {
            write.run();
        } catch (IOException e) {
            end(e);
            throw e;
        }
    }

    private void end(IOException failure) {
        boolean pipe = intoAPipe();
        int code = pipe ? EXIT_BROKEN_PIPE : UmadCli.EXIT_FAILED;
        if (!exitCode.compareAndSet(0, code)) {
            return;
        }
        if (!pipe) {
            System.err.println("umad: cannot write the output: " + failure.getMessage());
        }
        Thread exit = new Thread(() -> System.exit(code), "umad-output-closed");
        exit.setDaemon(true);
        exit.start();
    }

    private static boolean intoAPipe() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/1")).toString();
            return target.startsWith("pipe:") || target.startsWith("socket:");
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
