package io.reactiveumad.test;

/**
 * The performance counters an embedded port keeps, with the width PortCounters (PerfMgt 0x0012) gives
 * each; PortCountersExtended (0x001D) reports the data and packet counters at 64 bits. Values saturate
 * at their PortCounters width there, as IBA counters do, but are kept at 64 bits here. The first 16
 * constants are in PortCounters' CounterSelect bit order; the last ten are PortXmitDiscardDetails' and
 * PortRcvErrorDetails' (16 bits each).
 */
public enum PortCounter {
    SYMBOL_ERROR(16),
    LINK_ERROR_RECOVERY(8),
    LINK_DOWNED(8),
    RCV_ERRORS(16),
    RCV_REMOTE_PHYSICAL_ERRORS(16),
    RCV_SWITCH_RELAY_ERRORS(16),
    XMIT_DISCARDS(16),
    XMIT_CONSTRAINT_ERRORS(8),
    RCV_CONSTRAINT_ERRORS(8),
    LOCAL_LINK_INTEGRITY_ERRORS(4),
    EXCESSIVE_BUFFER_OVERRUN_ERRORS(4),
    VL15_DROPPED(16),
    XMIT_DATA(32),
    RCV_DATA(32),
    XMIT_PKTS(32),
    RCV_PKTS(32),
    XMIT_WAIT(32),
    QP1_DROPPED(16),
    UNICAST_XMIT_PKTS(64),
    UNICAST_RCV_PKTS(64),
    MULTICAST_XMIT_PKTS(64),
    MULTICAST_RCV_PKTS(64),
    /** PortXmitDiscardDetails (0x0016), in its order. */
    INACTIVE_DISCARDS(16),
    NEIGHBOR_MTU_DISCARDS(16),
    SW_LIFETIME_LIMIT_DISCARDS(16),
    SW_HOQ_LIFETIME_LIMIT_DISCARDS(16),
    /** PortRcvErrorDetails (0x0015), in its order. */
    LOCAL_PHYSICAL_ERRORS(16),
    MALFORMED_PACKET_ERRORS(16),
    BUFFER_OVERRUN_ERRORS(16),
    DLID_MAPPING_ERRORS(16),
    VL_MAPPING_ERRORS(16),
    LOOPING_ERRORS(16);

    private final int bits;

    PortCounter(int bits) {
        this.bits = bits;
    }

    /** Width in PortCounters; 64 for counters only PortCountersExtended has. */
    public int bits() {
        return bits;
    }

    /** The value as PortCounters reports it: saturated at {@link #bits()}. */
    public long saturate(long value) {
        long max = bits == 64 ? Long.MAX_VALUE : (1L << bits) - 1;
        return Long.compareUnsigned(value, max) > 0 ? max : value;
    }
}
