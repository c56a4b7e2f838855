package io.reactiveumad.client;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
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
