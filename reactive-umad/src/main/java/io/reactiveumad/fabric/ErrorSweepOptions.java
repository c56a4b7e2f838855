package io.reactiveumad.fabric;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * How an error sweep runs.
 *
 * @param inFlight   nodes checked at once (each with its PMA requests in turn)
 * @param thresholds a counter is reported when it exceeds its threshold (0 when not given, as ibqueryerrors)
 * @param clearErrors reset every checked port's error counters after reading them (ibqueryerrors -k)
 * @param dataCounters read the data counters of every port over threshold too, 64-bit from
 *                     PortCountersExtended where the PMA has it (ibqueryerrors --data)
 */
public record ErrorSweepOptions(int inFlight, Map<ErrorCounter, Long> thresholds, boolean clearErrors,
                                boolean dataCounters) {
    public static final int DEFAULT_IN_FLIGHT = 32;

    public ErrorSweepOptions {
        Routing.checkInFlight(inFlight);
        EnumMap<ErrorCounter, Long> copy = new EnumMap<>(ErrorCounter.class);
        thresholds.forEach((counter, value) -> {
            if (value < 0) {
                throw new IllegalArgumentException("threshold of " + counter.libibmadName() + " is negative: " + value);
            }
            copy.put(Objects.requireNonNull(counter, "counter"), value);
        });
        thresholds = Collections.unmodifiableMap(copy);
    }

    /** {@value #DEFAULT_IN_FLIGHT} nodes at once, every threshold 0, nothing cleared, no data counters. */
    public static ErrorSweepOptions defaults() {
        return new ErrorSweepOptions(DEFAULT_IN_FLIGHT, Map.of(), false, false);
    }

    public ErrorSweepOptions withInFlight(int nodes) {
        return new ErrorSweepOptions(nodes, thresholds, clearErrors, dataCounters);
    }

    public ErrorSweepOptions withThreshold(ErrorCounter counter, long value) {
        EnumMap<ErrorCounter, Long> more = new EnumMap<>(ErrorCounter.class);
        more.putAll(thresholds);
        more.put(counter, value);
        return new ErrorSweepOptions(inFlight, more, clearErrors, dataCounters);
    }

    public ErrorSweepOptions withClearErrors(boolean clear) {
        return new ErrorSweepOptions(inFlight, thresholds, clear, dataCounters);
    }

    public ErrorSweepOptions withDataCounters(boolean data) {
        return new ErrorSweepOptions(inFlight, thresholds, clearErrors, data);
    }

    public long threshold(ErrorCounter counter) {
        return thresholds.getOrDefault(counter, 0L);
    }
}
