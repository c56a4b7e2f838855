package io.reactiveumad.test;

import static io.reactiveumad.test.PortCounter.*;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.perf.PortCounterSet;
import io.reactiveumad.mad.perf.PortExtendedSpeedsCounters;
import io.reactiveumad.mad.perf.PortSamplesControl;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.perf.PortCountersExtended;
import io.reactiveumad.mad.perf.PortRcvErrorDetails;
import io.reactiveumad.mad.perf.PortXmitDiscardDetails;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The performance management agent every node runs: ClassPortInfo, PortCounters, PortCountersExtended,
 * PortXmitDiscardDetails and PortRcvErrorDetails Get (one port, or every port summed with PortSelect 0xFF on a
 * switch) and Set, which resets the counters the
 * select masks name and answers with the counters after the reset.
 */
final class Pma implements LocalService {
    /** PortCounters' CounterSelect bits 0..15 and CounterSelect2 bits 0..1, in order. */
    private static final PortCounter[] SELECT = {SYMBOL_ERROR, LINK_ERROR_RECOVERY, LINK_DOWNED, RCV_ERRORS,
        RCV_REMOTE_PHYSICAL_ERRORS, RCV_SWITCH_RELAY_ERRORS, XMIT_DISCARDS, XMIT_CONSTRAINT_ERRORS, RCV_CONSTRAINT_ERRORS,
        LOCAL_LINK_INTEGRITY_ERRORS, EXCESSIVE_BUFFER_OVERRUN_ERRORS, VL15_DROPPED, XMIT_DATA, RCV_DATA, XMIT_PKTS, RCV_PKTS};
    private static final PortCounter[] SELECT2 = {XMIT_WAIT, QP1_DROPPED};
    /** PortCountersExtended's CounterSelect bits 0..7. */
    private static final PortCounter[] EXT_SELECT = {XMIT_DATA, RCV_DATA, XMIT_PKTS, RCV_PKTS, UNICAST_XMIT_PKTS,
        UNICAST_RCV_PKTS, MULTICAST_XMIT_PKTS, MULTICAST_RCV_PKTS};
    /** PortCountersExtended's CounterSelect2 bits 0..13: the error counters, then XmitWait and QP1Dropped. */
    /** PortXmitDiscardDetails' and PortRcvErrorDetails' CounterSelect bits, in order. */
    private static final PortCounter[] XMIT_DISCARD_DETAILS = {INACTIVE_DISCARDS, NEIGHBOR_MTU_DISCARDS,
        SW_LIFETIME_LIMIT_DISCARDS, SW_HOQ_LIFETIME_LIMIT_DISCARDS};
    private static final PortCounter[] RCV_ERROR_DETAILS = {LOCAL_PHYSICAL_ERRORS, MALFORMED_PACKET_ERRORS,
        BUFFER_OVERRUN_ERRORS, DLID_MAPPING_ERRORS, VL_MAPPING_ERRORS, LOOPING_ERRORS};
    private static final PortCounter[] EXT_SELECT2 = {SYMBOL_ERROR, LINK_ERROR_RECOVERY, LINK_DOWNED, RCV_ERRORS,
        RCV_REMOTE_PHYSICAL_ERRORS, RCV_SWITCH_RELAY_ERRORS, XMIT_DISCARDS, XMIT_CONSTRAINT_ERRORS, RCV_CONSTRAINT_ERRORS,
        LOCAL_LINK_INTEGRITY_ERRORS, EXCESSIVE_BUFFER_OVERRUN_ERRORS, VL15_DROPPED, XMIT_WAIT, QP1_DROPPED};

    /**
     * A switch's, as ibsim's: AllPortSelect, PortCountersExtended and PortXmitWait supported; RespTimeValue {@link #RESP_TIME_VALUE}.
     * A CA's says the same but for AllPortSelect, which it does not take. QP1Dropped, which ibsim's PMAs do not claim,
     * is counted all the same (PortCountersExtended's CounterSelect2 takes it).
     */
    private static final ClassPortInfo SWITCH_CLASS_PORT_INFO = classPortInfo(ClassPortInfo.PERF_CAP_ALL_PORT_SELECT);
    private static final ClassPortInfo CA_CLASS_PORT_INFO = classPortInfo(0);

    private static ClassPortInfo classPortInfo(int allPortSelect) {
        return ClassPortInfo.of(1, allPortSelect | ClassPortInfo.PERF_CAP_EXTENDED_WIDTH_SUPPORTED
                | ClassPortInfo.PERF_CAP_XMIT_WAIT_SUPPORTED, 0, RESP_TIME_VALUE);
    }

    private final FabricEngine engine;

    Pma(FabricEngine engine) {
        this.engine = engine;
    }

    @Override
    public boolean serves(FabricNode node, int port, int mgmtClass, int method) {
        return mgmtClass == MgmtClass.PERF && (method == Method.GET || method == Method.SET);
    }

    @Override
    public void onRequest(Arrival request) {
        ByteBuffer in = ByteBuffer.wrap(request.mad());
        int attribute = request.attributeId();
        boolean set = request.isSet();
        FabricNode node = request.node();
        int data = MgmtClass.DEVICE_DATA_OFFSET;
        byte[] response;
        try {
            response = switch (attribute) {
                case PortCounters.ATTRIBUTE_ID -> {
                    PortCounters q = PortCounters.decode(in, data);
                    if (set) {
                        reset(node, q.portSelect(), q.counterSelect(), SELECT);
                        reset(node, q.portSelect(), q.counterSelect2(), SELECT2);
                    }
                    yield FabricEngine.answer(request, portCounters(node, q.portSelect(), q));
                }
                case PortCountersExtended.ATTRIBUTE_ID -> {
                    PortCountersExtended q = PortCountersExtended.decode(in, data);
                    if (set) {
                        reset(node, q.portSelect(), q.counterSelect(), EXT_SELECT);
                        reset(node, q.portSelect(), q.counterSelect2(), EXT_SELECT2);
                    }
                    yield FabricEngine.answer(request, extended(node, q.portSelect(), q));
                }
                case PortXmitDiscardDetails.ATTRIBUTE_ID -> {
                    PortXmitDiscardDetails q = PortXmitDiscardDetails.decode(in, data);
                    if (set) {
                        reset(node, q.portSelect(), q.counterSelect(), XMIT_DISCARD_DETAILS);
                    }
                    int s = q.portSelect();
                    yield FabricEngine.answer(request, new PortXmitDiscardDetails(s, q.counterSelect(),
                            (int) basic(node, s, INACTIVE_DISCARDS), (int) basic(node, s, NEIGHBOR_MTU_DISCARDS),
                            (int) basic(node, s, SW_LIFETIME_LIMIT_DISCARDS),
                            (int) basic(node, s, SW_HOQ_LIFETIME_LIMIT_DISCARDS)));
                }
                case PortRcvErrorDetails.ATTRIBUTE_ID -> {
                    PortRcvErrorDetails q = PortRcvErrorDetails.decode(in, data);
                    if (set) {
                        reset(node, q.portSelect(), q.counterSelect(), RCV_ERROR_DETAILS);
                    }
                    int s = q.portSelect();
                    yield FabricEngine.answer(request, new PortRcvErrorDetails(s, q.counterSelect(),
                            (int) basic(node, s, LOCAL_PHYSICAL_ERRORS), (int) basic(node, s, MALFORMED_PACKET_ERRORS),
                            (int) basic(node, s, BUFFER_OVERRUN_ERRORS), (int) basic(node, s, DLID_MAPPING_ERRORS),
                            (int) basic(node, s, VL_MAPPING_ERRORS), (int) basic(node, s, LOOPING_ERRORS)));
                }
                case AttributeId.Perf.PORT_XMIT_DATA_SL -> set ? FabricEngine.status(request,
                        MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE) : FabricEngine.answer(request, perSl(node, in, data,
                        PortCounterSet.Kind.XMIT_DATA_SL, XMIT_DATA));
                case AttributeId.Perf.PORT_RCV_DATA_SL -> set ? FabricEngine.status(request,
                        MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE) : FabricEngine.answer(request, perSl(node, in, data,
                        PortCounterSet.Kind.RCV_DATA_SL, RCV_DATA));
                case AttributeId.Perf.SW_PORT_VL_CONGESTION, AttributeId.Perf.PORT_RCV_CON_CTRL,
                        AttributeId.Perf.PORT_SL_RCV_FECN, AttributeId.Perf.PORT_SL_RCV_BECN,
                        AttributeId.Perf.PORT_XMIT_CON_CTRL, AttributeId.Perf.PORT_VL_XMIT_TIME_CONG ->
                        FabricEngine.answer(request, congestion(node, in, data, attribute));
                // A PMA that is not sampling: its set-up all zero but the port asked; setting one up is not supported.
                case PortSamplesControl.ATTRIBUTE_ID -> set ? FabricEngine.status(request,
                        MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE) : FabricEngine.answer(request,
                        PortSamplesControl.query(PortSamplesControl.decode(in, data).portSelect()));
                // The embedded links see no physical-layer errors: every lane's counters are zero, reset or not.
                case PortExtendedSpeedsCounters.ATTRIBUTE_ID -> {
                    PortExtendedSpeedsCounters q = PortExtendedSpeedsCounters.decode(in, data);
                    ports(node, q.portSelect());
                    yield FabricEngine.answer(request, PortExtendedSpeedsCounters.reset(q.portSelect(), q.counterSelect()));
                }
                case ClassPortInfo.ATTRIBUTE_ID -> set ? FabricEngine.status(request, MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE)
                        : FabricEngine.answer(request, node.isSwitch() ? SWITCH_CLASS_PORT_INFO : CA_CLASS_PORT_INFO);
                default -> FabricEngine.status(request, MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE);
            };
        } catch (IllegalArgumentException badPort) {
            response = FabricEngine.status(request, Sma.INVALID_VALUE);
        }
        engine.reply(request, response);
    }


    private static void reset(FabricNode node, int portSelect, long mask, PortCounter[] bits) {
        for (int bit = 0; bit < bits.length; bit++) {
            if ((mask >>> bit & 1) != 0) {
                for (int port : ports(node, portSelect)) {
                    node.ports[port].counters.reset(bits[bit]);
                }
            }
        }
    }

    /** The ports PortSelect names: one, or every external port of a switch for 0xFF. */
    private static int[] ports(FabricNode node, int portSelect) {
        if (portSelect == PortCounters.ALL_PORTS && node.isSwitch()) {
            return IntStream.rangeClosed(1, node.node.portCount()).toArray();
        }
        node.node.checkPort(portSelect);
        return new int[] {portSelect};
    }

    private static long sum(FabricNode node, int portSelect, PortCounter counter) {
        long total = 0;
        for (int port : ports(node, portSelect)) {
            total += node.ports[port].counters.get(counter);
        }
        return total;
    }

    private static PortCounters portCounters(FabricNode node, int sel, PortCounters q) {
        return new PortCounters(sel, q.counterSelect(), (int) basic(node, sel, SYMBOL_ERROR),
                (int) basic(node, sel, LINK_ERROR_RECOVERY), (int) basic(node, sel, LINK_DOWNED),
                (int) basic(node, sel, RCV_ERRORS), (int) basic(node, sel, RCV_REMOTE_PHYSICAL_ERRORS),
                (int) basic(node, sel, RCV_SWITCH_RELAY_ERRORS), (int) basic(node, sel, XMIT_DISCARDS),
                (int) basic(node, sel, XMIT_CONSTRAINT_ERRORS), (int) basic(node, sel, RCV_CONSTRAINT_ERRORS),
                q.counterSelect2(), (int) basic(node, sel, LOCAL_LINK_INTEGRITY_ERRORS),
                (int) basic(node, sel, EXCESSIVE_BUFFER_OVERRUN_ERRORS), (int) basic(node, sel, QP1_DROPPED),
                (int) basic(node, sel, VL15_DROPPED), basic(node, sel, XMIT_DATA), basic(node, sel, RCV_DATA),
                basic(node, sel, XMIT_PKTS), basic(node, sel, RCV_PKTS), basic(node, sel, XMIT_WAIT));
    }

    /**
     * The data per SL, sent or received: the embedded fabric carries everything on SL 0, so SL 0 counts what
     * PortXmitData or PortRcvData counts and the other fifteen nothing. Read-only: a Set is refused.
     */
    private static PortCounterSet perSl(FabricNode node, ByteBuffer in, int data, PortCounterSet.Kind kind,
                                        PortCounter total) {
        PortCounterSet q = PortCounterSet.decode(kind, in, data);
        List<Long> values = new ArrayList<>(Collections.nCopies(kind.names().size(), 0L));
        values.set(0, basic(node, q.portSelect(), total));
        return new PortCounterSet(kind, q.portSelect(), q.counterSelect(), values);
    }

    /**
     * The congestion control counters: the embedded fabric marks no packet with FECN or BECN and holds none back, so
     * every one is zero, before and after a reset (a Set).
     */
    private static PortCounterSet congestion(FabricNode node, ByteBuffer in, int data, int attributeId) {
        PortCounterSet.Kind kind = java.util.Arrays.stream(PortCounterSet.Kind.values())
                .filter(k -> k.attributeId() == attributeId).findFirst().orElseThrow();
        PortCounterSet q = PortCounterSet.decode(kind, in, data);
        ports(node, q.portSelect());
        return PortCounterSet.reset(kind, q.portSelect(), q.counterSelect());
    }

    private static long basic(FabricNode node, int portSelect, PortCounter counter) {
        return counter.saturate(sum(node, portSelect, counter));
    }

    private static PortCountersExtended extended(FabricNode node, int sel, PortCountersExtended q) {
        return new PortCountersExtended(sel, q.counterSelect(), q.counterSelect2(), sum(node, sel, XMIT_DATA),
                sum(node, sel, RCV_DATA), sum(node, sel, XMIT_PKTS), sum(node, sel, RCV_PKTS),
                sum(node, sel, UNICAST_XMIT_PKTS), sum(node, sel, UNICAST_RCV_PKTS), sum(node, sel, MULTICAST_XMIT_PKTS),
                sum(node, sel, MULTICAST_RCV_PKTS), sum(node, sel, SYMBOL_ERROR), sum(node, sel, LINK_ERROR_RECOVERY),
                sum(node, sel, LINK_DOWNED), sum(node, sel, RCV_ERRORS), sum(node, sel, RCV_REMOTE_PHYSICAL_ERRORS),
                sum(node, sel, RCV_SWITCH_RELAY_ERRORS), sum(node, sel, XMIT_DISCARDS),
                sum(node, sel, XMIT_CONSTRAINT_ERRORS), sum(node, sel, RCV_CONSTRAINT_ERRORS),
                sum(node, sel, LOCAL_LINK_INTEGRITY_ERRORS), sum(node, sel, EXCESSIVE_BUFFER_OVERRUN_ERRORS),
                sum(node, sel, VL15_DROPPED), sum(node, sel, XMIT_WAIT), sum(node, sel, QP1_DROPPED));
    }
}
