package io.reactiveumad.service;

import java.time.Duration;

/**
 * How the service runs.
 *
 * @param host          the address the HTTP server binds (default loopback: the page shows the fabric to whoever reaches it)
 * @param httpPort      the HTTP port; 0 picks a free one
 * @param sweepInterval how often every cabled port's PortCounters are read
 * @param clientBuffer  events queued per SSE client before the ones that do not fit are dropped (counted, and the
 *                      client is told)
 * @param replay        events kept for clients that reconnect with {@code Last-Event-ID}
 */
public record ServiceOptions(String host, int httpPort, Duration sweepInterval, int clientBuffer, int replay) {
    public static final ServiceOptions DEFAULT = new ServiceOptions("127.0.0.1", 8080, Duration.ofSeconds(5), 256, 1024);

    public ServiceOptions {
        if (httpPort < 0 || httpPort > 65535) {
            throw new IllegalArgumentException("the HTTP port must be 0..65535: " + httpPort);
        }
        if (sweepInterval.isNegative() || sweepInterval.isZero()) {
            throw new IllegalArgumentException("the sweep interval must be positive: " + sweepInterval);
        }
        if (clientBuffer < 1 || replay < 0) {
            throw new IllegalArgumentException("clientBuffer must be >= 1 and replay >= 0: " + clientBuffer + ", " + replay);
        }
    }

    public ServiceOptions withHttpPort(int port) {
        return new ServiceOptions(host, port, sweepInterval, clientBuffer, replay);
    }

    public ServiceOptions withHost(String address) {
        return new ServiceOptions(address, httpPort, sweepInterval, clientBuffer, replay);
    }

    public ServiceOptions withSweepInterval(Duration interval) {
        return new ServiceOptions(host, httpPort, interval, clientBuffer, replay);
    }

    public ServiceOptions withClientBuffer(int events) {
        return new ServiceOptions(host, httpPort, sweepInterval, events, replay);
    }

    public ServiceOptions withReplay(int events) {
        return new ServiceOptions(host, httpPort, sweepInterval, clientBuffer, events);
    }
}
