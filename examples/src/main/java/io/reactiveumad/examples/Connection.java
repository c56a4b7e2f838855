package io.reactiveumad.examples;

import io.reactiveumad.MadPort;
import io.reactiveumad.test.EmbeddedFabric;
import java.time.Duration;
import java.util.Optional;
import reactor.core.publisher.Mono;

/** An opened local port, and the embedded fabric started for it if any; closing releases both. */
final class Connection implements AutoCloseable {
    /** Beyond the port's own bound on its releases: a transport that cannot release in this time is left to the exit hook. */
    private static final Duration CLOSE_DEADLINE = Duration.ofSeconds(10);

    private final TransportKind kind;
    private final MadPort port;
    private final EmbeddedFabric fabric;

    Connection(TransportKind kind, MadPort port, EmbeddedFabric fabric) {
        this.kind = kind;
        this.port = port;
        this.fabric = fabric;
    }

    TransportKind kind() {
        return kind;
    }

    MadPort port() {
        return port;
    }

    /** The embedded fabric behind the port, when the transport is {@link TransportKind#EMBEDDED}. */
    Optional<EmbeddedFabric> fabric() {
        return Optional.ofNullable(fabric);
    }

    /**
     * Closes the port and waits for it (its releases, then the channel: an ibsim slot, a kernel fd) before
     * the fabric behind it closes, so nothing is left for the JVM's exit hook to close under it.
     */
    @Override
    public void close() {
        port.close().timeout(CLOSE_DEADLINE, Mono.empty()).block();
        if (fabric != null) {
            fabric.close();
        }
    }
}
