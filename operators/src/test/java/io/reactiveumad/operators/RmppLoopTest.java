package io.reactiveumad.operators;

import io.reactiveumad.mad.RmppAbortException;
import io.reactiveumad.mad.RmppHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;

import static io.reactiveumad.operators.RmppFixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

/** Java sender ↔ Java receiver over in-memory links, in virtual time. */
class RmppLoopTest {
    private static final Duration BOUND = Duration.ofMinutes(10);
    private final Random random = new Random(3);

    private static void assertDelivered(RmppLoop.Outcome outcome, byte[] message) {
        assertThat(outcome.senderError()).isNull();
        assertThat(outcome.senderSucceeded()).isTrue();
        assertThat(outcome.messages()).singleElement().isEqualTo(asReassembled(message));
        assertThat(outcome.receiverFailures()).isEmpty();
        assertThat(outcome.receiverIdle()).isTrue();
    }

    /** Drops the first transmission of each MAD {@code select} picks, counting MADs of one kind. */
    private static Predicate<byte[]> dropOnce(Predicate<byte[]> select) {
        Set<Object> dropped = new HashSet<>();
        return mad -> select.test(mad) && dropped.add(rmpp(mad).segmentNumber() + ":" + rmpp(mad).newWindowLast());
    }

    private static LossyLink link(reactor.test.scheduler.VirtualTimeScheduler time, Predicate<byte[]> drop) {
        return new LossyLink(time, new Random(1), 0, 0, 1, drop);
    }

    @ParameterizedTest(name = "{0} data bytes")
    @ValueSource(ints = {1, 217, 1000, 60000, 1 << 20})
    void deliversEverySizeOverAPerfectLink(int dataLength) {
        byte[] message = saMessage(dataLength, random);
        assertDelivered(RmppLoop.perfect(message, RmppOptions.defaults()), message);
    }

    @Test
    void deliversVendorAndDeviceClassMessages() {
        for (int mgmtClass : new int[] {VENDOR, DEV_MGT}) {
            byte[] message = message(mgmtClass, 60000, TID, random);
            assertDelivered(RmppLoop.perfect(message, RmppOptions.defaults()), message);
        }
    }

    @Test
    void runsOnARealSchedulerOverALinkThatLoopsStraightBack() {
        byte[] message = saMessage(60000, random);
        Sinks.Many<RmppInbound> receiverIn = Sinks.many().unicast().onBackpressureBuffer();
        Sinks.Many<byte[]> senderIn = Sinks.many().unicast().onBackpressureBuffer();
        List<byte[]> delivered = new ArrayList<>();
        // Every transmit re-enters the other side synchronously: the serial executors must queue, not recurse.
        Rmpp.receive(receiverIn.asFlux(), RmppOptions.defaults(), Schedulers.parallel()).subscribe(event -> {
            if (event instanceof RmppEvent.Control c) {
                senderIn.tryEmitNext(c.mad());
            } else if (event instanceof RmppEvent.Message m) {
                delivered.add(m.bytes());
            }
        });
        StepVerifier.create(Rmpp.send(message, senderIn.asFlux(), s -> receiverIn.tryEmitNext(in(s)),
                        RmppOptions.defaults(), Schedulers.parallel()))
                .expectComplete()
                .verify(Duration.ofSeconds(10));
        assertThat(delivered).singleElement().isEqualTo(asReassembled(message));
    }

    @Test
    void survivesTheLossOfAnySingleSegment() {
        byte[] message = saMessage(200 * 140, random);
        for (long lost = 1; lost <= 140; lost++) {
            long segment = lost;
            RmppLoop.Outcome outcome = RmppLoop.run(message, RmppOptions.defaults(), BOUND,
                    time -> link(time, dropOnce(m -> rmpp(m).segmentNumber() == segment)),
                    time -> link(time, m -> false));
            assertDelivered(outcome, message);
        }
    }

    @Test
    void survivesTheLossOfAnySingleAck() {
        byte[] message = saMessage(200 * 140, random);
        // The receiver ACKs segment 1, the window edges 65 and 129, and the last segment 140.
        for (long acked : new long[] {1, 65, 129, 140}) {
            RmppLoop.Outcome outcome = RmppLoop.run(message, RmppOptions.defaults(), BOUND,
                    time -> link(time, m -> false),
                    time -> link(time, dropOnce(m -> rmpp(m).type() == RmppHeader.TYPE_ACK
                            && rmpp(m).segmentNumber() == acked)));
            assertDelivered(outcome, message);
        }
    }

    @Test
    void survivesDuplicationAndReorderingOfEverything() {
        byte[] message = saMessage(60000, random);
        RmppLoop.Outcome outcome = RmppLoop.run(message, RmppOptions.defaults(), BOUND,
                time -> new LossyLink(time, new Random(5), 0, 0.5, 5_000, m -> false),
                time -> new LossyLink(time, new Random(6), 0, 0.5, 5_000, m -> false));
        assertDelivered(outcome, message);
    }

    @Test
    void deliversOneMegabyteOverALossyLink() {
        byte[] message = saMessage(1 << 20, random);
        RmppOptions options = RmppOptions.defaults().withAckTimeout(Duration.ofMillis(200)).withMaxRetries(5);
        RmppLoop.Outcome outcome = RmppLoop.run(message, options, BOUND,
                time -> new LossyLink(time, new Random(8), 0.01, 0.01, 2_000, m -> false),
                time -> new LossyLink(time, new Random(9), 0.01, 0.01, 2_000, m -> false));
        assertDelivered(outcome, message);
    }

    @Test
    void bothSidesFailTypedWhenTheLinkDies() {
        byte[] message = saMessage(200 * 100, random);
        RmppLoop.Outcome outcome = RmppLoop.run(message, RmppOptions.defaults(), BOUND,
                time -> link(time, m -> rmpp(m).segmentNumber() > 30),
                time -> link(time, m -> false));
        assertThat(outcome.senderError()).isInstanceOfSatisfying(RmppAbortException.class,
                e -> assertThat(e.status()).isEqualTo(RmppHeader.STATUS_TMR));
        assertThat(outcome.receiverFailures()).extracting(RmppAbortException::status)
                .containsExactly(RmppHeader.STATUS_TMR); // the sender's ABORT reached the receiver
        assertThat(outcome.messages()).isEmpty();
        assertThat(outcome.receiverIdle()).isTrue();
    }

    @Test
    void aReceiverTimeoutReachesTheSender() {
        byte[] message = saMessage(200 * 100, random);
        // ACKs stop after the first: the receiver's 40 s give out before the sender's retries would
        RmppOptions patient = RmppOptions.defaults().withMaxRetries(100);
        RmppLoop.Outcome outcome = RmppLoop.run(message, patient, BOUND,
                time -> link(time, m -> rmpp(m).segmentNumber() == 70),
                time -> link(time, m -> false));
        assertThat(outcome.receiverFailures()).extracting(RmppAbortException::status)
                .containsExactly(RmppHeader.STATUS_T2L);
        assertThat(outcome.senderError()).isInstanceOfSatisfying(RmppAbortException.class, e -> {
            assertThat(e.status()).isEqualTo(RmppHeader.STATUS_T2L);
            assertThat(e.side()).isEqualTo(RmppAbortException.Side.REMOTE);
        });
    }
}
