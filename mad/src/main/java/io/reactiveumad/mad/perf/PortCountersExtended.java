package io.reactiveumad.mad.perf;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * PortCountersExtended (PerfMgt attribute 0x001D), 184 bytes at PerfMgt data offset 64: 64-bit data
 * and packet counters, then (where ClassPortInfo advertises them) 64-bit copies of the error
 * counters.
 *
 * <pre>
 *  0               1               2               3
 *  | Reserved      | PortSelect    | CounterSelect                 |   0
 *  | CounterSelect2                                                |   4
 *  | PortXmitData, PortRcvData, PortXmitPkts, PortRcvPkts          |   8
 *  | PortUnicastXmitPkts, PortUnicastRcvPkts                       |  40
 *  | PortMulticastXmitPkts, PortMulticastRcvPkts  (64 bits each)   |  56
 *  | SymbolErrorCounter, LinkErrorRecoveryCounter, LinkDownedCounter,  |  72
 *  | PortRcvErrors, PortRcvRemotePhysicalErrors, PortRcvSwitchRelayErrors, | 96
 *  | PortXmitDiscards, PortXmitConstraintErrors, PortRcvConstraintErrors,  | 120
 *  | LocalLinkIntegrityErrors, ExcessiveBufferOverrunErrors, VL15Dropped,  | 144
 *  | PortXmitWait, QP1Dropped  (64 bits each)                      | 168
 * </pre>
 */
public record PortCountersExtended(int portSelect, int counterSelect, long counterSelect2, long portXmitData,
        long portRcvData, long portXmitPkts, long portRcvPkts, long portUnicastXmitPkts, long portUnicastRcvPkts,
        long portMulticastXmitPkts, long portMulticastRcvPkts, long symbolErrorCounter, long linkErrorRecoveryCounter,
        long linkDownedCounter, long portRcvErrors, long portRcvRemotePhysicalErrors, long portRcvSwitchRelayErrors,
        long portXmitDiscards, long portXmitConstraintErrors, long portRcvConstraintErrors,
        long localLinkIntegrityErrors, long excessiveBufferOverrunErrors, long vl15Dropped, long portXmitWait,
        long qp1Dropped) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Perf.PORT_COUNTERS_EXTENDED;
    public static final int SIZE = 184;

    /** CounterSelect bits: which data/packet counters a Set resets. */
    public static final int SELECT_PORT_XMIT_DATA = 1;
    public static final int SELECT_PORT_RCV_DATA = 1 << 1;
    public static final int SELECT_PORT_XMIT_PKTS = 1 << 2;
    public static final int SELECT_PORT_RCV_PKTS = 1 << 3;
    public static final int SELECT_PORT_UNICAST_XMIT_PKTS = 1 << 4;
    public static final int SELECT_PORT_UNICAST_RCV_PKTS = 1 << 5;
    public static final int SELECT_PORT_MULTICAST_XMIT_PKTS = 1 << 6;
    public static final int SELECT_PORT_MULTICAST_RCV_PKTS = 1 << 7;
    public static final int SELECT_ALL = 0xFF;
    /** CounterSelect2: bit {@code i} selects the {@code i}-th error counter, SymbolErrorCounter first. */
    public static final long SELECT2_ALL = (1L << 14) - 1;

    private static final int PORT_SELECT = 1;
    private static final int COUNTER_SELECT = 2;
    private static final int COUNTER_SELECT2 = 4;
    private static final int PORT_XMIT_DATA = 8;
    private static final int PORT_RCV_DATA = 16;
    private static final int PORT_XMIT_PKTS = 24;
    private static final int PORT_RCV_PKTS = 32;
    private static final int PORT_UNICAST_XMIT_PKTS = 40;
    private static final int PORT_UNICAST_RCV_PKTS = 48;
    private static final int PORT_MULTICAST_XMIT_PKTS = 56;
    private static final int PORT_MULTICAST_RCV_PKTS = 64;
    private static final int SYMBOL_ERROR_COUNTER = 72;
    private static final int LINK_ERROR_RECOVERY_COUNTER = 80;
    private static final int LINK_DOWNED_COUNTER = 88;
    private static final int PORT_RCV_ERRORS = 96;
    private static final int PORT_RCV_REMOTE_PHYSICAL_ERRORS = 104;
    private static final int PORT_RCV_SWITCH_RELAY_ERRORS = 112;
    private static final int PORT_XMIT_DISCARDS = 120;
    private static final int PORT_XMIT_CONSTRAINT_ERRORS = 128;
    private static final int PORT_RCV_CONSTRAINT_ERRORS = 136;
    private static final int LOCAL_LINK_INTEGRITY_ERRORS = 144;
    private static final int EXCESSIVE_BUFFER_OVERRUN_ERRORS = 152;
    private static final int VL15_DROPPED = 160;
    private static final int PORT_XMIT_WAIT = 168;
    private static final int QP1_DROPPED = 176;

    /** The body of a Set that resets the selected counters of {@code portSelect}. */
    public static PortCountersExtended reset(int portSelect, int counterSelect, long counterSelect2) {
        return new PortCountersExtended(portSelect, counterSelect, counterSelect2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    public static PortCountersExtended decode(ByteBuffer buf, int o) {
        Wire.check("PortCountersExtended", buf, o, SIZE);
        return new PortCountersExtended(Wire.u8(buf, o + PORT_SELECT), Wire.u16(buf, o + COUNTER_SELECT),
                Wire.u32(buf, o + COUNTER_SELECT2), Wire.u64(buf, o + PORT_XMIT_DATA), Wire.u64(buf, o + PORT_RCV_DATA),
                Wire.u64(buf, o + PORT_XMIT_PKTS), Wire.u64(buf, o + PORT_RCV_PKTS),
                Wire.u64(buf, o + PORT_UNICAST_XMIT_PKTS), Wire.u64(buf, o + PORT_UNICAST_RCV_PKTS),
                Wire.u64(buf, o + PORT_MULTICAST_XMIT_PKTS), Wire.u64(buf, o + PORT_MULTICAST_RCV_PKTS),
                Wire.u64(buf, o + SYMBOL_ERROR_COUNTER), Wire.u64(buf, o + LINK_ERROR_RECOVERY_COUNTER),
                Wire.u64(buf, o + LINK_DOWNED_COUNTER), Wire.u64(buf, o + PORT_RCV_ERRORS),
                Wire.u64(buf, o + PORT_RCV_REMOTE_PHYSICAL_ERRORS), Wire.u64(buf, o + PORT_RCV_SWITCH_RELAY_ERRORS),
                Wire.u64(buf, o + PORT_XMIT_DISCARDS), Wire.u64(buf, o + PORT_XMIT_CONSTRAINT_ERRORS),
                Wire.u64(buf, o + PORT_RCV_CONSTRAINT_ERRORS), Wire.u64(buf, o + LOCAL_LINK_INTEGRITY_ERRORS),
                Wire.u64(buf, o + EXCESSIVE_BUFFER_OVERRUN_ERRORS), Wire.u64(buf, o + VL15_DROPPED),
                Wire.u64(buf, o + PORT_XMIT_WAIT), Wire.u64(buf, o + QP1_DROPPED));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("PortCountersExtended", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU8(buf, o + PORT_SELECT, portSelect);
        Wire.putU16(buf, o + COUNTER_SELECT, counterSelect);
        Wire.putU32(buf, o + COUNTER_SELECT2, counterSelect2);
        Wire.putU64(buf, o + PORT_XMIT_DATA, portXmitData);
        Wire.putU64(buf, o + PORT_RCV_DATA, portRcvData);
        Wire.putU64(buf, o + PORT_XMIT_PKTS, portXmitPkts);
        Wire.putU64(buf, o + PORT_RCV_PKTS, portRcvPkts);
        Wire.putU64(buf, o + PORT_UNICAST_XMIT_PKTS, portUnicastXmitPkts);
        Wire.putU64(buf, o + PORT_UNICAST_RCV_PKTS, portUnicastRcvPkts);
        Wire.putU64(buf, o + PORT_MULTICAST_XMIT_PKTS, portMulticastXmitPkts);
        Wire.putU64(buf, o + PORT_MULTICAST_RCV_PKTS, portMulticastRcvPkts);
        Wire.putU64(buf, o + SYMBOL_ERROR_COUNTER, symbolErrorCounter);
        Wire.putU64(buf, o + LINK_ERROR_RECOVERY_COUNTER, linkErrorRecoveryCounter);
        Wire.putU64(buf, o + LINK_DOWNED_COUNTER, linkDownedCounter);
        Wire.putU64(buf, o + PORT_RCV_ERRORS, portRcvErrors);
        Wire.putU64(buf, o + PORT_RCV_REMOTE_PHYSICAL_ERRORS, portRcvRemotePhysicalErrors);
        Wire.putU64(buf, o + PORT_RCV_SWITCH_RELAY_ERRORS, portRcvSwitchRelayErrors);
        Wire.putU64(buf, o + PORT_XMIT_DISCARDS, portXmitDiscards);
        Wire.putU64(buf, o + PORT_XMIT_CONSTRAINT_ERRORS, portXmitConstraintErrors);
        Wire.putU64(buf, o + PORT_RCV_CONSTRAINT_ERRORS, portRcvConstraintErrors);
        Wire.putU64(buf, o + LOCAL_LINK_INTEGRITY_ERRORS, localLinkIntegrityErrors);
        Wire.putU64(buf, o + EXCESSIVE_BUFFER_OVERRUN_ERRORS, excessiveBufferOverrunErrors);
        Wire.putU64(buf, o + VL15_DROPPED, vl15Dropped);
        Wire.putU64(buf, o + PORT_XMIT_WAIT, portXmitWait);
        Wire.putU64(buf, o + QP1_DROPPED, qp1Dropped);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
