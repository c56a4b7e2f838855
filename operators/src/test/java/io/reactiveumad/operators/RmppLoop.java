package io.reactiveumad.operators;

import io.reactiveumad.mad.RmppAbortException;
import io.reactiveumad.mad.RmppHeader;
import reactor.core.publisher.Sinks;
import reactor.test.scheduler.VirtualTimeScheduler;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** A Java sender and a Java receiver joined by two {@link LossyLink}s, run to a virtual-time bound. */
final class RmppLoop {
    /** What each side ended with once the bound passed. */
    record Outcome(Throwable senderError, boolean senderDone, List<byte[]> messages,
            List<RmppAbortException> receiverFailures, boolean receiverIdle, boolean firstSegmentArrived) {
        boolean senderSucceeded() {
            return senderDone && senderError == null;
        }
    }

    private RmppLoop() {
    }

    /**
     * Sends {@code message} through {@code toReceiver} and the receiver's ACK/ABORTs back through
     * {@code toSender}, advances virtual time by {@code bound}, then ends the receiver's input and records
     * whether it had nothing left open.
     */
    static Outcome run(byte[] message, RmppOptions options, Duration bound,
            Function<VirtualTimeScheduler, LossyLink> toReceiverLink, Function<VirtualTimeScheduler, LossyLink> toSenderLink) {
        VirtualTimeScheduler time = VirtualTimeScheduler.create();
        LossyLink toReceiver = toReceiverLink.apply(time);
        LossyLink toSender = toSenderLink.apply(time);
        Sinks.Many<RmppInbound> receiverIn = Sinks.many().unicast().onBackpressureBuffer();
        Sinks.Many<byte[]> senderIn = Sinks.many().unicast().onBackpressureBuffer();
        List<byte[]> messages = new ArrayList<>();
        List<RmppAbortException> failures = new ArrayList<>();
        Throwable[] senderError = new Throwable[1];
        boolean[] flags = new boolean[3]; // sender done, receiver completed, first segment arrived

        Rmpp.receive(receiverIn.asFlux(), options, time).subscribe(event -> {
            if (event instanceof RmppEvent.Control control) {
                toSender.carry(control.mad(), senderIn::tryEmitNext);
            } else if (event instanceof RmppEvent.Message m) {
                messages.add(m.bytes());
            } else if (event instanceof RmppEvent.Failure f) {
                failures.add(f.error());
            }
        }, error -> {
            throw new AssertionError("the receiver stream itself must not fail", error);
        }, () -> flags[1] = true);

        Rmpp.send(message, senderIn.asFlux(), segment -> toReceiver.carry(segment, arrived -> {
            RmppHeader h = new RmppHeader().wrap(arrived);
            flags[2] |= h.type() == RmppHeader.TYPE_DATA && h.segmentNumber() == 1;
            receiverIn.tryEmitNext(new RmppInbound(RmppFixtures.PEER, arrived));
        }), options, time).subscribe(null, error -> {
            senderError[0] = error;
            flags[0] = true;
        }, () -> flags[0] = true);

        time.advanceTimeBy(bound);
        receiverIn.tryEmitComplete();
        time.dispose();
        return new Outcome(senderError[0], flags[0], messages, failures, flags[1], flags[2]);
    }

    static Outcome perfect(byte[] message, RmppOptions options) {
        return run(message, options, Duration.ofMinutes(10), LossyLink::perfect, LossyLink::perfect);
    }
}
