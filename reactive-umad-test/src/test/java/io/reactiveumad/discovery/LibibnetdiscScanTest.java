package io.reactiveumad.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * libibnetdisc's scan replayed over the embedded default fabric (sw1 and sw2 joined by two cables, two hosts on
 * each), discovered from host2: whole, it finds the nodes in the discovery's own order; with a hop limit its one
 * counter lets exactly one NodeInfo past the limit; from a host named by port GUID (reached by LID) it goes
 * nowhere. (The scans equal iblinkinfo's on ibsim fabrics: DiagsOnARingIbsimTest in examples.)
 */
class LibibnetdiscScanTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    VirtualTimeScheduler time;
    EmbeddedFabric embedded;
    MadPort port;
    DiscoveredFabric fabric;

    @BeforeEach
    void discover() {
        time = VirtualTimeScheduler.create();
        embedded = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(time).build();
        port = Umad.open(embedded.transport(), embedded.port("host2", 1), new PortOptions(time)).block(WAIT);
        fabric = FabricDiscovery.discover(port, DiscoveryOptions.defaults()).block(WAIT);
    }

    @AfterEach
    void close() {
        port.dispose();
        embedded.close();
        time.dispose();
    }

    private static List<String> names(DiscoveredFabric f) {
        return f.nodes().stream().map(n -> n.description().split(" ")[0]).toList();
    }

    @Test
    void theWholeScanFindsTheNodesInTheDiscoverysOrderWithEveryLink() {
        LibibnetdiscScan whole = LibibnetdiscScan.fromLocalPort(fabric, 0);
        assertThat(names(whole.found())).isEqualTo(names(fabric)).hasSize(6);
        assertThat(whole.found().links()).hasSameSizeAs(fabric.links()).hasSize(6);
        // NodeInfo 8 (the start, then one per linked-up port followed: sw2 twice from sw1, sw1 once back from sw2),
        // NodeDescription 6, SwitchInfo 2, PortInfo 9 per switch (port 0 and 8 ports) and 1 per host.
        assertThat(whole.smps()).isEqualTo(8 + 6 + 2 + 9 + 9 + 4);
    }

    @Test
    void oneHopFromTheLocalPortLetsOneNodeInfoPastTheLimit() {
        LibibnetdiscScan scan = LibibnetdiscScan.fromLocalPort(fabric, 1);
        DiscoveredFabric found = scan.found();
        // host2, then sw1 (hop 1); sw1's first port out raises the count to 2 and still goes: host1. Then no more.
        assertThat(names(found)).containsExactly("host2", "sw1", "host1");
        assertThat(scan.hopsReached()).isEqualTo(2);
        assertThat(found.links()).extracting(l -> String.join("-", new java.util.TreeSet<>(List.of(
                names(found, l.nodeGuidA()) + ":" + l.portA(), names(found, l.nodeGuidB()) + ":" + l.portB()))))
                .containsExactlyInAnyOrder("host1:1-sw1:1", "host2:1-sw1:2");
        assertThat(found.node(embedded.topology().requireNode("sw1").nodeGuid()).orElseThrow().ports())
                .as("a switch's ports are all read").containsKeys(1, 2, 3, 7, 8);
    }

    @Test
    void aHostNamedByPortGuidIsReachedByLidAndGoesNowhere() {
        long host3 = embedded.topology().requireNode("host3").portGuid(1);
        LibibnetdiscScan scan = LibibnetdiscScan.fromPortGuid(fabric, host3, 1);
        assertThat(names(scan.found())).containsExactly("host3");
        assertThat(scan.found().links()).isEmpty();
        assertThat(scan.smps()).as("NodeInfo, NodeDescription, PortInfo").isEqualTo(3);
        assertThat(names(LibibnetdiscScan.fromRoute(fabric, SmpRoute.directed(1, 5), 1).found()))
                .as("a route that leads nowhere").isEmpty();
        assertThatThrownBy(() -> LibibnetdiscScan.fromLocalPort(fabric, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxHops");
    }

    private static String names(DiscoveredFabric f, long guid) {
        return f.node(guid).orElseThrow().description().split(" ")[0];
    }
}
