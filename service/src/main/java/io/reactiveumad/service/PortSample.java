package io.reactiveumad.service;

import io.reactiveumad.mad.perf.PortCounters;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * One port's counters from a PerfMgt sweep: the error counters (PortCounters' field names, as {@code umad perf
 * --json} prints them), how much each grew since the previous sweep, and the traffic rates over that interval.
 *
 * @param errors             the error counters that are not zero
 * @param errorsDelta        the error counters that grew since the previous sweep, by how much
 * @param xmitBytesPerSecond PortXmitData growth (4-octet units) as bytes per second; 0 on the first sample
 * @param rcvBytesPerSecond  PortRcvData likewise
 */
record PortSample(int lid, int port, String node, String where, Map<String, Long> errors, Map<String, Long> errorsDelta,
                  long xmitBytesPerSecond, long rcvBytesPerSecond) {

    /** A port a sweep reads: addressed by {@code lid} and {@code port}, named for people. */
    record Target(int lid, int port, String node, String where) {
    }

    /** PortCounters' error counters, by their field names. */
    private static final Map<String, ToLongFunction<PortCounters>> ERRORS = new LinkedHashMap<>();

    static {
        ERRORS.put("symbolErrorCounter", PortCounters::symbolErrorCounter);
        ERRORS.put("linkErrorRecoveryCounter", PortCounters::linkErrorRecoveryCounter);
        ERRORS.put("linkDownedCounter", PortCounters::linkDownedCounter);
        ERRORS.put("portRcvErrors", PortCounters::portRcvErrors);
        ERRORS.put("portRcvRemotePhysicalErrors", PortCounters::portRcvRemotePhysicalErrors);
        ERRORS.put("portRcvSwitchRelayErrors", PortCounters::portRcvSwitchRelayErrors);
        ERRORS.put("portXmitDiscards", PortCounters::portXmitDiscards);
        ERRORS.put("portXmitConstraintErrors", PortCounters::portXmitConstraintErrors);
        ERRORS.put("portRcvConstraintErrors", PortCounters::portRcvConstraintErrors);
        ERRORS.put("localLinkIntegrityErrors", PortCounters::localLinkIntegrityErrors);
        ERRORS.put("excessiveBufferOverrunErrors", PortCounters::excessiveBufferOverrunErrors);
        ERRORS.put("vl15Dropped", PortCounters::vl15Dropped);
    }

    /** PortXmitData and PortRcvData count 4-octet words. */
    private static final int BYTES_PER_DATA_UNIT = 4;

    /** The sample for {@code now}, given the port's previous counters ({@code null} on its first sweep). */
    static PortSample of(Target target, PortCounters now, PortCounters before, Duration elapsed) {
        Map<String, Long> errors = new LinkedHashMap<>();
        Map<String, Long> delta = new LinkedHashMap<>();
        ERRORS.forEach((name, read) -> {
            long value = read.applyAsLong(now);
            if (value != 0) {
                errors.put(name, value);
            }
            long grew = before == null ? 0 : value - read.applyAsLong(before);
            if (grew > 0) {
                delta.put(name, grew);
            }
        });
        return new PortSample(target.lid(), target.port(), target.node(), target.where(), errors, delta,
                before == null ? 0 : rate(now.portXmitData() - before.portXmitData(), elapsed),
                before == null ? 0 : rate(now.portRcvData() - before.portRcvData(), elapsed));
    }

    /** Bytes per second of {@code units} data words over {@code elapsed}; a counter reset or wrap reads as 0. */
    private static long rate(long units, Duration elapsed) {
        long millis = Math.max(1, elapsed.toMillis());
        return units <= 0 ? 0 : units * BYTES_PER_DATA_UNIT * 1000 / millis;
    }

    /** Whether the port did anything since the previous sweep: traffic, or errors that grew. */
    boolean moved() {
        return xmitBytesPerSecond > 0 || rcvBytesPerSecond > 0 || !errorsDelta.isEmpty();
    }
}
