package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.Umad;
import io.reactiveumad.client.Multicast;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.sa.LinkRecord;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.mad.sa.PortInfoRecord;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.Partitions;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.topology.Link;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.Topology;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/**
 * One partitions.conf, given to OpenSM under ibsim ({@code -P}) and to the embedded fabric of the same net
 * ({@link EmbeddedFabric.Builder#partitions}): the same P_Key tables in every port (the CAs', the switches' port 0, the
 * switch ports cabled to CAs), the same IPoIB broadcast groups, the same paths between hosts in the partitions they
 * share. The file has what a partitions.conf has: the default partition with full and limited members, defmember,
 * both, a P_Key written with its membership bit, partitions in an order that is not OpenSM's, IPoIB groups with their
 * own rate, MTU, Q_Key and scopes, abbreviated flags.
 */
class PartitionsAsOpenSmTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Path NET = DiagsOracle.resource("topologies/random-643.net");
    private static final String SM_HOST = "h1";
    private static final String REQUESTER = "h3";
    private static final List<String> HOSTS = List.of("h2", "h3", "h4", "h5", "h6", "h7", "h8");
    /**
     * PortInfoRecords (68 bytes, 72 with their padding) that fit the first MAD of a table, all OpenSM sends under
     * umad2sim (which does no RMPP): the rest of a switch's are not compared.
     */
    private static final int RECORDS_IN_ONE_MAD = 2;
    /** LinkRecords (6 bytes, 8 with their padding) in the first MAD of a table. */
    private static final int LINK_RECORDS_IN_ONE_MAD = 25;
    /** Hosts in other partitions than the requester's, for what the SA shows each. */
    private static final List<String> VIEWERS = List.of("h6", "h7", "h2");

    private static String partitions(Topology net) {
        Function<String, String> guid = host -> String.format("0x%x", net.requireNode(host).portGuid(1));
        return "# partitions of random-643.net\n"
                + "Default=0x7fff, ipoib : ALL_SWITCHES=full, SELF=full, ALL_CAS=limited, " + guid.apply("h3") + "=full,\n"
                + "    " + guid.apply("h4") + "=full ;\n"
                + "Storage=0x0102, ipoib, rate=7, mtu=5, defmember=full : " + guid.apply("h3") + ", " + guid.apply("h5")
                + ", " + guid.apply("h6") + "=limited ;\n"
                + "Mixed=0x0002 : ALL_CAS, " + guid.apply("h5") + "=both, ALL_ROUTERS=full ; "
                + "Three=0x8003, ip, scope=5, scope=2, Q_Key=0x1234, rat=6 : ALL_SWITCHES=full, " + guid.apply("h7")
                + "=f, " + guid.apply("h8") + " ;\n"
                + "Gone=0x0004, ipoib : 0x1234 ;   # a port no fabric here has: no partition, no group\n";
    }

    @Test
    void theEmbeddedSmMakesThePartitionsOpenSmMakes() {
        Topology net = Topology.parse(NET);
        String config = partitions(net);
        Answers theirs;
        Map<String, Map<String, String>> theirViews = new TreeMap<>();
        try (IbsimFabric opensm = IbsimFabric.builder().netFile(NET).smNode(SM_HOST).partitions(config).start()) {
            Map<Long, Integer> lids = opensm.lidsByPortGuid();
            theirs = answers(net, Umad.open(opensm.transport(REQUESTER)).block(WAIT), guid -> lids.getOrDefault(guid, 0));
            for (String host : VIEWERS) {
                theirViews.put(host, view(net, Umad.open(opensm.transport(host)).block(WAIT),
                        guid -> lids.getOrDefault(guid, 0)));
            }
        }
        Answers ours;
        Map<String, Map<String, String>> ourViews = new TreeMap<>();
        try (EmbeddedFabric embedded = EmbeddedFabric.builder(net).sm(SM_HOST, 1).partitions(Partitions.parse(config))
                .build()) {
            ours = answers(net, Umad.open(embedded.transport(), embedded.port(REQUESTER, 1)).block(WAIT),
                    guid -> lidOf(embedded, net, guid));
            for (String host : VIEWERS) {
                ourViews.put(host, view(net, Umad.open(embedded.transport(), embedded.port(host, 1)).block(WAIT),
                        guid -> lidOf(embedded, net, guid)));
            }
        }
        // h5: a limited member of the default partition, "both" (full) in Mixed, defmember=full in Storage; its keys
        // in OpenSM's order of partitions, 0x0002 before 0x0102.
        assertThat(theirs.pKeys()).as("OpenSM's tables").containsEntry("h5/1", List.of(0x7fff, 0x8002, 0x8102));
        assertThat(ours.pKeys()).isEqualTo(theirs.pKeys());
        assertThat(theirs.groups()).as("OpenSM's MLIDs: Gone's partition and group deleted")
                .containsEntry("created ff15:1234:0000:0000:0000:0000:0000:0077", "MLID 0xc003 P_Key 0xffff");
        assertThat(ours.groups()).isEqualTo(theirs.groups());
        // Three's group at link-local scope whatever scopes it names: OpenSM gives those to mgid= groups alone.
        assertThat(theirViews.get("h7")).as("OpenSM's groups as h7 sees them").containsEntry(
                "ff12:401b:8003:0000:0000:0000:ffff:ffff",
                "[MLID 0xc002 Q_Key 0x1234 P_Key 0x8003 MTU 4 rate 6 SL 0 scope 2 TClass 0 FlowLabel 0]")
                .containsEntry("ff15:401b:8003:0000:0000:0000:ffff:ffff", "[]");
        assertThat(ourViews).isEqualTo(theirViews);
        assertThat(ours.paths()).isEqualTo(theirs.paths());
    }

    /** Each port's P_Keys (block 0, zeros left out), by node and port; each broadcast group's values; host pairs' paths. */
    private record Answers(Map<String, List<Integer>> pKeys, Map<String, String> groups, Map<String, String> paths) {
    }

    private static Answers answers(Topology net, MadPort port, ToIntFunction<Long> lidOf) {
        SmpClient smp = SmpClient.of(port);
        // Without the SM_Key: a trusted requester naming no PortGID gets a record per member, and nobody joined.
        SaClient sa = SaClient.of(port);
        try {
            Map<String, List<Integer>> pKeys = new TreeMap<>();
            for (Node node : net.nodes()) {
                int lid = lidOf.applyAsInt(node.portGuid(node.isSwitch() ? 0 : 1));
                if (lid == 0) {
                    continue; // a router OpenSM ignores (node GUID 0)
                }
                List<Integer> ports = new ArrayList<>();
                if (node.isSwitch()) {
                    ports.add(0);
                    for (Link l : net.links()) {
                        Link.End mine = l.a().node().equals(node.id()) ? l.a() : l.b().node().equals(node.id()) ? l.b()
                                : null;
                        if (mine != null && !net.requireNode(l.other(mine).node()).isSwitch()) {
                            ports.add(mine.port());
                        }
                    }
                } else {
                    ports.add(1);
                }
                for (int p : ports) {
                    int at = node.isSwitch() ? lid : lidOf.applyAsInt(node.portGuid(p));
                    PKeyTable table = smp.pKeyTable(SmpRoute.lid(at), p, 0).block(WAIT);
                    pKeys.put(node.id() + "/" + p, table.pKeys().stream().filter(k -> k != 0).toList());
                }
            }
            Map<String, String> groups = groups(sa);
            // A group the requester creates gets the lowest MLID the partitions' groups left (none for Gone's).
            Gid created = new Gid(0xff15_1234_0000_0000L, 0x77);
            Multicast mc = Multicast.over(sa);
            McMemberRecord joined = mc.creation(created, port.attributes().gids().get(0), McMemberRecord.JOIN_FULL_MEMBER)
                    .flatMap(r -> mc.join(r, McMemberRecord.Component.CREATE)).block(WAIT);
            groups.put("created " + created, String.format("MLID 0x%x P_Key 0x%x", joined.mlid(), joined.pKey()));
            Map<String, String> paths = paths(net, sa, lidOf);
            return new Answers(pKeys, groups, paths);
        } finally {
            sa.dispose();
            smp.dispose();
            port.dispose();
        }
    }

    /** The paths between every two hosts, as {@code sa}'s requester is shown them. */
    private static Map<String, String> paths(Topology net, SaClient sa, ToIntFunction<Long> lidOf) {
        Map<String, String> paths = new TreeMap<>();
        for (String from : HOSTS) {
            for (String to : HOSTS) {
                int slid = lidOf.applyAsInt(net.requireNode(from).portGuid(1));
                int dlid = lidOf.applyAsInt(net.requireNode(to).portGuid(1));
                PathRecord query = new PathRecord(0, Gid.ZERO, Gid.ZERO, dlid, slid, false, 0, 0, 0, false, 0, 0, 0, 0,
                        0, 0, 0, 0, 0, 0, 0);
                paths.put(from + "->" + to, sa.getTable(SaClient.PATH_RECORD, query,
                                PathRecord.Component.SLID | PathRecord.Component.DLID)
                        .map(r -> String.format("P_Key 0x%x MTU %d rate %d", r.pKey(), r.mtu(), r.rate()))
                        .collectList().block(WAIT).toString());
            }
        }
        return paths;
    }

    /**
     * What the SA shows {@code port}'s requester: the broadcast groups, each node's NodeRecords and PortInfoRecords
     * by LID, the paths between the hosts.
     */
    private static Map<String, String> view(Topology net, MadPort port, ToIntFunction<Long> lidOf) {
        SaClient sa = SaClient.of(port);
        try {
            Map<String, String> view = new TreeMap<>(groups(sa));
            NodeRecord noNode = NodeRecord.decode(ByteBuffer.allocate(NodeRecord.SIZE), 0);
            PortInfoRecord noPort = PortInfoRecord.decode(ByteBuffer.allocate(PortInfoRecord.SIZE), 0);
            for (Node node : net.nodes()) {
                int lid = lidOf.applyAsInt(node.portGuid(node.isSwitch() ? 0 : 1));
                if (lid == 0) {
                    continue;
                }
                view.put(node.id() + " NodeRecords", sa.getTable(SaClient.NODE_RECORD, new NodeRecord(lid,
                                noNode.nodeInfo(), noNode.nodeDescription()), NodeRecord.Component.LID)
                        .map(r -> String.format("0x%x", r.nodeInfo().portGuid())).collectList().block(WAIT).toString());
                // By a NodeInfo field: its device, then another.
                for (int device : new int[] {node.deviceId(), node.deviceId() + 1}) {
                    NodeInfo asked = new NodeInfo(0, 0, 0, 0, 0, 0, 0, 0, device, 0, 0, 0);
                    view.put(node.id() + " NodeRecords of device " + (device == node.deviceId() ? "its" : "another"),
                            sa.getTable(SaClient.NODE_RECORD, new NodeRecord(lid, asked, noNode.nodeDescription()),
                                    NodeRecord.Component.LID | NodeRecord.Component.DEVICE_ID)
                                    .map(r -> String.format("0x%x", r.nodeInfo().portGuid())).collectList().block(WAIT)
                                    .toString());
                }
                // LinkRecords from its LID (8 bytes each: 25 fit the first MAD), between ports both it and the
                // requester share a partition with.
                view.put(node.id() + " LinkRecords", sa.getTable(SaClient.LINK_RECORD, new LinkRecord(lid, 0, 0, 0),
                                LinkRecord.Component.FROM_LID).take(LINK_RECORDS_IN_ONE_MAD)
                        .map(r -> r.fromPort() + ">" + r.toLid() + "/" + r.toPort()).collectList().block(WAIT).toString());
                view.put(node.id() + " PortInfoRecords", sa.getTable(SaClient.PORT_INFO_RECORD, new PortInfoRecord(lid,
                                0, 0, noPort.portInfo()), PortInfoRecord.Component.ENDPORT_LID)
                        .take(RECORDS_IN_ONE_MAD).map(r -> Integer.toString(r.portNum())).collectList().block(WAIT)
                        .toString());
                // By PortInfo fields too: its ports that say its LID, those that are down (a switch's uncabled ones);
                // the PortInfo's LID alone, the record's left 0, finds nothing at OpenSM.
                PortInfo withLid = noPort.portInfo().toBuilder().lid(lid).build();
                PortInfo down = noPort.portInfo().toBuilder().portState(PortInfo.STATE_DOWN).build();
                for (var query : List.of(
                        Map.entry("PortInfo:LID", new PortInfoRecord(lid, 0, 0, withLid)),
                        Map.entry("PortInfo:LID alone", new PortInfoRecord(0, 0, 0, withLid)),
                        Map.entry("PortInfo:PortState Down", new PortInfoRecord(lid, 0, 0, down)))) {
                    long mask = query.getKey().endsWith("alone") ? PortInfoRecord.Component.LID
                            : PortInfoRecord.Component.ENDPORT_LID | (query.getKey().endsWith("Down")
                                    ? PortInfoRecord.Component.PORT_STATE : PortInfoRecord.Component.LID);
                    view.put(node.id() + " PortInfoRecords by " + query.getKey(), sa.getTable(SaClient.PORT_INFO_RECORD,
                                    query.getValue(), mask).take(RECORDS_IN_ONE_MAD)
                            .map(r -> r.endportLid() + "/" + r.portNum()).collectList().block(WAIT).toString());
                }
            }
            view.put("all LinkRecords", sa.getTable(SaClient.LINK_RECORD).take(LINK_RECORDS_IN_ONE_MAD)
                    .map(r -> r.fromLid() + "/" + r.fromPort() + ">" + r.toLid() + "/" + r.toPort()).collectList()
                    .block(WAIT).toString());
            view.putAll(paths(net, sa, lidOf));
            return view;
        } finally {
            sa.dispose();
            port.dispose();
        }
    }

    /** The IPoIB broadcast groups looked for, each as {@code sa}'s requester is shown it (nothing, outside its partition). */
    private static Map<String, String> groups(SaClient sa) {
        Map<String, String> groups = new TreeMap<>();
        // IPoIB broadcast groups: the scope and the P_Key (with its membership bit) of each one looked for.
        for (int[] group : new int[][] {{2, 0xffff}, {2, 0x8102}, {2, 0x8002}, {2, 0x8003}, {5, 0x8003},
            {2, 0x8004}}) {
            Gid mgid = new Gid(0xff10_401b_0000_0000L | (long) group[0] << 48 | (long) group[1] << 16,
                    0x0000_0000_ffff_ffffL);
            McMemberRecord query = new McMemberRecord(mgid, Gid.ZERO, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                    false);
            groups.put(mgid.toString(), sa.getTable(SaClient.MC_MEMBER_RECORD, query, McMemberRecord.Component.MGID)
                    .map(r -> String.format("MLID 0x%x Q_Key 0x%x P_Key 0x%x MTU %d rate %d SL %d scope %d "
                            + "TClass %d FlowLabel %d", r.mlid(), r.qKey(), r.pKey(), r.mtu(), r.rate(), r.sl(),
                            r.scope(), r.trafficClass(), r.flowLabel()))
                    .collectList().block(WAIT).toString());
        }
        return groups;
    }

    private static int lidOf(EmbeddedFabric fabric, Topology net, long guid) {
        for (Node node : net.nodes()) {
            for (int p = 0; p <= node.portCount(); p++) {
                if ((p > 0 || node.isSwitch()) && node.portGuid(p) == guid) {
                    return fabric.lid(node.id(), p);
                }
            }
        }
        return 0;
    }
}
