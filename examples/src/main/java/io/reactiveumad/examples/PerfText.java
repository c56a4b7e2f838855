package io.reactiveumad.examples;

import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.perf.PortCounterSet;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.perf.PortCountersExtended;
import io.reactiveumad.mad.perf.PortExtendedSpeedsCounters;
import io.reactiveumad.mad.perf.PortRcvErrorDetails;
import io.reactiveumad.mad.perf.PortSamplesControl;
import io.reactiveumad.mad.perf.PortXmitDiscardDetails;
import java.util.List;

/**
 * perfquery's text: a header naming the node, the port and the PMA's capabilities, then libibmad's field lines
 * ({@link FieldLines}).
 */
final class PerfText {
    /** ClassPortInfo CapabilityMask2 bit 1: the PMA counts PortCountersExtended's error counters too. */
    private static final int CAP2_ADDITIONAL_EXTENDED_COUNTERS = 1 << 1;

    private PerfText() {
    }

    /** {@code counters} of port {@code port} of the node perfquery names {@code node} ("Lid 4"). */
    static String of(String node, int port, ClassPortInfo pma, Record counters) {
        StringBuilder out = new StringBuilder();
        if (counters instanceof PortCounters c) {
            out.append(String.format("# Port counters: %s port %d (CapMask: 0x%02X)%n", node, port, pma.capabilityMask()));
            portCounters(out, c, (pma.capabilityMask() & ClassPortInfo.PERF_CAP_XMIT_WAIT_SUPPORTED) != 0);
        } else if (counters instanceof PortCountersExtended c) {
            out.append(String.format("# Port extended counters: %s port %d (CapMask: 0x%02X CapMask2: 0x%07X)%n", node,
                    port, pma.capabilityMask(), pma.capabilityMask2()));
            portCountersExtended(out, c, (pma.capabilityMask() & ClassPortInfo.PERF_CAP_EXTENDED_WIDTH_SUPPORTED) != 0,
                    (pma.capabilityMask2() & CAP2_ADDITIONAL_EXTENDED_COUNTERS) != 0);
        } else if (counters instanceof PortXmitDiscardDetails d) {
            out.append(String.format("# PortXmitDiscardDetails counters: %s port %d%n", node, port));
            line(out, "PortSelect", d.portSelect());
            hex(out, "CounterSelect", d.counterSelect(), 4);
            line(out, "PortInactiveDiscards", d.portInactiveDiscards());
            line(out, "PortNeighborMTUDiscards", d.portNeighborMtuDiscards());
            line(out, "PortSwLifetimeLimitDiscards", d.portSwLifetimeLimitDiscards());
            line(out, "PortSwHOQLifetimeLimitDiscards", d.portSwHoqLifetimeLimitDiscards());
        } else if (counters instanceof PortRcvErrorDetails d) {
            out.append(String.format("# PortRcvErrorDetails counters: %s port %d%n", node, port));
            line(out, "PortSelect", d.portSelect());
            hex(out, "CounterSelect", d.counterSelect(), 4);
            line(out, "PortLocalPhysicalErrors", d.portLocalPhysicalErrors());
            line(out, "PortMalformedPktErrors", d.portMalformedPacketErrors());
            line(out, "PortBufferOverrunErrors", d.portBufferOverrunErrors());
            line(out, "PortDLIDMappingErrors", d.portDlidMappingErrors());
            line(out, "PortVLMappingErrors", d.portVlMappingErrors());
            line(out, "PortLoopingErrors", d.portLoopingErrors());
        } else if (counters instanceof PortSamplesControl c) {
            out.append(String.format("# PortSamplesControl: %s port %d%n", node, port));
            samplesControl(out, c);
        } else if (counters instanceof PortCounterSet set) {
            out.append(String.format("# %s counters: %s port %d%n", set.kind().attributeName(), node, port));
            line(out, "PortSelect", set.portSelect());
            hex(out, "CounterSelect", set.counterSelect(), 4);
            for (int i = 0; i < set.values().size(); i++) {
                line(out, set.kind().names().get(i), set.values().get(i));
            }
        } else {
            throw new IllegalArgumentException("not a PerfMgt counter attribute: " + counters);
        }
        return out.toString();
    }

    /**
     * PortExtendedSpeedsCounters as perfquery -T prints them: the lanes' error detection, correctable and uncorrectable
     * block counters, or with RS-FEC active the correctable symbols per lane and the port's three FEC counters.
     */
    static String extendedSpeeds(String node, int port, PortExtendedSpeedsCounters c, boolean rsFec) {
        StringBuilder out = new StringBuilder(String.format("# PortExtendedSpeedsCounters%s counters: %s port %d%n",
                rsFec ? " with RS-FEC Active" : "", node, port));
        line(out, "PortSelect", c.portSelect());
        hex(out, "CounterSelect", c.counterSelect(), 16);
        line(out, "SyncHeaderErrorCounter", c.syncHeaderErrorCounter());
        line(out, "UnknownBlockCounter", c.unknownBlockCounter());
        if (rsFec) {
            lanes(out, "FECCorrectableSymbolCtrLane", c.fecCorrectableCounters());
            line(out, "PortFECCorrectableBlockCtr", c.portFecCorrectableBlockCounter());
            line(out, "PortFECUncorrectableBlockCtr", c.portFecUncorrectableBlockCounter());
            line(out, "PortFECCorrectedSymbolCtr", c.portFecCorrectedSymbolCounter());
        } else {
            lanes(out, "ErrorDetectionCounterLane", c.errorDetectionCounters());
            lanes(out, "FECCorrectableBlockCtrLane", c.fecCorrectableCounters());
            lanes(out, "FECUncorrectableBlockCtrLane", c.fecUncorrectableBlockCounters());
        }
        return out.toString();
    }

    /** One line per lane, {@code name} followed by the lane's number. */
    private static void lanes(StringBuilder out, String name, List<? extends Number> counters) {
        for (int lane = 0; lane < counters.size(); lane++) {
            line(out, name + lane, counters.get(lane).longValue());
        }
    }

    /** libibmad's PortSamplesControl fields, hex as wide as each field's bytes. */
    private static void samplesControl(StringBuilder out, PortSamplesControl c) {
        hex(out, "OpCode", c.opCode(), 2);
        line(out, "PortSelect", c.portSelect());
        hex(out, "Tick", c.tick(), 2);
        line(out, "CounterWidth", c.counterWidth());
        hex(out, "CounterMask0", c.counterMask0(), 2);
        hex(out, "CounterMasks1to9", c.counterMasks1to9(), 8);
        hex(out, "CounterMasks10to14", c.counterMasks10to14(), 4);
        line(out, "SampleMechanisms", c.sampleMechanisms());
        line(out, "SampleStatus", c.sampleStatus());
        hex(out, "OptionMask", c.optionMask(), 16);
        hex(out, "VendorMask", c.vendorMask(), 16);
        line(out, "SampleStart", c.sampleStart());
        line(out, "SampleInterval", c.sampleInterval());
        hex(out, "Tag", c.tag(), 4);
        for (int i = 0; i < PortSamplesControl.COUNTERS; i++) {
            hex(out, "CounterSelect" + i, c.counterSelects().get(i), 4);
        }
        hex(out, "SamplesOnlyOptionMask", c.samplesOnlyOptionMask(), 16);
    }

    /** PortCounters; PortXmitWait shows 0 where the PMA does not say it counts it, as perfquery shows it. */
    private static void portCounters(StringBuilder out, PortCounters c, boolean countsXmitWait) {
        line(out, "PortSelect", c.portSelect());
        hex(out, "CounterSelect", c.counterSelect(), 4);
        line(out, "SymbolErrorCounter", c.symbolErrorCounter());
        line(out, "LinkErrorRecoveryCounter", c.linkErrorRecoveryCounter());
        line(out, "LinkDownedCounter", c.linkDownedCounter());
        line(out, "PortRcvErrors", c.portRcvErrors());
        line(out, "PortRcvRemotePhysicalErrors", c.portRcvRemotePhysicalErrors());
        line(out, "PortRcvSwitchRelayErrors", c.portRcvSwitchRelayErrors());
        line(out, "PortXmitDiscards", c.portXmitDiscards());
        line(out, "PortXmitConstraintErrors", c.portXmitConstraintErrors());
        line(out, "PortRcvConstraintErrors", c.portRcvConstraintErrors());
        hex(out, "CounterSelect2", c.counterSelect2(), 2);
        line(out, "LocalLinkIntegrityErrors", c.localLinkIntegrityErrors());
        line(out, "ExcessiveBufferOverrunErrors", c.excessiveBufferOverrunErrors());
        line(out, "QP1Dropped", c.qp1Dropped());
        line(out, "VL15Dropped", c.vl15Dropped());
        line(out, "PortXmitData", c.portXmitData());
        line(out, "PortRcvData", c.portRcvData());
        line(out, "PortXmitPkts", c.portXmitPkts());
        line(out, "PortRcvPkts", c.portRcvPkts());
        line(out, "PortXmitWait", countsXmitWait ? c.portXmitWait() : 0);
    }

    /** PortCountersExtended: the unicast and multicast packets and the error counters where the PMA has them. */
    private static void portCountersExtended(StringBuilder out, PortCountersExtended c, boolean extendedWidth,
                                             boolean additional) {
        line(out, "PortSelect", c.portSelect());
        hex(out, "CounterSelect", c.counterSelect(), 4);
        line(out, "PortXmitData", c.portXmitData());
        line(out, "PortRcvData", c.portRcvData());
        line(out, "PortXmitPkts", c.portXmitPkts());
        line(out, "PortRcvPkts", c.portRcvPkts());
        if (extendedWidth) {
            line(out, "PortUnicastXmitPkts", c.portUnicastXmitPkts());
            line(out, "PortUnicastRcvPkts", c.portUnicastRcvPkts());
            line(out, "PortMulticastXmitPkts", c.portMulticastXmitPkts());
            line(out, "PortMulticastRcvPkts", c.portMulticastRcvPkts());
        }
        if (additional) {
            hex(out, "CounterSelect2", c.counterSelect2(), 8);
            line(out, "SymbolErrorCounter", c.symbolErrorCounter());
            line(out, "LinkErrorRecoveryCounter", c.linkErrorRecoveryCounter());
            line(out, "LinkDownedCounter", c.linkDownedCounter());
            line(out, "PortRcvErrors", c.portRcvErrors());
            line(out, "PortRcvRemotePhysicalErrors", c.portRcvRemotePhysicalErrors());
            line(out, "PortRcvSwitchRelayErrors", c.portRcvSwitchRelayErrors());
            line(out, "PortXmitDiscards", c.portXmitDiscards());
            line(out, "PortXmitConstraintErrors", c.portXmitConstraintErrors());
            line(out, "PortRcvConstraintErrors", c.portRcvConstraintErrors());
            line(out, "LocalLinkIntegrityErrors", c.localLinkIntegrityErrors());
            line(out, "ExcessiveBufferOverrunErrors", c.excessiveBufferOverrunErrors());
            line(out, "VL15Dropped", c.vl15Dropped());
            line(out, "PortXmitWait", c.portXmitWait());
            line(out, "QP1Dropped", c.qp1Dropped());
        }
    }

    private static void line(StringBuilder out, String name, long value) {
        FieldLines.line(out, name, value);
    }

    private static void hex(StringBuilder out, String name, long value, int digits) {
        FieldLines.hex(out, name, value, digits);
    }
}
