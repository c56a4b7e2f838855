package io.reactiveumad.service;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.reactiveumad.MadPort;
import io.reactiveumad.discovery.FabricDiscovery;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.DisposableServer;

/**
 * A reactive fabric service on one opened port: discovers the fabric, subscribes to its traps, sweeps its
 * counters, and serves a live page, Server-Sent Events, JSON and Prometheus metrics over reactor-netty.
 *
 * <pre>{@code
 * try (FabricService service = Umad.open(transport).flatMap(port -> FabricService.start(port, ServiceOptions.DEFAULT)).block()) {
 *     System.out.println("open " + service.url());
 *     ...
 * }
 * }</pre>
 *
 * Closing stops the HTTP server and the subscriptions; the port stays the caller's.
 */
public final class FabricService implements AutoCloseable {
    private final DisposableServer server;
    private final FabricWatcher watcher;
    private final PrometheusMeterRegistry registry;
    private final JvmGcMetrics gcMetrics;

    private FabricService(DisposableServer server, FabricWatcher watcher, PrometheusMeterRegistry registry,
                          JvmGcMetrics gcMetrics) {
        this.server = server;
        this.watcher = watcher;
        this.registry = registry;
        this.gcMetrics = gcMetrics;
    }

    /** Discovers the fabric from {@code port}, subscribes to its traps and binds the HTTP server. */
    public static Mono<FabricService> start(MadPort port, ServiceOptions options) {
        return FabricDiscovery.discover(port)
                // Setting up reads the page from the jar, loads classes and binds a socket: blocking work,
                // off the delivery thread the discovery ends on (BlockHound in the tests found it there).
                .publishOn(Schedulers.boundedElastic())
                .flatMap(found -> {
            EventHub hub = new EventHub(options.clientBuffer(), options.replay());
            FabricView view = new FabricView(found, port.attributes().smLid(), hub);
            FabricWatcher watcher = new FabricWatcher(port, view);
            PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            PortMetrics portMetrics = new PortMetrics(port);
            portMetrics.bindTo(registry);
            // The JVM's heap, threads and the heap left after the last full collection
            // (jvm.gc.live.data.size), which the soak (service/soak.sh) watches through /metrics.
            new JvmMemoryMetrics().bindTo(registry);
            new JvmThreadMetrics().bindTo(registry);
            JvmGcMetrics gcMetrics = new JvmGcMetrics();
            gcMetrics.bindTo(registry);
            Gauge.builder("reactive.umad.service.sse.clients", hub, EventHub::clients)
                    .description("connected Server-Sent Events clients").register(registry);
            FunctionCounter.builder("reactive.umad.service.sse.dropped", hub, EventHub::dropped)
                    .description("events a slow client missed because its queue was full").baseUnit("events")
                    .register(registry);
            return watcher.start(options.sweepInterval())
                    .then(new HttpApi(view, watcher, registry, portMetrics).bind(options))
                    .<FabricService>map(server -> new FabricService(server, watcher, registry, gcMetrics))
                    .doOnError(e -> stopped(watcher, registry, gcMetrics))
                    .doOnCancel(() -> stopped(watcher, registry, gcMetrics));
        });
    }

    /** The HTTP port bound (useful with port 0). */
    public int httpPort() {
        return server.port();
    }

    /** The page's address. */
    public String url() {
        return "http://" + server.host() + ":" + server.port() + "/";
    }

    @Override
    public void close() {
        server.disposeNow();
        stopped(watcher, registry, gcMetrics);
    }

    private static void stopped(FabricWatcher watcher, PrometheusMeterRegistry registry, JvmGcMetrics gcMetrics) {
        watcher.dispose();
        gcMetrics.close();
        registry.close();
    }
}
