package io.reactiveumad.client;

import io.reactiveumad.PortClosedException;
import io.reactiveumad.internal.DefaultMadPort;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The periodic checks of what a client holds at the SA (a multicast membership, a service registration). */
final class Audits {
    private static final Logger log = LoggerFactory.getLogger(Audits.class);
    /**
     * The longest one step may take: the steps run one after another, so one that never ended would stop
     * every later one. Each SA request is bounded already; re-reading the port's attributes is not.
     */
    static final Duration STEP_BOUND = Duration.ofSeconds(30);

    private Audits() {
    }

    /**
     * {@code step} every {@code period}, one at a time, emitting what it emits. Ticks that come while a step
     * runs are dropped (a slow SA must not pile steps up, nor overflow the interval); a step that fails or
     * outlasts {@link #STEP_BOUND} is skipped, with a warning naming {@code what} (so a silent or refusing SA
     * never fails the audit, and is not silent either). A closed port does fail it: every later step would fail
     * the same way, and what the audit holds is gone with the port.
     */
    static <T> Flux<T> every(Duration period, Mono<T> step, String what) {
        Mono<T> bounded = step.timeout(STEP_BOUND)
                .onErrorResume(e -> !PortClosedException.endsThePort(e), e -> {
                    log.warn("{}: the audit failed, trying again in {} s: {}", what, period.toSeconds(),
                            e instanceof TimeoutException ? "it took over " + STEP_BOUND.toSeconds() + " s" : e.toString());
                    return Mono.empty();
                });
        return Flux.interval(period).onBackpressureDrop().concatMap(tick -> bounded, 0);
    }

    /**
     * {@code again}, said at INFO first: an audit found that the SA no longer holds {@code what} ({@link #named}; an SM
     * restart or move forgets it), which a program's log should tell apart from a renewal on schedule.
     */
    static <T> Mono<T> forgotten(String what, String action, Mono<T> again) {
        return Mono.defer(() -> {
            log.info("{}: the SA no longer has it (an SM restart or move): {} again", what, action);
            return again;
        });
    }

    /** {@code what} {@code sa}'s port holds, as the audits' log lines name it. */
    static String named(SaClient sa, String what) {
        return "port " + sa.port().spec() + ": " + what;
    }

    /**
     * Something a client holds at the SA while the Flux is subscribed: {@code acquire} on subscribe, emitted; then
     * {@link #every} {@code period} {@code renew}, emitting what it emits. {@code release} gives it back when the
     * Flux is cancelled, and when {@code sa}'s port closes while it is held (the JVM's exit closes ports that way),
     * so a process that exits leaves nothing behind at the SA; a release that fails is logged naming {@code what}
     * (the SA may hold it until it forgets it, or its lease runs out). Only {@code acquire}'s failure ends the Flux,
     * or a closed port.
     */
    static <T> Flux<T> held(SaClient sa, Mono<T> acquire, Duration period, Mono<T> renew, Mono<?> release,
                            String what) {
        String named = named(sa, what);
        Mono<Void> giveBack = release.then();
        return Flux.defer(() -> {
            Object holder = new Object();
            return acquire
                    .doOnNext(first -> {
                        if (sa.port() instanceof DefaultMadPort port) {
                            port.beforeClose(holder, what, () -> giveBack);
                        }
                    })
                    .flatMapMany(first -> every(period, renew, named).startWith(first))
                    .doFinally(signal -> {
                        if (sa.port() instanceof DefaultMadPort port) {
                            port.forgetBeforeClose(holder);
                        }
                    })
                    .doOnCancel(() -> giveBack.subscribe(null, e -> {
                        if (!PortClosedException.endsThePort(e)) {
                            log.warn("{}: giving it back failed: {}", named, e.toString());
                        }
                    }));
        });
    }
}
