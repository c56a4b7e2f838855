package io.reactiveumad.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.attr.MlnxExtPortInfo;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.topology.DiscoveredTopology;
import io.reactiveumad.test.topology.LinkSpeed;
import io.reactiveumad.test.topology.LinkWidth;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * FDR10 on the embedded fabric: two Mellanox SwitchX switches (device 0xc738) joined at FDR10 and at QDR, a
 * ConnectX-3 (0x1003) at FDR10 and an older Mellanox adapter (0x6282, which the tools never ask) at QDR, the local
 * ConnectX-3 at FDR. The discovery asks MlnxExtPortInfo of exactly the ports libibnetdisc asks (a device it takes to
 * answer, LinkUp, QDR with no extended speed), the scan's replay sends those SMPs too, and ibnetdiscover's text
 * says FDR10 where they answered it. With MLX_EPI off nothing is asked and the FDR10 links read QDR.
 * (The tools' own text on such a fabric: MellanoxDirectorIbsimTest in examples.)
 */
class MlnxExtPortInfoDiscoveryTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final int MELLANOX = 0x2c9;

    private VirtualTimeScheduler time;
    private EmbeddedFabric embedded;
    private MadPort port;

    private static Topology mellanox() {
        return Topology.builder()
                .switchNode("sx1", 8).ids("sx1", MELLANOX, 0xc738)
                .switchNode("sx2", 8).ids("sx2", MELLANOX, 0xc738)
                .ca("local", 1).ids("local", MELLANOX, 0x1003)
                .ca("cx3", 1).ids("cx3", MELLANOX, 0x1003)
                .ca("old", 1).ids("old", MELLANOX, 0x6282)
                .link("sx1", 1, "sx2", 1, LinkWidth.X4, LinkSpeed.FDR10)
                .link("sx1", 2, "sx2", 2, LinkWidth.X4, LinkSpeed.QDR)
                .link("local", 1, "sx1", 3, LinkWidth.X4, LinkSpeed.FDR)
                .link("cx3", 1, "sx2", 3, LinkWidth.X4, LinkSpeed.FDR10)
                .link("old", 1, "sx2", 4, LinkWidth.X4, LinkSpeed.QDR)
                .build();
    }

    private DiscoveredFabric discover(DiscoveryOptions options) {
        time = VirtualTimeScheduler.create();
        embedded = EmbeddedFabric.builder(mellanox()).scheduler(time).build();
        port = Umad.open(embedded.transport(), embedded.port("local", 1), new PortOptions(time)).block(WAIT);
        return FabricDiscovery.discover(port, options).block(WAIT);
    }

    @AfterEach
    void close() {
        port.dispose();
        embedded.close();
        time.dispose();
    }

    private DiscoveredNode node(DiscoveredFabric fabric, String id) {
        return fabric.node(embedded.topology().requireNode(id).nodeGuid()).orElseThrow();
    }

    @Test
    void asksTheMellanoxPortsThatMayBeFdr10AndTheTextSaysFdr10() {
        DiscoveredFabric fabric = discover(DiscoveryOptions.defaults());

        assertThat(node(fabric, "sx1").mlnxExtPorts()).as("its FDR10 and QDR ports, not the FDR one nor port 0 (SDR)")
                .containsOnlyKeys(1, 2);
        assertThat(node(fabric, "sx1").mlnxExtPort(1)).map(MlnxExtPortInfo::linkSpeedActive).contains(MlnxExtPortInfo.FDR10);
        assertThat(node(fabric, "sx1").mlnxExtPort(2)).map(MlnxExtPortInfo::linkSpeedActive).contains(0);
        assertThat(node(fabric, "sx2").mlnxExtPorts()).containsOnlyKeys(1, 2, 3, 4);
        assertThat(node(fabric, "cx3").mlnxExtPorts()).containsOnlyKeys(1);
        assertThat(node(fabric, "old").mlnxExtPorts()).as("a device the tools do not ask").isEmpty();
        assertThat(node(fabric, "local").mlnxExtPorts()).as("at FDR").isEmpty();

        LibibnetdiscScan scan = LibibnetdiscScan.fromLocalPort(fabric, 0);
        int asked = fabric.nodes().stream().mapToInt(n -> n.mlnxExtPorts().size()).sum();
        assertThat(asked).as("sx1's 1, 2; sx2's 1, 2, 3, 4 (old's peer too); cx3's").isEqualTo(7);
        assertThat(scan.smps()).as("the replay sends them too").isEqualTo(smpsWithout(fabric) + asked);
        assertThat(scan.found().nodes()).extracting(DiscoveredNode::guid)
                .containsExactlyElementsOf(fabric.nodes().stream().map(DiscoveredNode::guid).toList());

        String text = DiscoveredTopology.toIbnetdiscover(fabric);
        assertThat(text).contains("\"cx3\" lid", "4xFDR10\n", "4xQDR\n", "4xFDR\n");
        assertThat(text.lines().filter(l -> l.endsWith("4xFDR10"))).as("both ends of both FDR10 links").hasSize(4);
    }

    @Test
    void withMlxEpiOffNothingIsAskedAndFdr10ReadsAsQdr() {
        DiscoveredFabric fabric = discover(DiscoveryOptions.defaults().withMlnxExtPortInfo(false));

        assertThat(fabric.nodes()).allSatisfy(n -> assertThat(n.mlnxExtPorts()).isEmpty());
        assertThat(LibibnetdiscScan.fromLocalPort(fabric, 0).smps()).isEqualTo(smpsWithout(fabric));
        assertThat(DiscoveredTopology.toIbnetdiscover(fabric)).doesNotContain("FDR10").contains("4xQDR\n");
    }

    /** The SMPs the tools' scan sends on {@code fabric} as if no MlnxExtPortInfo had been asked. */
    private static int smpsWithout(DiscoveredFabric fabric) {
        DiscoveredFabric without = new DiscoveredFabric(fabric.nodes().stream().map(n -> new DiscoveredNode(n.nodeInfo(),
                n.description(), n.switchInfo(), n.ports(), n.portGuids(), n.path())).toList(), fabric.links(),
                fabric.fromNodeGuid(), fabric.fromPort(), fabric.smpsSent(), fabric.problems());
        return LibibnetdiscScan.fromLocalPort(without, 0).smps();
    }
}
