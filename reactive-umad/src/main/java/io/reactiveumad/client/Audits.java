package io.reactiveumad.client;

import io.reactiveumad.PortClosedException;
import java.time.Duration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The periodic checks of what a client holds at the SA (a multicast membership, a service registration). */
final class Audits {
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
     * outlasts {@link #STEP_BOUND} is skipped, so a silent or refusing SA never fails the audit. A closed port
     * does: every later step would fail the same way, and what the audit holds is gone with the port.
     */
    static <T> Flux<T> every(Duration period, Mono<T> step) {
        Mono<T> bounded = step.timeout(STEP_BOUND).onErrorResume(e -> !(e instanceof PortClosedException), e -> Mono.empty());
        return Flux.interval(period).onBackpressureDrop().concatMap(tick -> bounded, 0);
    }
}
