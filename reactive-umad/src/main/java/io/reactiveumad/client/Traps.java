package io.reactiveumad.client;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SmpHeader;
import io.reactiveumad.mad.attr.Notice;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Traps between an SMA and the SM (IBA 14.2.5): the SMA sends a SubnTrap(Notice), LID-routed on QP0 to
 * the SM LID its port knows, and resends it with the same TID until the SM answers with a
 * SubnTrapRepress (method 0x07, no R bit), which completes {@link #send}; {@link #repress} is the SM's
 * side, answering every Trap with a TrapRepress.
 *
 * <pre>{@code
 * Traps.of(port).send(notice).block();            // SMA: done once the SM repressed it
 * Traps.repress(smAgent).subscribe(trap -> ...);  // SM: every trap, already repressed
 * }</pre>
 *
 * <p>How often and how long to resend is {@link RequestOptions}: each attempt waits
 * {@link RequestOptions#timeout()}, at most {@link RequestOptions#retries()} resends, then the send
 * fails with {@link io.reactiveumad.mad.MadTimeoutException} (IBA lets an SMA resend for ever; a
 * {@code Mono} that may never end is not offered). Notice data travels in the SMP's 64 data bytes, so
 * an SMP trap carries no IssuerGID (the Notice's last 16 bytes).
 */
public final class Traps implements Disposable {
    private static final Logger log = LoggerFactory.getLogger(Traps.class);
    private static final int CLASS_VERSION = 1;

    private final MadPort port;
    private final LazyAgent agent;
    private final RequestOptions options;

    private Traps(MadPort port, LazyAgent agent, RequestOptions options) {
        this.port = port;
        this.agent = agent;
        this.options = options;
    }

    /** A trap sender on {@code port}; its agent (LID-routed SMP class, client only) is registered on first use. */
    public static Traps of(MadPort port) {
        Objects.requireNonNull(port, "port");
        return new Traps(port, new LazyAgent(port, AgentSpec.client(MgmtClass.SUBN_LID_ROUTED, CLASS_VERSION)),
                port.options().requests());
    }

    /** A view sharing this sender's agent that resends as {@code resends} says. */
    public Traps withOptions(RequestOptions resends) {
        return new Traps(port, agent, Objects.requireNonNull(resends, "resends"));
    }

    /**
     * Sends {@code notice} to the SM as a SubnTrap and completes when the SM represses it; resent with
     * the same TID after each {@link RequestOptions#timeout()} until then or until the resends run out.
     */
    public Mono<Void> send(Notice notice) {
        Objects.requireNonNull(notice, "notice");
        Mad trap = Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_LID_ROUTED).classVersion(CLASS_VERSION)
                    .methodByte(Method.TRAP).attributeId(Notice.ATTRIBUTE_ID);
            ByteBuffer whole = ByteBuffer.allocate(notice.encodedSize());
            notice.encode(whole, 0);
            b.put(SmpHeader.DATA_OFFSET, whole.array(), 0, SmpHeader.DATA_SIZE);
        });
        return agent.get()
                .flatMap(a -> Mono.defer(() -> a.request(trap, MadAddress.smp(port.attributes().smLid())
                        .withSl(port.attributes().smSl()), options)))
                .then();
    }

    /**
     * The SM's side on {@code smAgent} (LID-routed SMP class, serving {@link Method#TRAP}): every Trap
     * it receives is answered with a TrapRepress carrying its TID as soon as it is read, then emitted.
     */
    public static Flux<ReceivedMad> repress(MadAgent smAgent) {
        Objects.requireNonNull(smAgent, "smAgent");
        if (smAgent.spec().mgmtClass() != MgmtClass.SUBN_LID_ROUTED || !smAgent.spec().serves(Method.TRAP)) {
            throw new IllegalArgumentException("not an agent serving SubnTrap: " + smAgent.spec());
        }
        return smAgent.receive()
                .filter(r -> r.mad().method() == Method.TRAP)
                .concatMap(trap -> smAgent.respond(trap, trap.mad())
                        .onErrorResume(e -> {
                            log.warn("port {}: repressing a trap from LID {} failed: {}", smAgent.port().spec(),
                                    trap.source().lid(), e.toString());
                            return Mono.empty();
                        })
                        .thenReturn(trap));
    }

    @Override
    public void dispose() {
        agent.dispose();
    }

    @Override
    public boolean isDisposed() {
        return agent.isDisposed();
    }
}
