package io.reactiveumad.test.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.discovery.FabricDiscovery;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.InVirtualTime;
import io.reactiveumad.test.MadMatch;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * Directed-route discovery over the wire of the embedded fabric, in virtual time: the discovered
 * topology is the fabric's own (same nodes by GUID, same cables, rates and LIDs), with parallel links,
 * loops and 5 % SMP loss in both directions.
 */
class FabricDiscoveryTest {
    private static final Duration STEP = Duration.ofMillis(50);
    private static final int MAX_STEPS = 20_000;

    private final VirtualTimeScheduler time = VirtualTimeScheduler.create();
    private EmbeddedFabric fabric;
    private MadPort port;

    @AfterEach
    void close() {
        if (port != null) {
            port.dispose();
        }
        if (fabric != null) {
            fabric.close();
        }
        time.dispose();
    }

    private DiscoveredFabric discover(Topology topology, String from, DiscoveryOptions options) {
        return discover(topology, from, options, 0);
    }

    /** Discovers from {@code from}'s port 1, dropping {@code loss} of the directed-route SMPs at every delivery. */
    private DiscoveredFabric discover(Topology topology, String from, DiscoveryOptions options, double loss) {
        fabric = EmbeddedFabric.builder(topology).scheduler(time).build();
        if (loss > 0) {
            fabric.faults().seed(42).drop(loss, MadMatch.any().mgmtClass(0x81));
        }
        port = Umad.open(fabric.transport(), fabric.port(from, 1), new PortOptions(time)).block(Duration.ofSeconds(10));
        return InVirtualTime.result(FabricDiscovery.discover(port, options), time, STEP, MAX_STEPS);
    }

    /** Nodes by GUID with what ibnetdiscover shows of them, and LIDs as the fabric's SM assigned them. */
    private Set<String> nodes(Topology t, boolean assignedLids) {
        return t.nodes().stream().map(n -> String.format("%s %x %s %d %x lid %d", n.type(), n.nodeGuid(), n.description(),
                n.portCount(), n.addressablePort(n.isSwitch() ? 0 : 1).guid(),
                assignedLids ? fabric.lid(n.id(), n.isSwitch() ? 0 : 1) : n.addressablePort(n.isSwitch() ? 0 : 1).lid()))
                .collect(Collectors.toSet());
    }

    private static Set<String> links(Topology t) {
        return t.links().stream().map(l -> {
            long a = t.requireNode(l.a().node()).nodeGuid();
            long b = t.requireNode(l.b().node()).nodeGuid();
            String ea = String.format("%x[%d]", a, l.a().port());
            String eb = String.format("%x[%d]", b, l.b().port());
            return (ea.compareTo(eb) < 0 ? ea + "-" + eb : eb + "-" + ea) + " " + l.width().text() + l.speed();
        }).collect(Collectors.toSet());
    }

    private void assertIsTheFabric(DiscoveredFabric found, Topology expected) {
        Topology discovered = DiscoveredTopology.of(found);
        assertThat(found.complete()).as("problems: %s", found.problems()).isTrue();
        assertThat(nodes(discovered, false)).isEqualTo(nodes(expected, true));
        assertThat(links(discovered)).isEqualTo(links(expected));
    }

    @Test
    void findsTheDefaultFabricWithItsParallelInterSwitchLinks() {
        Topology topology = Topology.defaultTopology();
        DiscoveredFabric found = discover(topology, "host3", DiscoveryOptions.defaults());
        assertIsTheFabric(found, topology);
        assertThat(found.fromNodeGuid()).isEqualTo(topology.requireNode("host3").nodeGuid());
        String text = DiscoveredTopology.toIbnetdiscover(found);
        assertThat(text).contains(String.format("# Initiated from node %016x port %016x",
                topology.requireNode("host3").nodeGuid(), topology.requireNode("host3").portGuid(1)));
        assertThat(Topology.parse(text).links()).hasSize(topology.links().size());
    }

    @Test
    void findsAFatTreeWithLoopsUnderFivePercentLossBothWays() {
        Topology fatTree = FatTree.generate(6, 4, 5);
        DiscoveredFabric found = discover(fatTree, "host-1", DiscoveryOptions.defaults().withOutstanding(16), 0.05);
        assertIsTheFabric(found, fatTree);
        assertThat(fabric.faults().dropped()).as("SMPs were lost and resent").isPositive();
    }

    @Test
    void twoOnTheWireFindsWhatManyFind() {
        Topology fatTree = FatTree.generate(3, 2, 2);
        assertIsTheFabric(discover(fatTree, "host-4", DiscoveryOptions.defaults().withOutstanding(2)), fatTree);
    }
}
