package io.reactiveumad.examples;

import io.reactiveumad.MadPort;
import io.reactiveumad.test.EmbeddedFabric;
import java.util.Optional;

/** An opened local port, and the embedded fabric started for it if any; closing releases both. */
final class Connection implements AutoCloseable {
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

    @Override
    public void close() {
        port.dispose();
        if (fabric != null) {
            fabric.close();
        }
    }
}
