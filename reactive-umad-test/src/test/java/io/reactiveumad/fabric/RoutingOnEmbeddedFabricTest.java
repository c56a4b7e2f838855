package io.reactiveumad.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.attr.LinearForwardingTable;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.sa.LinearForwardingTableRecord;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.MadMatch;
import io.reactiveumad.test.topology.FatTree;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * Forwarding tables on the embedded fabric, in virtual time: a fat tree of 3 leaves and 2 spines with
 * every leaf cabled twice to every spine, the SM on host-1, our port on host-6. The SM's min-hop routes are
 * what the LFT SMPs, the SA's LinearForwardingTableRecords and {@link Routing} must all show.
 */
class RoutingOnEmbeddedFabricTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Topology TREE = FatTree.generate(3, 2, 2, 2);

    VirtualTimeScheduler time;
    EmbeddedFabric fabric;
    MadPort port;
    SmpClient smp;

    @BeforeEach
    void open() {
        time = VirtualTimeScheduler.create();
        fabric = EmbeddedFabric.builder(TREE).sm("host-1", 1).scheduler(time).build();
        port = Umad.open(fabric.transport(), fabric.port("host-6", 1), new PortOptions(time)).block(WAIT);
        smp = SmpClient.of(port);
    }

    @AfterEach
    void close() {
        smp.dispose();
        port.dispose();
        fabric.close();
        time.dispose();
    }

    @Test
    void aLeafRoutesItsHostsDownAndTheRestUpThroughParallelLinks() {
        int leaf1 = fabric.lid("leaf-1", 0);
        SwitchRoutes routes = Routing.switchRoutes(smp, SmpRoute.lid(leaf1), 4).block(WAIT);

        assertThat(routes.description()).isEqualTo(TREE.requireNode("leaf-1").description());
        assertThat(routes.egressPorts()).hasSize(routes.switchInfo().linearFdbTop() + 1);
        assertThat(routes.egressPort(leaf1)).isZero();
        assertThat(routes.egressPort(fabric.lid("host-1", 1))).isEqualTo(1);
        assertThat(routes.egressPort(fabric.lid("host-2", 1))).isEqualTo(2);
        // Up-links are leaf ports 3..6 (two to each spine); every remote host is routed over one of them.
        for (int host = 3; host <= 6; host++) {
            assertThat(routes.egressPort(fabric.lid("host-" + host, 1))).isBetween(3, 6);
        }
        assertThat(routes.routes(0)).isFalse();
        assertThat(routes.egressPort(routes.egressPorts().size())).isEqualTo(LinearForwardingTable.NO_ROUTE);
    }

    @Test
    void lftBlocksByDirectedRouteEqualTheSasRecords() {
        int leaf3 = fabric.lid("leaf-3", 0);
        List<LinearForwardingTable> blocks = smp.linearForwardingTable(SmpRoute.directed(1), 0, 1, 2)
                .collectList().block(WAIT);
        SaClient sa = SaClient.of(port);
        List<LinearForwardingTableRecord> records = sa.linearForwardingTableRecords(leaf3).collectList().block(WAIT);
        sa.dispose();

        assertThat(blocks).hasSize(2);
        assertThat(blocks.get(1).ports()).containsOnly(LinearForwardingTable.NO_ROUTE);
        assertThat(records).singleElement().satisfies(r -> {
            assertThat(r.lid()).isEqualTo(leaf3);
            assertThat(r.blockNumber()).isZero();
            assertThat(r.table()).isEqualTo(blocks.get(0));
        });
    }

    @Test
    void multicastTablesAnswerEmptyMasksAndBadBlocksAreRefused() {
        MulticastForwardingTable mft = smp.multicastForwardingTable(SmpRoute.directed(1), 0, 0).block(WAIT);
        assertThat(mft.portMasks()).containsOnly(0);
        assertThatThrownBy(() -> smp.linearForwardingTable(SmpRoute.directed(1), 1023).block(WAIT))
                .isInstanceOf(MadStatusException.class);
        assertThatThrownBy(() -> smp.linearForwardingTable(SmpRoute.directed(), 0).block(WAIT))
                .as("a CA has no forwarding table").isInstanceOf(MadStatusException.class);
        assertThatThrownBy(() -> Routing.switchRoutes(smp, SmpRoute.directed(), 1).block(WAIT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a switch");
    }

    @Test
    void aTraceBetweenHostsUnderDifferentLeavesCrossesOneSpineAsTheTablesSay() {
        int host1 = fabric.lid("host-1", 1);
        int host3 = fabric.lid("host-3", 1);
        RouteTrace trace = Routing.trace(smp, host1, host3).block(WAIT);

        assertThat(trace.from().description()).isEqualTo("host-1 HCA-1");
        assertThat(trace.fromPort()).isEqualTo(1);
        assertThat(trace.hops()).extracting(h -> h.node().description().split(" ")[0])
                .hasSize(4).startsWith("leaf-1").endsWith("leaf-2", "host-3");
        assertThat(trace.hops().get(1).node().description()).startsWith("spine-");
        assertThat(trace.hops().get(0).egressPort()).isEqualTo(1);
        assertThat(trace.hops().get(0).ingressPort()).isEqualTo(1);
        // Each switch forwards out of the port its table gives for host-3.
        for (int i = 0; i < 3; i++) {
            int switchLid = trace.hops().get(i).node().portInfo().lid();
            SwitchRoutes routes = Routing.switchRoutes(smp, SmpRoute.lid(switchLid), 4).block(WAIT);
            assertThat(trace.hops().get(i + 1).egressPort()).isEqualTo(routes.egressPort(host3));
        }
        assertThat(trace.to().nodeInfo().portGuid()).isEqualTo(TREE.requireNode("host-3").portGuid(1));
        assertThat(trace.toPort()).isEqualTo(1);
        // The walk our port (host-6) made to host-1 first is the route the tables give from host-6 to host-1.
        int host6 = fabric.lid("host-6", 1);
        RouteTrace fromUs = Routing.trace(smp, host6, host1).block(WAIT);
        assertThat(trace.approach().stream().map(RoutingOnEmbeddedFabricTest::hop).toList())
                .isEqualTo(fromUs.hops().stream().map(RoutingOnEmbeddedFabricTest::hop).toList())
                .hasSize(4).last().isEqualTo("1>host-1 HCA-1[1]");
        assertThat(fromUs.approach()).as("no walk: our port is the source").isEmpty();
    }

    @Test
    void aForcedTraceToALidNoPortHasStopsAtTheSwitchWhoseTableLeadsNowhereKeepingTheWayThere() {
        int host1 = fabric.lid("host-1", 1);
        int host6 = fabric.lid("host-6", 1);
        int nobody = 60;
        List<String> toHost1 = Routing.trace(smp, host6, host1).block(WAIT).hops().stream()
                .map(RoutingOnEmbeddedFabricTest::hop).toList();

        assertThat(failure(Routing.trace(smp, host1, nobody, true)))
                .isInstanceOfSatisfying(IncompleteTraceException.class, stopped -> {
                    assertThat(stopped).hasMessage("bad forwarding table entry at \"leaf-1\": lid 60 is routed to port 255")
                            .hasNoCause();
                    assertThat(stopped.approach()).extracting(RoutingOnEmbeddedFabricTest::hop).isEqualTo(toHost1);
                    RouteTrace soFar = stopped.route().orElseThrow();
                    assertThat(soFar.from().description()).isEqualTo("host-1 HCA-1");
                    assertThat(soFar.approach()).isEqualTo(stopped.approach());
                    // The hop into leaf-1 is not counted: its table is where the route stops, as ibtracert counts.
                    assertThat(soFar.hops()).isEmpty();
                });
        // From that LID, the walk towards it stops at our own leaf, having made no hop that counts.
        assertThat(failure(Routing.trace(smp, nobody, host1, true)))
                .isInstanceOfSatisfying(IncompleteTraceException.class, stopped -> {
                    assertThat(stopped).hasMessageContaining("lid 60 is routed to port 255");
                    assertThat(stopped.approach()).isEmpty();
                    assertThat(stopped.route()).isEmpty();
                });
    }

    @Test
    void aTraceToALidThatDoesNotAnswerFailsAfterTheWalkToTheSourceWithTheFailureAsCause() {
        int host1 = fabric.lid("host-1", 1);
        assertThat(failure(Routing.trace(smp, host1, 60)))
                .isInstanceOfSatisfying(IncompleteTraceException.class, stopped -> {
                    assertThat(stopped.getCause()).isInstanceOf(MadTimeoutException.class);
                    assertThat(stopped).hasMessage(stopped.getCause().getMessage());
                    assertThat(stopped.approach()).extracting(RoutingOnEmbeddedFabricTest::hop).hasSize(4).last()
                            .isEqualTo("1>host-1 HCA-1[1]");
                    assertThat(stopped.route()).as("the walk from the source never began").isEmpty();
                });
    }

    /**
     * A switch whose forwarding table does not answer is where the route stops, without the hop into it (ibtracert
     * counts a hop once it has read the table of the switch it enters), the timeout the cause: here the spines'.
     */
    @Test
    void aTraceStopsBeforeASwitchWhoseTableDoesNotAnswerWithTheTimeoutAsCause() {
        int host5 = fabric.lid("host-5", 1);
        int host1 = fabric.lid("host-1", 1);
        for (String spine : List.of("spine-1", "spine-2")) {
            fabric.faults().drop(1.0, MadMatch.toNode(spine).attribute(LinearForwardingTable.ATTRIBUTE_ID));
        }

        assertThat(failure(Routing.trace(smp, host5, host1)))
                .isInstanceOfSatisfying(IncompleteTraceException.class, stopped -> {
                    assertThat(stopped.getCause()).isInstanceOf(MadTimeoutException.class);
                    assertThat(stopped.approach()).extracting(RoutingOnEmbeddedFabricTest::hop)
                            .containsExactly("1>leaf-3[2]", "1>host-5 HCA-1[1]");
                    assertThat(stopped.route().orElseThrow().hops()).extracting(RoutingOnEmbeddedFabricTest::hop)
                            .containsExactly("1>leaf-3[1]");
                });
    }

    /**
     * A CA port the SM has not activated passes no packets, however a directed route reaches it: ibtracert stops at
     * one (its "Bad out port state"), and so does the trace, without the hop into it. Here host-5 is plugged in again
     * while leaf-3, with host-5 and our host-6 under it, is cut off from the SM: its port stays in Initialize.
     */
    @Test
    void aForcedTraceStopsAtAPortTheSmHasNotActivated() {
        int host5 = fabric.lid("host-5", 1);
        int host6 = fabric.lid("host-6", 1);
        for (int uplink = 3; uplink <= 6; uplink++) {
            fabric.unlink("leaf-3", uplink);
        }
        fabric.unlink("host-5", 1);
        fabric.relink("host-5", 1);

        assertThat(failure(Routing.trace(smp, host6, host5, true)))
                .isInstanceOfSatisfying(IncompleteTraceException.class, stopped -> {
                    assertThat(stopped).hasMessage("port 1 of \"host-5 HCA-1\" (lid " + host5
                            + ") is Initialize, not Active");
                    assertThat(stopped.route().orElseThrow().hops()).extracting(RoutingOnEmbeddedFabricTest::hop)
                            .containsExactly("1>leaf-3[2]");
                });
        assertThat(failure(Routing.trace(smp, host5, host6, true))).as("nor does the walk to it pass")
                .isInstanceOfSatisfying(IncompleteTraceException.class, stopped -> {
                    assertThat(stopped).hasMessageContaining("is Initialize, not Active");
                    assertThat(stopped.approach()).extracting(RoutingOnEmbeddedFabricTest::hop).containsExactly("1>leaf-3[2]");
                    assertThat(stopped.route()).isEmpty();
                });
    }

    /** How {@code trace} fails, the SMPs to LIDs nobody has timing out in virtual time. */
    private Throwable failure(reactor.core.publisher.Mono<RouteTrace> trace) {
        CompletableFuture<RouteTrace> result = trace.toFuture();
        time.advanceTimeBy(Duration.ofMinutes(1));
        assertThat(result).failsWithin(WAIT);
        return result.handle((value, failure) -> failure instanceof CompletionException e ? e.getCause() : failure)
                .join();
    }

    /** A hop as egress port, node and ingress port. */
    private static String hop(TraceHop h) {
        return h.egressPort() + ">" + h.node().description() + "[" + h.ingressPort() + "]";
    }

    @Test
    void aTraceFromASwitchToItselfHasNoHopsAndToASwitchEndsAtPortZero() {
        int spine1 = fabric.lid("spine-1", 0);
        RouteTrace self = Routing.trace(smp, spine1, spine1).block(WAIT);
        assertThat(self.hops()).isEmpty();
        assertThat(self.to()).isEqualTo(self.from());
        assertThat(self.fromPort()).isZero();

        RouteTrace toSpine = Routing.trace(smp, fabric.lid("host-6", 1), spine1).block(WAIT);
        assertThat(toSpine.hops()).hasSize(2);
        assertThat(toSpine.to().description()).isEqualTo(TREE.requireNode("spine-1").description());
        assertThat(toSpine.toPort()).isZero();
    }

    @Test
    void endpointsNameWhatAnswersAtEachLid() {
        int host4 = fabric.lid("host-4", 1);
        int spine2 = fabric.lid("spine-2", 0);
        List<Endpoint> endpoints = Routing.endpoints(smp, List.of(host4, spine2), 2).collectList().block(WAIT);

        assertThat(endpoints).extracting(Endpoint::lid).containsExactly(host4, spine2);
        assertThat(endpoints.get(0).description()).isEqualTo("host-4 HCA-1");
        assertThat(endpoints.get(0).portInfo().lid()).isEqualTo(host4);
        assertThat(endpoints.get(1).nodeInfo().isSwitch()).isTrue();
    }
}
