package io.reactiveumad.operators;

import io.reactiveumad.mad.RmppAbortException;
import io.reactiveumad.mad.RmppHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Sinks;
import reactor.test.scheduler.VirtualTimeScheduler;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static io.reactiveumad.operators.RmppFixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

class RmppReceiverTest {
    private final VirtualTimeScheduler time = VirtualTimeScheduler.create();
    private final Sinks.Many<RmppInbound> inbound = Sinks.many().unicast().onBackpressureBuffer();
    private final List<RmppEvent> events = new ArrayList<>();
    private final AtomicBoolean completed = new AtomicBoolean();
    private final Random random = new Random(7);

    private void start(RmppOptions options) {
        Rmpp.receive(inbound.asFlux(), options, time).subscribe(events::add, e -> {
            throw new AssertionError(e);
        }, () -> completed.set(true));
    }

    private void feed(byte[] mad) {
        assertThat(inbound.tryEmitNext(in(mad)).isSuccess()).isTrue();
    }

    private List<long[]> acks() {
        return events.stream().filter(e -> e instanceof RmppEvent.Control c && rmpp(c.mad()).type() == RmppHeader.TYPE_ACK)
                .map(e -> {
                    RmppHeader h = rmpp(((RmppEvent.Control) e).mad());
                    return new long[] {h.segmentNumber(), h.newWindowLast()};
                }).toList();
    }

    private List<byte[]> messages() {
        return events.stream().filter(e -> e instanceof RmppEvent.Message).map(e -> ((RmppEvent.Message) e).bytes())
                .toList();
    }

    private List<RmppAbortException> failures() {
        return events.stream().filter(e -> e instanceof RmppEvent.Failure)
                .map(e -> ((RmppEvent.Failure) e).error()).toList();
    }

    private List<Integer> abortStatuses() {
        return events.stream().filter(e -> e instanceof RmppEvent.Control c && rmpp(c.mad()).type() == RmppHeader.TYPE_ABORT)
                .map(e -> rmpp(((RmppEvent.Control) e).mad()).status()).toList();
    }

    private void feedAll(byte[] message, long... order) {
        for (long n : order) {
            feed(segment(message, n));
        }
    }

    private static long[] range(long from, long to) {
        return java.util.stream.LongStream.rangeClosed(from, to).toArray();
    }

    @Test
    void reassemblesInOrderSegmentsAndAcksFirstAndLast() {
        start(RmppOptions.defaults());
        byte[] message = saMessage(1000, random);
        feedAll(message, 1, 2, 3, 4, 5);

        assertThat(acks()).containsExactly(new long[] {1, 65}, new long[] {5, 65});
        assertThat(messages()).singleElement().isEqualTo(asReassembled(message));
    }

    @Test
    void ackFlipsTheDataMethodAndKeepsTidAndClassHeader() {
        start(RmppOptions.defaults());
        byte[] message = saMessage(500, random);
        feed(segment(message, 1));

        byte[] ack = ((RmppEvent.Control) events.get(0)).mad();
        assertThat(ack).hasSize(256);
        assertThat(ack[3] & 0xFF).isEqualTo(GET_TABLE_RESP ^ 0x80);
        assertThat(RmppWire.tid(ack)).isEqualTo(TID);
        assertThat(java.util.Arrays.copyOfRange(ack, 36, 56)).isEqualTo(java.util.Arrays.copyOfRange(message, 36, 56));
        assertThat(rmpp(ack).flags()).isEqualTo(RmppHeader.FLAG_ACTIVE);
        assertThat(rmpp(ack).rRespTime()).isEqualTo(18);
        assertThat(((RmppEvent.Control) events.get(0)).peer()).isEqualTo(PEER);
    }

    @ParameterizedTest(name = "{0} data bytes")
    @ValueSource(ints = {0, 1, 199, 200, 201, 217, 1000, 60000})
    void messageLengthFollowsTheLastPayloadLength(int dataLength) {
        start(RmppOptions.defaults());
        byte[] message = saMessage(dataLength, random);
        feedAll(message, range(1, segmentCount(message)));

        assertThat(messages()).singleElement().isEqualTo(asReassembled(message));
    }

    @Test
    void vendorAndDeviceClassesUseTheirDataOffsets() {
        start(RmppOptions.defaults());
        byte[] vendor = message(VENDOR, 1000, 1, random);
        byte[] device = message(DEV_MGT, 1000, 2, random);
        feedAll(vendor, range(1, 5));
        feedAll(device, range(1, 6));

        assertThat(segmentCount(vendor)).isEqualTo(5);
        assertThat(segmentCount(device)).isEqualTo(6);
        assertThat(messages()).containsExactly(asReassembled(vendor), asReassembled(device));
    }

    @ParameterizedTest(name = "{0} segments")
    @ValueSource(ints = {64, 65, 66, 128, 129, 130})
    void acksAtEveryWindowEdge(int segments) {
        start(RmppOptions.defaults());
        byte[] message = saMessage(segments * 200, random);
        feedAll(message, range(1, segments));

        List<long[]> expected = new ArrayList<>();
        expected.add(new long[] {1, 65});
        long window = 65;
        for (long edge = 65; edge < segments; edge += 64) {
            window += 64;
            expected.add(new long[] {edge, window});
        }
        expected.add(new long[] {segments, window});
        assertThat(acks()).containsExactlyElementsOf(expected);
        assertThat(messages()).singleElement().isEqualTo(asReassembled(message));
    }

    @Test
    void dropsSegmentsBeyondTheWindow() {
        start(RmppOptions.defaults().withWindow(4));
        byte[] message = saMessage(200 * 8, random);
        feedAll(message, 1, 6, 2, 3, 4, 5);
        assertThat(acks()).containsExactly(new long[] {1, 5}, new long[] {5, 9});

        feedAll(message, 6, 7, 8);
        assertThat(messages()).singleElement().isEqualTo(asReassembled(message));
    }

    @Test
    void holdsOutOfOrderSegmentsInsideTheWindow() {
        start(RmppOptions.defaults());
        byte[] message = saMessage(200 * 6, random);
        feedAll(message, 1, 4, 6, 3, 5);
        assertThat(messages()).isEmpty();

        feed(segment(message, 2));
        assertThat(acks()).containsExactly(new long[] {1, 65}, new long[] {6, 65});
        assertThat(messages()).singleElement().isEqualTo(asReassembled(message));
    }

    @Test
    void aLostSegmentHoldsCompletionUntilItIsResent() {
        start(RmppOptions.defaults());
        byte[] message = saMessage(200 * 10, random);
        feedAll(message, 1, 2, 3, 4, 6, 7, 8, 9, 10);
        assertThat(messages()).isEmpty();

        feedAll(message, 5);
        assertThat(messages()).singleElement().isEqualTo(asReassembled(message));
    }

    @Test
    void reAcksDuplicatesAtOrBelowTheLastAck() {
        start(RmppOptions.defaults());
        byte[] message = saMessage(200 * 4, random);
        feedAll(message, 1, 2, 2, 1);

        // segment 2 is held, not acknowledged: its duplicate is dropped; segment 1 is re-ACKed
        assertThat(acks()).containsExactly(new long[] {1, 65}, new long[] {2, 65});
    }

    @Test
    void reAcksDuplicatesOfACompletedTransferDuringTheGracePeriodOnly() {
        start(RmppOptions.defaults());
        byte[] message = saMessage(200 * 3, random);
        feedAll(message, 1, 2, 3);
        time.advanceTimeBy(Duration.ofSeconds(9));
        feedAll(message, 3, 1);
        assertThat(acks()).hasSize(4).last().isEqualTo(new long[] {3, 65});

        time.advanceTimeBy(Duration.ofSeconds(1));
        feedAll(message, 3);
        assertThat(acks()).hasSize(4);
        assertThat(messages()).hasSize(1);
    }

    @Test
    void abortsWithT2LAfterFortySeconds() {
        start(RmppOptions.defaults());
        byte[] message = saMessage(200 * 3, random);
        feedAll(message, 1, 2);
        time.advanceTimeBy(Duration.ofMillis(39_999));
        assertThat(failures()).isEmpty();

        time.advanceTimeBy(Duration.ofMillis(1));
        assertThat(abortStatuses()).containsExactly(RmppHeader.STATUS_T2L);
        assertThat(failures()).singleElement().satisfies(f -> {
            assertThat(f.status()).isEqualTo(RmppHeader.STATUS_T2L);
            assertThat(f.side()).isEqualTo(RmppAbortException.Side.LOCAL);
            assertThat(f.tid()).isEqualTo(TID);
        });
        feedAll(message, 3); // the transfer is gone: a late segment starts nothing
        assertThat(messages()).isEmpty();
    }

    /**
     * OpenSM built for a kernel SAR (Debian's, under umad2sim) sets only Active on a GetTableResp and
     * leaves version, type, segment and PayloadLength to the kernel it does not have; umad2sim hands it
     * over as long as OpenSM wrote it. No transfer runs: it is one whole message, not acknowledged
     * (an ACK would reach OpenSM as a GetTable request) and not aborted.
     */
    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {120, 256})
    void anActiveMadWithoutAnyRmppProtocolIsOneWholeMessage(int length) {
        start(RmppOptions.defaults());
        byte[] mad = java.util.Arrays.copyOf(saMessage(200, random), length);
        new RmppHeader().wrap(mad).version(0).type(0).flags(RmppHeader.FLAG_ACTIVE).status(0)
                .segmentNumber(0).payloadLength(0);
        feed(mad);

        assertThat(messages()).singleElement().isEqualTo(mad);
        assertThat(events).hasSize(1);
    }

    /** A single DATA segment (First and Last) is a whole message whatever RMPP version its sender speaks. */
    @ParameterizedTest(name = "version {0}")
    @ValueSource(ints = {0, 2})
    void aSingleSegmentOfAnotherVersionIsOneWholeMessageNotAnAbort(int version) {
        start(RmppOptions.defaults());
        byte[] mad = with(segment(saMessage(150, random), 1), h -> h.version(version));
        feed(mad);

        assertThat(failures()).isEmpty();
        assertThat(abortStatuses()).isEmpty();
        assertThat(messages()).singleElement().isEqualTo(mad);
    }

    @Test
    void abortsFirstOnALaterSegmentAsBadSegAndEndsTheTransfer() {
        start(RmppOptions.defaults());
        byte[] message = saMessage(600, random);
        feed(segment(message, 1));
        feed(with(segment(message, 2), h -> h.flags(RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_FIRST)));
        feedAll(message, 2, 3);

        assertThat(abortStatuses()).containsExactly(RmppHeader.STATUS_BAD_SEG);
        assertThat(failures()).extracting(RmppAbortException::status).containsExactly(RmppHeader.STATUS_BAD_SEG);
        assertThat(messages()).isEmpty();
    }

    static Stream<Arguments> badFirstSegments() {
        return Stream.of(
                Arguments.of("segment 1 without First", (Consumer<RmppHeader>) h -> h.flags(RmppHeader.FLAG_ACTIVE),
                        RmppHeader.STATUS_BAD_SEG),
                Arguments.of("unknown type", (Consumer<RmppHeader>) h -> h.type(7), RmppHeader.STATUS_BADT),
                Arguments.of("version 2", (Consumer<RmppHeader>) h -> h.version(2), RmppHeader.STATUS_UNV),
                Arguments.of("DATA with a status", (Consumer<RmppHeader>) h -> h.status(RmppHeader.STATUS_RESX),
                        RmppHeader.STATUS_BAD_STATUS),
                Arguments.of("single segment longer than a segment",
                        (Consumer<RmppHeader>) h -> h.flags(0x7).payloadLength(221), RmppHeader.STATUS_BAD_LEN),
                Arguments.of("total length of one segment without Last",
                        (Consumer<RmppHeader>) h -> h.payloadLength(220), RmppHeader.STATUS_BAD_LEN));
    }

    @ParameterizedTest(name = "{0} → ABORT {2}")
    @MethodSource("badFirstSegments")
    void abortsABadFirstSegmentWithItsStatus(String what, Consumer<RmppHeader> damage, int status) {
        start(RmppOptions.defaults());
        feed(with(segment(saMessage(600, random), 1), damage));

        assertThat(abortStatuses()).containsExactly(status);
        assertThat(failures()).singleElement().satisfies(f -> {
            assertThat(f.status()).isEqualTo(status);
            assertThat(f.side()).isEqualTo(RmppAbortException.Side.LOCAL);
        });
        byte[] abort = ((RmppEvent.Control) events.get(0)).mad();
        assertThat(abort[3] & 0xFF).isEqualTo(GET_TABLE_RESP ^ 0x80);
        assertThat(rmpp(abort).segmentNumber()).isZero();
        assertThat(messages()).isEmpty();
    }

    @Test
    void abortsContradictoryPayloadLengthsAsBadLen() {
        start(RmppOptions.defaults());
        byte[] message = saMessage(1000, random);
        feedAll(message, 1, 2, 3, 4);
        feed(with(segment(message, 5), h -> h.payloadLength(h.payloadLength() - 1)));

        assertThat(abortStatuses()).containsExactly(RmppHeader.STATUS_BAD_LEN);
        assertThat(failures()).extracting(RmppAbortException::status).containsExactly(RmppHeader.STATUS_BAD_LEN);
    }

    @Test
    void abortsLastOnTheWrongSegmentAsBadLen() {
        start(RmppOptions.defaults());
        byte[] message = saMessage(1000, random);
        feed(segment(message, 1));
        feed(with(segment(message, 3), h -> h.flags(RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_LAST).payloadLength(220)));
        assertThat(abortStatuses()).containsExactly(RmppHeader.STATUS_BAD_LEN);
    }

    @Test
    void acceptsAFirstSegmentWithoutTotalLength() {
        start(RmppOptions.defaults());
        byte[] message = saMessage(1000, random);
        feed(with(segment(message, 1), h -> h.payloadLength(0)));
        feedAll(message, 2, 3, 4, 5);
        assertThat(messages()).singleElement().satisfies(m -> assertThat(m).hasSize(message.length));
    }

    @Test
    void endsTheTransferOnAnAbortOrStopFromTheSender() {
        start(RmppOptions.defaults());
        byte[] one = message(SA, 1000, 1, random);
        byte[] two = message(SA, 1000, 2, random);
        feedAll(one, 1, 2);
        feedAll(two, 1);
        feed(with(segment(one, 1), h -> h.type(RmppHeader.TYPE_ABORT).status(RmppHeader.STATUS_TMR)));
        feed(with(segment(two, 1), h -> h.type(RmppHeader.TYPE_STOP).status(RmppHeader.STATUS_RESX)));

        assertThat(failures()).extracting(RmppAbortException::status, RmppAbortException::side).containsExactly(
                org.assertj.core.groups.Tuple.tuple(RmppHeader.STATUS_TMR, RmppAbortException.Side.REMOTE),
                org.assertj.core.groups.Tuple.tuple(RmppHeader.STATUS_RESX, RmppAbortException.Side.REMOTE));
        assertThat(abortStatuses()).isEmpty();
    }

    @Test
    void passesThroughPlainMadsAndKernelReassembledMessages() {
        start(RmppOptions.defaults());
        byte[] plain = with(segment(saMessage(100, random), 1), h -> h.flags(0));
        byte[] whole = asReassembled(saMessage(1000, random));
        feed(plain);
        feed(whole);
        assertThat(messages()).containsExactly(plain, whole);
        assertThat(acks()).isEmpty();
    }

    @Test
    void keepsTransfersOfDifferentPeersApart() {
        start(RmppOptions.defaults());
        byte[] message = saMessage(400, random);
        inbound.tryEmitNext(new RmppInbound("a", segment(message, 1)));
        inbound.tryEmitNext(new RmppInbound("b", segment(message, 1)));
        inbound.tryEmitNext(new RmppInbound("a", segment(message, 2)));
        assertThat(events.stream().filter(e -> e instanceof RmppEvent.Message m && m.key().peer().equals("a"))).hasSize(1);
        assertThat(events.stream().filter(e -> e instanceof RmppEvent.Message)).hasSize(1);
    }

    @Test
    void completesWhenInboundEndsAndOpenTransfersHaveTimedOut() {
        start(RmppOptions.defaults());
        byte[] message = saMessage(600, random);
        feedAll(message, 1);
        inbound.tryEmitComplete();
        assertThat(completed).isFalse();

        time.advanceTimeBy(Duration.ofSeconds(40));
        assertThat(failures()).extracting(RmppAbortException::status).containsExactly(RmppHeader.STATUS_T2L);
        assertThat(completed).isTrue();
    }

    @Test
    void cancellingStopsTheTimers() {
        List<RmppEvent> seen = new ArrayList<>();
        reactor.core.Disposable subscription = Rmpp.receive(inbound.asFlux(), RmppOptions.defaults(), time)
                .subscribe(seen::add);
        feed(segment(saMessage(600, random), 1));
        subscription.dispose();
        time.advanceTimeBy(Duration.ofMinutes(1));

        assertThat(seen).singleElement().isInstanceOf(RmppEvent.Control.class); // the ACK of segment 1, no T2L
    }

    @Test
    void passesOnAnInboundErrorAtOnce() {
        reactor.test.StepVerifier.create(Rmpp.receive(inbound.asFlux(), RmppOptions.defaults(), time))
                .then(() -> feed(segment(saMessage(600, random), 1)))
                .expectNextCount(1)
                .then(() -> inbound.tryEmitError(new IllegalStateException("port gone")))
                .expectErrorMessage("port gone")
                .verify(Duration.ofSeconds(10));
    }
}
