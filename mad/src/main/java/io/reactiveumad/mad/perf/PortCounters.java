package io.reactiveumad.mad.perf;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * PortCounters (PerfMgt attribute 0x0012), 44 bytes at PerfMgt data offset 64. A Get reads the
 * counters of {@code portSelect}; a Set with select bits resets the selected counters to zero.
 *
 * <pre>
 *  0               1               2               3
 *  | Reserved      | PortSelect    | CounterSelect                 |   0
 *  | SymbolErrorCounter            | LinkErrRecov  | LinkDowned    |   4
 *  | PortRcvErrors                 | PortRcvRemotePhysicalErrors   |   8
 *  | PortRcvSwitchRelayErrors      | PortXmitDiscards              |  12
 *  | XmitConstrErr | RcvConstrErr  | CounterSelect2|LLInteg|ExcBOvr|  16
 *  | QP1Dropped                    | VL15Dropped                   |  20
 *  | PortXmitData                                                  |  24
 *  | PortRcvData                                                   |  28
 *  | PortXmitPkts                                                  |  32
 *  | PortRcvPkts                                                   |  36
 *  | PortXmitWait                                                  |  40
 * </pre>
 *
 * PortXmitData and PortRcvData count 32-bit words; all counters saturate rather than wrap.
 */
public record PortCounters(int portSelect, int counterSelect, int symbolErrorCounter, int linkErrorRecoveryCounter,
        int linkDownedCounter, int portRcvErrors, int portRcvRemotePhysicalErrors, int portRcvSwitchRelayErrors,
        int portXmitDiscards, int portXmitConstraintErrors, int portRcvConstraintErrors, int counterSelect2,
        int localLinkIntegrityErrors, int excessiveBufferOverrunErrors, int qp1Dropped, int vl15Dropped,
        long portXmitData, long portRcvData, long portXmitPkts, long portRcvPkts, long portXmitWait)
        implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Perf.PORT_COUNTERS;
    public static final int SIZE = 44;
    /** PortSelect value meaning every port of the node (where AllPortSelect is supported). */
    public static final int ALL_PORTS = 0xFF;

    /** CounterSelect bits: which counters a Set resets. */
    public static final int SELECT_SYMBOL_ERROR = 1;
    public static final int SELECT_LINK_ERROR_RECOVERY = 1 << 1;
    public static final int SELECT_LINK_DOWNED = 1 << 2;
    public static final int SELECT_PORT_RCV_ERRORS = 1 << 3;
    public static final int SELECT_PORT_RCV_REMOTE_PHYSICAL_ERRORS = 1 << 4;
    public static final int SELECT_PORT_RCV_SWITCH_RELAY_ERRORS = 1 << 5;
    public static final int SELECT_PORT_XMIT_DISCARDS = 1 << 6;
    public static final int SELECT_PORT_XMIT_CONSTRAINT_ERRORS = 1 << 7;
    public static final int SELECT_PORT_RCV_CONSTRAINT_ERRORS = 1 << 8;
    public static final int SELECT_LOCAL_LINK_INTEGRITY_ERRORS = 1 << 9;
    public static final int SELECT_EXCESSIVE_BUFFER_OVERRUN_ERRORS = 1 << 10;
    public static final int SELECT_VL15_DROPPED = 1 << 11;
    public static final int SELECT_PORT_XMIT_DATA = 1 << 12;
    public static final int SELECT_PORT_RCV_DATA = 1 << 13;
    public static final int SELECT_PORT_XMIT_PKTS = 1 << 14;
    public static final int SELECT_PORT_RCV_PKTS = 1 << 15;
    public static final int SELECT_ALL = 0xFFFF;
    /** CounterSelect2 bits. */
    public static final int SELECT2_PORT_XMIT_WAIT = 1;
    public static final int SELECT2_QP1_DROPPED = 1 << 1;
    public static final int SELECT2_ALL = SELECT2_PORT_XMIT_WAIT | SELECT2_QP1_DROPPED;

    private static final int PORT_SELECT = 1;
    private static final int COUNTER_SELECT = 2;
    private static final int SYMBOL_ERROR_COUNTER = 4;
    private static final int LINK_ERROR_RECOVERY_COUNTER = 6;
    private static final int LINK_DOWNED_COUNTER = 7;
    private static final int PORT_RCV_ERRORS = 8;
    private static final int PORT_RCV_REMOTE_PHYSICAL_ERRORS = 10;
    private static final int PORT_RCV_SWITCH_RELAY_ERRORS = 12;
    private static final int PORT_XMIT_DISCARDS = 14;
    private static final int PORT_XMIT_CONSTRAINT_ERRORS = 16;
    private static final int PORT_RCV_CONSTRAINT_ERRORS = 17;
    private static final int COUNTER_SELECT2 = 18;
    private static final BitField LOCAL_LINK_INTEGRITY_ERRORS = BitField.in8(19, 4, 4);
    private static final BitField EXCESSIVE_BUFFER_OVERRUN_ERRORS = BitField.in8(19, 0, 4);
    private static final int QP1_DROPPED = 20;
    private static final int VL15_DROPPED = 22;
    private static final int PORT_XMIT_DATA = 24;
    private static final int PORT_RCV_DATA = 28;
    private static final int PORT_XMIT_PKTS = 32;
    private static final int PORT_RCV_PKTS = 36;
    private static final int PORT_XMIT_WAIT = 40;

    /** The body of a Set that resets the selected counters of {@code portSelect}. */
    public static PortCounters reset(int portSelect, int counterSelect, int counterSelect2) {
        return new PortCounters(portSelect, counterSelect, 0, 0, 0, 0, 0, 0, 0, 0, 0, counterSelect2, 0, 0, 0, 0, 0, 0,
                0, 0, 0);
    }

    public static PortCounters decode(ByteBuffer buf, int o) {
        Wire.check("PortCounters", buf, o, SIZE);
        return new PortCounters(Wire.u8(buf, o + PORT_SELECT), Wire.u16(buf, o + COUNTER_SELECT),
                Wire.u16(buf, o + SYMBOL_ERROR_COUNTER), Wire.u8(buf, o + LINK_ERROR_RECOVERY_COUNTER),
                Wire.u8(buf, o + LINK_DOWNED_COUNTER), Wire.u16(buf, o + PORT_RCV_ERRORS),
                Wire.u16(buf, o + PORT_RCV_REMOTE_PHYSICAL_ERRORS), Wire.u16(buf, o + PORT_RCV_SWITCH_RELAY_ERRORS),
                Wire.u16(buf, o + PORT_XMIT_DISCARDS), Wire.u8(buf, o + PORT_XMIT_CONSTRAINT_ERRORS),
                Wire.u8(buf, o + PORT_RCV_CONSTRAINT_ERRORS), Wire.u8(buf, o + COUNTER_SELECT2),
                LOCAL_LINK_INTEGRITY_ERRORS.get(buf, o), EXCESSIVE_BUFFER_OVERRUN_ERRORS.get(buf, o),
                Wire.u16(buf, o + QP1_DROPPED), Wire.u16(buf, o + VL15_DROPPED), Wire.u32(buf, o + PORT_XMIT_DATA),
                Wire.u32(buf, o + PORT_RCV_DATA), Wire.u32(buf, o + PORT_XMIT_PKTS), Wire.u32(buf, o + PORT_RCV_PKTS),
                Wire.u32(buf, o + PORT_XMIT_WAIT));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("PortCounters", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU8(buf, o + PORT_SELECT, portSelect);
        Wire.putU16(buf, o + COUNTER_SELECT, counterSelect);
        Wire.putU16(buf, o + SYMBOL_ERROR_COUNTER, symbolErrorCounter);
        Wire.putU8(buf, o + LINK_ERROR_RECOVERY_COUNTER, linkErrorRecoveryCounter);
        Wire.putU8(buf, o + LINK_DOWNED_COUNTER, linkDownedCounter);
        Wire.putU16(buf, o + PORT_RCV_ERRORS, portRcvErrors);
        Wire.putU16(buf, o + PORT_RCV_REMOTE_PHYSICAL_ERRORS, portRcvRemotePhysicalErrors);
        Wire.putU16(buf, o + PORT_RCV_SWITCH_RELAY_ERRORS, portRcvSwitchRelayErrors);
        Wire.putU16(buf, o + PORT_XMIT_DISCARDS, portXmitDiscards);
        Wire.putU8(buf, o + PORT_XMIT_CONSTRAINT_ERRORS, portXmitConstraintErrors);
        Wire.putU8(buf, o + PORT_RCV_CONSTRAINT_ERRORS, portRcvConstraintErrors);
        Wire.putU8(buf, o + COUNTER_SELECT2, counterSelect2);
        LOCAL_LINK_INTEGRITY_ERRORS.put(buf, o, localLinkIntegrityErrors);
        EXCESSIVE_BUFFER_OVERRUN_ERRORS.put(buf, o, excessiveBufferOverrunErrors);
        Wire.putU16(buf, o + QP1_DROPPED, qp1Dropped);
        Wire.putU16(buf, o + VL15_DROPPED, vl15Dropped);
        Wire.putU32(buf, o + PORT_XMIT_DATA, portXmitData);
        Wire.putU32(buf, o + PORT_RCV_DATA, portRcvData);
        Wire.putU32(buf, o + PORT_XMIT_PKTS, portXmitPkts);
        Wire.putU32(buf, o + PORT_RCV_PKTS, portRcvPkts);
        Wire.putU32(buf, o + PORT_XMIT_WAIT, portXmitWait);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
