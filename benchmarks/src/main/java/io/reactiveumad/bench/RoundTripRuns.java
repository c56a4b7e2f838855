package io.reactiveumad.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines {@code mad_roundtrips} and {@link MadRoundTrips} print, one per run, and the figures taken from
 * them: the rate, and where the line carries them, CPU and context switches per round trip.
 */
final class RoundTripRuns {
    private static final Pattern LINE = Pattern.compile("^(c|java) window=(\\d+) count=(\\d+) seconds=\\S+ rate=(\\d+)"
            + "(?: cpu_us=(\\S+))?(?: jvm_us=(\\S+))?(?: switches=(\\S+))?$", Pattern.MULTILINE);

    /**
     * One run's line.
     *
     * @param rate round trips per second
     * @param cpuMicros the client process's CPU time per round trip (NaN when the line has none)
     * @param jvmMicros the part of it the JVM's own threads spent: JIT compilers, GC (0 for C; NaN when absent)
     * @param switches the client's context switches per round trip (NaN when the line has none)
     */
    record Run(double rate, double cpuMicros, double jvmMicros, double switches) {
        /** "12 µs (JIT/GC 3 µs), 0.40 switches": the run's CPU and context switches per round trip, for a table cell. */
        String usage() {
            return String.format(Locale.ROOT, "%.1f µs%s, %.2f switches", cpuMicros,
                    jvmMicros > 0 ? String.format(Locale.ROOT, " (JIT/GC %.1f µs)", jvmMicros) : "", switches);
        }
    }

    private RoundTripRuns() {
    }

    /**
     * Every run {@code client} printed for {@code window}, in the order printed, after checking each completed
     * {@code count}; at least one.
     */
    static List<Run> runs(ChildProcess run, String client, int window, int count) {
        Matcher m = LINE.matcher(run.stdout());
        List<Run> runs = new ArrayList<>();
        while (m.find()) {
            if (!m.group(1).equals(client) || Integer.parseInt(m.group(2)) != window) {
                continue;
            }
            if (Integer.parseInt(m.group(3)) != count) {
                throw new IllegalStateException(run.command() + " completed " + m.group(3) + " of " + count + ":\n"
                        + run.stderr());
            }
            runs.add(new Run(Double.parseDouble(m.group(4)), number(m.group(5)),
                    m.group(6) != null ? number(m.group(6)) : m.group(5) != null ? 0 : Double.NaN, number(m.group(7))));
        }
        if (runs.isEmpty()) {
            throw new IllegalStateException(run.command() + " printed no " + client + " result for window " + window
                    + " (exit " + run.exitCode() + "):\n" + run.stderr() + run.stdout());
        }
        return runs;
    }

    /** The run with the highest rate. */
    static Run best(List<Run> runs) {
        return runs.stream().max((a, b) -> Double.compare(a.rate(), b.rate())).orElseThrow();
    }

    /** One table row: window, both rates, the Java/C ratio. */
    static String row(int window, double c, double java) {
        return String.format(Locale.ROOT, "| %d | %.1f k/s | %.1f k/s | %.2fx |", window, c / 1000, java / 1000, java / c);
    }

    private static double number(String field) {
        return field == null ? Double.NaN : Double.parseDouble(field);
    }
}
