package io.reactiveumad.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.buffer.Unpooled;
import io.reactiveumad.MadPort;
import io.reactiveumad.Transport;
import io.reactiveumad.Umad;
import io.reactiveumad.client.NoticeEvent;
import io.reactiveumad.client.Notices;
import io.reactiveumad.client.TrapSelector;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.topology.Topology;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.BufferOverflowStrategy;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * The README's "Build a service" code, run on the embedded fabric, and compared with the README's text so
 * the two cannot drift apart.
 */
class ReadmeServiceExampleTest {
    private static final Path README = Path.of("..", "README.md");
    private static final String BEGIN = "// README: Build a service", END = "// README: end";

    @Test
    void theReadmeServiceStreamsNotices() throws Exception {
        try (EmbeddedFabric embedded = EmbeddedFabric.start(Topology.defaultTopology())) {
            Transport transport = embedded.transport();
            int httpPort = 0;
            // README: Build a service
            MadPort port = Umad.open(transport).block();
            PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            PortMetrics metrics = new PortMetrics(port);           // the port's and each agent's sent, received, timeouts…
            metrics.bindTo(registry);
            LongAdder missed = new LongAdder();

            // One trap subscription at the SA, shared by every browser.
            Flux<String> notices = Notices.of(port)
                    .events(TrapSelector.trap(64), TrapSelector.trap(65), TrapSelector.trap(128))
                    .ofType(NoticeEvent.Received.class)
                    .map(r -> "event: notice\ndata: {\"trap\":" + r.notice().trapNumber()
                            + ",\"issuerLid\":" + r.notice().issuerLid() + "}\n\n")
                    .share();

            DisposableServer server = HttpServer.create().host("127.0.0.1").port(httpPort)
                    .route(routes -> routes
                            .get("/events", (req, res) -> res.header("Content-Type", "text/event-stream")
                                    // Each browser gets its own bounded buffer: a slow one loses its oldest
                                    // events (counted) instead of slowing the MAD loop or the other browsers.
                                    .send(notices.onBackpressureBuffer(256, lost -> missed.increment(),
                                                    BufferOverflowStrategy.DROP_OLDEST)
                                            .map(text -> Unpooled.wrappedBuffer(text.getBytes(StandardCharsets.UTF_8))),
                                            flushEach -> true))
                            .get("/metrics", (req, res) -> res.sendString(Mono.fromSupplier(() -> {
                                metrics.refreshAgents();                     // agents opened or closed since the last scrape
                                return registry.scrape();
                            }))))
                    .bindNow();
            // README: end
            try {
                HttpClient http = HttpClient.newHttpClient();
                URI base = URI.create("http://127.0.0.1:" + server.port());
                HttpResponse<java.util.stream.Stream<String>> events = http.send(HttpRequest.newBuilder(base.resolve("/events")).build(),
                        HttpResponse.BodyHandlers.ofLines());
                List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();
                Thread reader = new Thread(() -> {
                    try {
                        events.body().forEach(lines::add);
                    } catch (java.io.UncheckedIOException closed) {
                        // the test closed the stream
                    }
                });
                reader.setDaemon(true);
                reader.start();
                await().atMost(Duration.ofSeconds(30)).until(() -> embedded.subscriptions() == 3);
                embedded.unlink("host2", 1);
                await().atMost(Duration.ofSeconds(30)).until(() -> lines.contains("event: notice")
                        && lines.stream().anyMatch(l -> l.startsWith("data: {\"trap\":65,")));
                assertThat(http.send(HttpRequest.newBuilder(base.resolve("/metrics")).build(), HttpResponse.BodyHandlers.ofString())
                        .body()).contains("reactive_umad_port_received_mads_total")
                        .as("the trap subscriber's agent").contains("reactive_umad_agent_received_mads_total{agent=");
                events.body().close();
            } finally {
                server.disposeNow();
                port.dispose();
            }
        }
    }

    @Test
    void theReadmeShowsThisCode() throws Exception {
        String source = Files.readString(Path.of("src", "test", "java", "io", "reactiveumad", "service",
                "ReadmeServiceExampleTest.java"));
        int begin = source.indexOf(BEGIN, source.indexOf("void theReadmeServiceStreamsNotices")) + BEGIN.length();
        String code = source.substring(begin, source.indexOf(END, begin));
        String readme = Files.readString(README);
        assertThat(unindented(readme)).contains(unindented(code).strip());
    }

    /** Lines without their leading blanks, so indentation in the test and the README may differ. */
    private static String unindented(String text) {
        return text.lines().map(String::strip).reduce((a, b) -> a + "\n" + b).orElse("");
    }
}
