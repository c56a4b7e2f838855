package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.poll.LoopThread;
import io.reactiveumad.test.ibsim.DiagResult;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Mono;

/**
 * SmpClient, PerfClient and SaClient against ibsim + OpenSM, with smpquery, perfquery and saquery (run
 * on the same node through umad2sim) as the oracle. Fails without the peers under
 * {@code -Dumad.requirePeers=true}, skips otherwise.
 */
class ClientsOracleIT {
    static final String SM_NODE = "host1";
    static final String ME = "host2";
    static final Duration WAIT = Duration.ofSeconds(20);
    static final RequestOptions PATIENT = RequestOptions.defaults().withTimeout(Duration.ofSeconds(2));

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode(SM_NODE));

    static MadPort port;

    @BeforeAll
    static void open() {
        IbsimFabric fabric = FABRIC.fabric();
        port = Umad.open(fabric.transport(ME), new PortSpec(ME, 1)).block(WAIT);
    }

    @AfterAll
    static void close() {
        if (port != null) {
            port.dispose();
        }
    }

    static IbsimFabric fabric() {
        return FABRIC.fabric();
    }

    /** Some other CA's LID, as OpenSM assigned it. */
    static int lidOf(String node) {
        DiagResult info = fabric().diag(node, "smpquery", "-D", "portinfo", "0").requireSuccess();
        return (int) info.number("Lid");
    }

    /**
     * A port opened with the defaults answers on its event loop thread (no hand-off per answer), and
     * {@code block()} there fails at once, as on Reactor's own non-blocking threads, instead of stalling the port.
     */
    @Test
    void answersArriveOnTheLoopThreadWhereBlockFailsAtOnce() {
        SmpClient smp = SmpClient.of(port).withOptions(PATIENT);
        Thread answeredOn = smp.nodeInfo(SmpRoute.directed()).map(info -> Thread.currentThread()).block(WAIT);
        assertThat(answeredOn).isInstanceOf(LoopThread.class);
        assertThatThrownBy(() -> smp.nodeInfo(SmpRoute.directed())
                .map(info -> Mono.delay(Duration.ofMillis(1)).block())
                .block(WAIT))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("block()/blockFirst()/blockLast() are blocking")
                .hasMessageContaining(answeredOn.getName());
        assertThat(smp.nodeInfo(SmpRoute.directed()).block(WAIT)).as("the port still answers").isNotNull();
        smp.dispose();
    }

    @Test
    void nodeInfoEqualsSmpquery() {
        int lid = lidOf("host3");
        DiagResult oracle = fabric().diag(ME, "smpquery", "nodeinfo", Integer.toString(lid)).requireSuccess();
        SmpClient smp = SmpClient.of(port).withOptions(PATIENT);
        NodeInfo ours = smp.nodeInfo(SmpRoute.lid(lid)).block(WAIT);
        assertThat(ours.nodeGuid()).isEqualTo(oracle.number("Guid"));
        assertThat(ours.portGuid()).isEqualTo(oracle.number("PortGuid"));
        assertThat(ours.systemImageGuid()).isEqualTo(oracle.number("SystemGuid"));
        assertThat(ours.numPorts()).isEqualTo(oracle.number("NumPorts"));
        assertThat(ours.deviceId()).isEqualTo(oracle.number("DevId"));
        assertThat(ours.vendorId()).isEqualTo(oracle.number("VendorId"));
        assertThat(ours.localPortNum()).isEqualTo(oracle.number("LocalPort"));
        assertThat(smp.nodeInfo(SmpRoute.directed(1, 7, 1)).block(WAIT)).isEqualTo(ours);
        smp.dispose();
    }

    @Test
    void portInfoEqualsSmpquery() {
        DiagResult oracle = fabric().diag(ME, "smpquery", "-D", "portinfo", "0,1", "2").requireSuccess();
        SmpClient smp = SmpClient.of(port).withOptions(PATIENT);
        PortInfo ours = smp.portInfo(SmpRoute.directed(1), 2).block(WAIT);
        assertThat(ours.lid()).isEqualTo(oracle.number("Lid"));
        assertThat(ours.masterSmLid()).isEqualTo(oracle.number("SMLid"));
        assertThat(ours.capabilityMask()).isEqualTo(oracle.number("CapMask"));
        assertThat(ours.localPortNum()).isEqualTo(oracle.number("LocalPort"));
        smp.dispose();
    }

    @Test
    void portCountersEqualPerfquery() {
        int lid = lidOf("host3");
        fabric().performanceSet("host3", 1, "PortCounters.SymbolErrorCounter", 11);
        fabric().performanceSet("host3", 1, "PortCounters.LinkDownedCounter", 3);
        DiagResult oracle = fabric().diag(ME, "perfquery", Integer.toString(lid), "1").requireSuccess();
        PerfClient perf = PerfClient.of(port).withOptions(PATIENT);
        PortCounters ours = perf.portCounters(lid, 1).block(WAIT);
        assertThat(ours.symbolErrorCounter()).isEqualTo(oracle.number("SymbolErrorCounter")).isEqualTo(11);
        assertThat(ours.linkDownedCounter()).isEqualTo(oracle.number("LinkDownedCounter")).isEqualTo(3);
        assertThat(ours.portRcvErrors()).isEqualTo(oracle.number("PortRcvErrors"));
        perf.dispose();
    }

    @Test
    void nodeRecordEqualsSaquery() {
        int lid = lidOf("host3");
        DiagResult oracle = fabric().diag(ME, "saquery", "NodeRecord", Integer.toString(lid)).requireSuccess();
        SaClient sa = SaClient.of(port).withOptions(PATIENT);
        NodeRecord template = new NodeRecord(lid, SmpClientFixtures.anyNodeInfo(), SmpClientFixtures.noDescription());
        NodeRecord ours = sa.get(SaClient.NODE_RECORD, template, NodeRecord.Component.LID).block(WAIT);
        assertThat(ours).isNotNull();
        assertThat(ours.lid()).isEqualTo(lid);
        assertThat(ours.nodeInfo().nodeGuid()).isEqualTo(oracle.number("node_guid"));
        assertThat(ours.nodeInfo().portGuid()).isEqualTo(oracle.number("port_guid"));
        assertThat(ours.nodeInfo().systemImageGuid()).isEqualTo(oracle.number("sys_guid"));
        assertThat(ours.nodeInfo().revision()).isEqualTo(oracle.number("revision"));
        assertThat(ours.nodeInfo().partitionCap()).isEqualTo(oracle.number("partition_cap"));
        assertThat(ours.nodeDescription().text()).isEqualTo(oracle.field("NodeDescription"));
        sa.dispose();
    }
}
