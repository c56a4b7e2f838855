package io.reactiveumad.examples;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.GuidInfo;
import io.reactiveumad.mad.attr.LinearForwardingTable;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.attr.SlToVlMappingTable;
import io.reactiveumad.mad.attr.VlArbitrationTable;
import io.reactiveumad.mad.attr.SmInfo;
import io.reactiveumad.mad.sa.InformInfoRecord;
import io.reactiveumad.mad.sa.LinkRecord;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.mad.sa.PortInfoRecord;
import io.reactiveumad.mad.sa.ServiceRecord;
import io.reactiveumad.mad.sa.GuidInfoRecord;
import io.reactiveumad.mad.sa.LinearForwardingTableRecord;
import io.reactiveumad.mad.sa.MulticastForwardingTableRecord;
import io.reactiveumad.mad.sa.PKeyTableRecord;
import io.reactiveumad.mad.sa.SlToVlMappingTableRecord;
import io.reactiveumad.mad.sa.VlArbitrationTableRecord;
import io.reactiveumad.mad.sa.SmInfoRecord;
import io.reactiveumad.mad.sa.SwitchInfoRecord;
import java.nio.ByteBuffer;

/**
 * saquery's text of each record: its "… dump:" header, then a line per field, two tabs in, the name dotted to
 * column 24 and the value as saquery prints it (GIDs as inet_ntop writes IPv6 addresses; keys never shown).
 */
final class SaText {
    private static final String NOT_DISPLAYED = "<not displayed>";

    private SaText() {
    }

    /** The record's text; a record saquery has no layout for gets the generic field lines. */
    static String of(Record record, boolean showKeys) {
        StringBuilder out = new StringBuilder();
        if (record instanceof NodeRecord r) {
            return nodeRecord(r, NodeNameMap.none());
        } else if (record instanceof PortInfoRecord r) {
            out.append("PortInfoRecord dump:\n\tRID\n");
            field(out, "EndPortLid", r.endportLid());
            field(out, "PortNum", r.portNum());
            field(out, "Options", String.format("0x%x", r.options()));
            out.append("\tPortInfo dump:\n");
            PortInfoText.fields(out, r.portInfo(), "\t\t", showKeys);
        } else if (record instanceof PathRecord r) {
            pathRecord(out, r);
        } else if (record instanceof LinkRecord r) {
            out.append("LinkRecord dump:\n");
            wide(out, "FromLID", Integer.toString(r.fromLid()));
            wide(out, "FromPort", Integer.toString(r.fromPort()));
            wide(out, "ToPort", Integer.toString(r.toPort()));
            wide(out, "ToLID", Integer.toString(r.toLid()));
        } else if (record instanceof InformInfoRecord r) {
            informInfoRecord(out, r, showKeys);
        } else if (record instanceof ServiceRecord r) {
            serviceRecord(out, r, showKeys);
        } else {
            return Fields.render(record, false);
        }
        return out.toString();
    }

    /** saquery's LFT Record dump: the block's 64 LIDs and their egress ports, then a blank line. */
    static String lftRecord(LinearForwardingTableRecord r) {
        StringBuilder out = new StringBuilder("LFT Record dump:\n");
        dotted(out, "LID", 27, Integer.toString(r.lid()));
        dotted(out, "Block", 27, Integer.toString(r.blockNumber()));
        out.append("\t\tLFT:\n\t\tLID\tPort Number\n");
        int first = r.blockNumber() * LinearForwardingTable.ENTRIES;
        for (int i = 0; i < LinearForwardingTable.ENTRIES; i++) {
            out.append("\t\t").append(first + i).append('\t').append(r.table().port(i)).append('\n');
        }
        return out.append('\n').toString();
    }

    /** saquery's GUIDInfo Record dump: the port's LID and block, its eight GUIDs. */
    static String guidInfoRecord(GuidInfoRecord r) {
        StringBuilder out = new StringBuilder("GUIDInfo Record dump:\n");
        dotted(out, "LID", 27, Integer.toString(r.lid()));
        dotted(out, "Block", 27, Integer.toString(r.blockNumber()));
        for (int i = 0; i < GuidInfo.ENTRIES; i++) {
            dotted(out, "GUID " + i, 27, String.format("0x%016x", r.guidInfo().guid(i)));
        }
        return out.toString();
    }

    /**
     * saquery's PKeyTableRecord dump: the port and block, then its 32 P_Keys, eight a row, and a blank line. saquery
     * prints the BlockNum's two bytes in the host's order, not the wire's, and OpenSM writes them in its host's
     * order too, so block 1 reads as 1 there (and as 256 in the record, decoded as IBA lays it out): the line is
     * saquery's, on the little-endian hosts both run on.
     */
    static String pKeyTableRecord(PKeyTableRecord r) {
        StringBuilder out = new StringBuilder("PKeyTableRecord dump:\n");
        dotted(out, "LID", 27, Integer.toString(r.lid()));
        dotted(out, "Port", 27, Integer.toString(r.port()));
        dotted(out, "Block", 27, Integer.toString(Short.reverseBytes((short) r.blockNumber()) & 0xFFFF));
        out.append("\t\tPKey Table:\n");
        for (int row = 0; row < PKeyTable.ENTRIES; row += 8) {
            out.append("\t\t");
            for (int i = row; i < row + 8; i++) {
                out.append(String.format(i == row ? "0x%04x" : " 0x%04x", r.table().pKey(i)));
            }
            out.append('\n');
        }
        return out.append('\n').toString();
    }

    /** saquery's SL2VLTableRecord dump: the ports, then the sixteen SLs' VLs in one row. */
    static String slToVlRecord(SlToVlMappingTableRecord r) {
        StringBuilder out = new StringBuilder("SL2VLTableRecord dump:\n");
        dotted(out, "LID", 27, Integer.toString(r.lid()));
        dotted(out, "InPort", 27, Integer.toString(r.inputPort()));
        dotted(out, "OutPort", 27, Integer.toString(r.outputPort()));
        out.append("\t\tSL: 0| 1| 2| 3| 4| 5| 6| 7| 8| 9|10|11|12|13|14|15|\n\t\tVL:");
        for (int sl = 0; sl < SlToVlMappingTable.SERVICE_LEVELS; sl++) {
            out.append(String.format("%2d|", r.table().vl(sl)));
        }
        return out.append('\n').toString();
    }

    /** saquery's VLArbTableRecord dump: the port and block, then its 32 entries in two rows of VLs and weights. */
    static String vlArbitrationRecord(VlArbitrationTableRecord r) {
        StringBuilder out = new StringBuilder("VLArbTableRecord dump:\n");
        dotted(out, "LID", 27, Integer.toString(r.lid()));
        dotted(out, "Port", 27, Integer.toString(r.outputPort()));
        dotted(out, "Block", 27, Integer.toString(r.blockNumber()));
        for (int first = 0; first < VlArbitrationTable.ENTRIES; first += 16) {
            StringBuilder vls = new StringBuilder("\t\tVL    :");
            StringBuilder weights = new StringBuilder("\t\tWeight:");
            for (int i = first; i < first + 16; i++) {
                vls.append(String.format("%2d|", r.table().entry(i).vl()));
                weights.append(String.format("%2d|", r.table().entry(i).weight()));
            }
            out.append(vls).append('\n').append(weights).append('\n');
        }
        return out.toString();
    }

    /** saquery's MFT Record dump: the block's 32 MLIDs and their port masks (at the position's ports), a blank line. */
    static String mftRecord(MulticastForwardingTableRecord r) {
        StringBuilder out = new StringBuilder("MFT Record dump:\n");
        dotted(out, "LID", 27, Integer.toString(r.lid()));
        dotted(out, "Position", 27, Integer.toString(r.position()));
        dotted(out, "Block", 27, Integer.toString(r.blockNumber()));
        out.append("\t\tMFT:\n\t\tMLID\tPort Mask\n");
        int first = MulticastForwardingTable.FIRST_MLID + r.blockNumber() * MulticastForwardingTable.ENTRIES;
        for (int i = 0; i < MulticastForwardingTable.ENTRIES; i++) {
            out.append(String.format("\t\t0x%04x\t0x%04x\n", first + i, r.table().portMask(i)));
        }
        return out.append('\n').toString();
    }

    /**
     * saquery's SwitchInfoRecord dump: the SwitchInfo's fields as their wire bytes (the life time, port state change
     * and OpSL2VL byte whole, the enforcement flags byte whole), MulticastFDBTop only where the SA's ClassPortInfo
     * ({@code saCapabilityMask2}) says IsMulticastFDBTopSupported.
     */
    static String switchInfoRecord(SwitchInfoRecord r, int saCapabilityMask2) {
        ByteBuffer wire = ByteBuffer.wrap(r.switchInfo().toBytes());
        StringBuilder out = new StringBuilder("SwitchInfoRecord dump:\n\t\tRID\n");
        dotted(out, "LID", 40, Integer.toString(r.lid()));
        out.append("\t\tSwitchInfo dump:\n");
        dotted(out, "LinearFDBCap", 40, hex(Wire.u16(wire, 0)));
        dotted(out, "RandomFDBCap", 40, hex(Wire.u16(wire, 2)));
        dotted(out, "MulticastFDBCap", 40, hex(Wire.u16(wire, 4)));
        dotted(out, "LinearFDBTop", 40, hex(Wire.u16(wire, 6)));
        dotted(out, "DefaultPort", 40, Integer.toString(Wire.u8(wire, 8)));
        dotted(out, "DefaultMulticastPrimaryPort", 40, Integer.toString(Wire.u8(wire, 9)));
        dotted(out, "DefaultMulticastNotPrimaryPort", 40, Integer.toString(Wire.u8(wire, 10)));
        dotted(out, "LifeTimeValue/PortStateChange/OpSL2VL", 40, hex(Wire.u8(wire, 11)));
        dotted(out, "LIDsPerPort", 40, hex(Wire.u16(wire, 12)));
        dotted(out, "PartitionEnforcementCap", 40, hex(Wire.u16(wire, 14)));
        dotted(out, "flags", 40, hex(Wire.u8(wire, 16)));
        if ((saCapabilityMask2 & ClassPortInfo.SA_CAP2_MULTICAST_FDB_TOP_SUPPORTED) != 0) {
            dotted(out, "MulticastFDBTop", 40, hex(Wire.u16(wire, 18)));
        }
        return out.toString();
    }

    /**
     * saquery's SMInfoRecord dump. Its SM_Key is the SA's to give: OpenSM never fills it in, and a zero key says
     * nothing, so it is printed as saquery prints it; any other is not displayed unless asked for.
     */
    static String smInfoRecord(SmInfoRecord r, boolean showKeys) {
        SmInfo sm = r.smInfo();
        StringBuilder out = new StringBuilder("SMInfoRecord dump:\n\t\tRID\n");
        dotted(out, "LID", 22, Integer.toString(r.lid()));
        out.append("\t\tSMInfo dump:\n");
        dotted(out, "GUID", 22, String.format("0x%016x", sm.guid()));
        dotted(out, "SM_Key", 22, sm.smKey() == 0 || showKeys ? String.format("0x%016x", sm.smKey()) : NOT_DISPLAYED);
        dotted(out, "ActCount", 22, Long.toString(sm.actCount()));
        dotted(out, "Priority", 22, Integer.toString(sm.priority()));
        dotted(out, "SMState", 22, Integer.toString(sm.smState()));
        return out.toString();
    }

    /** saquery's NodeRecord dump, its NodeDescription line the name {@code names} gives the node. */
    static String nodeRecord(NodeRecord r, NodeNameMap names) {
        var ni = r.nodeInfo();
        StringBuilder out = new StringBuilder("NodeRecord dump:\n");
        field(out, "lid", r.lid());
        field(out, "reserved", hex(0));
        field(out, "base_version", hex(ni.baseVersion()));
        field(out, "class_version", hex(ni.classVersion()));
        field(out, "node_type", NodeTypes.name(ni.nodeType()));
        field(out, "num_ports", ni.numPorts());
        field(out, "sys_guid", String.format("0x%016x", ni.systemImageGuid()));
        field(out, "node_guid", String.format("0x%016x", ni.nodeGuid()));
        field(out, "port_guid", String.format("0x%016x", ni.portGuid()));
        field(out, "partition_cap", hex(ni.partitionCap()));
        field(out, "device_id", hex(ni.deviceId()));
        field(out, "revision", hex(ni.revision()));
        field(out, "port_num", ni.localPortNum());
        field(out, "vendor_id", hex(ni.vendorId()));
        field(out, "NodeDescription", names.name(ni.nodeGuid(), r.nodeDescription().text()));
        return out.toString();
    }

    /** The record's bytes as saquery reads them: flow label and hop limit in one word, the selectors with their values. */
    private static void pathRecord(StringBuilder out, PathRecord r) {
        out.append("PathRecord dump:\n");
        field(out, "service_id", String.format("0x%016x", r.serviceId()));
        field(out, "dgid", gid(r.dgid()));
        field(out, "sgid", gid(r.sgid()));
        field(out, "dlid", r.dlid());
        field(out, "slid", r.slid());
        field(out, "hop_flow_raw", hex((r.rawTraffic() ? 1L << 31 : 0) | (long) r.flowLabel() << 8 | r.hopLimit()));
        field(out, "tclass", hex(r.trafficClass()));
        field(out, "num_path_revers", hex((r.reversible() ? 0x80 : 0) | r.numbPath()));
        field(out, "pkey", hex(r.pKey()));
        field(out, "qos_class", hex(r.qosClass()));
        field(out, "sl", hex(r.sl()));
        field(out, "mtu", hex(r.mtuSelector() << 6 | r.mtu()));
        field(out, "rate", hex(r.rateSelector() << 6 | r.rate()));
        field(out, "pkt_life", hex(r.packetLifeTimeSelector() << 6 | r.packetLifeTime()));
        field(out, "preference", hex(r.preference()));
        field(out, "resv2", "0x000000000000");
    }

    private static void informInfoRecord(StringBuilder out, InformInfoRecord r, boolean showKeys) {
        InformInfo i = r.informInfo();
        out.append("InformInfoRecord dump:\n\t\tRID\n");
        field(out, "SubscriberGID", gid(r.subscriberGid()));
        field(out, "SubscriberEnum", hex(r.subscriberEnum()));
        out.append("\t\tInformInfo dump:\n");
        field(out, "gid", gid(i.gid()));
        field(out, "lid_range_begin", i.lidRangeBegin());
        field(out, "lid_range_end", i.lidRangeEnd());
        field(out, "is_generic", hex(i.generic() ? 1 : 0));
        field(out, "subscribe", hex(i.subscribe() ? 1 : 0));
        field(out, "trap_type", hex(i.type()));
        if (i.generic()) {
            field(out, "trap_num", i.trapNumber());
        } else {
            field(out, "dev_id", hex(i.trapNumber()));
        }
        field(out, "qpn", showKeys ? String.format("0x%06X", i.qpn()) : NOT_DISPLAYED);
        field(out, "resp_time_val", hex(i.respTimeValue()));
        field(out, i.generic() ? "node_type" : "vendor_id", String.format("0x%06X", i.producerType()));
    }

    private static void serviceRecord(StringBuilder out, ServiceRecord r, boolean showKeys) {
        byte[] data = r.serviceData().toByteArray();
        java.nio.ByteBuffer d = java.nio.ByteBuffer.wrap(data);
        out.append("ServiceRecord dump:\n");
        field(out, "ServiceID", String.format("0x%016x", r.serviceId()));
        field(out, "ServiceGID", gid(r.serviceGid()));
        field(out, "ServiceP_Key", hex(r.servicePKey()));
        field(out, "ServiceLease", hex(r.serviceLease()));
        // saquery -K prints the 16 bytes as 0x and 32 hex digits: Octets' own text after 0x.
        field(out, "ServiceKey", showKeys ? "0x" + r.serviceKey() : NOT_DISPLAYED);
        field(out, "ServiceName", r.serviceName());
        for (int i = 0; i < 16; i++) {
            field(out, "ServiceData8." + (i + 1), hex(Byte.toUnsignedInt(d.get(i))));
        }
        for (int i = 0; i < 8; i++) {
            field(out, "ServiceData16." + (i + 1), hex(Short.toUnsignedInt(d.getShort(16 + 2 * i))));
        }
        for (int i = 0; i < 4; i++) {
            field(out, "ServiceData32." + (i + 1), hex(Integer.toUnsignedLong(d.getInt(32 + 4 * i))));
        }
        for (int i = 0; i < 2; i++) {
            field(out, "ServiceData64." + (i + 1), String.format("0x%016x", d.getLong(48 + 8 * i)));
        }
    }

    /** saquery -c's SA ClassPortInfo, names dotted to column 27. */
    static String classPortInfo(ClassPortInfo c) {
        StringBuilder out = new StringBuilder("SA ClassPortInfo:\n");
        cpi(out, "Base version", Integer.toString(c.baseVersion()));
        cpi(out, "Class version", Integer.toString(c.classVersion()));
        cpi(out, "Capability mask", String.format("0x%04X", c.capabilityMask()));
        cpi(out, "Capability mask 2", String.format("0x%08X", c.capabilityMask2()));
        cpi(out, "Response time value", String.format("0x%02X", c.respTimeValue()));
        cpi(out, "Redirect GID", gid(c.redirectGid()));
        cpi(out, "Redirect TC/SL/FL", String.format("0x%08X",
                c.redirectTrafficClass() << 24 | c.redirectSl() << 20 | c.redirectFlowLabel()));
        cpi(out, "Redirect LID", Integer.toString(c.redirectLid()));
        cpi(out, "Redirect PKey", String.format("0x%04X", c.redirectPKey()));
        cpi(out, "Redirect QP", String.format("0x%08X", c.redirectQp()));
        cpi(out, "Redirect QKey", String.format("0x%08X", c.redirectQKey()));
        cpi(out, "Trap GID", gid(c.trapGid()));
        cpi(out, "Trap TC/SL/FL", String.format("0x%08X", c.trapTrafficClass() << 24 | c.trapSl() << 20 | c.trapFlowLabel()));
        cpi(out, "Trap LID", Integer.toString(c.trapLid()));
        cpi(out, "Trap PKey", String.format("0x%04X", c.trapPKey()));
        cpi(out, "Trap HL/QP", String.format("0x%08X", c.trapHopLimit() << 24 | c.trapQp()));
        cpi(out, "Trap QKey", String.format("0x%08X", c.trapQKey()));
        return out.toString();
    }

    private static void cpi(StringBuilder out, String name, String value) {
        out.append("\t\t").append(name).append(".".repeat(Math.max(0, 25 - name.length()))).append(value).append('\n');
    }

    /** saquery -g's line per group: its MGID, MLID, MTU and rate (each with its selector), P_Key and SL. */
    static String groupRecord(McMemberRecord m) {
        StringBuilder out = new StringBuilder("MCMemberRecord group dump:\n");
        field(out, "MGID", gid(m.mgid()));
        field(out, "Mlid", hex(m.mlid()));
        field(out, "Mtu", hex(m.mtuSelector() << 6 | m.mtu()));
        field(out, "pkey", hex(m.pKey()));
        field(out, "Rate", hex(m.rateSelector() << 6 | m.rate()));
        field(out, "SL", hex(m.sl()));
        return out.toString();
    }

    /** saquery MCMR's MCMember Record dump: a member as the SA holds it, selectors in the MTU, rate and life bytes. */
    static String memberRecord(McMemberRecord m) {
        StringBuilder out = new StringBuilder("MCMember Record dump:\n");
        field(out, "MGID", gid(m.mgid()));
        field(out, "PortGid", gid(m.portGid()));
        field(out, "qkey", lowerHex(m.qKey()));
        field(out, "mlid", lowerHex(m.mlid()));
        field(out, "mtu", lowerHex(m.mtuSelector() << 6 | m.mtu()));
        field(out, "TClass", lowerHex(m.trafficClass()));
        field(out, "pkey", lowerHex(m.pKey()));
        field(out, "rate", lowerHex(m.rateSelector() << 6 | m.rate()));
        field(out, "pkt_life", lowerHex(m.packetLifeTimeSelector() << 6 | m.packetLifeTime()));
        field(out, "SL", lowerHex(m.sl()));
        field(out, "FlowLabel", lowerHex(m.flowLabel()));
        field(out, "HopLimit", lowerHex(m.hopLimit()));
        field(out, "Scope", lowerHex(m.scope()));
        field(out, "JoinState", lowerHex(m.joinState()));
        field(out, "ProxyJoin", lowerHex(m.proxyJoin() ? 1 : 0));
        return out.toString();
    }

    /** saquery -s's short PortInfoRecord: where the port is and its SM and capabilities. */
    static String portInfoRecordShort(PortInfoRecord r) {
        StringBuilder out = new StringBuilder("PortInfoRecord dump:\n");
        field(out, "EndPortLid", r.endportLid());
        field(out, "PortNum", r.portNum());
        field(out, "base_lid", r.portInfo().lid());
        field(out, "master_sm_base_lid", r.portInfo().masterSmLid());
        field(out, "capability_mask", hex(r.portInfo().capabilityMask()));
        return out.toString();
    }

    private static void field(StringBuilder out, String name, long value) {
        field(out, name, Long.toString(value));
    }

    /** Two tabs, the name, dots to column 24, the value. */
    private static void field(StringBuilder out, String name, String value) {
        dotted(out, name, 24, value);
    }

    /** A line of a saquery dump: two tabs, the name dotted to {@code width} characters, the value. */
    private static void dotted(StringBuilder out, String name, int width, String value) {
        out.append("\t\t").append(name).append(".".repeat(Math.max(0, width - name.length()))).append(value).append('\n');
    }

    /** LinkRecord's lines are three dots wider. */
    private static void wide(StringBuilder out, String name, String value) {
        dotted(out, name, 27, value);
    }

    /** saquery's {@code 0x%x}, where most of its dumps print {@code 0x%X}. */
    private static String lowerHex(long value) {
        return "0x" + Long.toHexString(value);
    }

    private static String hex(long value) {
        return "0x" + Long.toHexString(value).toUpperCase(java.util.Locale.ROOT);
    }

    /** As glibc's inet_ntop writes an IPv6 address: the longest run of two or more zero groups as "::". */
    static String gid(Gid gid) {
        int[] words = new int[8];
        for (int i = 0; i < 4; i++) {
            words[i] = (int) (gid.prefix() >>> (48 - 16 * i)) & 0xFFFF;
            words[4 + i] = (int) (gid.guid() >>> (48 - 16 * i)) & 0xFFFF;
        }
        int bestBase = -1;
        int bestLen = 0;
        for (int i = 0; i < 8; ) {
            if (words[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && words[j] == 0) {
                j++;
            }
            if (j - i > bestLen) {
                bestBase = i;
                bestLen = j - i;
            }
            i = j;
        }
        if (bestLen < 2) {
            bestBase = -1;
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (bestBase >= 0 && i >= bestBase && i < bestBase + bestLen) {
                if (i == bestBase) {
                    text.append(':');
                }
                continue;
            }
            if (i > 0) {
                text.append(':');
            }
            // An IPv4-compatible or -mapped address ends in dotted decimal, as inet_ntop writes it.
            if (i == 6 && bestBase == 0 && (bestLen == 6 || bestLen == 5 && words[5] == 0xFFFF)) {
                text.append(words[6] >> 8).append('.').append(words[6] & 0xFF).append('.').append(words[7] >> 8)
                        .append('.').append(words[7] & 0xFF);
                return text.toString();
            }
            text.append(Integer.toHexString(words[i]));
        }
        if (bestBase >= 0 && bestBase + bestLen == 8) {
            text.append(':');
        }
        return text.toString();
    }
}
