package io.reactiveumad.mad.perf;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * One of the PerfMgt attributes (all optional) that are a PortSelect, a CounterSelect and then a row of counters of one
 * width: the operational receive counters, the flow-control counters, and the per-VL ones (perfquery
 * {@code --oprcvcounters}, {@code --flowctlcounters}, {@code --vloppackets}, {@code --vlopdata},
 * {@code --vlxmitflowctlerrors}, {@code --vlxmitcounters}), and the data sent and received per SL ({@code -X},
 * {@code -S}).
 *
 * <pre>
 *  0               1               2               3
 *  | Reserved      | PortSelect    | CounterSelect                 |   0
 *  | the counters, each {@link Kind#bits} wide, from the most significant bit on  ...            |   4
 * </pre>
 *
 * @param values the counters in {@link Kind#names()} order
 */
public record PortCounterSet(Kind kind, int portSelect, int counterSelect, List<Long> values) implements MadAttribute {
    private static final int PORT_SELECT = 1;
    private static final int COUNTER_SELECT = 2;
    private static final int FIRST_COUNTER = 4;
    private static final int VLS = 16;

    /** Which attribute: its ID, the counters' names (libibmad's) and their width. */
    public enum Kind {
        OP_RCV_COUNTERS(AttributeId.Perf.PORT_OP_RCV_COUNTERS, "PortOpRcvCounters", 32,
                List.of("PortOpRcvPkts", "PortOpRcvData")),
        FLOW_CTL_COUNTERS(AttributeId.Perf.PORT_FLOW_CTL_COUNTERS, "PortFlowCtlCounters", 32,
                List.of("PortXmitFlowPkts", "PortRcvFlowPkts")),
        VL_OP_PACKETS(AttributeId.Perf.PORT_VL_OP_PACKETS, "PortVLOpPackets", 16, perVl("PortVLOpPackets")),
        VL_OP_DATA(AttributeId.Perf.PORT_VL_OP_DATA, "PortVLOpData", 32, perVl("PortVLOpData")),
        VL_XMIT_FLOW_CTL_UPDATE_ERRORS(AttributeId.Perf.PORT_VL_XMIT_FLOW_CTL_UPDATE_ERRORS, "PortVLXmitFlowCtlUpdateErrors",
                2, perVl("PortVLXmitFlowCtlUpdateErrors")),
        VL_XMIT_WAIT_COUNTERS(AttributeId.Perf.PORT_VL_XMIT_WAIT_COUNTERS, "PortVLXmitWaitCounters", 16,
                perVl("PortVLXmitWait")),
        XMIT_DATA_SL(AttributeId.Perf.PORT_XMIT_DATA_SL, "PortXmitDataSL", 32, perVl("XmtDataSL")),
        RCV_DATA_SL(AttributeId.Perf.PORT_RCV_DATA_SL, "PortRcvDataSL", 32, perVl("RcvDataSL")),
        // The congestion control counters (IBA annex A10); the first is a switch port's, perfquery names it so.
        SW_PORT_VL_CONGESTION(AttributeId.Perf.SW_PORT_VL_CONGESTION, "SwPortVLCongestion", 16,
                perVl("SWPortVLCongestion")),
        RCV_CON_CTRL(AttributeId.Perf.PORT_RCV_CON_CTRL, "PortRcvConCtrl", 32, List.of("PortPktRcvFECN", "PortPktRcvBECN")),
        SL_RCV_FECN(AttributeId.Perf.PORT_SL_RCV_FECN, "PortSLRcvFECN", 32, perVl("PortSLRcvFECN")),
        SL_RCV_BECN(AttributeId.Perf.PORT_SL_RCV_BECN, "PortSLRcvBECN", 32, perVl("PortSLRcvBECN")),
        XMIT_CON_CTRL(AttributeId.Perf.PORT_XMIT_CON_CTRL, "PortXmitConCtrl", 32, List.of("PortXmitTimeCong")),
        /** VL 0 to 14: VL 15 carries no data to be held up. */
        VL_XMIT_TIME_CONG(AttributeId.Perf.PORT_VL_XMIT_TIME_CONG, "PortVLXmitTimeCong", 32,
                perVl("PortVLXmitTimeCong").subList(0, VLS - 1));

        private final int attributeId;
        private final String attributeName;
        private final int bits;
        private final List<String> names;

        Kind(int attributeId, String attributeName, int bits, List<String> names) {
            this.attributeId = attributeId;
            this.attributeName = attributeName;
            this.bits = bits;
            this.names = names;
        }

        public int attributeId() {
            return attributeId;
        }

        /** The attribute's name, as perfquery heads its dump. */
        public String attributeName() {
            return attributeName;
        }

        /** Each counter's width in bits. */
        public int bits() {
            return bits;
        }

        /** The counters' names, libibmad's, in their order. */
        public List<String> names() {
            return names;
        }

        /** The attribute's size: the selects, then the counters rounded up to whole bytes. */
        public int size() {
            return FIRST_COUNTER + (names.size() * bits + 7) / 8;
        }

        /** Sixteen counters, one per VL or per SL, named {@code prefix0} to {@code prefix15}. */
        private static List<String> perVl(String prefix) {
            List<String> names = new ArrayList<>(VLS);
            for (int vl = 0; vl < VLS; vl++) {
                names.add(prefix + vl);
            }
            return List.copyOf(names);
        }
    }

    public PortCounterSet {
        if (kind == null) {
            throw new IllegalArgumentException("kind must be given");
        }
        values = List.copyOf(values);
        if (values.size() != kind.names.size()) {
            throw new IllegalArgumentException(kind.attributeName + " has " + kind.names.size() + " counters, not "
                    + values.size());
        }
        long max = kind.bits == 64 ? Long.MAX_VALUE : (1L << kind.bits) - 1;
        for (long v : values) {
            if (v < 0 || v > max) {
                throw new IllegalArgumentException(kind.attributeName + " counter " + v + " does not fit " + kind.bits + " bits");
            }
        }
    }

    /** A request: Get of {@code portSelect}, or Set resetting the counters in {@code counterSelect}; every counter zero. */
    public static PortCounterSet reset(Kind kind, int portSelect, int counterSelect) {
        return new PortCounterSet(kind, portSelect, counterSelect, java.util.Collections.nCopies(kind.names.size(), 0L));
    }

    public static PortCounterSet decode(Kind kind, ByteBuffer buf, int o) {
        Wire.check(kind.attributeName, buf, o, kind.size());
        List<Long> values = new ArrayList<>(kind.names.size());
        for (int i = 0; i < kind.names.size(); i++) {
            values.add(counter(kind, buf, o, i));
        }
        return new PortCounterSet(kind, Wire.u8(buf, o + PORT_SELECT), Wire.u16(buf, o + COUNTER_SELECT), values);
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check(kind.attributeName, buf, o, kind.size());
        Wire.zero(buf, o, kind.size());
        Wire.putU8(buf, o + PORT_SELECT, portSelect);
        Wire.putU16(buf, o + COUNTER_SELECT, counterSelect);
        for (int i = 0; i < values.size(); i++) {
            int at = o + FIRST_COUNTER + i * kind.bits / 8;
            long v = values.get(i);
            switch (kind.bits) {
                case 32 -> Wire.putU32(buf, at, v);
                case 16 -> Wire.putU16(buf, at, (int) v);
                default -> Wire.putBits8(buf, at, sub(kind, i), kind.bits, (int) v);
            }
        }
    }

    private static long counter(Kind kind, ByteBuffer buf, int o, int i) {
        int at = o + FIRST_COUNTER + i * kind.bits / 8;
        return switch (kind.bits) {
            case 32 -> Wire.u32(buf, at);
            case 16 -> Wire.u16(buf, at);
            default -> Wire.bits8(buf, at, sub(kind, i), kind.bits);
        };
    }

    /** Where a counter narrower than a byte sits in its byte: the first from the most significant bits down. */
    private static int sub(Kind kind, int i) {
        int perByte = 8 / kind.bits;
        return 8 - kind.bits * (i % perByte + 1);
    }

    @Override
    public int encodedSize() {
        return kind.size();
    }
}
