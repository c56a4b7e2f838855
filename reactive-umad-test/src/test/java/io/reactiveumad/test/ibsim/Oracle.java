package io.reactiveumad.test.ibsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PathRecord;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import java.util.LinkedHashMap;

/**
 * Compares what our MADs decoded to with what infiniband-diags printed for the same query. Field names
 * are the tools' own; enumerations are compared by the tools' text.
 */
final class Oracle {
    private static final Map<Integer, String> NODE_TYPES = Map.of(NodeInfo.TYPE_CHANNEL_ADAPTER, "Channel Adapter",
            NodeInfo.TYPE_SWITCH, "Switch", NodeInfo.TYPE_ROUTER, "Router");
    private static final Map<Integer, String> LINK_STATES = Map.of(PortInfo.STATE_DOWN, "Down",
            PortInfo.STATE_INIT, "Initialize", PortInfo.STATE_ARMED, "Armed", PortInfo.STATE_ACTIVE, "Active");
    private static final Map<Integer, String> PHYS_STATES = Map.of(PortInfo.PHYS_SLEEP, "Sleep",
            PortInfo.PHYS_POLLING, "Polling", PortInfo.PHYS_DISABLED, "Disabled", PortInfo.PHYS_LINK_UP, "LinkUp",
            PortInfo.PHYS_LINK_ERROR_RECOVERY, "LinkErrorRecovery");

    private Oracle() {
    }

    /** {@code smpquery nodeinfo}. */
    static void nodeInfo(NodeInfo ours, DiagResult smpquery) {
        Comparison c = new Comparison();
        c.put("BaseVers", ours.baseVersion(), smpquery.number("BaseVers"));
        c.put("ClassVers", ours.classVersion(), smpquery.number("ClassVers"));
        c.put("NodeType", NODE_TYPES.get(ours.nodeType()), smpquery.field("NodeType"));
        c.put("NumPorts", ours.numPorts(), smpquery.number("NumPorts"));
        c.put("SystemGuid", ours.systemImageGuid(), smpquery.number("SystemGuid"));
        c.put("Guid", ours.nodeGuid(), smpquery.number("Guid"));
        c.put("PortGuid", ours.portGuid(), smpquery.number("PortGuid"));
        c.put("PartCap", ours.partitionCap(), smpquery.number("PartCap"));
        c.put("DevId", ours.deviceId(), smpquery.number("DevId"));
        c.put("Revision", ours.revision(), smpquery.number("Revision"));
        c.put("LocalPort", ours.localPortNum(), smpquery.number("LocalPort"));
        c.put("VendorId", ours.vendorId(), smpquery.number("VendorId"));
        c.check("smpquery nodeinfo");
    }

    /** {@code smpquery nodedesc}. */
    static void nodeDescription(String ours, DiagResult smpquery) {
        assertThat(ours).isEqualTo(smpquery.field("Node Description"));
    }

    /** {@code smpquery portinfo}: the fields that do not move while the subnet is up. */
    static void portInfo(PortInfo ours, DiagResult smpquery) {
        Comparison c = new Comparison();
        c.put("GidPrefix", ours.gidPrefix(), smpquery.number("GidPrefix"));
        c.put("Lid", ours.lid(), smpquery.number("Lid"));
        c.put("SMLid", ours.masterSmLid(), smpquery.number("SMLid"));
        c.put("CapMask", ours.capabilityMask(), smpquery.number("CapMask"));
        c.put("DiagCode", ours.diagCode(), smpquery.number("DiagCode"));
        c.put("MkeyLeasePeriod", ours.mKeyLeasePeriod(), smpquery.number("MkeyLeasePeriod"));
        c.put("LocalPort", ours.localPortNum(), smpquery.number("LocalPort"));
        c.put("LinkState", LINK_STATES.get(ours.portState()), smpquery.field("LinkState"));
        c.put("PhysLinkState", PHYS_STATES.get(ours.portPhysicalState()), smpquery.field("PhysLinkState"));
        c.put("LMC", ours.lmc(), smpquery.number("LMC"));
        c.put("SMSL", ours.masterSmSl(), smpquery.number("SMSL"));
        c.put("VLStallCount", ours.vlStallCount(), smpquery.number("VLStallCount"));
        c.check("smpquery portinfo");
    }

    /** {@code saquery NR <lid>}. */
    static void nodeRecord(NodeRecord ours, DiagResult saquery) {
        NodeInfo n = ours.nodeInfo();
        Comparison c = new Comparison();
        c.put("lid", ours.lid(), saquery.number("lid"));
        c.put("base_version", n.baseVersion(), saquery.number("base_version"));
        c.put("class_version", n.classVersion(), saquery.number("class_version"));
        c.put("node_type", NODE_TYPES.get(n.nodeType()), saquery.field("node_type"));
        c.put("num_ports", n.numPorts(), saquery.number("num_ports"));
        c.put("sys_guid", n.systemImageGuid(), saquery.number("sys_guid"));
        c.put("node_guid", n.nodeGuid(), saquery.number("node_guid"));
        c.put("port_guid", n.portGuid(), saquery.number("port_guid"));
        c.put("partition_cap", n.partitionCap(), saquery.number("partition_cap"));
        c.put("device_id", n.deviceId(), saquery.number("device_id"));
        c.put("revision", n.revision(), saquery.number("revision"));
        c.put("port_num", n.localPortNum(), saquery.number("port_num"));
        c.put("vendor_id", n.vendorId(), saquery.number("vendor_id"));
        c.put("NodeDescription", ours.nodeDescription().text(), saquery.field("NodeDescription"));
        c.check("saquery NR");
    }

    /** {@code saquery -p --slid s --dlid d}. */
    static void pathRecord(PathRecord ours, DiagResult saquery) {
        Comparison c = new Comparison();
        c.put("dgid", ours.dgid(), gid(saquery.field("dgid")));
        c.put("sgid", ours.sgid(), gid(saquery.field("sgid")));
        c.put("dlid", ours.dlid(), saquery.number("dlid"));
        c.put("slid", ours.slid(), saquery.number("slid"));
        c.put("tclass", ours.trafficClass(), saquery.number("tclass"));
        c.put("num_path_revers", (ours.reversible() ? 0x80 : 0) | ours.numbPath(), saquery.number("num_path_revers"));
        c.put("pkey", ours.pKey(), Long.parseLong(saquery.field("pkey").substring(2), 16));
        c.put("qos_class", ours.qosClass(), saquery.number("qos_class"));
        c.put("sl", ours.sl(), saquery.number("sl"));
        c.put("mtu", ours.mtuSelector() << 6 | ours.mtu(), saquery.number("mtu"));
        c.put("rate", ours.rateSelector() << 6 | ours.rate(), saquery.number("rate"));
        c.put("pkt_life", ours.packetLifeTimeSelector() << 6 | ours.packetLifeTime(), saquery.number("pkt_life"));
        c.put("preference", ours.preference(), saquery.number("preference"));
        c.check("saquery -p");
    }

    /** {@code perfquery <lid> <port>}: error counters exactly; traffic counters only grow in between. */
    static void portCounters(PortCounters ours, DiagResult perfquery) {
        Comparison c = new Comparison();
        c.put("PortSelect", ours.portSelect(), perfquery.number("PortSelect"));
        c.put("SymbolErrorCounter", ours.symbolErrorCounter(), perfquery.number("SymbolErrorCounter"));
        c.put("LinkErrorRecoveryCounter", ours.linkErrorRecoveryCounter(), perfquery.number("LinkErrorRecoveryCounter"));
        c.put("LinkDownedCounter", ours.linkDownedCounter(), perfquery.number("LinkDownedCounter"));
        c.put("PortRcvErrors", ours.portRcvErrors(), perfquery.number("PortRcvErrors"));
        c.put("PortRcvRemotePhysicalErrors", ours.portRcvRemotePhysicalErrors(), perfquery.number("PortRcvRemotePhysicalErrors"));
        c.put("PortRcvSwitchRelayErrors", ours.portRcvSwitchRelayErrors(), perfquery.number("PortRcvSwitchRelayErrors"));
        c.put("PortXmitDiscards", ours.portXmitDiscards(), perfquery.number("PortXmitDiscards"));
        c.put("PortXmitConstraintErrors", ours.portXmitConstraintErrors(), perfquery.number("PortXmitConstraintErrors"));
        c.put("PortRcvConstraintErrors", ours.portRcvConstraintErrors(), perfquery.number("PortRcvConstraintErrors"));
        c.put("LocalLinkIntegrityErrors", ours.localLinkIntegrityErrors(), perfquery.number("LocalLinkIntegrityErrors"));
        c.put("ExcessiveBufferOverrunErrors", ours.excessiveBufferOverrunErrors(), perfquery.number("ExcessiveBufferOverrunErrors"));
        c.put("VL15Dropped", ours.vl15Dropped(), perfquery.number("VL15Dropped"));
        c.put("PortXmitWait", ours.portXmitWait(), perfquery.number("PortXmitWait"));
        c.atMost("PortXmitPkts", ours.portXmitPkts(), perfquery.number("PortXmitPkts"));
        c.atMost("PortRcvPkts", ours.portRcvPkts(), perfquery.number("PortRcvPkts"));
        c.atMost("PortXmitData", ours.portXmitData(), perfquery.number("PortXmitData"));
        c.atMost("PortRcvData", ours.portRcvData(), perfquery.number("PortRcvData"));
        c.check("perfquery");
    }

    /** Our values and the tool's, side by side, so one failure shows every field that differs. */
    private static final class Comparison {
        private final Map<String, Object> ours = new LinkedHashMap<>();
        private final Map<String, Object> theirs = new LinkedHashMap<>();

        void put(String field, Object our, Object their) {
            ours.put(field, normalize(our));
            theirs.put(field, normalize(their));
        }

        /** A counter that may only have grown between our query and the tool's. */
        void atMost(String field, long our, long their) {
            put(field, our <= their ? "<= " + their : our, "<= " + their);
        }

        void check(String tool) {
            assertThat(ours).as("ours vs %s", tool).isEqualTo(theirs);
        }

        private static Object normalize(Object value) {
            return value instanceof Number n && !(value instanceof Double) ? (Object) n.longValue() : value;
        }
    }

    /** saquery prints GIDs in IPv6 notation ({@code fe80::10:a}). */
    static Gid gid(String text) {
        try {
            return Gid.of(InetAddress.getByName(text).getAddress());
        } catch (UnknownHostException e) {
            throw new AssertionError("not a GID: " + text, e);
        }
    }
}
