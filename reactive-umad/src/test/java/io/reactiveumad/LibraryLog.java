package io.reactiveumad;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * What the library logged while a block ran. slf4j-simple, the tests' binding, writes each line to {@code System.err}
 * as it is at that moment, so swapping {@code System.err} catches the lines (those other threads log meanwhile too).
 */
public final class LibraryLog {
    /** A block of a test, which may throw. */
    public interface Block {
        void run() throws Exception;
    }

    private LibraryLog() {
    }

    /** Runs {@code block} and returns what was logged while it ran. */
    public static String during(Block block) throws Exception {
        PrintStream stderr = System.err;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
        try {
            block.run();
        } finally {
            System.setErr(stderr);
        }
        return log.toString(StandardCharsets.UTF_8);
    }
}
