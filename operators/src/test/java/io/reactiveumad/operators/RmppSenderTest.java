package io.reactiveumad.operators;

import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.mad.RmppAbortException;
import io.reactiveumad.mad.RmppHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static io.reactiveumad.operators.RmppFixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RmppSenderTest {
    private static final Duration VERIFY = Duration.ofSeconds(10);

    private final Sinks.Many<byte[]> control = Sinks.many().unicast().onBackpressureBuffer();
    private final List<byte[]> sent = new ArrayList<>();
    private final Random random = new Random(11);

    private StepVerifier.FirstStep<Void> send(byte[] message, RmppOptions options) {
        return StepVerifier.withVirtualTime(
                () -> Rmpp.send(message, control.asFlux(), sent::add, options, VirtualTimeScheduler.get()));
    }

    private void reply(byte[] mad) {
        assertThat(control.tryEmitNext(mad).isSuccess()).isTrue();
    }

    private List<Long> sentSegments() {
        return sent.stream().filter(m -> rmpp(m).type() == RmppHeader.TYPE_DATA).map(m -> rmpp(m).segmentNumber())
                .toList();
    }

    private List<Integer> sentAborts() {
        return sent.stream().filter(m -> rmpp(m).type() == RmppHeader.TYPE_ABORT).map(m -> rmpp(m).status()).toList();
    }

    private static List<Long> range(long from, long to) {
        return java.util.stream.LongStream.rangeClosed(from, to).boxed().toList();
    }

    @ParameterizedTest(name = "class {0}, {1} data bytes → {2} segments")
    @CsvSource({"3, 1000, 5", "3, 217, 2", "3, 0, 1", "48, 1000, 5", "48, 1080, 5", "6, 1000, 6"})
    void cutsTheMessageAsTheKernelDoes(int mgmtClass, int dataLength, int segments) {
        byte[] message = message(mgmtClass, dataLength, TID, random);
        int offset = dataOffset(mgmtClass);
        int per = 256 - offset;
        int pad = segments * per - dataLength;
        assertThat(Rmpp.segmentCount(message)).isEqualTo(segments);
        for (int n = 1; n <= segments; n++) {
            byte[] s = segment(message, n);
            RmppHeader h = rmpp(s);
            assertThat(s).hasSize(256);
            assertThat(Arrays.copyOf(s, 24)).isEqualTo(Arrays.copyOf(message, 24));
            assertThat(Arrays.copyOfRange(s, 36, offset)).isEqualTo(Arrays.copyOfRange(message, 36, offset));
            assertThat(h.version()).isEqualTo(1);
            assertThat(h.type()).isEqualTo(RmppHeader.TYPE_DATA);
            assertThat(h.rRespTime()).isEqualTo(18);
            assertThat(h.segmentNumber()).isEqualTo(n);
            assertThat(h.isActive()).isTrue();
            assertThat(h.isFirst()).isEqualTo(n == 1);
            assertThat(h.isLast()).isEqualTo(n == segments);
            long payloadLength = n == segments ? 220 - pad : n == 1 ? segments * 220L - pad : 0;
            assertThat(h.payloadLength()).isEqualTo(payloadLength);
            int from = offset + (n - 1) * per;
            int length = Math.min(per, message.length - from);
            assertThat(Arrays.copyOfRange(s, offset, offset + length)).isEqualTo(Arrays.copyOfRange(message, from, from + length));
            assertThat(Arrays.copyOfRange(s, offset + length, 256)).isEqualTo(new byte[256 - offset - length]);
        }
    }

    @Test
    void rejectsMessagesThatCannotBeSegmented() {
        byte[] shortSa = Arrays.copyOf(saMessage(0, random), 50);
        byte[] perf = Arrays.copyOf(saMessage(100, random), 256);
        perf[1] = 0x04;
        assertThatThrownBy(() -> Rmpp.send(shortSa, control.asFlux(), sent::add, RmppOptions.defaults(),
                VirtualTimeScheduler.create())).isInstanceOf(MalformedMadException.class);
        assertThatThrownBy(() -> Rmpp.send(perf, control.asFlux(), sent::add, RmppOptions.defaults(),
                VirtualTimeScheduler.create())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0x04");
    }

    @Test
    void sendsSegmentOneThenWhatEachAckAllowsAndCompletesOnTheLastAck() {
        byte[] message = saMessage(200 * 100, random);
        send(message, RmppOptions.defaults())
                .then(() -> assertThat(sentSegments()).containsExactly(1L))
                .then(() -> reply(ack(message, 1, 65)))
                .then(() -> assertThat(sentSegments()).isEqualTo(range(1, 65)))
                .then(() -> reply(ack(message, 65, 129)))
                .then(() -> assertThat(sentSegments()).isEqualTo(range(1, 100)))
                .then(() -> reply(ack(message, 100, 129)))
                .expectComplete()
                .verify(VERIFY);
        assertThat(sentAborts()).isEmpty();
    }

    @Test
    void resendsFromTheLastAckedSegmentAfterTheAckTimeout() {
        byte[] message = saMessage(200 * 10, random);
        send(message, RmppOptions.defaults())
                .then(() -> reply(ack(message, 1, 65)))
                .then(() -> reply(ack(message, 4, 65)))
                .then(() -> sent.clear())
                .thenAwait(Duration.ofMillis(1999))
                .then(() -> assertThat(sent).isEmpty())
                .thenAwait(Duration.ofMillis(1))
                .then(() -> assertThat(sentSegments()).isEqualTo(range(5, 10)))
                .then(() -> reply(ack(message, 10, 65)))
                .expectComplete()
                .verify(VERIFY);
    }

    @Test
    void honoursAConfiguredAckTimeout() {
        byte[] message = saMessage(400, random);
        send(message, RmppOptions.defaults().withAckTimeout(Duration.ofMillis(300)))
                .thenAwait(Duration.ofMillis(300))
                .then(() -> assertThat(sentSegments()).containsExactly(1L, 1L))
                .thenCancel()
                .verify(VERIFY);
    }

    @Test
    void givesUpWithTmrAfterTheRetriesAndTellsThePeer() {
        byte[] message = saMessage(200 * 3, random);
        send(message, RmppOptions.defaults().withMaxRetries(2))
                .thenAwait(Duration.ofSeconds(4))
                .then(() -> assertThat(sentSegments()).containsExactly(1L, 1L, 1L))
                .expectNoEvent(Duration.ofMillis(1999))
                .thenAwait(Duration.ofMillis(1))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOfSatisfying(RmppAbortException.class, a -> {
                    assertThat(a.status()).isEqualTo(RmppHeader.STATUS_TMR);
                    assertThat(a.side()).isEqualTo(RmppAbortException.Side.LOCAL);
                    assertThat(a.tid()).isEqualTo(TID);
                    assertThat(a.mgmtClass()).isEqualTo(SA);
                }))
                .verify(VERIFY);
        assertThat(sentAborts()).containsExactly(RmppHeader.STATUS_TMR);
        byte[] abort = sent.get(sent.size() - 1);
        assertThat(abort[3] & 0xFF).isEqualTo(GET_TABLE_RESP);
        assertThat(RmppWire.tid(abort)).isEqualTo(TID);
    }

    @Test
    void progressResetsTheRetries() {
        byte[] message = saMessage(200 * 200, random);
        send(message, RmppOptions.defaults().withMaxRetries(1))
                .then(() -> reply(ack(message, 1, 65)))
                .thenAwait(Duration.ofSeconds(2))
                .then(() -> reply(ack(message, 65, 129)))
                .thenAwait(Duration.ofSeconds(2))
                .then(() -> reply(ack(message, 129, 193)))
                .thenAwait(Duration.ofSeconds(2))
                .then(() -> reply(ack(message, 193, 257)))
                .thenAwait(Duration.ofSeconds(2))
                .then(() -> reply(ack(message, 200, 257)))
                .expectComplete()
                .verify(VERIFY);
    }

    @Test
    void ignoresOldReorderedAcksAndOtherTransfers() {
        byte[] message = saMessage(200 * 100, random);
        byte[] other = message(SA, 200 * 100, TID + 1, random);
        send(message, RmppOptions.defaults())
                .then(() -> reply(ack(message, 1, 65)))
                .then(() -> reply(ack(message, 30, 65)))
                .then(() -> reply(ack(message, 20, 65)))
                .then(() -> reply(ack(other, 100, 129)))
                .then(() -> reply(control(message, RmppHeader.TYPE_DATA, 0, 2, 0)))
                .then(() -> assertThat(sentSegments()).isEqualTo(range(1, 65)))
                .then(() -> reply(ack(message, 65, 129)))
                .then(() -> reply(ack(message, 40, 65)))
                .then(() -> assertThat(sentSegments()).isEqualTo(range(1, 100)))
                .then(() -> reply(ack(message, 100, 129)))
                .expectComplete()
                .verify(VERIFY);
    }

    @Test
    void failsWithResxOnStop() {
        expectPeerEnd(control(saMessage(0, random), RmppHeader.TYPE_STOP, RmppHeader.STATUS_RESX, 0, 0),
                RmppHeader.STATUS_RESX, RmppAbortException.Side.REMOTE);
    }

    @Test
    void failsWithThePeersStatusOnAbort() {
        for (int status = RmppHeader.STATUS_ABORT_MIN; status <= RmppHeader.STATUS_ABORT_MAX; status++) {
            sent.clear();
            expectPeerEnd(control(saMessage(0, random), RmppHeader.TYPE_ABORT, status, 0, 0), status,
                    RmppAbortException.Side.REMOTE);
        }
    }

    @Test
    void answersAStopOrAbortWithAnIllegalStatusWithBadStatus() {
        expectPeerEnd(control(saMessage(0, random), RmppHeader.TYPE_STOP, 5, 0, 0), RmppHeader.STATUS_BAD_STATUS,
                RmppAbortException.Side.LOCAL);
        expectPeerEnd(control(saMessage(0, random), RmppHeader.TYPE_ABORT, 5, 0, 0), RmppHeader.STATUS_BAD_STATUS,
                RmppAbortException.Side.LOCAL);
    }

    @Test
    void abortsAnAckWithAStatusAsBadStatus() {
        expectPeerEnd(control(saMessage(0, random), RmppHeader.TYPE_ACK, 3, 1, 65), RmppHeader.STATUS_BAD_STATUS,
                RmppAbortException.Side.LOCAL);
    }

    @Test
    void abortsAWindowBelowItsAckAsW2s() {
        expectPeerEnd(ack(saMessage(0, random), 1, 0), RmppHeader.STATUS_W2S, RmppAbortException.Side.LOCAL);
    }

    @Test
    void abortsAnAckBeyondTheWindowOrMessageAsS2b() {
        expectPeerEnd(ack(saMessage(0, random), 2, 65), RmppHeader.STATUS_S2B, RmppAbortException.Side.LOCAL);
    }

    @Test
    void abortsAnUnknownTypeAsBadtAndAnotherVersionAsUnv() {
        expectPeerEnd(control(saMessage(0, random), 9, 0, 0, 0), RmppHeader.STATUS_BADT, RmppAbortException.Side.LOCAL);
        expectPeerEnd(with(ack(saMessage(0, random), 1, 1), h -> h.version(2)), RmppHeader.STATUS_UNV,
                RmppAbortException.Side.LOCAL);
    }

    /** Sends a 3-segment message and answers segment 1 with {@code reply}. */
    private void expectPeerEnd(byte[] reply, int status, RmppAbortException.Side side) {
        sent.clear();
        Sinks.Many<byte[]> peer = Sinks.many().unicast().onBackpressureBuffer();
        byte[] message = saMessage(600, random);
        StepVerifier.withVirtualTime(() -> Rmpp.send(message, peer.asFlux(), sent::add, RmppOptions.defaults(),
                        VirtualTimeScheduler.get()))
                .then(() -> peer.tryEmitNext(reply))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOfSatisfying(RmppAbortException.class, a -> {
                    assertThat(a.status()).isEqualTo(status);
                    assertThat(a.side()).isEqualTo(side);
                }))
                .verify(VERIFY);
        assertThat(sentAborts()).isEqualTo(side == RmppAbortException.Side.LOCAL ? List.of(status) : List.of());
    }

    @Test
    void passesOnAnErrorOfTheControlStream() {
        byte[] message = saMessage(600, random);
        send(message, RmppOptions.defaults())
                .then(() -> control.tryEmitError(new IllegalStateException("agent closed")))
                .expectErrorMessage("agent closed")
                .verify(VERIFY);
    }

    @Test
    void cancellingStopsTheResends() {
        VirtualTimeScheduler time = VirtualTimeScheduler.create();
        reactor.core.Disposable subscription = Rmpp.send(saMessage(600, random), control.asFlux(), sent::add,
                RmppOptions.defaults(), time).subscribe();
        time.advanceTimeBy(Duration.ofSeconds(2));
        subscription.dispose();
        time.advanceTimeBy(Duration.ofMinutes(1));

        assertThat(sentSegments()).containsExactly(1L, 1L);
        assertThat(sentAborts()).isEmpty();
    }
}
