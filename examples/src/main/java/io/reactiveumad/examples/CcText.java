package io.reactiveumad.examples;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.cc.CaCongestionSetting;
import io.reactiveumad.mad.cc.CongestionControlTable;
import io.reactiveumad.mad.cc.CongestionInfo;
import io.reactiveumad.mad.cc.CongestionKeyInfo;
import io.reactiveumad.mad.cc.CongestionLog;
import io.reactiveumad.mad.cc.SwitchCongestionSetting;
import io.reactiveumad.mad.cc.SwitchPortCongestionSetting;
import io.reactiveumad.mad.cc.Timestamp;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Congestion control attributes as ibccquery prints them: libibmad's field lines (hex as wide as the field's bytes,
 * masks as their bytes in hex), each attribute under a {@code # Name: Lid N} line, its entries numbered.
 */
final class CcText {
    private CcText() {
    }

    static String header(String attribute, String node) {
        return "# " + attribute + ": " + node + "\n";
    }

    /** mad_dump_classportinfo's lines. */
    static String classPortInfo(ClassPortInfo c) {
        StringBuilder out = new StringBuilder();
        FieldLines.line(out, "BaseVersion", c.baseVersion());
        FieldLines.line(out, "ClassVersion", c.classVersion());
        FieldLines.hex(out, "CapabilityMask", c.capabilityMask(), 4);
        FieldLines.hex(out, "CapabilityMask2", c.capabilityMask2(), 8);
        FieldLines.line(out, "RespTimeVal", c.respTimeValue());
        FieldLines.line(out, "RedirectGID", octets(c.redirectGid()));
        FieldLines.hex(out, "RedirectTC", c.redirectTrafficClass(), 2);
        FieldLines.line(out, "RedirectSL", c.redirectSl());
        FieldLines.hex(out, "RedirectFL", c.redirectFlowLabel(), 6);
        FieldLines.line(out, "RedirectLID", c.redirectLid());
        FieldLines.hex(out, "RedirectPKey", c.redirectPKey(), 4);
        FieldLines.hex(out, "RedirectQP", c.redirectQp(), 6);
        FieldLines.hex(out, "RedirectQKey", c.redirectQKey(), 8);
        FieldLines.line(out, "TrapGID", octets(c.trapGid()));
        FieldLines.hex(out, "TrapTC", c.trapTrafficClass(), 2);
        FieldLines.line(out, "TrapSL", c.trapSl());
        FieldLines.hex(out, "TrapFL", c.trapFlowLabel(), 6);
        FieldLines.line(out, "TrapLID", c.trapLid());
        FieldLines.hex(out, "TrapPKey", c.trapPKey(), 4);
        FieldLines.line(out, "TrapHL", c.trapHopLimit());
        FieldLines.hex(out, "TrapQP", c.trapQp(), 6);
        FieldLines.hex(out, "TrapQKey", c.trapQKey(), 8);
        return out.toString();
    }

    static String congestionInfo(CongestionInfo c) {
        StringBuilder out = new StringBuilder();
        FieldLines.hex(out, "CongestionInfo", c.congestionInfo(), 4);
        FieldLines.line(out, "ControlTableCap", c.controlTableCap());
        return out.toString();
    }

    static String congestionKeyInfo(CongestionKeyInfo c) {
        StringBuilder out = new StringBuilder();
        FieldLines.hex(out, "CC_Key", c.ccKey(), 16);
        FieldLines.line(out, "CC_KeyProtectBit", c.protect() ? 1 : 0);
        FieldLines.line(out, "CC_KeyLeasePeriod", c.leasePeriod());
        FieldLines.line(out, "CC_KeyViolations", c.violations());
        return out.toString();
    }

    /** The log's common lines, its type's, then each event that is not all zero (as ibccquery skips those). */
    static String congestionLog(CongestionLog log) {
        StringBuilder out = new StringBuilder();
        if (log instanceof CongestionLog.SwitchLog s) {
            FieldLines.line(out, "LogType", CongestionLog.TYPE_SWITCH);
            FieldLines.hex(out, "CongestionFlags", s.congestionFlags(), 2);
            FieldLines.line(out, "LogEventsCounter", s.logEventsCounter());
            FieldLines.line(out, "CurrentTimeStamp", s.currentTimeStamp());
            FieldLines.line(out, "PortMap", s.portMap().toString());
            out.append('\n');
            for (CongestionLog.SwitchEvent e : s.events()) {
                if (!e.isEmpty()) {
                    FieldLines.line(out, "SLID", e.slid());
                    FieldLines.line(out, "DLID", e.dlid());
                    FieldLines.line(out, "SL", e.sl());
                    FieldLines.line(out, "Timestamp", e.timestamp());
                    out.append('\n');
                }
            }
        } else if (log instanceof CongestionLog.CaLog c) {
            FieldLines.line(out, "LogType", CongestionLog.TYPE_CA);
            FieldLines.hex(out, "CongestionFlags", c.congestionFlags(), 2);
            FieldLines.line(out, "ThresholdEventCounter", c.thresholdEventCounter());
            FieldLines.hex(out, "ThresholdCongestionEventMap", c.thresholdCongestionEventMap(), 4);
            FieldLines.line(out, "CurrentTimeStamp", c.currentTimeStamp());
            out.append('\n');
            for (CongestionLog.CaEvent e : c.events()) {
                if (!e.isEmpty()) {
                    FieldLines.line(out, "Local_QP_CN_Entry", e.localQp());
                    FieldLines.line(out, "SL_CN_Entry", e.sl());
                    FieldLines.hex(out, "Service_Type_CN_Entry", e.serviceType(), 2);
                    FieldLines.line(out, "Remote_QP_Number_CN_Entry", e.remoteQp());
                    FieldLines.line(out, "Local_LID_CN", e.localLid());
                    FieldLines.line(out, "Remote_LID_CN_Entry", e.remoteLid());
                    FieldLines.line(out, "Timestamp_CN_Entry", e.timestamp());
                    out.append('\n');
                }
            }
        }
        return out.toString();
    }

    static String switchCongestionSetting(SwitchCongestionSetting s) {
        StringBuilder out = new StringBuilder();
        FieldLines.hex(out, "Control_Map", s.controlMap(), 8);
        FieldLines.line(out, "Victim_Mask", s.victimMask().toString());
        FieldLines.line(out, "Credit_Mask", s.creditMask().toString());
        FieldLines.hex(out, "Threshold", s.threshold(), 2);
        FieldLines.line(out, "Packet_Size", s.packetSize());
        FieldLines.hex(out, "CS_Threshold", s.csThreshold(), 2);
        FieldLines.hex(out, "CS_ReturnDelay", s.csReturnDelay(), 4);
        FieldLines.line(out, "Marking_Rate", s.markingRate());
        return out.toString();
    }

    static String switchPortElement(SwitchPortCongestionSetting.Element e) {
        StringBuilder out = new StringBuilder();
        FieldLines.line(out, "Valid", e.valid() ? 1 : 0);
        FieldLines.line(out, "Control_Type", e.controlType());
        FieldLines.hex(out, "Threshold", e.threshold(), 2);
        FieldLines.line(out, "Packet_Size", e.packetSize());
        FieldLines.line(out, "Cong_Parm_Marking_Rate", e.markingRate());
        return out.toString();
    }

    /** Every port's settings from port 0, each under a {@code Port:} line and followed by a blank one. */
    static String switchPorts(List<SwitchPortCongestionSetting.Element> ports) {
        StringBuilder out = new StringBuilder();
        for (int port = 0; port < ports.size(); port++) {
            FieldLines.line(out, "Port", port);
            out.append(switchPortElement(ports.get(port))).append('\n');
        }
        return out.toString();
    }

    /** The settings, a blank line, then each SL's entry under an {@code SL:} line, followed by a blank one. */
    static String caCongestionSetting(CaCongestionSetting c) {
        StringBuilder out = new StringBuilder();
        FieldLines.hex(out, "Port_Control", c.portControl(), 4);
        FieldLines.hex(out, "Control_Map", c.controlMap(), 4);
        out.append('\n');
        for (int sl = 0; sl < CaCongestionSetting.SERVICE_LEVELS; sl++) {
            CaCongestionSetting.Entry e = c.entries().get(sl);
            FieldLines.line(out, "SL", sl);
            FieldLines.line(out, "CCTI_Timer", e.cctiTimer());
            FieldLines.line(out, "CCTI_Increase", e.cctiIncrease());
            FieldLines.line(out, "Trigger_Threshold", e.triggerThreshold());
            FieldLines.line(out, "CCTI_Min", e.cctiMin());
            out.append('\n');
        }
        return out.toString();
    }

    /** CCTI_Limit, a blank line, then entries 0 to the limit, each under an {@code Entry:} line and a blank one. */
    static String congestionControlTable(List<CongestionControlTable> blocks) {
        StringBuilder out = new StringBuilder();
        FieldLines.line(out, "CCTI_Limit", blocks.get(0).cctiLimit());
        out.append('\n');
        List<CongestionControlTable.Entry> entries = entriesToLimit(blocks);
        for (int i = 0; i < entries.size(); i++) {
            CongestionControlTable.Entry e = entries.get(i);
            FieldLines.line(out, "Entry", i);
            FieldLines.line(out, "CCT_Shift", e.shift());
            FieldLines.line(out, "CCT_Multiplier", e.multiplier());
            out.append('\n');
        }
        return out.toString();
    }

    /** Entries 0 to CCTI_Limit from the blocks read; none for a limit of 0, as ibccquery prints none then. */
    static List<CongestionControlTable.Entry> entriesToLimit(List<CongestionControlTable> blocks) {
        int limit = blocks.get(0).cctiLimit();
        return limit == 0 ? List.of() : IntStream.rangeClosed(0, limit).mapToObj(i -> blocks
                .get(i / CongestionControlTable.ENTRIES_PER_BLOCK).entries()
                .get(i % CongestionControlTable.ENTRIES_PER_BLOCK)).toList();
    }

    static String timestamp(Timestamp t) {
        StringBuilder out = new StringBuilder();
        FieldLines.line(out, "Timestamp", t.timestamp());
        return out.toString();
    }

    /** A GID as mad_dump_array prints its 16 bytes. */
    private static String octets(Gid gid) {
        return String.format("%016x%016x", gid.prefix(), gid.guid());
    }
}
