package io.reactiveumad.fabric;

import io.reactiveumad.mad.perf.PortCounters;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A port whose error counters exceed their thresholds, or, in a {@link ErrorSweepOptions#dataCountersOnly()}
 * sweep, any port with its data counters.
 *
 * @param port     the port number, or {@link PortCounters#ALL_PORTS} for a switch's sum over all ports
 * @param portGuid the port's GUID (a switch's ports share port 0's)
 * @param counters the PortCounters read
 * @param exceeded the counters over threshold and their values, in {@link ErrorCounter} order
 * @param dataCounters with {@link ErrorSweepOptions#dataCounters()}, the port's non-zero data counters by their
 *                 libibmad names (PortXmitData, PortRcvData, PortXmitPkts, PortRcvPkts, and the unicast and
 *                 multicast packet counts where PortCountersExtended has them), in that order; with
 *                 {@link ErrorSweepOptions#dataCountersOnly()} all of them, zeros included; else empty
 * @param details  with {@link ErrorSweepOptions#details()}, for PortXmitDiscards and PortRcvErrors when over
 *                 threshold, the non-zero counters of PortXmitDiscardDetails and PortRcvErrorDetails by their
 *                 libibmad names, in the attribute's order; else empty
 */
public record PortErrors(int port, long portGuid, PortCounters counters, Map<ErrorCounter, Long> exceeded,
                         Map<String, Long> dataCounters, Map<ErrorCounter, Map<String, Long>> details) {
    public PortErrors {
        // (EnumMap's copy constructor refuses an empty map that is not an EnumMap.)
        exceeded = exceeded.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(exceeded));
        dataCounters = Collections.unmodifiableMap(new LinkedHashMap<>(dataCounters));
        Map<ErrorCounter, Map<String, Long>> detailsCopy = new EnumMap<>(ErrorCounter.class);
        details.forEach((counter, fields) -> detailsCopy.put(counter,
                Collections.unmodifiableMap(new LinkedHashMap<>(fields))));
        details = Collections.unmodifiableMap(detailsCopy);
    }

    public boolean isOverThreshold() {
        return !exceeded.isEmpty();
    }

    public boolean isAllPorts() {
        return port == PortCounters.ALL_PORTS;
    }
}
