package io.reactiveumad.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelOption;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.reactiveumad.mad.MadTimeoutException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * The service's HTTP surface on reactor-netty: {@code GET /} the page, {@code /events} Server-Sent Events,
 * {@code /api/nodes}, {@code /api/links}, {@code /api/ports/{lid}/{port}/counters} JSON, {@code /metrics}
 * Prometheus text. Handlers never block: they answer from the view or from one PerfMgt request.
 */
final class HttpApi {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A comment line this often, so a proxy keeps the stream open and a vanished browser is noticed. */
    private static final Duration KEEPALIVE = Duration.ofSeconds(15);
    /** How long a browser waits before reconnecting (the SSE {@code retry:} field). */
    private static final long RECONNECT_MILLIS = 2000;
    private static final byte[] PAGE = page();

    private final FabricView view;
    private final FabricWatcher watcher;
    private final PrometheusMeterRegistry registry;
    private final PortMetrics portMetrics;

    HttpApi(FabricView view, FabricWatcher watcher, PrometheusMeterRegistry registry, PortMetrics portMetrics) {
        this.view = view;
        this.watcher = watcher;
        this.registry = registry;
        this.portMetrics = portMetrics;
    }

    Mono<? extends DisposableServer> bind(ServiceOptions options) {
        // reactor-netty's own meters (connections, data sent, response times) under their route, not each URI,
        // in this service's registry.
        HttpServerMeters httpMeters = new HttpServerMeters(registry);
        HttpServer server = HttpServer.create().host(options.host()).port(options.httpPort())
                .metrics(true, () -> httpMeters, HttpApi::route);
        if (options.socketSendBuffer() > 0) {
            server = server.childOption(ChannelOption.SO_SNDBUF, options.socketSendBuffer());
        }
        return server.route(routes -> routes
                        .get("/", HttpApi::page)
                        // An uptime check asks HEAD: the page's status and headers, without the page.
                        .head("/", HttpApi::page)
                        .get("/events", this::events)
                        .get("/api/nodes", (req, res) -> json(res, HttpResponseStatus.OK, view.nodes()))
                        .get("/api/links", (req, res) -> json(res, HttpResponseStatus.OK, view.links()))
                        .get("/api/ports/{lid}/{port}/counters", this::counters)
                        .get("/metrics", (req, res) -> res
                                .header(HttpHeaderNames.CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")
                                .sendString(Mono.fromSupplier(this::scrape))))
                .bind();
    }

    private static Publisher<Void> page(HttpServerRequest req, HttpServerResponse res) {
        return res.header(HttpHeaderNames.CONTENT_TYPE, "text/html; charset=utf-8").sendByteArray(Mono.just(PAGE));
    }

    private String scrape() {
        portMetrics.refreshAgents();
        return registry.scrape();
    }

    /** The route {@code uri} is served by, as the tag of reactor-netty's meters (so their number stays bounded). */
    static String route(String uri) {
        String path = uri.contains("?") ? uri.substring(0, uri.indexOf('?')) : uri;
        if (path.startsWith("/api/ports/")) {
            return "/api/ports/{lid}/{port}/counters";
        }
        return switch (path) {
            case "/", "/events", "/api/nodes", "/api/links", "/metrics" -> path;
            default -> "unknown";
        };
    }

    /**
     * The event stream: a snapshot (or, with a {@code Last-Event-ID} the service still remembers, the events
     * after it), then every event as it happens. Each event is flushed on its own; while the browser does not
     * read, reactor-netty stops asking for more and the client's bounded queue in {@link EventHub} takes the rest.
     */
    private Publisher<Void> events(HttpServerRequest req, HttpServerResponse res) {
        Long lastEventId = parseId(req.requestHeaders().get("Last-Event-ID"));
        Flux<String> stream = eventText(Flux.defer(() -> view.connect(lastEventId)), KEEPALIVE);
        return res.header(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8")
                .header(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                .send(stream.map(text -> Unpooled.wrappedBuffer(text.getBytes(StandardCharsets.UTF_8))), flushEach -> true);
    }

    /**
     * A client's stream as SSE text: the reconnect delay, then its {@code events}, with a comment line every
     * {@code keepalive}. A keepalive that finds no demand (the browser stopped reading) is dropped: a bare
     * {@code Flux.interval} would fail the stream instead, closing a stalled client's connection some 33
     * keepalives into its stall, before it could be told what it missed.
     */
    static Flux<String> eventText(Flux<ServiceEvent> events, Duration keepalive) {
        return Flux.concat(Mono.just("retry: " + RECONNECT_MILLIS + "\n\n"),
                Flux.merge(events.map(HttpApi::encode),
                        Flux.interval(keepalive, keepalive).onBackpressureDrop().map(tick -> ": keepalive\n\n")));
    }

    /** {@code id:} (except for events about the stream itself), {@code event:} and one {@code data:} line of JSON. */
    static String encode(ServiceEvent event) {
        String id = event.id() != ServiceEvent.NO_ID ? "id: " + event.id() + "\n" : "";
        return id + "event: " + event.kind() + "\ndata: " + write(event.data()) + "\n\n";
    }

    private static Long parseId(String header) {
        try {
            return header == null ? null : Long.parseLong(header.trim());
        } catch (NumberFormatException notOurs) {
            return null;
        }
    }

    /**
     * One port's PortCounters read now, with {@code umad perf --json}'s field names. A LID or port number that is
     * not one is the client's error (400, naming it); a PMA that does not answer is 504, any other failure 502.
     */
    private Publisher<Void> counters(HttpServerRequest req, HttpServerResponse res) {
        int lid;
        int port;
        try {
            lid = number("lid", req.param("lid"));
            port = number("port", req.param("port"));
        } catch (IllegalArgumentException e) {
            return error(res, HttpResponseStatus.BAD_REQUEST, e.getMessage());
        }
        // Deferred: the client checks its arguments as it builds the request, which would throw past the handler.
        return Mono.defer(() -> watcher.portCounters(lid, port))
                .flatMap(counters -> Mono.from(json(res, HttpResponseStatus.OK, counters)))
                .onErrorResume(IllegalArgumentException.class,
                        e -> Mono.from(error(res, HttpResponseStatus.BAD_REQUEST, e.getMessage())))
                .onErrorResume(e -> Mono.from(error(res, e instanceof MadTimeoutException
                        ? HttpResponseStatus.GATEWAY_TIMEOUT : HttpResponseStatus.BAD_GATEWAY,
                        "PortCounters of lid " + lid + " port " + port + ": "
                                + (e.getMessage() != null ? e.getMessage() : e.toString()))));
    }

    private static int number(String name, String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a number, not '" + text + "'");
        }
    }

    private static Publisher<Void> error(HttpServerResponse res, HttpResponseStatus status, String message) {
        return json(res, status, Map.of("error", message));
    }

    private static Publisher<Void> json(HttpServerResponse res, HttpResponseStatus status, Object body) {
        ByteBuf bytes = Unpooled.wrappedBuffer(write(body).getBytes(StandardCharsets.UTF_8));
        return res.status(status).header(HttpHeaderNames.CONTENT_TYPE, "application/json").send(Mono.just(bytes));
    }

    static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON for " + value.getClass().getSimpleName(), e);
        }
    }

    private static byte[] page() {
        try (InputStream in = HttpApi.class.getResourceAsStream("index.html")) {
            if (in == null) {
                throw new IllegalStateException("index.html is missing from the service's resources");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
