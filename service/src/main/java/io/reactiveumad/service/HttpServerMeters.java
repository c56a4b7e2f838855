package io.reactiveumad.service;

import static reactor.netty.Metrics.CONNECTIONS_ACTIVE;
import static reactor.netty.Metrics.CONNECTIONS_TOTAL;
import static reactor.netty.Metrics.DATA_RECEIVED;
import static reactor.netty.Metrics.DATA_RECEIVED_TIME;
import static reactor.netty.Metrics.DATA_SENT;
import static reactor.netty.Metrics.DATA_SENT_TIME;
import static reactor.netty.Metrics.ERRORS;
import static reactor.netty.Metrics.HTTP_SERVER_PREFIX;
import static reactor.netty.Metrics.LOCAL_ADDRESS;
import static reactor.netty.Metrics.METHOD;
import static reactor.netty.Metrics.RESPONSE_TIME;
import static reactor.netty.Metrics.STATUS;
import static reactor.netty.Metrics.URI;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import reactor.netty.Metrics;
import reactor.netty.http.server.HttpServerMetricsRecorder;

/**
 * reactor-netty's HTTP server meters, recorded in the service's own registry. reactor-netty's built-in
 * recorder is one per JVM and writes to Micrometer's global registry, so two services in one JVM would count
 * each other's requests; this one is given to {@code HttpServer.metrics(true, recorder, uriTagValue)} per
 * server. Names and tags are reactor-netty's own constants ({@code reactor.netty.http.server.data.sent}
 * tagged {@code uri}, {@code response.time} tagged {@code uri}, {@code method} and {@code status}, the
 * {@code connections.total}/{@code connections.active} gauges tagged {@code uri=http} and
 * {@code local.address}); the channel-level and client-only callbacks are no-ops, as in reactor-netty's.
 */
final class HttpServerMeters implements HttpServerMetricsRecorder {
    /** reactor-netty's value of the {@code uri} tag on the connection gauges: the protocol. */
    private static final String PROTOCOL = "http";

    private final MeterRegistry registry;
    /** Connections open and connections serving a request, per local address (what the gauges read). */
    private final Map<String, AtomicLong> open = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> active = new ConcurrentHashMap<>();

    HttpServerMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void recordDataReceivedTime(String uri, String method, Duration time) {
        Timer.builder(HTTP_SERVER_PREFIX + DATA_RECEIVED_TIME).tags(URI, uri, METHOD, method).register(registry).record(time);
    }

    @Override
    public void recordDataSentTime(String uri, String method, String status, Duration time) {
        Timer.builder(HTTP_SERVER_PREFIX + DATA_SENT_TIME).tags(URI, uri, METHOD, method, STATUS, status)
                .register(registry).record(time);
    }

    @Override
    public void recordResponseTime(String uri, String method, String status, Duration time) {
        Timer.builder(HTTP_SERVER_PREFIX + RESPONSE_TIME).tags(URI, uri, METHOD, method, STATUS, status)
                .register(registry).record(time);
    }

    @Override
    public void recordDataReceived(SocketAddress remoteAddress, String uri, long bytes) {
        DistributionSummary.builder(HTTP_SERVER_PREFIX + DATA_RECEIVED).baseUnit("bytes").tags(URI, uri)
                .register(registry).record(bytes);
    }

    @Override
    public void recordDataSent(SocketAddress remoteAddress, String uri, long bytes) {
        DistributionSummary.builder(HTTP_SERVER_PREFIX + DATA_SENT).baseUnit("bytes").tags(URI, uri)
                .register(registry).record(bytes);
    }

    @Override
    public void incrementErrorsCount(SocketAddress remoteAddress, String uri) {
        Counter.builder(HTTP_SERVER_PREFIX + ERRORS).tags(URI, uri).register(registry).increment();
    }

    @Override
    public void recordServerConnectionOpened(SocketAddress localAddress) {
        gauge(open, CONNECTIONS_TOTAL, localAddress).incrementAndGet();
    }

    @Override
    public void recordServerConnectionClosed(SocketAddress localAddress) {
        gauge(open, CONNECTIONS_TOTAL, localAddress).decrementAndGet();
    }

    @Override
    public void recordServerConnectionActive(SocketAddress localAddress) {
        gauge(active, CONNECTIONS_ACTIVE, localAddress).incrementAndGet();
    }

    @Override
    public void recordServerConnectionInactive(SocketAddress localAddress) {
        gauge(active, CONNECTIONS_ACTIVE, localAddress).decrementAndGet();
    }

    private AtomicLong gauge(Map<String, AtomicLong> values, String name, SocketAddress localAddress) {
        return values.computeIfAbsent(Metrics.formatSocketAddress(localAddress), address -> {
            AtomicLong value = new AtomicLong();
            Gauge.builder(HTTP_SERVER_PREFIX + name, value, AtomicLong::get).tags(URI, PROTOCOL, LOCAL_ADDRESS, address)
                    .strongReference(true).register(registry);
            return value;
        });
    }

    @Override
    public void recordDataReceived(SocketAddress remoteAddress, long bytes) {
    }

    @Override
    public void recordDataSent(SocketAddress remoteAddress, long bytes) {
    }

    @Override
    public void incrementErrorsCount(SocketAddress remoteAddress) {
    }

    @Override
    public void recordTlsHandshakeTime(SocketAddress remoteAddress, Duration time, String status) {
    }

    @Override
    public void recordConnectTime(SocketAddress remoteAddress, Duration time, String status) {
    }

    @Override
    public void recordResolveAddressTime(SocketAddress remoteAddress, Duration time, String status) {
    }
}
