package io.reactiveumad.bench;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The lines {@code mad_roundtrips} and {@link MadRoundTrips} print, one per run, and the best rate among them. */
final class RoundTripRuns {
    private static final Pattern LINE = Pattern.compile("^(c|java) window=(\\d+) count=(\\d+) seconds=\\S+ rate=(\\d+)$",
            Pattern.MULTILINE);

    private RoundTripRuns() {
    }

    /**
     * The highest round trips per second {@code client} ("c" or "java") printed for {@code window} in
     * {@code run}'s output, after checking every such run completed {@code count}.
     */
    static double best(ChildProcess run, String client, int window, int count) {
        Matcher m = LINE.matcher(run.stdout());
        double best = 0;
        int runs = 0;
        while (m.find()) {
            if (!m.group(1).equals(client) || Integer.parseInt(m.group(2)) != window) {
                continue;
            }
            if (Integer.parseInt(m.group(3)) != count) {
                throw new IllegalStateException(run.command() + " completed " + m.group(3) + " of " + count + ":\n"
                        + run.stderr());
            }
            best = Math.max(best, Double.parseDouble(m.group(4)));
            runs++;
        }
        if (runs == 0) {
            throw new IllegalStateException(run.command() + " printed no " + client + " result for window " + window
                    + " (exit " + run.exitCode() + "):\n" + run.stderr() + run.stdout());
        }
        return best;
    }

    /** One table row: window, both rates, the Java/C ratio. */
    static String row(int window, double c, double java) {
        return String.format(Locale.ROOT, "| %d | %.1f k/s | %.1f k/s | %.2fx |", window, c / 1000, java / 1000, java / c);
    }
}
