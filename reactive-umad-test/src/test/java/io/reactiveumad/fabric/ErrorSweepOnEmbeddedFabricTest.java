package io.reactiveumad.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.discovery.FabricDiscovery;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.InVirtualTime;
import io.reactiveumad.test.MadMatch;
import io.reactiveumad.test.PortCounter;
import io.reactiveumad.test.topology.FatTree;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * The error sweep on the embedded fabric's PMAs, in virtual time: a fat tree of 3 leaves and 2 spines with
 * parallel up-links (every switch answers AllPortSelect), counters set on a host port, on both of a leaf's
 * parallel links to one spine and on a spine port.
 */
class ErrorSweepOnEmbeddedFabricTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Topology TREE = FatTree.generate(3, 2, 2, 2);

    VirtualTimeScheduler time;
    EmbeddedFabric fabric;
    MadPort port;

    @BeforeEach
    void open() {
        time = VirtualTimeScheduler.create();
        fabric = EmbeddedFabric.builder(TREE).sm("host-1", 1).scheduler(time).build();
        port = Umad.open(fabric.transport(), fabric.port("host-6", 1), new PortOptions(time)).block(WAIT);
        fabric.setCounter("host-3", 1, PortCounter.SYMBOL_ERROR, 7);
        fabric.setCounter("leaf-2", 3, PortCounter.LINK_DOWNED, 3);
        fabric.setCounter("leaf-2", 4, PortCounter.LINK_DOWNED, 2);
        fabric.setCounter("spine-2", 5, PortCounter.XMIT_DISCARDS, 11);
    }

    @AfterEach
    void close() {
        port.dispose();
        fabric.close();
        time.dispose();
    }

    private List<NodeErrors> sweep(ErrorSweepOptions options) {
        return ErrorSweep.sweep(port, DiscoveryOptions.defaults(), options).collectList().block(WAIT);
    }

    private static Map<String, List<PortErrors>> bad(List<NodeErrors> nodes) {
        return nodes.stream().filter(NodeErrors::isBad)
                .collect(Collectors.toMap(n -> n.node().description().split(" ")[0], NodeErrors::errors));
    }

    @Test
    void everyNodeIsCheckedAndTheBadPortsAreGroupedByNode() {
        List<NodeErrors> nodes = sweep(ErrorSweepOptions.defaults().withInFlight(4));

        assertThat(nodes).hasSize(TREE.nodes().size()).allSatisfy(n -> assertThat(n.failures()).isEmpty());
        Map<String, List<PortErrors>> bad = bad(nodes);
        assertThat(bad).containsOnlyKeys("host-3", "leaf-2", "spine-2");
        assertThat(bad.get("host-3")).singleElement().satisfies(p -> {
            assertThat(p.port()).isEqualTo(1);
            assertThat(p.portGuid()).isEqualTo(TREE.requireNode("host-3").portGuid(1));
            assertThat(p.exceeded()).containsExactly(Map.entry(ErrorCounter.SYMBOL_ERROR, 7L));
        });
        assertThat(bad.get("leaf-2")).extracting(PortErrors::port).containsExactly(PortCounters.ALL_PORTS, 3, 4);
        assertThat(bad.get("leaf-2").get(0).exceeded()).containsEntry(ErrorCounter.LINK_DOWNED, 5L);
        // A switch with a clean sum counts all its ports as checked without reading each; hosts one port each.
        int ports = TREE.nodes().stream().mapToInt(n -> n.isSwitch() ? n.portCount() : 1).sum();
        assertThat(nodes.stream().mapToInt(NodeErrors::portsChecked).sum()).isEqualTo(ports);
        assertThat(nodes.stream().mapToLong(NodeErrors::badPorts).sum()).isEqualTo(4);
    }

    /**
     * --details: PortXmitDiscardDetails of a port whose PortXmitDiscards are over threshold (spine-2 port 5, and its
     * AllPortSelect sum), PortRcvErrorDetails of one whose PortRcvErrors are (host-3), non-zero counters only, none
     * for the other ports; a clearing sweep resets them too.
     */
    @Test
    void detailsAreReadForTheDiscardsAndReceiveErrorsOverThresholdAndClearedWithThem() {
        fabric.setCounter("spine-2", 5, PortCounter.NEIGHBOR_MTU_DISCARDS, 6);
        fabric.setCounter("spine-2", 5, PortCounter.SW_HOQ_LIFETIME_LIMIT_DISCARDS, 5);
        fabric.setCounter("host-3", 1, PortCounter.RCV_ERRORS, 2);
        fabric.setCounter("host-3", 1, PortCounter.LOOPING_ERRORS, 2);
        fabric.setCounter("leaf-2", 3, PortCounter.INACTIVE_DISCARDS, 9);

        List<NodeErrors> nodes = sweep(ErrorSweepOptions.defaults().withDetails(true));
        assertThat(nodes).allSatisfy(n -> assertThat(n.failures()).isEmpty());
        Map<String, List<PortErrors>> bad = bad(nodes);
        assertThat(bad.get("spine-2")).extracting(PortErrors::port).containsExactly(PortCounters.ALL_PORTS, 5);
        assertThat(bad.get("spine-2")).allSatisfy(p -> assertThat(p.details()).containsExactly(Map.entry(
                ErrorCounter.XMIT_DISCARDS, Map.of("PortNeighborMTUDiscards", 6L, "PortSwHOQLifetimeLimitDiscards", 5L))));
        assertThat(bad.get("host-3")).singleElement().satisfies(p -> assertThat(p.details())
                .containsExactly(Map.entry(ErrorCounter.RCV_ERRORS, Map.of("PortLoopingErrors", 2L))));
        assertThat(bad.get("leaf-2")).as("no discards over threshold: no details read")
                .allSatisfy(p -> assertThat(p.details()).isEmpty());
        assertThat(bad(sweep(ErrorSweepOptions.defaults())).get("spine-2")).as("asked only with --details")
                .allSatisfy(p -> assertThat(p.details()).isEmpty());

        sweep(ErrorSweepOptions.defaults().withDetails(true).withClearErrors(true));
        fabric.setCounter("spine-2", 5, PortCounter.XMIT_DISCARDS, 1);
        assertThat(bad(sweep(ErrorSweepOptions.defaults().withDetails(true))).get("spine-2"))
                .allSatisfy(p -> assertThat(p.details()).as("reset with the errors").isEmpty());
    }

    @Test
    void thresholdsHideCountersAtOrBelowThem() {
        Map<String, List<PortErrors>> bad = bad(sweep(ErrorSweepOptions.defaults()
                .withThreshold(ErrorCounter.LINK_DOWNED, 2).withThreshold(ErrorCounter.SYMBOL_ERROR, 7)));

        assertThat(bad).containsOnlyKeys("leaf-2", "spine-2");
        assertThat(bad.get("leaf-2")).extracting(PortErrors::port).containsExactly(PortCounters.ALL_PORTS, 3);
    }

    @Test
    void clearingResetsTheErrorCountersOfEveryCheckedPortButNotTheData() {
        fabric.setCounter("host-3", 1, PortCounter.XMIT_PKTS, 1000);
        assertThat(bad(sweep(ErrorSweepOptions.defaults().withClearErrors(true)))).hasSize(3);

        assertThat(bad(sweep(ErrorSweepOptions.defaults()))).isEmpty();
        assertThat(fabric.counter("leaf-2", 4, PortCounter.LINK_DOWNED)).isZero();
        assertThat(fabric.counter("host-3", 1, PortCounter.XMIT_PKTS)).isGreaterThanOrEqualTo(1000);
    }

    @Test
    void clearingDataResetsTheDataCountersButNotTheErrors() {
        fabric.setCounter("host-3", 1, PortCounter.XMIT_PKTS, 1000);
        sweep(ErrorSweepOptions.defaults().withClearData(true));

        assertThat(fabric.counter("host-3", 1, PortCounter.XMIT_PKTS)).as("reset, then the reset's own answer").isLessThan(10);
        assertThat(bad(sweep(ErrorSweepOptions.defaults()))).as("the errors stay").hasSize(3);
    }

    @Test
    void suppressedCountersAreNeverReportedAndKeepTheirOrder() {
        ErrorSweepOptions options = ErrorSweepOptions.defaults().withSuppressed(List.of(ErrorCounter.LINK_DOWNED))
                .withSuppressed(ErrorSweepOptions.COMMON).withSuppressed(List.of(ErrorCounter.LINK_DOWNED));

        assertThat(options.suppressed()).containsExactly(ErrorCounter.LINK_DOWNED, ErrorCounter.RCV_SWITCH_RELAY_ERRORS);
        assertThat(bad(sweep(options))).containsOnlyKeys("host-3", "spine-2");
    }

    @Test
    void aDataCountersOnlySweepListsEveryPortOfTheNodesItIsGivenAndFindsNothingBad() {
        fabric.setCounter("host-3", 1, PortCounter.XMIT_PKTS, 1000);
        DiscoveredFabric found = FabricDiscovery.discover(port, DiscoveryOptions.defaults()).block(WAIT);
        List<DiscoveredNode> hosts = found.nodesLastFoundFirst().stream().filter(n -> !n.isSwitch()).toList();

        List<NodeErrors> nodes = ErrorSweep.sweep(port, hosts, ErrorSweepOptions.defaults().withDataCountersOnly(true))
                .collectList().block(WAIT);

        assertThat(nodes).extracting(n -> n.node().guid()).containsExactlyElementsOf(hosts.stream().map(DiscoveredNode::guid).toList());
        assertThat(nodes).noneMatch(NodeErrors::isBad).allSatisfy(n -> assertThat(n.failures()).isEmpty());
        NodeErrors host3 = nodes.stream().filter(n -> n.node().description().startsWith("host-3")).findFirst().orElseThrow();
        assertThat(host3.errors()).singleElement().satisfies(p -> {
            assertThat(p.exceeded()).isEmpty();
            assertThat(p.dataCounters()).containsKeys("PortXmitData", "PortRcvData", "PortXmitPkts", "PortRcvPkts");
            assertThat(p.dataCounters().get("PortXmitPkts")).isGreaterThanOrEqualTo(1000);
        });
    }

    /** A whole sweep in virtual time, however many timeouts it waits out. */
    private Map<String, NodeErrors> sweepInVirtualTime() {
        List<NodeErrors> nodes = InVirtualTime.result(ErrorSweep.sweep(port, DiscoveryOptions.defaults(),
                ErrorSweepOptions.defaults()).collectList(), time, Duration.ofMillis(500), 200);
        assertThat(nodes).hasSize(TREE.nodes().size());
        return nodes.stream().collect(Collectors.toMap(n -> n.node().description().split(" ")[0], n -> n));
    }

    private static void onlyTheseFailed(Map<String, NodeErrors> byName, String... failed) {
        assertThat(byName).allSatisfy((name, node) -> {
            if (!List.of(failed).contains(name)) {
                assertThat(node.failures()).as(name).isEmpty();
            }
        });
    }

    /**
     * A PMA that never answers is the node's failure, counted as ibqueryerrors counts it (its ClassPortInfo, then
     * every port's PortCounters, every port checked), and is asked no more once its ClassPortInfo went unanswered
     * too: a switch's sum and a host's port, then each one's ClassPortInfo, go unanswered through all their
     * attempts, and nothing more is sent there. The rest of the fabric is checked as usual.
     */
    @Test
    void aPmaThatNeverAnswersIsCountedAsIbqueryerrorsCountsItAndAskedNoMore() {
        fabric.faults().drop(1.0, MadMatch.toNode("leaf-2").mgmtClass(0x04));
        fabric.faults().drop(1.0, MadMatch.toNode("host-3").mgmtClass(0x04));

        Map<String, NodeErrors> byName = sweepInVirtualTime();

        int leafPorts = TREE.requireNode("leaf-2").portCount();
        assertThat(byName.get("leaf-2").portsChecked()).isEqualTo(leafPorts);
        assertThat(byName.get("leaf-2").failures()).hasSize(1 + leafPorts)
                .first(org.assertj.core.api.InstanceOfAssertFactories.STRING).startsWith("ClassPortInfo of lid");
        assertThat(byName.get("leaf-2").failures()).filteredOn(f -> f.contains("not asked")).hasSize(leafPorts);
        assertThat(byName.get("host-3").portsChecked()).isEqualTo(1);
        assertThat(byName.get("host-3").failures()).hasSize(2)
                .satisfiesExactly(f -> assertThat(f).startsWith("PortCounters of lid"), f -> assertThat(f).startsWith("ClassPortInfo"));
        assertThat(byName.get("host-3").errors()).as("its counters were never read").isEmpty();
        onlyTheseFailed(byName, "leaf-2", "host-3");
        assertThat(fabric.faults().dropped()).as("two requests each, through all their attempts")
                .isEqualTo(4L * (RequestOptions.defaults().retries() + 1));
    }

    /**
     * A PMA that answers its ClassPortInfo but never PortCounters: on a switch with AllPortSelect the sum's failure is
     * the node's one, every port counted as checked (ibqueryerrors asks the sum because of that ClassPortInfo, and
     * stops there); on a host the port's. Nothing is silenced: the PMA is there.
     */
    @Test
    void aPmaThatAnswersOnlyItsClassPortInfoFailsWhatItDoesNotAnswer() {
        fabric.faults().drop(1.0, MadMatch.toNode("leaf-2").mgmtClass(0x04).attribute(PortCounters.ATTRIBUTE_ID));
        fabric.faults().drop(1.0, MadMatch.toNode("host-3").mgmtClass(0x04).attribute(PortCounters.ATTRIBUTE_ID));

        Map<String, NodeErrors> byName = sweepInVirtualTime();

        assertThat(byName.get("leaf-2").portsChecked()).isEqualTo(TREE.requireNode("leaf-2").portCount());
        assertThat(byName.get("leaf-2").failures()).singleElement().asString().startsWith("PortCounters of lid")
                .contains("port ALL");
        assertThat(byName.get("host-3").portsChecked()).isEqualTo(1);
        assertThat(byName.get("host-3").failures()).singleElement().asString().startsWith("PortCounters of lid")
                .contains("port 1");
        onlyTheseFailed(byName, "leaf-2", "host-3");
    }
}
