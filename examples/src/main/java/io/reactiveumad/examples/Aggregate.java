package io.reactiveumad.examples;

import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.perf.PortCountersExtended;
import java.util.List;

/**
 * perfquery's emulation of AllPortSelect for a PMA without it: every port's counters summed, each sum stopping at
 * its field's largest value (as a counter does), PortSelect 255, the selects of the last port read.
 */
final class Aggregate {
    private Aggregate() {
    }

    static Record sum(List<Record> ports) {
        Record first = ports.get(0);
        if (first instanceof PortCounters) {
            return portCounters(ports.stream().map(PortCounters.class::cast).toList());
        }
        if (first instanceof PortCountersExtended) {
            return portCountersExtended(ports.stream().map(PortCountersExtended.class::cast).toList());
        }
        throw new IllegalArgumentException("perfquery sums only PortCounters and PortCountersExtended: " + first);
    }

    private static PortCounters portCounters(List<PortCounters> ports) {
        PortCounters last = ports.get(ports.size() - 1);
        return new PortCounters(PortCounters.ALL_PORTS, last.counterSelect(),
                (int) sum(ports, 16, PortCounters::symbolErrorCounter),
                (int) sum(ports, 8, PortCounters::linkErrorRecoveryCounter),
                (int) sum(ports, 8, PortCounters::linkDownedCounter),
                (int) sum(ports, 16, PortCounters::portRcvErrors),
                (int) sum(ports, 16, PortCounters::portRcvRemotePhysicalErrors),
                (int) sum(ports, 16, PortCounters::portRcvSwitchRelayErrors),
                (int) sum(ports, 16, PortCounters::portXmitDiscards),
                (int) sum(ports, 8, PortCounters::portXmitConstraintErrors),
                (int) sum(ports, 8, PortCounters::portRcvConstraintErrors), last.counterSelect2(),
                (int) sum(ports, 4, PortCounters::localLinkIntegrityErrors),
                (int) sum(ports, 4, PortCounters::excessiveBufferOverrunErrors),
                (int) sum(ports, 16, PortCounters::qp1Dropped),
                (int) sum(ports, 16, PortCounters::vl15Dropped),
                sum(ports, 32, PortCounters::portXmitData), sum(ports, 32, PortCounters::portRcvData),
                sum(ports, 32, PortCounters::portXmitPkts), sum(ports, 32, PortCounters::portRcvPkts),
                sum(ports, 32, PortCounters::portXmitWait));
    }

    private static PortCountersExtended portCountersExtended(List<PortCountersExtended> ports) {
        PortCountersExtended last = ports.get(ports.size() - 1);
        return new PortCountersExtended(PortCounters.ALL_PORTS, last.counterSelect(), last.counterSelect2(),
                sum(ports, 64, PortCountersExtended::portXmitData), sum(ports, 64, PortCountersExtended::portRcvData),
                sum(ports, 64, PortCountersExtended::portXmitPkts), sum(ports, 64, PortCountersExtended::portRcvPkts),
                sum(ports, 64, PortCountersExtended::portUnicastXmitPkts),
                sum(ports, 64, PortCountersExtended::portUnicastRcvPkts),
                sum(ports, 64, PortCountersExtended::portMulticastXmitPkts),
                sum(ports, 64, PortCountersExtended::portMulticastRcvPkts),
                sum(ports, 64, PortCountersExtended::symbolErrorCounter),
                sum(ports, 64, PortCountersExtended::linkErrorRecoveryCounter),
                sum(ports, 64, PortCountersExtended::linkDownedCounter),
                sum(ports, 64, PortCountersExtended::portRcvErrors),
                sum(ports, 64, PortCountersExtended::portRcvRemotePhysicalErrors),
                sum(ports, 64, PortCountersExtended::portRcvSwitchRelayErrors),
                sum(ports, 64, PortCountersExtended::portXmitDiscards),
                sum(ports, 64, PortCountersExtended::portXmitConstraintErrors),
                sum(ports, 64, PortCountersExtended::portRcvConstraintErrors),
                sum(ports, 64, PortCountersExtended::localLinkIntegrityErrors),
                sum(ports, 64, PortCountersExtended::excessiveBufferOverrunErrors),
                sum(ports, 64, PortCountersExtended::vl15Dropped), sum(ports, 64, PortCountersExtended::portXmitWait),
                sum(ports, 64, PortCountersExtended::qp1Dropped));
    }

    /** The values' sum, stopping at the largest value of {@code bits} (unsigned for 64). */
    private static <T> long sum(List<T> ports, int bits, java.util.function.ToLongFunction<T> counter) {
        long sum = 0;
        for (T port : ports) {
            long value = counter.applyAsLong(port);
            if (bits == 64) {
                long next = sum + value;
                sum = Long.compareUnsigned(next, sum) < 0 ? -1L : next;
            } else {
                long max = (1L << bits) - 1;
                sum = Math.min(max, sum + value);
            }
        }
        return sum;
    }
}
