package io.reactiveumad.service;

import static org.awaitility.Awaitility.await;

import io.reactiveumad.MadPort;
import io.reactiveumad.Umad;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.topology.Topology;
import java.net.URI;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The service on an embedded fabric, by default the bundled one (host1..host4; sw1 and sw2 joined by two
 * parallel links; the SM on host1) watched from host4, on a free loopback port.
 */
final class RunningService implements AutoCloseable {
    static final Duration START = Duration.ofSeconds(30);

    final EmbeddedFabric fabric;
    final MadPort port;
    final FabricService service;

    RunningService(ServiceOptions options) {
        this(Topology.defaultTopology(), "host4", options);
    }

    /** The service on {@code topology} (the SM on its first CA), watching from {@code watcher}'s port 1. */
    RunningService(Topology topology, String watcher, ServiceOptions options) {
        this(topology, watcher, options, fabric -> { });
    }

    /** As above, with {@code beforeStart} done to the fabric before the service starts (faults, say). */
    RunningService(Topology topology, String watcher, ServiceOptions options, Consumer<EmbeddedFabric> beforeStart) {
        this.fabric = EmbeddedFabric.start(topology);
        beforeStart.accept(fabric);
        this.port = Umad.open(fabric.transport(), fabric.port(watcher, 1)).block(START);
        this.service = FabricService.start(port, options.withHttpPort(0)).block(START);
    }

    RunningService() {
        this(ServiceOptions.DEFAULT);
    }

    URI uri(String path) {
        return URI.create(service.url()).resolve(path);
    }

    @Override
    public void close() {
        service.close();
        // Closing unsubscribes at the SA; the port must stay open until it has.
        await().atMost(START).until(() -> fabric.subscriptions() == 0);
        port.dispose();
        fabric.close();
    }
}
