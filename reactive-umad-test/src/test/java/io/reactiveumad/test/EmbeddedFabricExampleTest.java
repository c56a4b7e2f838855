package io.reactiveumad.test;

import static io.reactiveumad.test.MadExpectations.expectNotice;
import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.RmppMode;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.SmpHeader;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * How to test MAD-using code without InfiniBand hardware: open ports of an {@link EmbeddedFabric}
 * through the ordinary public API, break the fabric on purpose, and let virtual time run the timers.
 * Each test reads as a recipe; none waits in real time.
 */
class EmbeddedFabricExampleTest {
    private static final RequestOptions ONE_SECOND_THREE_RETRIES = RequestOptions.defaults().withTimeout(Duration.ofSeconds(1))
            .withRetries(3);

    private VirtualTimeScheduler time;
    private EmbeddedFabric fabric;

    @BeforeEach
    void startFabric() {
        // One virtual clock for everything: installed in Schedulers.* (so Umad.open's boundedElastic and the
        // port's delivery run on it) and found there again by StepVerifier.withVirtualTime.
        time = VirtualTimeScheduler.getOrSet();
        fabric = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(time).build();
    }

    @AfterEach
    void stopFabric() {
        fabric.close();
        VirtualTimeScheduler.reset();
    }

    private static Mad nodeInfoGet() {
        return Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_LID_ROUTED).classVersion(1)
                .methodByte(Method.GET).attributeId(NodeInfo.ATTRIBUTE_ID));
    }

    /** Opens {@code node}'s port 1 and registers an agent on it. */
    private Mono<MadAgent> agent(String node, AgentSpec spec) {
        return Umad.open(fabric.transport(), fabric.port(node, 1)).flatMap(port -> port.agent(spec));
    }

    @Test
    void aRequestWhoseFirstTwoAttemptsAreLostSucceedsOnTheThirdAfterTwoTimeouts() {
        int host4 = fabric.lid("host4", 1);
        fabric.faults().dropNext(2, MadMatch.toNode("host4").mgmtClass(MgmtClass.SUBN_LID_ROUTED));

        StepVerifier.withVirtualTime(() -> agent("host1", AgentSpec.client(MgmtClass.SUBN_LID_ROUTED, 1))
                        .flatMap(smp -> smp.request(nodeInfoGet(), MadAddress.smp(host4), ONE_SECOND_THREE_RETRIES)))
                .expectSubscription()
                .expectNoEvent(Duration.ofMillis(1999))
                .thenAwait(Duration.ofMillis(1))
                .assertNext(response -> {
                    NodeInfo info = NodeInfo.decode(response.mad().buffer(), SmpHeader.DATA_OFFSET);
                    assertThat(info.nodeGuid()).isEqualTo(fabric.topology().requireNode("host4").nodeGuid());
                })
                .expectComplete()
                .verify(Duration.ofSeconds(10));
        assertThat(fabric.faults().dropped()).isEqualTo(2);
    }

    @Test
    void aRequestThatIsAlwaysLostFailsWithATimeoutAfterEveryAttempt() {
        int host4 = fabric.lid("host4", 1);
        fabric.faults().drop(1.0, MadMatch.toNode("host4"));

        StepVerifier.withVirtualTime(() -> agent("host1", AgentSpec.client(MgmtClass.SUBN_LID_ROUTED, 1))
                        .flatMap(smp -> smp.request(nodeInfoGet(), MadAddress.smp(host4), ONE_SECOND_THREE_RETRIES)))
                .expectSubscription()
                .thenAwait(ONE_SECOND_THREE_RETRIES.deadline())
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(MadTimeoutException.class)
                        .satisfies(t -> assertThat(((MadTimeoutException) t).attempts()).isEqualTo(4)))
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void aGetTableLargerThanOneMadArrivesWholeOverRmppDespiteLoss() {
        // Lose a third of the SA's segments to host3: the SA's RMPP sender resends what host3 did not ACK.
        fabric.faults().seed(3).drop(0.3, MadMatch.toNode("host3").mgmtClass(MgmtClass.SUBN_ADM));
        Mad allNodes = Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_ADM).classVersion(2)
                .methodByte(Method.GET_TABLE).attributeId(NodeRecord.ATTRIBUTE_ID));

        StepVerifier.withVirtualTime(() -> agent("host3", AgentSpec.client(MgmtClass.SUBN_ADM, 2).withRmpp(RmppMode.USER))
                        .flatMap(sa -> sa.request(allNodes, MadAddress.gsi(fabric.smLid()),
                                RequestOptions.defaults().withTimeout(Duration.ofSeconds(30)).withRetries(0))))
                .expectSubscription()
                .thenAwait(Duration.ofSeconds(30))
                .assertNext(table -> {
                    int stride = new SaHeader().wrap(table.mad().buffer(), 0).attributeOffset() * 8;
                    assertThat(table.mad().length()).isEqualTo(SaHeader.DATA_OFFSET + 6 * stride);
                    assertThat(NodeRecord.decode(table.mad().buffer(), SaHeader.DATA_OFFSET + 5 * stride)
                            .nodeDescription().text()).endsWith("HCA-1");
                })
                .expectComplete()
                .verify(Duration.ofSeconds(10));
        assertThat(fabric.faults().dropped()).as("segments really were lost").isPositive();
    }

    @Test
    void yourOwnServerOnOneHostAnswersAClientOnAnother() {
        int vendorClass = 0x09; // vendor range 1: no OUI, no RMPP
        Mad ping = Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(vendorClass).classVersion(1)
                .methodByte(Method.GET).attributeId(0x1234));
        MadAgent server = agent("host3", AgentSpec.server(vendorClass, 1, Method.GET)).block(Duration.ofSeconds(5));
        MadAddress host3 = MadAddress.gsi(fabric.lid("host3", 1));
        java.util.concurrent.atomic.AtomicReference<ReceivedMad> answer = new java.util.concurrent.atomic.AtomicReference<>();

        StepVerifier.withVirtualTime(() -> server.receive())
                .expectSubscription()
                .then(() -> agent("host1", AgentSpec.client(vendorClass, 1))
                        .flatMap(client -> client.request(ping, host3)).subscribe(answer::set))
                .assertNext(MadExpectations.expectRequest(vendorClass, Method.GET, 0x1234)
                        .andThen(request -> server.respond(request, request.mad()).subscribe()))
                .thenCancel()
                .verify(Duration.ofSeconds(10));
        assertThat(answer.get().mad().isResponse()).isTrue();
        assertThat(answer.get().source().lid()).isEqualTo(host3.lid());
    }

    private static Mad subscribe(int trap) {
        return Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_ADM).classVersion(2).methodByte(Method.SET)
                    .attributeId(InformInfo.ATTRIBUTE_ID);
            InformInfo.forTrap(trap, true).encode(b, SaHeader.DATA_OFFSET);
        });
    }

    @Test
    void aTrapSubscriptionSeesAPortGoOutOfServiceWhenItsCableIsPulled() {
        long host4Guid = fabric.topology().requireNode("host4").portGuid(1);
        MadAddress sa = MadAddress.gsi(fabric.smLid());

        // host3 serves SubnAdmReport (the SA's Report(Notice)) and subscribes to every trap.
        Flux<ReceivedMad> reports = agent("host3", AgentSpec.server(MgmtClass.SUBN_ADM, 2, Method.REPORT))
                .flatMapMany(agent -> agent.request(subscribe(InformInfo.ALL), sa, ONE_SECOND_THREE_RETRIES)
                        .thenMany(agent.receive()
                                // Every Report needs a ReportResp with its TID, or the SA sends it again.
                                .concatMap(report -> agent.respond(report, report.mad()).thenReturn(report))));

        StepVerifier.withVirtualTime(() -> reports)
                .expectSubscription()
                .then(() -> fabric.unlink("host4", 1))
                .assertNext(expectNotice(Notice.TRAP_GID_OUT_OF_SERVICE, notice -> assertThat(
                        ((TrapDetails.GidDetails) notice.details()).gid()).isEqualTo(new Gid(0xfe80_0000_0000_0000L, host4Guid))))
                .assertNext(expectNotice(Notice.TRAP_LINK_STATE_CHANGE))
                .then(() -> fabric.relink("host4", 1))
                .assertNext(expectNotice(Notice.TRAP_GID_IN_SERVICE))
                .assertNext(expectNotice(Notice.TRAP_LINK_STATE_CHANGE))
                .thenAwait(Duration.ofSeconds(10))
                .thenCancel()
                .verify(Duration.ofSeconds(10));
        assertThat(fabric.reportsSent()).as("each answered Report sent once").isEqualTo(4);
    }
}
