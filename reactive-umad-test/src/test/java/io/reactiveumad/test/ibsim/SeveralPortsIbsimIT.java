package io.reactiveumad.test.ibsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.IbsimTransport;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Umad;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Flux;

/**
 * Two simulated nodes (devices) from one JVM through one transport: each has its own event loop, both
 * work at once and get their own answers, and one going away (its port closed, its loop with it) leaves
 * the other working on its own loop. Fails (never skips) without ibsim/OpenSM when
 * {@code umad.requirePeers=true}.
 */
class SeveralPortsIbsimIT {
    private static final Duration WITHIN = Duration.ofSeconds(30);

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(0));

    @Test
    void twoNodesHaveIndependentLoopsAndOneLeavingDoesNotDisturbTheOther() {
        IbsimFabric fabric = FABRIC.fabric();
        IbsimTransport sim = fabric.transport("host2");
        MadPort two = Umad.open(sim, new PortSpec("host2", 1)).block(WITHIN);
        MadPort three = Umad.open(sim, new PortSpec("host3", 1)).block(WITHIN);
        SmpClient fromTwo = SmpClient.of(two);
        SmpClient fromThree = SmpClient.of(three);
        assertThat(loops(fabric)).as("one event loop per simulated node").hasSize(2);

        List<Long> guids = Flux.range(0, 40)
                .flatMap(i -> i % 2 == 0
                        ? fromTwo.nodeInfo(SmpRoute.lid(three.attributes().lid())).map(NodeInfo::nodeGuid)
                        : fromThree.nodeInfo(SmpRoute.lid(two.attributes().lid())).map(NodeInfo::nodeGuid), 8)
                .collectList().block(WITHIN);
        long host2 = Topology.defaultTopology().requireNode("host2").nodeGuid();
        long host3 = Topology.defaultTopology().requireNode("host3").nodeGuid();
        assertThat(guids).hasSize(40).containsOnly(host2, host3);
        assertThat(guids.stream().filter(g -> g == host2)).hasSize(20);

        fromTwo.dispose();
        two.dispose();
        await().atMost(WITHIN).untilAsserted(() -> assertThat(loops(fabric)).as("host2's loop ended with its port").hasSize(1));
        int sm = three.attributes().smLid();
        assertThat(Flux.range(0, 20).flatMap(i -> fromThree.nodeInfo(SmpRoute.lid(sm)), 4).count().block(WITHIN))
                .isEqualTo(20);

        fromThree.dispose();
        three.dispose();
        await().atMost(WITHIN).untilAsserted(() -> assertThat(loops(fabric)).isEmpty());
    }

    /**
     * A switch is a node too: asked for its first port, ibsim attaches to its port 0 (its management port), and the
     * opened port says so, as its attributes and the SMPs it sends do; that spec opens it again. Port 0 of a CA is
     * refused, and leaves no loop behind.
     */
    @Test
    void aSwitchNodeOpensAsItsPortZero() {
        IbsimFabric fabric = FABRIC.fabric();
        IbsimTransport sim = fabric.transport("sw1");
        MadPort sw = Umad.open(sim, new PortSpec("sw1", 1)).block(WITHIN);
        try {
            assertThat(sw.spec()).isEqualTo(new PortSpec("sw1", 0));
            assertThat(sw.attributes().port()).isZero();
            SmpClient smp = SmpClient.of(sw);
            assertThat(smp.nodeInfo(SmpRoute.directed()).block(WITHIN).isSwitch()).isTrue();
            smp.dispose();
        } finally {
            sw.dispose();
        }
        MadPort again = Umad.open(sim, sw.spec()).block(WITHIN);
        assertThat(again.spec()).isEqualTo(sw.spec());
        again.dispose();

        assertThatThrownBy(() -> Umad.open(sim, new PortSpec("host2", 0)).block(WITHIN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("host2:0")
                .hasMessageContaining("not a switch");
        await().atMost(WITHIN).untilAsserted(() -> assertThat(loops(fabric)).isEmpty());
    }

    /** The live event-loop threads of this fabric's simulator. */
    private static List<String> loops(IbsimFabric fabric) {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("umad-loop-ibsim-" + fabric.socketName())).toList();
    }
}
