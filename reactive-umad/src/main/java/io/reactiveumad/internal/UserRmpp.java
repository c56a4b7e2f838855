package io.reactiveumad.internal;

import io.reactiveumad.internal.LoopCounters.Count;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.operators.Rmpp;
import io.reactiveumad.operators.RmppEvent;
import io.reactiveumad.operators.RmppInbound;
import io.reactiveumad.operators.RmppKey;
import io.reactiveumad.operators.RmppOptions;
import io.reactiveumad.spi.channel.MadFrame;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * User-space RMPP for one agent: the {@link Rmpp} operators wired to the agent's frames. Inbound DATA
 * segments feed one receiver whose ACKs go back through the agent and whose reassembled messages are
 * delivered as if they had arrived whole; ACK/STOP/ABORT for our own transfers go to the matching
 * sender. All of it runs on the port's loop (the operators' timers use the loop scheduler).
 */
final class UserRmpp {
    private static final Logger log = LoggerFactory.getLogger(UserRmpp.class);

    private final DefaultMadAgent agent;
    private final DefaultMadPort port;
    private final RmppOptions options;
    private final Sinks.Many<RmppInbound> inbound = Sinks.many().unicast().onBackpressureBuffer();
    /** loop */
    private final Map<RmppKey, Sinks.Many<byte[]>> sends = new HashMap<>();
    private final Disposable receiver;

    UserRmpp(DefaultMadAgent agent, RmppOptions options) {
        this.agent = agent;
        this.port = agent.owner();
        this.options = options;
        this.receiver = Rmpp.receive(inbound.asFlux(), options, port.loopScheduler())
                .subscribe(this::onEvent, e -> log.warn("agent {}: RMPP receiver failed: {}", agent.id(), e.toString()));
    }

    /** loop: takes the frame if it is RMPP traffic; false leaves it to the agent's plain path. */
    boolean consume(MadAddress source, byte[] mad) {
        if (mad.length > MadHeader.MAD_SIZE || !Rmpp.isActive(mad)) {
            return false;
        }
        // Transfers are told apart by the peer's LID, the low TID bits and the class.
        RmppKey key = Rmpp.key(source.lid(), mad);
        if (Rmpp.isSenderControl(mad)) {
            Sinks.Many<byte[]> control = sends.get(key);
            if (control != null) {
                control.tryEmitNext(mad);
            }
        }
        if (Rmpp.isReceiverInput(mad)) {
            PendingRequest waiting = agent.pendingFor(key.tidLow(), key.mgmtClass());
            if (waiting != null && (mad[MadHeader.METHOD_OFFSET] & MadHeader.RESPONSE_BIT) != 0) {
                waiting.responseStreaming();
            }
            inbound.tryEmitNext(new RmppInbound(DefaultMadAgent.replyAddress(source), mad));
        }
        return true;
    }

    /** loop: segments {@code message} to {@code to}; completes when the peer acknowledged the last segment. */
    Mono<Void> send(byte[] message, MadAddress to) {
        RmppKey key = Rmpp.key(to.lid(), message);
        Sinks.Many<byte[]> control = Sinks.many().unicast().onBackpressureBuffer();
        sends.put(key, control);
        return Rmpp.send(message, control.asFlux(), segment -> agent.write(MadFrame.send(agent.id(), to, segment)),
                        options, port.loopScheduler())
                .doOnSuccess(acknowledged -> agent.counters().increment(Count.RMPP_TRANSFERS))
                .doFinally(signal -> port.execute(() -> sends.remove(key, control), stopped -> { }));
    }

    private void onEvent(RmppEvent event) {
        if (!port.loop().inEventLoop()) {
            port.loop().execute(() -> onEvent(event));
            return;
        }
        if (event instanceof RmppEvent.Control c) {
            try {
                agent.write(MadFrame.send(agent.id(), (MadAddress) c.peer(), c.mad()));
            } catch (RuntimeException e) {
                log.warn("agent {}: sending RMPP control failed: {}", agent.id(), e.toString());
            }
        } else if (event instanceof RmppEvent.Message m) {
            agent.counters().increment(Count.RMPP_TRANSFERS);
            agent.deliver(m.bytes(), (MadAddress) m.key().peer(), false);
        } else if (event instanceof RmppEvent.Failure f) {
            PendingRequest waiting = agent.pendingFor(f.key().tidLow(), f.key().mgmtClass());
            if (waiting != null) {
                waiting.fail(f.error());
            } else {
                log.debug("agent {}: RMPP transfer {} failed: {}", agent.id(), f.key(), f.error().getMessage());
            }
        }
    }

    /** loop: the agent closed. */
    void close() {
        inbound.tryEmitComplete();
        receiver.dispose();
        sends.values().forEach(s -> s.tryEmitComplete());
        sends.clear();
    }
}
