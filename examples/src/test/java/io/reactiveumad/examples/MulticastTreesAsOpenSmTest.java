package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.MadPort;
import io.reactiveumad.Umad;
import io.reactiveumad.client.Multicast;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.mad.sa.Selector;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.Topology;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The multicast trees the SM programs into the switches' forwarding tables: the same groups joined by the same hosts,
 * on OpenSM under ibsim and on the embedded fabric of the same net (a random net of nine switches, a ring, two chassis,
 * a 128-port switch), and every switch's multicast forwarding table read back with SMPs, port by port.
 */
class MulticastTreesAsOpenSmTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** IBA's rate code of 2.5 Gb/s. */
    private static final int SLOWEST_RATE = 2;

    /**
     * A net, the host OpenSM runs on, and the groups its hosts join (eight hosts at most, as ibsim takes ten clients
     * and OpenSM is one); a group of one member is programmed nowhere, by OpenSM as here.
     */
    static Stream<Arguments> nets() {
        return Stream.of(
                Arguments.of("random-643.net", "h1", List.of(List.of("h3", "h5", "h7", "h9"), List.of("h2", "h4", "h6", "h8"),
                        List.of("h9", "h4"), List.of("h6"))),
                Arguments.of("ring-of-switches.net", "H-1", List.of(List.of("H-2", "H-4", "D-1"),
                        List.of("H-3", "H-5", "H-6", "my host (x)"), List.of("H-2", "H-6"))),
                Arguments.of("two-chassis.net", "Am", List.of(List.of("h1", "h3", "x1", "t1"), List.of("h2", "h4", "d1", "x2"),
                        List.of("x1", "x2"))),
                Arguments.of("a-128-port-switch.net", "h1", List.of(List.of("h2", "h5", "h9", "h13"),
                        List.of("h3", "h4", "h6", "h10"), List.of("h13", "h3"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nets")
    void theEmbeddedSmProgramsTheTreesOpenSmProgramsAfterTheSameJoins(String net, String smHost,
            List<List<String>> groups) throws Exception {
        Path file = DiagsOracle.resource("topologies/" + net);
        Topology topology = Topology.parse(file);
        try (IbsimFabric opensm = IbsimFabric.builder().netFile(file).smNode(smHost).start();
                EmbeddedFabric embedded = EmbeddedFabric.builder(topology).sm(smHost, 1).build()) {
            Map<String, Map<Integer, TreeSet<Integer>>> theirs = joinAndRead(groups, topology,
                    host -> Umad.open(opensm.transport(host)).block(WAIT),
                    sw -> opensm.lidsByPortGuid().get(sw.portGuid(0)), true);
            Map<String, Map<Integer, TreeSet<Integer>>> ours = joinAndRead(groups, topology,
                    host -> Umad.open(embedded.transport(), embedded.port(host, 1)).block(WAIT),
                    sw -> embedded.lid(sw.id(), 0), false);
            assertThat(theirs).as("OpenSM programmed the groups").isNotEmpty();
            assertThat(ours).isEqualTo(theirs);
        }
    }

    /** Each group joined by its hosts, then every switch's MLIDs and the ports each is forwarded to, by switch name. */
    private static Map<String, Map<Integer, TreeSet<Integer>>> joinAndRead(List<List<String>> groups, Topology topology,
            Function<String, MadPort> open, ToIntFunction<Node> lidOf, boolean awaitSm) {
        Map<String, MadPort> ports = new TreeMap<>();
        try {
            for (int g = 0; g < groups.size(); g++) {
                Gid mgid = new Gid(0xff15_1234_0000_0000L, 0x300 + g);
                for (String host : groups.get(g)) {
                    MadPort port = ports.computeIfAbsent(host, open);
                    SaClient sa = SaClient.of(port);
                    try {
                        Multicast mc = Multicast.over(sa);
                        // At 2.5 Gb/s, which every host's port has (a group is created at its first member's rate,
                        // which a slower port could not join).
                        mc.creation(mgid, port.attributes().gids().get(0), McMemberRecord.JOIN_FULL_MEMBER)
                                .map(r -> new McMemberRecord(r.mgid(), r.portGid(), r.qKey(), 0, 0, 0, r.trafficClass(),
                                        r.pKey(), Selector.EXACTLY, SLOWEST_RATE, 0, 0, r.sl(), r.flowLabel(), 0, 0,
                                        r.joinState(), false))
                                .flatMap(r -> mc.join(r, McMemberRecord.Component.CREATE | McMemberRecord.Component.RATE
                                        | McMemberRecord.Component.RATE_SELECTOR)).block(WAIT);
                    } finally {
                        sa.dispose();
                    }
                }
            }
            SmpClient smp = SmpClient.of(ports.values().iterator().next());
            try {
                if (awaitSm) {
                    // OpenSM programs the switches after the joins, in its own time: until every group of two members
                    // or more is somewhere (OpenSM programs none for a group of one).
                    await().atMost(WAIT).until(() -> read(smp, topology, lidOf).values().stream()
                            .flatMap(m -> m.keySet().stream()).distinct().count() == groups.stream()
                            .filter(g -> g.size() > 1).count());
                }
                return read(smp, topology, lidOf);
            } finally {
                smp.dispose();
            }
        } finally {
            ports.values().forEach(MadPort::dispose);
        }
    }

    private static Map<String, Map<Integer, TreeSet<Integer>>> read(SmpClient smp, Topology topology,
            ToIntFunction<Node> lidOf) {
        Map<String, Map<Integer, TreeSet<Integer>>> tables = new TreeMap<>();
        for (Node node : topology.nodes()) {
            if (!node.isSwitch()) {
                continue;
            }
            int lid = lidOf.applyAsInt(node);
            Map<Integer, TreeSet<Integer>> table = new TreeMap<>();
            for (int position = 0; position * MulticastForwardingTable.PORTS_PER_POSITION <= node.portCount(); position++) {
                MulticastForwardingTable block = smp.multicastForwardingTable(SmpRoute.lid(lid), position, 0).block(WAIT);
                for (int i = 0; i < MulticastForwardingTable.ENTRIES; i++) {
                    int mask = block.portMask(i);
                    for (int bit = 0; bit < MulticastForwardingTable.PORTS_PER_POSITION; bit++) {
                        if ((mask & 1 << bit) != 0) {
                            table.computeIfAbsent(MulticastForwardingTable.FIRST_MLID + i, k -> new TreeSet<>())
                                    .add(position * MulticastForwardingTable.PORTS_PER_POSITION + bit);
                        }
                    }
                }
            }
            if (!table.isEmpty()) {
                tables.put(node.id(), table);
            }
        }
        return tables;
    }
}
