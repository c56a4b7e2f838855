package io.reactiveumad.client;

import java.time.Duration;
import java.util.Objects;

/**
 * What a port sent and received between two reads of its PMA's counters ({@link PerfClient#traffic}).
 *
 * <p>From PortCountersExtended's 64-bit counters where the PMA has them, else from PortCounters' 32-bit ones, which
 * stop at their maximum rather than wrap: a counter found there makes the interval {@code saturated}, its figure
 * then a lower bound (reset the counters, {@link PerfClient#resetPortCounters}, to count again). A counter found
 * lower than before was reset by someone in between: the interval is {@code reset}, and its figures count from that
 * reset.
 *
 * @param interval    time between the two answers, by the port's clock
 * @param xmitBytes   bytes sent (PortXmitData counts 4-byte words)
 * @param rcvBytes    bytes received
 * @param xmitPackets packets sent
 * @param rcvPackets  packets received
 * @param extended    whether the 64-bit counters were read
 * @param saturated   whether a 32-bit counter stood at its maximum at the end of the interval
 * @param reset       whether a counter went back between the two reads
 */
public record PortTraffic(Duration interval, long xmitBytes, long rcvBytes, long xmitPackets, long rcvPackets,
        boolean extended, boolean saturated, boolean reset) {
    /** PortXmitData and PortRcvData count 4-byte words. */
    static final int BYTES_PER_DATA_UNIT = 4;

    public PortTraffic {
        Objects.requireNonNull(interval, "interval");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval must be positive: " + interval);
        }
    }

    public double xmitBytesPerSecond() {
        return perSecond(xmitBytes);
    }

    public double rcvBytesPerSecond() {
        return perSecond(rcvBytes);
    }

    public double xmitPacketsPerSecond() {
        return perSecond(xmitPackets);
    }

    public double rcvPacketsPerSecond() {
        return perSecond(rcvPackets);
    }

    private double perSecond(long count) {
        return count * 1e9 / interval.toNanos();
    }

    /** Where PortCounters' 32-bit counters stop. */
    private static final long MAX_32_BIT = 0xFFFF_FFFFL;

    /**
     * The traffic between two reads: {@code before} and {@code after} hold PortXmitData, PortRcvData, PortXmitPkts and
     * PortRcvPkts in that order, read {@code interval} apart, from PortCountersExtended ({@code extended}) or
     * PortCounters.
     */
    static PortTraffic between(long[] before, long[] after, Duration interval, boolean extended) {
        boolean reset = false;
        boolean saturated = false;
        long[] delta = new long[4];
        for (int i = 0; i < 4; i++) {
            if (Long.compareUnsigned(after[i], before[i]) < 0) {
                reset = true;
                delta[i] = after[i];
            } else {
                delta[i] = after[i] - before[i];
            }
            saturated |= !extended && after[i] == MAX_32_BIT;
        }
        return new PortTraffic(interval, delta[0] * BYTES_PER_DATA_UNIT, delta[1] * BYTES_PER_DATA_UNIT, delta[2],
                delta[3], extended, saturated, reset);
    }
}
