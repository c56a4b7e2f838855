package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Declares;

/**
 * The diag tools' -v, -d and -e: how much of what the library does goes to stderr. The library logs through SLF4J;
 * the CLI's binding (slf4j-simple, warnings only by default) reads a logger's level when the logger is made, which
 * is after the command line is read, so each flag sets the level as a system property as it is given.
 */
final class Verbosity implements Declares {
    /** slf4j-simple's key for the level of every logger under a name. */
    private static final String LEVEL_OF = "org.slf4j.simpleLogger.log.";
    private static final String LIBRARY = "io.reactiveumad";
    /** The logger of the request path, which says at debug each request sent again for want of an answer. */
    private static final String REQUESTS = "io.reactiveumad.internal.PendingRequest";
    private static final String[] LEVELS = {"warn", "info", "debug", "trace"};

    private int verbose;
    private int debug;

    @Override
    public void declare(Declaration d) {
        // -d is iblinkinfo's down ports and -e may be a command's own: a command's option keeps its name.
        d.flag("-v", "--verbose").unlessTaken()
                .help("Say more on stderr of what the library does: -v its notices, -vv its debug log (as the diag "
                        + "tools' -v).")
                .to(() -> {
                    verbose++;
                    apply();
                });
        d.flag("-d", "--debug").unlessTaken()
                .help("The library's debug log on stderr, -dd its trace (as the diag tools' -d).")
                .to(() -> {
                    debug++;
                    apply();
                });
        d.flag("-e", "--errors").unlessTaken()
                .help("Say on stderr each request that went unanswered and is sent again (as the diag tools' -e "
                        + "shows send and receive errors).")
                .to(() -> raise(REQUESTS, 2));
    }

    private void apply() {
        raise(LIBRARY, Math.max(verbose, debug == 0 ? 0 : debug + 1));
    }

    /**
     * Turns {@code logger}'s warnings off when the command prints what they say itself (so a terminal shows it once),
     * unless -v, -d or a system property gave the library or that logger a level; its errors still go to stderr.
     */
    static void quiet(String logger) {
        if (System.getProperty(LEVEL_OF + logger) == null && System.getProperty(LEVEL_OF + LIBRARY) == null) {
            System.setProperty(LEVEL_OF + logger, "error");
        }
    }

    /** Sets {@code logger}'s level to LEVELS[level] (at most trace), never lowering one already set higher. */
    private static void raise(String logger, int level) {
        int wanted = Math.min(level, LEVELS.length - 1);
        String now = System.getProperty(LEVEL_OF + logger);
        for (int i = LEVELS.length - 1; i >= wanted; i--) {
            if (LEVELS[i].equals(now)) {
                return;
            }
        }
        System.setProperty(LEVEL_OF + logger, LEVELS[wanted]);
    }
}
