package io.reactiveumad.examples;

import io.reactiveumad.MadPort;
import java.util.ArrayList;
import java.util.List;

/** An opened local port and whatever was started to get it (e.g. an embedded fabric); closing releases all. */
final class Connection implements AutoCloseable {
    private final TransportKind kind;
    private final MadPort port;
    private final List<AutoCloseable> resources = new ArrayList<>();

    Connection(TransportKind kind, MadPort port) {
        this.kind = kind;
        this.port = port;
    }

    TransportKind kind() {
        return kind;
    }

    MadPort port() {
        return port;
    }

    /** Closes {@code resource} after the port, in reverse order of registration. */
    Connection closing(AutoCloseable resource) {
        resources.add(0, resource);
        return this;
    }

    @Override
    public void close() {
        port.dispose();
        for (AutoCloseable resource : resources) {
            try {
                resource.close();
            } catch (Exception e) {
                // Closing on the way out: the command's own outcome matters more than a failed release.
            }
        }
    }
}
