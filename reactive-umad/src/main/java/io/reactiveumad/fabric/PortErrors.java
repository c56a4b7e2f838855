package io.reactiveumad.fabric;

import io.reactiveumad.mad.perf.PortCounters;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * A port whose error counters exceed their thresholds.
 *
 * @param port     the port number, or {@link PortCounters#ALL_PORTS} for a switch's sum over all ports
 * @param portGuid the port's GUID (a switch's ports share port 0's)
 * @param counters the PortCounters read
 * @param exceeded the counters over threshold and their values, in {@link ErrorCounter} order
 */
public record PortErrors(int port, long portGuid, PortCounters counters, Map<ErrorCounter, Long> exceeded) {
    public PortErrors {
        exceeded = Collections.unmodifiableMap(new EnumMap<>(exceeded));
    }

    public boolean isAllPorts() {
        return port == PortCounters.ALL_PORTS;
    }
}
