package io.reactiveumad.test.ibsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.SmpHeader;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.poll.Errors;
import io.reactiveumad.spi.channel.PortAttributes;
import io.reactiveumad.poll.ibsim.IbsimVendor;
import io.reactiveumad.test.topology.Link;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The oracle tests, run against every topology: our raw MADs through an {@code IbsimChannel} and the
 * infiniband-diags tools, both attached to the same node of the same ibsim + OpenSM fabric, must
 * report the same. Subclasses bring the fabric (started once per class) and the node.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class OracleContract {
    private ChannelProbe probe;
    private int smp;
    private int directed;
    private int sa;
    private int perf;
    private PortAttributes self;
    private List<Integer> lids;

    abstract IbsimFabric fabric();

    /** Where our channel and the diag tools attach (not OpenSM's node: that one receives the SM's requests). */
    abstract String node();

    /** How many LIDs each test walks; big fabrics sample this many, spread over the LID range. */
    int lidSample() {
        return Integer.MAX_VALUE;
    }

    @BeforeAll
    void openProbe() {
        probe = new ChannelProbe(fabric(), node());
        smp = probe.client(MgmtClass.SUBN_LID_ROUTED, Requests.SMP_VERSION);
        directed = probe.client(MgmtClass.SUBN_DIRECTED_ROUTE, Requests.SMP_VERSION);
        sa = probe.client(MgmtClass.SUBN_ADM, Requests.SA_VERSION);
        perf = probe.client(MgmtClass.PERF, Requests.PERF_VERSION);
        self = probe.port();
        List<Integer> all = fabric().lidsByPortGuid().values().stream().sorted().toList();
        int n = Math.min(lidSample(), all.size());
        lids = IntStream.range(0, n).mapToObj(i -> all.get(i * all.size() / n)).distinct().toList();
        // Every test below loops over these: empty, each would pass having compared nothing.
        assertThat(all).as("LIDs OpenSM assigned (guid2lid)").contains(self.lid()).hasSizeGreaterThan(1);
        assertThat(lids).as("LIDs the tests walk").hasSizeGreaterThan(1);
    }

    @AfterAll
    void closeProbe() {
        if (probe != null) {
            probe.close();
        }
    }

    @Test
    void portAttributesFromTheControlCallsMatchTheSubnet() {
        assertThat(self.device()).isEqualTo(node());
        assertThat(self.isActive()).isTrue();
        assertThat(fabric().lidsByPortGuid()).containsEntry(self.gids().get(0).guid(), self.lid());
        DiagResult portInfo = diag("smpquery", "portinfo", Integer.toString(self.lid()), Integer.toString(self.port()));
        assertThat(self.smLid()).isEqualTo(portInfo.number("SMLid"));
        assertThat(self.lmc()).isEqualTo(portInfo.number("LMC"));
        assertThat(self.gids().get(0).prefix()).isEqualTo(portInfo.number("GidPrefix"));
        DiagResult nodeInfo = diag("smpquery", "nodeinfo", Integer.toString(self.lid()));
        assertThat(self.nodeGuid()).isEqualTo(nodeInfo.number("Guid"));
        assertThat(self.gids().get(0).guid()).isEqualTo(nodeInfo.number("PortGuid"));
        IbsimVendor vendor = probe.channel().vendor();
        assertThat(vendor.vendorId()).isEqualTo(nodeInfo.number("VendorId"));
        assertThat(vendor.vendorPartId()).isEqualTo(nodeInfo.number("DevId"));
        assertThat(vendor.hardwareVersion()).isEqualTo(nodeInfo.number("Revision"));
    }

    @Test
    void lidRoutedNodeInfoAndNodeDescriptionMatchSmpquery() {
        for (int lid : lids) {
            Oracle.nodeInfo(nodeInfo(lid), diag("smpquery", "nodeinfo", Integer.toString(lid)));
            byte[] desc = probe.request(smp, MadAddress.smp(lid), Requests.smpGet(NodeDescription.ATTRIBUTE_ID, 0));
            Oracle.nodeDescription(NodeDescription.decode(ByteBuffer.wrap(desc), SmpHeader.DATA_OFFSET).text(),
                    diag("smpquery", "nodedesc", Integer.toString(lid)));
        }
    }

    @Test
    void lidRoutedPortInfoMatchesSmpquery() {
        for (int lid : lids) {
            NodeInfo node = nodeInfo(lid);
            int port = node.isSwitch() ? 0 : node.localPortNum();
            byte[] response = probe.request(smp, MadAddress.smp(lid), Requests.smpGet(PortInfo.ATTRIBUTE_ID, port));
            Oracle.portInfo(PortInfo.decode(ByteBuffer.wrap(response), SmpHeader.DATA_OFFSET),
                    diag("smpquery", "portinfo", Integer.toString(lid), Integer.toString(port)));
        }
    }

    @Test
    void directedRouteNodeInfoAndNodeDescriptionMatchSmpquery() {
        for (int[] path : directedPaths()) {
            String dr = IntStream.concat(IntStream.of(0), IntStream.of(path)).mapToObj(Integer::toString)
                    .collect(Collectors.joining(","));
            byte[] info = probe.request(directed, MadAddress.smp(MadAddress.PERMISSIVE_LID),
                    Requests.drSmpGet(NodeInfo.ATTRIBUTE_ID, 0, path));
            assertThat(new MadHeader().wrap(info).status() & 0x7FFF).as("status of DR NodeInfo via %s", dr).isZero();
            Oracle.nodeInfo(NodeInfo.decode(ByteBuffer.wrap(info), SmpHeader.DATA_OFFSET),
                    diag("smpquery", "-D", "nodeinfo", dr));
            byte[] desc = probe.request(directed, MadAddress.smp(MadAddress.PERMISSIVE_LID),
                    Requests.drSmpGet(NodeDescription.ATTRIBUTE_ID, 0, path));
            Oracle.nodeDescription(NodeDescription.decode(ByteBuffer.wrap(desc), SmpHeader.DATA_OFFSET).text(),
                    diag("smpquery", "-D", "nodedesc", dr));
        }
    }

    /** The local node, the neighbour behind our port, and everything cabled to that neighbour. */
    private List<int[]> directedPaths() {
        List<int[]> paths = new ArrayList<>(List.of(new int[0], new int[] {self.port()}));
        fabric().topology().remote(node(), self.port()).ifPresent(neighbour -> {
            for (Link link : fabric().topology().links()) {
                for (Link.End end : List.of(link.a(), link.b())) {
                    if (end.node().equals(neighbour.node()) && end.port() != neighbour.port()) {
                        paths.add(new int[] {self.port(), end.port()});
                    }
                }
            }
        });
        return paths;
    }

    @Test
    void saNodeRecordMatchesSaquery() {
        for (int lid : lids) {
            NodeRecord template = new NodeRecord(lid, new NodeInfo(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                    new NodeDescription(""));
            byte[] response = saGet(NodeRecord.ATTRIBUTE_ID, NodeRecord.Component.LID, template);
            Oracle.nodeRecord(NodeRecord.decode(ByteBuffer.wrap(response), SaHeader.DATA_OFFSET),
                    diag("saquery", "NR", Integer.toString(lid)));
        }
    }

    @Test
    void saPathRecordMatchesSaquery() {
        for (int lid : lids) {
            PathRecord template = new PathRecord(0, io.reactiveumad.mad.Gid.ZERO, io.reactiveumad.mad.Gid.ZERO, lid,
                    self.lid(), false, 0, 0, 0, false, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
            byte[] response = saGet(PathRecord.ATTRIBUTE_ID, PathRecord.Component.SLID | PathRecord.Component.DLID,
                    template);
            Oracle.pathRecord(PathRecord.decode(ByteBuffer.wrap(response), SaHeader.DATA_OFFSET),
                    diag("saquery", "-p", "--slid", Integer.toString(self.lid()), "--dlid", Integer.toString(lid)));
        }
    }

    @Test
    void portCountersAfterPerformanceSetMatchPerfquery() {
        Link.End neighbour = fabric().topology().remote(node(), self.port())
                .orElseThrow(() -> new AssertionError(node() + " port " + self.port() + " is not cabled"));
        byte[] info = probe.request(directed, MadAddress.smp(MadAddress.PERMISSIVE_LID),
                Requests.drSmpGet(NodeInfo.ATTRIBUTE_ID, 0, self.port()));
        long neighbourPortGuid = NodeInfo.decode(ByteBuffer.wrap(info), SmpHeader.DATA_OFFSET).portGuid();
        int lid = fabric().lidsByPortGuid().get(neighbourPortGuid);
        int port = neighbour.port();
        fabric().performanceSet(neighbour.node(), port, "PortCounters.SymbolErrorCounter", 7);
        fabric().performanceSet(neighbour.node(), port, "PortCounters.LinkDownedCounter", 3);
        fabric().performanceSet(neighbour.node(), port, "PortCounters.PortRcvErrors", 11);
        fabric().performanceSet(neighbour.node(), port, "PortCounters.PortXmitDiscards", 5);
        fabric().performanceSet(neighbour.node(), port, "PortCounters.VL15Dropped", 9);

        byte[] response = probe.request(perf, MadAddress.gsi(lid), Requests.portCountersGet(port));
        assertThat(new MadHeader().wrap(response).status()).isZero();
        PortCounters ours = PortCounters.decode(ByteBuffer.wrap(response), MgmtClass.DEVICE_DATA_OFFSET);
        assertThat(ours.symbolErrorCounter()).isEqualTo(7);
        assertThat(ours.linkDownedCounter()).isEqualTo(3);
        assertThat(ours.vl15Dropped()).isEqualTo(9);
        Oracle.portCounters(ours, diag("perfquery", Integer.toString(lid), Integer.toString(port)));
    }

    private NodeInfo nodeInfo(int lid) {
        byte[] response = probe.request(smp, MadAddress.smp(lid), Requests.smpGet(NodeInfo.ATTRIBUTE_ID, 0));
        assertThat(new MadHeader().wrap(response).status()).as("status of NodeInfo from LID %d", lid).isZero();
        return NodeInfo.decode(ByteBuffer.wrap(response), SmpHeader.DATA_OFFSET);
    }

    private byte[] saGet(int attributeId, long componentMask, io.reactiveumad.mad.MadAttribute template) {
        byte[] response = probe.request(sa, MadAddress.gsi(self.smLid()),
                Requests.saGet(attributeId, componentMask, template));
        assertThat(new MadHeader().wrap(response).status()).as("SA status").isZero();
        return response;
    }

    /**
     * Runs the oracle. A tool that gave up waiting (exit status ETIMEDOUT: OpenSM busy sweeping on a
     * loaded machine) is run once more; any other failure, or a second timeout, fails the test.
     */
    private DiagResult diag(String tool, String... args) {
        DiagResult result = fabric().diag(node(), tool, args);
        if (result.exitCode() == Errors.ETIMEDOUT) {
            result = fabric().diag(node(), tool, args);
        }
        return result.requireSuccess();
    }
}
