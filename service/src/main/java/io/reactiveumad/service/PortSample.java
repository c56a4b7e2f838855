package io.reactiveumad.service;

import io.reactiveumad.fabric.ErrorCounter;
import io.reactiveumad.mad.perf.PortCounters;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One port's counters from a PerfMgt sweep: the error counters an error sweep checks ({@link ErrorCounter},
 * named as ibqueryerrors and {@code umad errors} name them), how much each grew since the previous sweep, and
 * the traffic rates over that interval.
 *
 * @param errors             the error counters that are not zero
 * @param errorsDelta        the error counters that grew since the previous sweep, by how much
 * @param xmitBytesPerSecond PortXmitData growth (4-octet units) as bytes per second; 0 on the first sample
 * @param rcvBytesPerSecond  PortRcvData likewise
 */
record PortSample(int lid, int port, String node, String where, Map<String, Long> errors, Map<String, Long> errorsDelta,
                  long xmitBytesPerSecond, long rcvBytesPerSecond) {

    /**
     * A port a sweep reads: addressed by {@code lid} and {@code port}, named for people, and known by its node's GUID,
     * which stays when the SM gives the port another LID.
     */
    record Target(int lid, int port, long nodeGuid, String node, String where) {
    }

    /** PortXmitData and PortRcvData count 4-octet words. */
    private static final int BYTES_PER_DATA_UNIT = 4;

    /** The sample for {@code now}, given the port's previous counters ({@code null} on its first sweep). */
    static PortSample of(Target target, PortCounters now, PortCounters before, Duration elapsed) {
        Map<String, Long> errors = new LinkedHashMap<>();
        Map<String, Long> delta = new LinkedHashMap<>();
        for (ErrorCounter counter : ErrorCounter.values()) {
            long value = counter.valueIn(now);
            if (value != 0) {
                errors.put(counter.libibmadName(), value);
            }
            long grew = before == null ? 0 : value - counter.valueIn(before);
            if (grew > 0) {
                delta.put(counter.libibmadName(), grew);
            }
        }
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
