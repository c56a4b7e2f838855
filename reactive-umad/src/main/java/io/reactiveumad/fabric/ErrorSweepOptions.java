package io.reactiveumad.fabric;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How an error sweep runs.
 *
 * @param inFlight   nodes checked at once (each with its PMA requests in turn)
 * @param thresholds a counter is reported when it exceeds its threshold (0 when not given, as ibqueryerrors)
 * @param suppressed counters never reported, in the order they were suppressed (ibqueryerrors -s, -c)
 * @param clearErrors reset every checked port's error counters after reading them (ibqueryerrors -k)
 * @param clearData  reset every checked port's data counters after reading them (ibqueryerrors -K)
 * @param dataCounters read the data counters of every port over threshold too, 64-bit from
 *                     PortCountersExtended where the PMA has it (ibqueryerrors --data)
 * @param dataCountersOnly read every port's data counters, zeros included, and check no error counter
 *                     (ibqueryerrors --counters): each port is then a {@link PortErrors} with nothing exceeded
 * @param details      read PortXmitDiscardDetails of a port whose PortXmitDiscards are over threshold and
 *                     PortRcvErrorDetails of one whose PortRcvErrors are (ibqueryerrors --details), and with
 *                     {@code clearErrors} reset both
 * @param serviceLevels the SL to send a PMA query on, by the LID it goes to; 0 for a LID not in it (ibqueryerrors asks
 *                     the SA for a path to every destination and takes its SL: {@code SaClient.serviceLevelsByLid()})
 */
public record ErrorSweepOptions(int inFlight, Map<ErrorCounter, Long> thresholds, Set<ErrorCounter> suppressed,
                                boolean clearErrors, boolean clearData, boolean dataCounters, boolean dataCountersOnly,
                                boolean details, Map<Integer, Integer> serviceLevels) {
    public static final int DEFAULT_IN_FLIGHT = 32;
    /** What ibqueryerrors -c suppresses: "right now the only common error". */
    public static final List<ErrorCounter> COMMON = List.of(ErrorCounter.RCV_SWITCH_RELAY_ERRORS);

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
        suppressed = Collections.unmodifiableSet(new LinkedHashSet<>(suppressed));
        serviceLevels.forEach((lid, sl) -> {
            if (sl < 0 || sl > 15) {
                throw new IllegalArgumentException("the SL to lid " + lid + " must be 0..15: " + sl);
            }
        });
        serviceLevels = Map.copyOf(serviceLevels);
    }

    /** {@value #DEFAULT_IN_FLIGHT} nodes at once, every threshold 0, nothing suppressed or cleared, no data counters or details. */
    public static ErrorSweepOptions defaults() {
        return new ErrorSweepOptions(DEFAULT_IN_FLIGHT, Map.of(), Set.of(), false, false, false, false, false, Map.of());
    }

    public ErrorSweepOptions withInFlight(int nodes) {
        return new ErrorSweepOptions(nodes, thresholds, suppressed, clearErrors, clearData, dataCounters,
                dataCountersOnly, details, serviceLevels);
    }

    public ErrorSweepOptions withThreshold(ErrorCounter counter, long value) {
        EnumMap<ErrorCounter, Long> more = new EnumMap<>(ErrorCounter.class);
        more.putAll(thresholds);
        more.put(counter, value);
        return new ErrorSweepOptions(inFlight, more, suppressed, clearErrors, clearData, dataCounters,
                dataCountersOnly, details, serviceLevels);
    }

    /** These options with {@code counters} suppressed too, after those already suppressed. */
    public ErrorSweepOptions withSuppressed(List<ErrorCounter> counters) {
        LinkedHashSet<ErrorCounter> more = new LinkedHashSet<>(suppressed);
        more.addAll(counters);
        return new ErrorSweepOptions(inFlight, thresholds, more, clearErrors, clearData, dataCounters,
                dataCountersOnly, details, serviceLevels);
    }

    public ErrorSweepOptions withClearErrors(boolean clear) {
        return new ErrorSweepOptions(inFlight, thresholds, suppressed, clear, clearData, dataCounters,
                dataCountersOnly, details, serviceLevels);
    }

    public ErrorSweepOptions withClearData(boolean clear) {
        return new ErrorSweepOptions(inFlight, thresholds, suppressed, clearErrors, clear, dataCounters,
                dataCountersOnly, details, serviceLevels);
    }

    public ErrorSweepOptions withDataCounters(boolean data) {
        return new ErrorSweepOptions(inFlight, thresholds, suppressed, clearErrors, clearData, data,
                dataCountersOnly, details, serviceLevels);
    }

    public ErrorSweepOptions withDataCountersOnly(boolean only) {
        return new ErrorSweepOptions(inFlight, thresholds, suppressed, clearErrors, clearData, dataCounters, only,
                details, serviceLevels);
    }

    public ErrorSweepOptions withDetails(boolean read) {
        return new ErrorSweepOptions(inFlight, thresholds, suppressed, clearErrors, clearData, dataCounters,
                dataCountersOnly, read, serviceLevels);
    }

    /** These options with PMA queries sent on {@code levels}' SL for each LID in it. */
    public ErrorSweepOptions withServiceLevels(Map<Integer, Integer> levels) {
        return new ErrorSweepOptions(inFlight, thresholds, suppressed, clearErrors, clearData, dataCounters,
                dataCountersOnly, details, levels);
    }

    /** The SL of PMA queries to {@code lid}. */
    public int serviceLevel(int lid) {
        return serviceLevels.getOrDefault(lid, 0);
    }

    public long threshold(ErrorCounter counter) {
        return thresholds.getOrDefault(counter, 0L);
    }

    /** Whether {@code counter} is checked: not suppressed. */
    public boolean checks(ErrorCounter counter) {
        return !suppressed.contains(counter);
    }
}
