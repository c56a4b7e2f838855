package io.reactiveumad.bench;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The lines {@code smp_roundtrips} and {@link SmpRoundTrips} print, one per run, and the best rate among them. */
final class RoundTripRuns {
    private static final Pattern LINE = Pattern.compile("^(c|java) window=(\\d+) count=(\\d+) seconds=\\S+ rate=(\\d+)$",
            Pattern.MULTILINE);

    private RoundTripRuns() {
    }

    /** The highest round trips per second in {@code output}, after checking every run completed {@code count}. */
    static double best(ChildProcess run, int count) {
        Matcher m = LINE.matcher(run.stdout());
        double best = 0;
        int runs = 0;
        while (m.find()) {
            if (Integer.parseInt(m.group(3)) != count) {
                throw new IllegalStateException(run.command() + " completed " + m.group(3) + " of " + count + ":\n"
                        + run.stderr());
            }
            best = Math.max(best, Double.parseDouble(m.group(4)));
            runs++;
        }
        if (runs == 0) {
            throw new IllegalStateException(run.command() + " printed no result (exit " + run.exitCode() + "):\n"
                    + run.stderr() + run.stdout());
        }
        return best;
    }

    /** {@code 245 k/s}. */
    static String rate(double perSecond) {
        return String.format(java.util.Locale.ROOT, "%.1f k/s", perSecond / 1000);
    }
}
