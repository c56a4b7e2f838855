package io.reactiveumad.client;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * An agent a client registers on first use and keeps until the client is disposed. A failed
 * registration is not cached, so the next request tries again.
 */
final class LazyAgent implements Disposable {
    private final AtomicReference<MadAgent> registered = new AtomicReference<>();
    private final Mono<MadAgent> agent;
    private final String name;
    private volatile boolean disposed;

    LazyAgent(MadPort port, AgentSpec spec) {
        this.name = String.format("client of class 0x%02x on %s", spec.mgmtClass(), port.spec());
        this.agent = port.agent(spec)
                .doOnNext(this::adopt)
                .cache(a -> Duration.ofMillis(Long.MAX_VALUE), e -> Duration.ZERO, () -> Duration.ZERO);
    }

    /** The agent, registered on the first subscription; a {@link PortClosedException} once disposed. */
    Mono<MadAgent> get() {
        return Mono.defer(() -> disposed
                ? Mono.error(new PortClosedException(name + " was disposed"))
                : agent);
    }

    /**
     * {@code call} applied to the agent. Once the agent is registered this applies it at once, so a
     * request costs no operators of this class: on a busy client the defer, cache and flatMap of
     * {@code get().flatMap(call)} were a measurable share of each round trip's CPU.
     */
    <T> Mono<T> using(Function<MadAgent, Mono<T>> call) {
        MadAgent a = registered.get();
        return a != null && !disposed && !a.isDisposed() ? call.apply(a) : get().flatMap(call);
    }

    private void adopt(MadAgent a) {
        registered.set(a);
        if (disposed) {
            a.dispose();
        }
    }

    @Override
    public void dispose() {
        disposed = true;
        MadAgent a = registered.get();
        if (a != null) {
            a.dispose();
        }
    }

    @Override
    public boolean isDisposed() {
        return disposed;
    }
}
