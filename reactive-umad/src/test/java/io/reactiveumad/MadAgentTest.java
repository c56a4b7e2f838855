package io.reactiveumad;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadRedirectException;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.operators.OverflowPolicy;
import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.spi.channel.MadFrame;
import io.reactiveumad.spi.channel.PortAttributes;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;
import reactor.test.subscriber.TestSubscriber;

/** The request/response core over a kernel-like in-memory channel, in virtual time. */
class MadAgentTest extends FakePortTest {
    static final int PERF = 0x04;
    static final int GET = 0x01;
    static final int SET = 0x02;
    static final int REPORT = 0x06;
    static final MadAddress PEER = MadAddress.gsi(9);
    static final RequestOptions FAST = RequestOptions.defaults().withTimeout(Duration.ofSeconds(1)).withRetries(2);


    static Mad get(int attribute, int marker) {
        return Mad.build(b -> b.put(MadHeader.MGMT_CLASS_OFFSET, (byte) PERF).put(MadHeader.CLASS_VERSION_OFFSET, (byte) 1)
                .put(MadHeader.METHOD_OFFSET, (byte) GET).putShort(MadHeader.ATTRIBUTE_ID_OFFSET, (short) attribute)
                .putInt(64, marker));
    }

    /** A peer that answers every request with GetResp, echoing the TID and the marker at byte 64. */
    static List<MadFrame> echo(MadFrame request, int status) {
        byte[] r = request.mad().clone();
        ByteBuffer.wrap(r).put(MadHeader.METHOD_OFFSET, (byte) (GET | 0x80)).putShort(MadHeader.STATUS_OFFSET, (short) status);
        return List.of(new MadFrame(0, 0, 0, 0, request.address(), r));
    }

    MadAgent agent(AgentSpec spec) {
        return port.agent(spec).block();
    }

    /** Answers for other TIDs arrive first (a stale one, one for a request never made): only its own completes it. */
    @Test
    void requestCompletesWithTheResponseOfItsOwnTidNotWithOthersArrivingFirst() {
        channel.peer(f -> {
            List<MadFrame> answers = new ArrayList<>();
            for (int other : new int[] {1, -1}) {
                MadFrame wrong = echo(f, 0).get(0);
                ByteBuffer b = ByteBuffer.wrap(wrong.mad());
                b.putInt(MadHeader.TID_OFFSET + 4, b.getInt(MadHeader.TID_OFFSET + 4) + other).putInt(64, 99);
                answers.add(wrong);
            }
            answers.addAll(echo(f, 0));
            return answers;
        });
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        ReceivedMad r = agent.request(get(0x12, 42), PEER).block(Duration.ofSeconds(5));
        assertThat(r.mad().buffer().getInt(64)).isEqualTo(42);
        assertThat(r.mad().tidLow()).isEqualTo(ByteBuffer.wrap(channel.sent.peek().mad()).getInt(MadHeader.TID_OFFSET + 4));
        assertThat(port.stats().lateResponses()).as("the two answers for other TIDs").isEqualTo(2);
    }

    @Test
    void timeoutRetriesWithTheSameTidThenFailsNamingWhatWentUnanswered() {
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        StepVerifier.withVirtualTime(() -> agent.request(get(0x12, 1), PEER, FAST), () -> vts, Long.MAX_VALUE)
                .expectSubscription()
                .then(() -> assertThat(channel.sent).hasSize(1))
                .thenAwait(Duration.ofMillis(999))
                .then(() -> assertThat(channel.sent).hasSize(1))
                .thenAwait(Duration.ofMillis(1))
                .then(() -> assertThat(channel.sent).hasSize(2))
                .thenAwait(Duration.ofSeconds(1))
                .then(() -> assertThat(channel.sent).hasSize(3))
                .thenAwait(Duration.ofSeconds(1))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(MadTimeoutException.class)
                        .hasMessageContaining("3 attempt(s)")
                        .as("names the destination, class, method, attribute and modifier")
                        .hasMessageContaining("from " + PEER.describe())
                        .hasMessageContaining("PerfMgt Get attribute 0x0012 modifier 0x00000000"))
                .verify(Duration.ofSeconds(5));
        assertThat(channel.sent).extracting(f -> ByteBuffer.wrap(f.mad()).getInt(12)).containsOnly(
                ByteBuffer.wrap(channel.sent.peek().mad()).getInt(12));
        assertThat(port.stats().timeouts()).isEqualTo(1);
        assertThat(port.stats().retries()).as("two resends after the first attempt").isEqualTo(2);
        assertThat(port.stats().inFlight()).as("ended").isZero();
    }

    @Test
    void aRequestIsInFlightFromItsSendToItsEnd() {
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        StepVerifier.withVirtualTime(() -> agent.request(get(0x12, 1), PEER, FAST), () -> vts, Long.MAX_VALUE)
                .expectSubscription()
                .then(() -> assertThat(port.stats().inFlight()).isEqualTo(1))
                .thenCancel()
                .verify(Duration.ofSeconds(5));
        vts.advanceTimeBy(Duration.ZERO);
        assertThat(port.stats().inFlight()).as("a cancelled request is no longer in flight").isZero();
        assertThat(port.stats().retries()).isZero();
    }

    @Test
    void responseToASecondAttemptCompletes() {
        AtomicInteger seen = new AtomicInteger();
        channel.peer(f -> seen.incrementAndGet() == 2 ? echo(f, 0) : List.of());
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        StepVerifier.withVirtualTime(() -> agent.request(get(0x12, 5), PEER, FAST), () -> vts, Long.MAX_VALUE)
                .thenAwait(Duration.ofSeconds(1))
                .assertNext(r -> assertThat(r.mad().buffer().getInt(64)).isEqualTo(5))
                .verifyComplete();
    }

    @Test
    void kernelTimeoutRecordFailsWithTheSameException() {
        channel.resendsRequests = true;
        channel.peer(f -> List.of(new MadFrame(0, MadFrame.ETIMEDOUT, 0, 0, f.address(),
                java.util.Arrays.copyOf(f.mad(), MadHeader.SIZE))));
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        StepVerifier.create(agent.request(get(0x12, 1), PEER, FAST))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(MadTimeoutException.class)
                        .hasMessageContaining("kernel ETIMEDOUT"))
                .verify(Duration.ofSeconds(5));
        assertThat(port.stats().timeouts()).as("counted like a user-space timeout").isEqualTo(1);
    }

    /**
     * A channel that does not resend (ibsim) hands back a MAD it could not deliver as an ETIMEDOUT record: that attempt
     * is over at once, so the request is sent again without waiting for its timer, and fails after its last attempt
     * with no time passed, saying why.
     */
    @Test
    void anUndeliverableAttemptIsSentAgainAtOnceAndTheLastEndsTheRequest() {
        channel.peer(f -> List.of(new MadFrame(0, MadFrame.ETIMEDOUT, 0, 0, f.address(), f.mad())));
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        StepVerifier.withVirtualTime(() -> agent.request(get(0x12, 1), PEER, FAST), () -> vts, Long.MAX_VALUE)
                .expectSubscription()
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(MadTimeoutException.class)
                        .hasMessageEndingWith("after 3 attempt(s): the transport could not deliver it"))
                .verify(Duration.ofSeconds(5));
        assertThat(channel.sent).hasSize(3);
        assertThat(port.stats().retries()).isEqualTo(2);
        assertThat(port.stats().timeouts()).isEqualTo(1);

        // One attempt handed back, the next answered: the request completes, still with no time passed.
        AtomicInteger attempt = new AtomicInteger();
        channel.peer(f -> attempt.incrementAndGet() == 1
                ? List.of(new MadFrame(0, MadFrame.ETIMEDOUT, 0, 0, f.address(), f.mad())) : echo(f, 0));
        StepVerifier.create(agent.request(get(0x12, 1), PEER, FAST))
                .assertNext(r -> assertThat(r.mad().isResponse()).isTrue())
                .verifyComplete();
        assertThat(attempt).hasValue(2);
    }

    /**
     * A port that had no LID and was not Active when last read (no SM has run) reaches no LID: a LID-routed request's
     * timeout says so, with the port's state; a directed-route SMP's, which needs neither, does not.
     */
    @Test
    void aTimeoutFromAPortWithoutALidSaysSo() {
        PortAttributes active = channel.port();
        channel.attributes(new PortAttributes(active.device(), active.port(), active.nodeGuid(), 0, 0, 0, 0,
                io.reactiveumad.mad.attr.PortInfo.STATE_INIT, active.physState(), active.linkLayer(), active.gids(),
                active.pkeys(), active.capabilityMask(), active.rate()));
        port.refresh().block();
        channel.peer(f -> List.of(new MadFrame(0, MadFrame.ETIMEDOUT, 0, 0, f.address(), f.mad())));
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        MadAgent smp = agent(AgentSpec.client(0x81, 1));
        StepVerifier.withVirtualTime(() -> agent.request(get(0x12, 1), PEER, FAST), () -> vts, Long.MAX_VALUE)
                .expectSubscription()
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(MadTimeoutException.class)
                        .hasMessageEndingWith("the transport could not deliver it; port fake0:1 was Initialize with LID 0 "
                                + "when last read: until an SM makes it Active with a LID it reaches no other port by LID"))
                .verify(Duration.ofSeconds(5));

        Mad directed = Mad.build(b -> b.put(MadHeader.MGMT_CLASS_OFFSET, (byte) 0x81)
                .put(MadHeader.CLASS_VERSION_OFFSET, (byte) 1).put(MadHeader.METHOD_OFFSET, (byte) GET));
        StepVerifier.withVirtualTime(() -> smp.request(directed, MadAddress.smp(MadAddress.PERMISSIVE_LID), FAST), () -> vts,
                        Long.MAX_VALUE)
                .expectSubscription()
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(MadTimeoutException.class)
                        .hasMessageEndingWith("after 3 attempt(s): the transport could not deliver it"))
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void busyIsRetriedThenSucceeds() {
        AtomicInteger seen = new AtomicInteger();
        channel.peer(f -> echo(f, seen.incrementAndGet() < 3 ? 0x0001 : 0));
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        StepVerifier.withVirtualTime(() -> agent.request(get(0x12, 5), PEER, FAST), () -> vts, Long.MAX_VALUE)
                .thenAwait(Duration.ofMillis(200))
                .assertNext(r -> assertThat(r.mad().status()).isZero())
                .verifyComplete();
        assertThat(seen).hasValue(3);
    }

    @Test
    void nonZeroStatusIsATypedErrorNamingWhatFailedAndRedirectIsItsOwnType() {
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        channel.peer(f -> echo(f, 0x000C));
        StepVerifier.create(agent.request(get(0x12, 1), PEER))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(MadStatusException.class)
                        .hasMessageContaining("unsupported method/attribute")
                        .as("names who answered, class, method, attribute and modifier")
                        .hasMessageContaining("from " + PEER.describe())
                        .hasMessageContaining("PerfMgt GetResp attribute 0x0012 modifier 0x00000000"))
                .verify(Duration.ofSeconds(5));
        channel.peer(f -> echo(f, 0x0002));
        StepVerifier.create(agent.request(get(0x12, 1), PEER))
                .expectError(MadRedirectException.class)
                .verify(Duration.ofSeconds(5));
    }

    /** A serving agent whose subscriber always has demand keeps the port reading. */
    void keepReading() {
        agent(AgentSpec.server(PERF, 1, REPORT)).receive().subscribe();
    }

    @Test
    void aDirectedRouteResponsesDirectionBitIsNotAnError() {
        channel.peer(f -> {
            byte[] r = f.mad().clone();
            ByteBuffer.wrap(r).put(MadHeader.METHOD_OFFSET, (byte) (GET | 0x80))
                    .putShort(MadHeader.STATUS_OFFSET, (short) io.reactiveumad.mad.DirectedRouteSmp.DIRECTION_BIT);
            return List.of(new MadFrame(0, 0, 0, 0, f.address(), r));
        });
        MadAgent smp = agent(AgentSpec.client(0x81, 1));
        Mad get = Mad.build(b -> b.put(MadHeader.MGMT_CLASS_OFFSET, (byte) 0x81).put(MadHeader.CLASS_VERSION_OFFSET, (byte) 1)
                .put(MadHeader.METHOD_OFFSET, (byte) GET));
        StepVerifier.create(smp.request(get, MadAddress.smp(MadAddress.PERMISSIVE_LID)))
                .assertNext(r -> assertThat(r.mad().status()).isEqualTo(0x8000))
                .expectComplete()
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void cancellationFreesTheTidAndALateResponseIsCountedAndDropped() {
        keepReading();
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        Disposable d = agent.request(get(0x12, 1), PEER, FAST).subscribe();
        d.dispose();
        channel.inject(echo(channel.sent.peek(), 0).get(0));
        assertThat(port.stats().lateResponses()).isEqualTo(1);
        vts.advanceTimeBy(Duration.ofSeconds(10));
        assertThat(channel.sent).as("no resend after cancel").hasSize(1);
    }

    @Test
    void withNothingPendingAndNoDemandThePortStopsReading() {
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        Disposable d = agent.request(get(0x12, 1), PEER, FAST).subscribe();
        assertThat(channel.reading).isTrue();
        d.dispose();
        assertThat(channel.reading).isFalse();
    }

    @Test
    void duplicateResponseIsLate() {
        keepReading();
        channel.peer(f -> {
            List<MadFrame> twice = new ArrayList<>(echo(f, 0));
            twice.addAll(echo(f, 0));
            return twice;
        });
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        agent.request(get(0x12, 1), PEER).block();
        assertThat(port.stats().lateResponses()).isEqualTo(1);
    }

    @Test
    void malformedResponseFailsItsRequestTyped() {
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        channel.peer(f -> {
            byte[] bad = echo(f, 0).get(0).mad();
            bad[0] = 7;
            return List.of(new MadFrame(0, 0, 0, 0, f.address(), bad));
        });
        StepVerifier.create(agent.request(get(0x12, 1), PEER))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(MalformedMadException.class)
                        .hasMessageContaining("base version 7"))
                .verify(Duration.ofSeconds(5));
        assertThat(port.stats().malformed()).isEqualTo(1);
    }

    @Test
    void unsolicitedMadsReachTheServingAgentAndRespondSwapsAddressKeepsTid() {
        MadAgent server = agent(AgentSpec.server(PERF, 1, GET, SET));
        TestSubscriber<ReceivedMad> sub = TestSubscriber.create();
        server.receive().subscribe(sub);
        Mad set = get(0x12, 3).with(b -> b.put(MadHeader.METHOD_OFFSET, (byte) SET).putLong(MadHeader.TID_OFFSET, 0xABCDEF0012345678L));
        MadAddress from = new MadAddress(33, 1, 0, 2, 0, 1, null);
        channel.inject(new MadFrame(0, 0, 0, 0, from, set.toByteArray()));
        assertThat(sub.getReceivedOnNext()).hasSize(1);
        server.respond(sub.getReceivedOnNext().get(0), get(0x12, 4)).block();
        MadFrame answer = channel.sent.poll();
        Mad a = Mad.of(answer.mad());
        assertThat(a.method()).isEqualTo(GET);
        assertThat(a.isResponse()).as("Set is answered with GetResp").isTrue();
        assertThat(a.tid()).isEqualTo(0xABCDEF0012345678L);
        assertThat(answer.address().lid()).isEqualTo(33);
        assertThat(answer.address().qkey()).isEqualTo(MadAddress.GSI_QKEY);
        assertThat(answer.address().pkeyIndex()).isEqualTo(1);
    }

    @Test
    void serveAnswersEveryRequest() {
        MadAgent server = agent(AgentSpec.server(PERF, 1, GET));
        Disposable serving = server.serve(req -> Mono.just(get(0x12, req.mad().buffer().getInt(64) + 1)));
        channel.inject(new MadFrame(0, 0, 0, 0, PEER, get(0x12, 10).toByteArray()));
        Mad a = Mad.of(channel.sent.poll().mad());
        assertThat(a.buffer().getInt(64)).isEqualTo(11);
        serving.dispose();
    }

    @Test
    void duplicateRegistrationIsATypedError() {
        agent(AgentSpec.server(PERF, 1, GET));
        StepVerifier.create(port.agent(AgentSpec.server(PERF, 1, GET)))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(NativeIoException.class)
                        .hasMessageContaining("errno 22"))
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void slowSubscriberDropsAreCountedAndResponsesStillFlow() {
        MadAgent server = agent(AgentSpec.server(PERF, 1, REPORT).withOverflow(new Overflow(4, OverflowPolicy.DROP_OLDEST)));
        MadAgent client = agent(AgentSpec.client(0x03, 2));
        TestSubscriber<ReceivedMad> slow = TestSubscriber.builder().initialRequest(0).build();
        server.receive().subscribe(slow);
        Mad report = get(0x02, 0).with(b -> b.put(MadHeader.METHOD_OFFSET, (byte) REPORT));
        int sent = Overflow.IN_FLIGHT + 20;
        for (int i = 0; i < sent; i++) {
            channel.inject(new MadFrame(0, 0, 0, 0, PEER, report.toByteArray()));
        }
        assertThat(channel.reading).as("no demand, no pending: the kernel queue buffers").isFalse();
        assertThat(channel.queued()).isEqualTo(20);

        channel.peer(f -> echo(f, 0));
        Mad saGet = Mad.build(b -> b.put(MadHeader.MGMT_CLASS_OFFSET, (byte) 0x03).put(MadHeader.CLASS_VERSION_OFFSET, (byte) 2)
                .put(MadHeader.METHOD_OFFSET, (byte) GET));
        ReceivedMad answer = client.request(saGet, PEER).block(Duration.ofSeconds(5));
        assertThat(answer).as("a response is never starved by a slow unsolicited subscriber").isNotNull();
        assertThat(port.stats().droppedOverflow()).as("20 read while the request waited, room for 4").isEqualTo(16);

        slow.request(1000);
        assertThat(slow.getReceivedOnNext()).hasSize(Overflow.IN_FLIGHT + 4);
        assertThat(channel.reading).isTrue();
        port.dispose();
        assertThat(port.stats().droppedOverflow()).as("a counter never goes down, not even on close").isEqualTo(16);
    }

    @Test
    void afterAnOverflowErrorEndedTheStreamThePortStopsReading() {
        MadAgent server = agent(AgentSpec.server(PERF, 1, REPORT).withOverflow(new Overflow(2, OverflowPolicy.ERROR)));
        TestSubscriber<ReceivedMad> slow = TestSubscriber.builder().initialRequest(0).build();
        server.receive().subscribe(slow);
        // A pending request keeps the port reading, so the unsolicited stream overflows.
        Disposable waiting = agent(AgentSpec.client(0x03, 2)).request(
                Mad.build(b -> b.put(MadHeader.MGMT_CLASS_OFFSET, (byte) 0x03).put(MadHeader.CLASS_VERSION_OFFSET, (byte) 2)
                        .put(MadHeader.METHOD_OFFSET, (byte) GET)), PEER).subscribe();
        Mad report = get(0x02, 0).with(b -> b.put(MadHeader.METHOD_OFFSET, (byte) REPORT));
        for (int i = 0; i < Overflow.IN_FLIGHT + 3; i++) {
            channel.inject(new MadFrame(0, 0, 0, 0, PEER, report.toByteArray()));
        }
        waiting.dispose();
        slow.request(1000);
        assertThat(slow.expectTerminalError()).matches(reactor.core.Exceptions::isOverflow);
        channel.peer(f -> echo(f, 0));
        agent(AgentSpec.client(PERF, 1)).request(get(0x12, 1), PEER).block();
        assertThat(channel.reading).as("nobody will take another MAD: the kernel queue buffers").isFalse();
    }

    @Test
    void anOverflowBurstIsWarnedOnceNotPerDrop() throws Exception {
        MadAgent server = agent(AgentSpec.server(PERF, 1, REPORT).withOverflow(new Overflow(4, OverflowPolicy.DROP_OLDEST)));
        server.receive().subscribe(TestSubscriber.builder().initialRequest(0).build());
        Disposable waiting = agent(AgentSpec.client(0x03, 2)).request(
                Mad.build(b -> b.put(MadHeader.MGMT_CLASS_OFFSET, (byte) 0x03).put(MadHeader.CLASS_VERSION_OFFSET, (byte) 2)
                        .put(MadHeader.METHOD_OFFSET, (byte) GET)), PEER).subscribe();
        Mad report = get(0x02, 0).with(b -> b.put(MadHeader.METHOD_OFFSET, (byte) REPORT));
        String log;
        try {
            log = LibraryLog.during(() -> {
                for (int i = 0; i < Overflow.IN_FLIGHT + 14; i++) {
                    channel.inject(new MadFrame(0, 0, 0, 0, PEER, report.toByteArray()));
                }
            });
        } finally {
            waiting.dispose();
        }
        assertThat(port.stats().droppedOverflow()).isEqualTo(10);
        assertThat(log.lines().filter(l -> l.contains("WARN") && l.contains("overflow")))
                .as("one WARN for the burst of 10 drops").hasSize(1);
    }

    @Test
    void serveOrReceiveOnAnAgentThatServesNoMethodIsAMistakeSaidAtOnceTheSameWay() {
        MadAgent client = agent(AgentSpec.client(PERF, 1));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> client.serve(req -> Mono.empty()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("serves no methods");
        org.assertj.core.api.Assertions.assertThatThrownBy(client::receive)
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("serves no methods");
    }

    @Test
    void aSecondSubscriberOfReceiveIsToldToShareIt() {
        MadAgent server = agent(AgentSpec.server(PERF, 1, GET));
        Disposable first = server.receive().subscribe();
        try {
            StepVerifier.create(server.receive())
                    .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(IllegalStateException.class)
                            .hasMessageContaining("one subscriber at a time").hasMessageContaining("share()"))
                    .verify(Duration.ofSeconds(5));
        } finally {
            first.dispose();
        }
    }

    @Test
    void demandRearmsReading() {
        MadAgent server = agent(AgentSpec.server(PERF, 1, GET));
        assertThat(channel.reading).isFalse();
        TestSubscriber<ReceivedMad> sub = TestSubscriber.builder().initialRequest(0).build();
        server.receive().subscribe(sub);
        channel.inject(new MadFrame(0, 0, 0, 0, PEER, get(0x12, 1).toByteArray()));
        assertThat(sub.getReceivedOnNext()).isEmpty();
        sub.request(1);
        assertThat(sub.getReceivedOnNext()).hasSize(1);
    }

    @Test
    void closingThePortFailsPendingRequestsAndCompletesStreams() {
        MadAgent client = agent(AgentSpec.client(PERF, 1));
        MadAgent server = agent(AgentSpec.server(PERF, 1, GET));
        StepVerifier.FirstStep<ReceivedMad> pending = StepVerifier.create(client.request(get(0x12, 1), PEER));
        TestSubscriber<ReceivedMad> sub = TestSubscriber.create();
        server.receive().subscribe(sub);
        vts.schedule(port::dispose);
        pending.expectError(PortClosedException.class).verify(Duration.ofSeconds(5));
        assertThat(sub.isTerminatedComplete()).isTrue();
        assertThat(channel.closed).isTrue();
        StepVerifier.create(client.request(get(0x12, 1), PEER)).expectError(PortClosedException.class).verify(Duration.ofSeconds(5));
    }

    @Test
    void deviceGoneFailsPendingRequestsAndStreamsTyped() {
        MadAgent client = agent(AgentSpec.client(PERF, 1));
        MadAgent server = agent(AgentSpec.server(PERF, 1, GET));
        TestSubscriber<ReceivedMad> sub = TestSubscriber.create();
        server.receive().subscribe(sub);
        Mono<ReceivedMad> req = client.request(get(0x12, 1), PEER);
        StepVerifier.create(req)
                .then(() -> channel.fail(new DeviceGoneException("fake0", 5, "EIO")))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(PortClosedException.class)
                        .hasCauseInstanceOf(DeviceGoneException.class))
                .verify(Duration.ofSeconds(5));
        assertThat(sub.isTerminatedError()).isTrue();
    }

    @Test
    void anAgentWhoseRegistrationWasCancelledInFlightIsUnregistered() {
        Queue<Runnable> deliveries = new ArrayDeque<>();
        FakeChannel other = new FakeChannel(vts);
        MadPort slowDelivery = Umad.open(other.transport(), new PortSpec("fake0", 1),
                new PortOptions(Schedulers.fromExecutor(deliveries::add))).block();
        try {
            Disposable registering = slowDelivery.agent(AgentSpec.server(PERF, 1, GET)).subscribe();
            assertThat(deliveries).as("registered on the loop, delivery pending").hasSize(1);
            registering.dispose(); // e.g. a timeout() upstream gave up
            deliveries.forEach(Runnable::run);
            deliveries.clear();
            Mono<MadAgent> again = slowDelivery.agent(AgentSpec.server(PERF, 1, GET));
            TestSubscriber<MadAgent> sub = TestSubscriber.create();
            again.subscribe(sub);
            deliveries.forEach(Runnable::run);
            assertThat(sub.getReceivedOnNext()).as("the abandoned agent no longer holds Get").hasSize(1);
        } finally {
            slowDelivery.dispose();
        }
    }

    @Test
    void closingThePortDisposesItsAgents() {
        MadAgent client = agent(AgentSpec.client(PERF, 1));
        port.dispose();
        assertThat(client.isDisposed()).isTrue();
    }

    @Test
    void aVanishedDeviceDisposesThePortAndItsAgents() {
        MadAgent client = agent(AgentSpec.client(PERF, 1));
        channel.fail(new DeviceGoneException("fake0", 5, "EIO"));
        assertThat(port.isDisposed()).isTrue();
        assertThat(client.isDisposed()).isTrue();
    }

    @Test
    void onceTheLoopStoppedWithThePortEverythingFailsWithPortClosed() {
        channel.stopLoopOnClose = true;
        MadAgent client = agent(AgentSpec.client(PERF, 1));
        MadAgent server = agent(AgentSpec.server(PERF, 1, GET));
        port.dispose();
        StepVerifier.create(client.request(get(0x12, 1), PEER)).expectError(PortClosedException.class).verify(Duration.ofSeconds(5));
        StepVerifier.create(client.send(get(0x12, 1), PEER)).expectError(PortClosedException.class).verify(Duration.ofSeconds(5));
        StepVerifier.create(port.agent(AgentSpec.client(PERF, 1))).expectError(PortClosedException.class).verify(Duration.ofSeconds(5));
        StepVerifier.create(server.receive()).expectComplete().verify(Duration.ofSeconds(5));
        server.dispose();
        port.dispose();
    }

    @Test
    void aLongRequestOnAClassWithoutRmppIsRefusedInsteadOfHanging() {
        MadAgent agent = agent(AgentSpec.client(PERF, 1).withRmpp(RmppMode.USER));
        Mad longGet = Mad.build(300, b -> b.put(MadHeader.MGMT_CLASS_OFFSET, (byte) PERF).put(MadHeader.CLASS_VERSION_OFFSET, (byte) 1)
                .put(MadHeader.METHOD_OFFSET, (byte) GET));
        StepVerifier.withVirtualTime(() -> agent.request(longGet, PEER), () -> vts, Long.MAX_VALUE)
                .thenAwait(Duration.ofHours(1))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("RMPP"))
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void aTransportFaultWhileStartingARequestFailsItInsteadOfHanging() {
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        channel.failReadInterest = true;
        StepVerifier.withVirtualTime(() -> agent.request(get(0x12, 1), PEER), () -> vts, Long.MAX_VALUE)
                .thenAwait(Duration.ofHours(1))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(PortClosedException.class)
                        .hasCauseInstanceOf(NativeIoException.class))
                .verify(Duration.ofSeconds(5));
        assertThat(channel.closed).as("a channel whose fd cannot be re-armed is closed").isTrue();
    }

    @Test
    void aChannelThatCannotStartClosesThePortTyped() {
        FakeChannel broken = new FakeChannel(vts);
        broken.failStart = true;
        MadPort closed = Umad.open(broken.transport(), new PortSpec("fake0", 1), new PortOptions(vts)).block();
        StepVerifier.create(closed.agent(AgentSpec.client(PERF, 1)))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(PortClosedException.class)
                        .hasCauseInstanceOf(NativeIoException.class))
                .verify(Duration.ofSeconds(5));
        assertThat(broken.closed).isTrue();
    }

    /** 500 requests all outstanding at once, answered in a shuffled order: each completes with its own answer. */
    @Test
    void manyOutstandingRequestsAnsweredOutOfOrderEachGetTheirOwnAnswer() {
        int n = 500;
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        java.util.concurrent.CompletableFuture<List<Integer>> got = Flux.range(0, n)
                .flatMap(i -> agent.request(get(0x12, i), PEER).map(r -> r.mad().buffer().getInt(64) - i), n)
                .collectList().toFuture();
        vts.advanceTime();
        assertThat(channel.sent).as("every request on the wire before any answer").hasSize(n);
        assertThat(got).isNotDone();

        List<MadFrame> answers = new ArrayList<>();
        channel.sent.forEach(f -> answers.addAll(echo(f, 0)));
        java.util.Collections.shuffle(answers, new java.util.Random(14));
        answers.forEach(channel::inject);
        vts.advanceTime();
        assertThat(got).isCompleted();
        assertThat(got.join()).hasSize(n).containsOnly(0);
    }

    @Test
    void aPKeyIndexBeyondThePortsTableFailsTypedBeforeAnythingIsWritten() {
        MadAgent agent = agent(AgentSpec.client(PERF, 1));
        MadAddress beyond = new MadAddress(9, 1, MadAddress.GSI_QKEY, 0, 0, 2, null);
        StepVerifier.create(agent.request(get(0x12, 1), beyond))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("P_Key index 2").hasMessageContaining("2 entries"))
                .verify(Duration.ofSeconds(5));
        StepVerifier.create(agent.send(get(0x12, 1), beyond)).expectError(IllegalArgumentException.class)
                .verify(Duration.ofSeconds(5));
        assertThat(channel.sent).isEmpty();
    }
}
