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
import org.assertj.core.api.SoftAssertions;

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
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(ours.baseVersion()).as("BaseVers").isEqualTo(smpquery.number("BaseVers"));
        soft.assertThat(ours.classVersion()).as("ClassVers").isEqualTo(smpquery.number("ClassVers"));
        soft.assertThat(NODE_TYPES.get(ours.nodeType())).as("NodeType").isEqualTo(smpquery.field("NodeType"));
        soft.assertThat(ours.numPorts()).as("NumPorts").isEqualTo(smpquery.number("NumPorts"));
        soft.assertThat(ours.systemImageGuid()).as("SystemGuid").isEqualTo(smpquery.number("SystemGuid"));
        soft.assertThat(ours.nodeGuid()).as("Guid").isEqualTo(smpquery.number("Guid"));
        soft.assertThat(ours.portGuid()).as("PortGuid").isEqualTo(smpquery.number("PortGuid"));
        soft.assertThat(ours.partitionCap()).as("PartCap").isEqualTo(smpquery.number("PartCap"));
        soft.assertThat(ours.deviceId()).as("DevId").isEqualTo(smpquery.number("DevId"));
        soft.assertThat(ours.revision()).as("Revision").isEqualTo(smpquery.number("Revision"));
        soft.assertThat(ours.localPortNum()).as("LocalPort").isEqualTo(smpquery.number("LocalPort"));
        soft.assertThat(ours.vendorId()).as("VendorId").isEqualTo(smpquery.number("VendorId"));
        soft.assertAll();
    }

    /** {@code smpquery nodedesc}. */
    static void nodeDescription(String ours, DiagResult smpquery) {
        assertThat(ours).isEqualTo(smpquery.field("Node Description"));
    }

    /** {@code smpquery portinfo}: the fields that do not move while the subnet is up. */
    static void portInfo(PortInfo ours, DiagResult smpquery) {
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(ours.gidPrefix()).as("GidPrefix").isEqualTo(smpquery.number("GidPrefix"));
        soft.assertThat(ours.lid()).as("Lid").isEqualTo(smpquery.number("Lid"));
        soft.assertThat(ours.masterSmLid()).as("SMLid").isEqualTo(smpquery.number("SMLid"));
        soft.assertThat(ours.capabilityMask()).as("CapMask").isEqualTo(smpquery.number("CapMask"));
        soft.assertThat(ours.diagCode()).as("DiagCode").isEqualTo(smpquery.number("DiagCode"));
        soft.assertThat(ours.mKeyLeasePeriod()).as("MkeyLeasePeriod").isEqualTo(smpquery.number("MkeyLeasePeriod"));
        soft.assertThat(ours.localPortNum()).as("LocalPort").isEqualTo(smpquery.number("LocalPort"));
        soft.assertThat(LINK_STATES.get(ours.portState())).as("LinkState").isEqualTo(smpquery.field("LinkState"));
        soft.assertThat(PHYS_STATES.get(ours.portPhysicalState())).as("PhysLinkState")
                .isEqualTo(smpquery.field("PhysLinkState"));
        soft.assertThat(ours.lmc()).as("LMC").isEqualTo(smpquery.number("LMC"));
        soft.assertThat(ours.masterSmSl()).as("SMSL").isEqualTo(smpquery.number("SMSL"));
        soft.assertThat(ours.vlStallCount()).as("VLStallCount").isEqualTo(smpquery.number("VLStallCount"));
        soft.assertAll();
    }

    /** {@code saquery NR <lid>}. */
    static void nodeRecord(NodeRecord ours, DiagResult saquery) {
        NodeInfo n = ours.nodeInfo();
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(ours.lid()).as("lid").isEqualTo(saquery.number("lid"));
        soft.assertThat(n.baseVersion()).as("base_version").isEqualTo(saquery.number("base_version"));
        soft.assertThat(n.classVersion()).as("class_version").isEqualTo(saquery.number("class_version"));
        soft.assertThat(NODE_TYPES.get(n.nodeType())).as("node_type").isEqualTo(saquery.field("node_type"));
        soft.assertThat(n.numPorts()).as("num_ports").isEqualTo(saquery.number("num_ports"));
        soft.assertThat(n.systemImageGuid()).as("sys_guid").isEqualTo(saquery.number("sys_guid"));
        soft.assertThat(n.nodeGuid()).as("node_guid").isEqualTo(saquery.number("node_guid"));
        soft.assertThat(n.portGuid()).as("port_guid").isEqualTo(saquery.number("port_guid"));
        soft.assertThat(n.partitionCap()).as("partition_cap").isEqualTo(saquery.number("partition_cap"));
        soft.assertThat(n.deviceId()).as("device_id").isEqualTo(saquery.number("device_id"));
        soft.assertThat(n.revision()).as("revision").isEqualTo(saquery.number("revision"));
        soft.assertThat(n.localPortNum()).as("port_num").isEqualTo(saquery.number("port_num"));
        soft.assertThat(n.vendorId()).as("vendor_id").isEqualTo(saquery.number("vendor_id"));
        soft.assertThat(ours.nodeDescription().text()).as("NodeDescription").isEqualTo(saquery.field("NodeDescription"));
        soft.assertAll();
    }

    /** {@code saquery -p --slid s --dlid d}. */
    static void pathRecord(PathRecord ours, DiagResult saquery) {
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(ours.dgid()).as("dgid").isEqualTo(gid(saquery.field("dgid")));
        soft.assertThat(ours.sgid()).as("sgid").isEqualTo(gid(saquery.field("sgid")));
        soft.assertThat(ours.dlid()).as("dlid").isEqualTo(saquery.number("dlid"));
        soft.assertThat(ours.slid()).as("slid").isEqualTo(saquery.number("slid"));
        soft.assertThat(ours.trafficClass()).as("tclass").isEqualTo(saquery.number("tclass"));
        soft.assertThat((ours.reversible() ? 0x80 : 0) | ours.numbPath()).as("num_path_revers")
                .isEqualTo(saquery.number("num_path_revers"));
        soft.assertThat(ours.pKey()).as("pkey").isEqualTo(Long.parseLong(saquery.field("pkey").substring(2), 16));
        soft.assertThat(ours.qosClass()).as("qos_class").isEqualTo(saquery.number("qos_class"));
        soft.assertThat(ours.sl()).as("sl").isEqualTo(saquery.number("sl"));
        soft.assertThat(ours.mtuSelector() << 6 | ours.mtu()).as("mtu").isEqualTo(saquery.number("mtu"));
        soft.assertThat(ours.rateSelector() << 6 | ours.rate()).as("rate").isEqualTo(saquery.number("rate"));
        soft.assertThat(ours.packetLifeTimeSelector() << 6 | ours.packetLifeTime()).as("pkt_life")
                .isEqualTo(saquery.number("pkt_life"));
        soft.assertThat(ours.preference()).as("preference").isEqualTo(saquery.number("preference"));
        soft.assertAll();
    }

    /** {@code perfquery <lid> <port>}: error counters exactly; traffic counters only grow in between. */
    static void portCounters(PortCounters ours, DiagResult perfquery) {
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(ours.portSelect()).as("PortSelect").isEqualTo(perfquery.number("PortSelect"));
        soft.assertThat(ours.symbolErrorCounter()).as("SymbolErrorCounter")
                .isEqualTo(perfquery.number("SymbolErrorCounter"));
        soft.assertThat(ours.linkErrorRecoveryCounter()).as("LinkErrorRecoveryCounter")
                .isEqualTo(perfquery.number("LinkErrorRecoveryCounter"));
        soft.assertThat(ours.linkDownedCounter()).as("LinkDownedCounter").isEqualTo(perfquery.number("LinkDownedCounter"));
        soft.assertThat(ours.portRcvErrors()).as("PortRcvErrors").isEqualTo(perfquery.number("PortRcvErrors"));
        soft.assertThat(ours.portRcvRemotePhysicalErrors()).as("PortRcvRemotePhysicalErrors")
                .isEqualTo(perfquery.number("PortRcvRemotePhysicalErrors"));
        soft.assertThat(ours.portRcvSwitchRelayErrors()).as("PortRcvSwitchRelayErrors")
                .isEqualTo(perfquery.number("PortRcvSwitchRelayErrors"));
        soft.assertThat(ours.portXmitDiscards()).as("PortXmitDiscards").isEqualTo(perfquery.number("PortXmitDiscards"));
        soft.assertThat(ours.portXmitConstraintErrors()).as("PortXmitConstraintErrors")
                .isEqualTo(perfquery.number("PortXmitConstraintErrors"));
        soft.assertThat(ours.portRcvConstraintErrors()).as("PortRcvConstraintErrors")
                .isEqualTo(perfquery.number("PortRcvConstraintErrors"));
        soft.assertThat(ours.localLinkIntegrityErrors()).as("LocalLinkIntegrityErrors")
                .isEqualTo(perfquery.number("LocalLinkIntegrityErrors"));
        soft.assertThat(ours.excessiveBufferOverrunErrors()).as("ExcessiveBufferOverrunErrors")
                .isEqualTo(perfquery.number("ExcessiveBufferOverrunErrors"));
        soft.assertThat(ours.vl15Dropped()).as("VL15Dropped").isEqualTo(perfquery.number("VL15Dropped"));
        soft.assertThat(ours.portXmitWait()).as("PortXmitWait").isEqualTo(perfquery.number("PortXmitWait"));
        soft.assertThat(ours.portXmitPkts()).as("PortXmitPkts").isLessThanOrEqualTo(perfquery.number("PortXmitPkts"));
        soft.assertThat(ours.portRcvPkts()).as("PortRcvPkts").isLessThanOrEqualTo(perfquery.number("PortRcvPkts"));
        soft.assertThat(ours.portXmitData()).as("PortXmitData").isLessThanOrEqualTo(perfquery.number("PortXmitData"));
        soft.assertThat(ours.portRcvData()).as("PortRcvData").isLessThanOrEqualTo(perfquery.number("PortRcvData"));
        soft.assertAll();
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
