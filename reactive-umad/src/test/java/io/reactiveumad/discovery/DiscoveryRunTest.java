package io.reactiveumad.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.LibraryLog;
import io.reactiveumad.client.AttributeType;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * The walk itself, against a graph that answers SMPs by hand: the test decides when (and in which
 * order) answers arrive, so it sees how many SMPs are on the wire and that arrival order does not matter.
 * The wire, retries and loss are covered end to end on the embedded fabric.
 */
class DiscoveryRunTest {
    private static final long S1 = 0x200000, S2 = 0x200001, S3 = 0x200002;
    private static final long H1 = 0x100000, H2 = 0x100010, H3 = 0x100020;

    /** s1=s2 doubled, s1-s3, s2-s3 (a loop), h1 (local) on s1, h2 on s2, two-port h3 on s2 and s3. */
    private static Graph fabric() {
        return new Graph()
                .node(S1, NodeInfo.TYPE_SWITCH, 8).node(S2, NodeInfo.TYPE_SWITCH, 8).node(S3, NodeInfo.TYPE_SWITCH, 8)
                .node(H1, NodeInfo.TYPE_CHANNEL_ADAPTER, 1).node(H2, NodeInfo.TYPE_CHANNEL_ADAPTER, 1)
                .node(H3, NodeInfo.TYPE_CHANNEL_ADAPTER, 2)
                .link(S1, 1, S2, 1).link(S1, 2, S2, 2).link(S1, 3, S3, 1).link(S2, 3, S3, 2)
                .link(H1, 1, S1, 5).link(H2, 1, S2, 5).link(H3, 1, S2, 6).link(H3, 2, S3, 6);
    }

    private static final Set<DiscoveredLink> LINKS = Set.of(new DiscoveredLink(S1, 1, S2, 1), new DiscoveredLink(S1, 2, S2, 2),
            new DiscoveredLink(S1, 3, S3, 1), new DiscoveredLink(S2, 3, S3, 2), new DiscoveredLink(H1, 1, S1, 5),
            new DiscoveredLink(H2, 1, S2, 5), new DiscoveredLink(H3, 1, S2, 6), new DiscoveredLink(H3, 2, S3, 6));

    @Test
    void findsEveryNodeOnceAndEveryLinkOfALoopWithParallelLinks() {
        Graph graph = fabric();
        DiscoveredFabric found = graph.run(32, new Random(1));

        assertThat(found.nodes()).extracting(DiscoveredNode::guid).containsExactlyInAnyOrder(S1, S2, S3, H1, H2, H3);
        assertThat(Set.copyOf(found.links())).isEqualTo(LINKS);
        assertThat(found.fromNodeGuid()).isEqualTo(H1);
        assertThat(found.fromPort()).isEqualTo(1);
        assertThat(found.complete()).isTrue();
        DiscoveredNode s2 = found.node(S2).orElseThrow();
        assertThat(s2.description()).isEqualTo("node 200001");
        assertThat(s2.switchInfo()).isNotNull();
        assertThat(s2.ports().keySet()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8);
        DiscoveredNode h3 = found.node(H3).orElseThrow();
        assertThat(h3.portGuids()).containsEntry(1, H3 + 1).containsEntry(2, H3 + 2);
        assertThat(h3.ports().keySet()).containsExactly(1, 2);
    }

    @Test
    void keepsAtMostTheAskedNumberOfSmpsOnTheWireAndUsesThem() {
        Graph graph = fabric();
        graph.run(4, new Random(2));
        assertThat(graph.maxOnTheWire).isEqualTo(4);

        Graph two = fabric();
        DiscoveredFabric found = two.run(2, new Random(3));
        assertThat(two.maxOnTheWire).isEqualTo(2);
        assertThat(Set.copyOf(found.links())).isEqualTo(LINKS);
    }

    @Test
    void sameResultWhateverOrderAnswersArriveIn() {
        for (int seed = 0; seed < 20; seed++) {
            DiscoveredFabric found = fabric().run(16, new Random(seed));
            assertThat(Set.copyOf(found.links())).as("seed %d", seed).isEqualTo(LINKS);
            assertThat(found.nodes()).as("seed %d", seed).hasSize(6);
        }
    }

    @Test
    void anSmpThatFailsForGoodIsReportedAndTheRestIsStillFound() {
        Graph graph = fabric();
        graph.fails = q -> q.type == SmpClient.PORT_INFO && q.target == S3 && q.modifier == 6;
        DiscoveredFabric found = graph.run(8, new Random(4));

        assertThat(found.complete()).isFalse();
        assertThat(found.problems()).singleElement().asString().contains("PortInfo port 6");
        assertThat(found.nodes()).hasSize(6);
        // Only s3 could have followed that cable: h3 is a CA, which directed routes do not cross.
        assertThat(Set.copyOf(found.links())).isEqualTo(LINKS.stream()
                .filter(l -> !l.equals(new DiscoveredLink(H3, 2, S3, 6))).collect(Collectors.toSet()));
    }

    @Test
    void aFabricDeeperThanADirectedRouteReachesIsFoundTo63HopsAndSaysSo() throws Exception {
        // h1 on the first of 65 switches in a line: a directed route (at most 63 hops) reaches the 63rd switch.
        Graph chain = new Graph().node(H1, NodeInfo.TYPE_CHANNEL_ADAPTER, 1);
        for (int i = 0; i < 65; i++) {
            chain.node(S1 + i, NodeInfo.TYPE_SWITCH, 4);
            if (i > 0) {
                chain.link(S1 + i - 1, 2, S1 + i, 1);
            }
        }
        chain.link(H1, 1, S1, 3);
        DiscoveredFabric[] run = new DiscoveredFabric[1];
        String log = LibraryLog.during(() -> run[0] = chain.run(16, new Random(6)));
        DiscoveredFabric found = run[0];

        assertThat(found.nodes()).hasSize(1 + 63);
        assertThat(found.node(S1 + 62)).isPresent();
        assertThat(found.node(S1 + 63)).isEmpty();
        assertThat(found.complete()).as("every SMP sent was answered").isTrue();
        assertThat(log.lines().filter(l -> l.contains("WARN"))).singleElement().asString()
                .contains("1 LinkUp port(s) 63 hops away were not followed")
                .contains(String.format("port 2 of node 0x%016x", S1 + 62));
    }

    @Test
    void aLocalPortThatDoesNotAnswerFailsTheDiscovery() {
        Graph graph = fabric();
        graph.fails = q -> true;
        Mono<DiscoveredFabric> discovery = FabricDiscovery.discover(graph, DiscoveryOptions.defaults());
        List<Throwable> errors = new ArrayList<>();
        discovery.subscribe(f -> { }, errors::add);
        graph.drain(new Random(5));
        assertThat(errors).singleElement().isInstanceOf(MadTimeoutException.class);
    }

    /** A fabric that answers directed-route Gets when the test releases them. */
    private static final class Graph implements DirectedRouteGet {
        record Node(long guid, int type, int ports) {
        }

        record End(long guid, int port) {
        }

        record Pending(AttributeType<?> type, long target, long modifier, Sinks.One<Object> answer, Object value) {
        }

        final Map<Long, Node> nodes = new HashMap<>();
        final Map<End, End> cables = new HashMap<>();
        final List<Pending> onTheWire = new ArrayList<>();
        Predicate<Pending> fails = q -> false;
        int maxOnTheWire;

        Graph node(long guid, int type, int ports) {
            nodes.put(guid, new Node(guid, type, ports));
            return this;
        }

        Graph link(long a, int pa, long b, int pb) {
            cables.put(new End(a, pa), new End(b, pb));
            cables.put(new End(b, pb), new End(a, pa));
            return this;
        }

        DiscoveredFabric run(int outstanding, Random order) {
            List<DiscoveredFabric> result = new ArrayList<>();
            FabricDiscovery.discover(this, DiscoveryOptions.defaults().withOutstanding(outstanding)).subscribe(result::add);
            drain(order);
            assertThat(result).hasSize(1);
            return result.get(0);
        }

        /** What a lost SMP ends with; its bytes do not matter to discovery. */
        private static MadTimeoutException timeout(String why) {
            return new MadTimeoutException(Mad.build(b -> { }), MadAddress.smp(MadAddress.PERMISSIVE_LID), 0, 1,
                    Duration.ofMillis(1), why);
        }

        void drain(Random order) {
            while (!onTheWire.isEmpty()) {
                maxOnTheWire = Math.max(maxOnTheWire, onTheWire.size());
                Collections.shuffle(onTheWire, order);
                Pending next = onTheWire.remove(onTheWire.size() - 1);
                if (fails.test(next)) {
                    next.answer.tryEmitError(timeout("test"));
                } else if (next.value == null) {
                    next.answer.tryEmitError(timeout("no such route"));
                } else {
                    next.answer.tryEmitValue(next.value);
                }
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Mono<T> get(SmpRoute route, AttributeType<T> type, long modifier) {
            End at = new End(H1, 1);
            boolean first = true;
            for (int port : ((SmpRoute.Directed) route).ports()) {
                Node here = nodes.get(at.guid);
                boolean crossable = first || here.type == NodeInfo.TYPE_SWITCH;
                at = crossable ? cables.get(new End(at.guid, port)) : null;
                first = false;
                if (at == null) {
                    break;
                }
            }
            Object value = at == null ? null : answer(nodes.get(at.guid), at.port, type, (int) modifier);
            Sinks.One<Object> sink = Sinks.one();
            onTheWire.add(new Pending(type, at == null ? 0 : at.guid, modifier, sink, value));
            return (Mono<T>) sink.asMono();
        }

        private Object answer(Node node, int arrivedOn, AttributeType<?> type, int modifier) {
            boolean isSwitch = node.type == NodeInfo.TYPE_SWITCH;
            if (type == SmpClient.NODE_INFO) {
                return new NodeInfo(1, 1, node.type, node.ports, node.guid, node.guid, isSwitch ? node.guid : node.guid + arrivedOn,
                        0xFFFF, 0x1234, 0, arrivedOn, 0x2C9);
            }
            if (type == SmpClient.NODE_DESCRIPTION) {
                return new NodeDescription(String.format("node %x", node.guid));
            }
            if (type == SmpClient.SWITCH_INFO) {
                return SwitchInfo.decode(ByteBuffer.allocate(SwitchInfo.SIZE), 0);
            }
            ByteBuffer info = ByteBuffer.allocate(PortInfo.SIZE);
            boolean cabled = cables.containsKey(new End(node.guid, modifier));
            info.put(28, (byte) arrivedOn);
            info.put(31, (byte) 2);
            info.put(32, (byte) (cabled ? 0x14 : 0x11));
            info.put(33, (byte) ((cabled ? PortInfo.PHYS_LINK_UP : PortInfo.PHYS_POLLING) << 4));
            info.put(35, (byte) 0x11);
            return PortInfo.decode(info, 0);
        }
    }

}
