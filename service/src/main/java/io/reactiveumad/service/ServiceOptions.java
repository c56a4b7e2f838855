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
 * @param socketSendBuffer SO_SNDBUF of each connection in bytes, 0 for the OS's own (autotuned, up to
 *                      {@code net.ipv4.tcp_wmem}'s maximum: megabytes a stalled browser holds in the kernel before
 *                      its queue here starts to fill)
 */
public record ServiceOptions(String host, int httpPort, Duration sweepInterval, int clientBuffer, int replay,
                             int socketSendBuffer) {
    public static final ServiceOptions DEFAULT = new ServiceOptions("127.0.0.1", 8080, Duration.ofSeconds(5), 256, 1024, 0);

    public ServiceOptions {
        if (httpPort < 0 || httpPort > 65535) {
            throw new IllegalArgumentException("the HTTP port must be 0..65535: " + httpPort);
        }
        if (sweepInterval.isNegative() || sweepInterval.isZero()) {
            throw new IllegalArgumentException("the sweep interval must be positive: " + sweepInterval);
        }
        if (clientBuffer < 1 || replay < 0 || socketSendBuffer < 0) {
            throw new IllegalArgumentException("clientBuffer must be >= 1, replay and socketSendBuffer >= 0: "
                    + clientBuffer + ", " + replay + ", " + socketSendBuffer);
        }
    }

    public ServiceOptions withHttpPort(int port) {
        return new ServiceOptions(host, port, sweepInterval, clientBuffer, replay, socketSendBuffer);
    }

    public ServiceOptions withHost(String address) {
        return new ServiceOptions(address, httpPort, sweepInterval, clientBuffer, replay, socketSendBuffer);
    }

    public ServiceOptions withSweepInterval(Duration interval) {
        return new ServiceOptions(host, httpPort, interval, clientBuffer, replay, socketSendBuffer);
    }

    public ServiceOptions withClientBuffer(int events) {
        return new ServiceOptions(host, httpPort, sweepInterval, events, replay, socketSendBuffer);
    }

    public ServiceOptions withReplay(int events) {
        return new ServiceOptions(host, httpPort, sweepInterval, clientBuffer, events, socketSendBuffer);
    }

    public ServiceOptions withSocketSendBuffer(int bytes) {
        return new ServiceOptions(host, httpPort, sweepInterval, clientBuffer, replay, bytes);
    }
}
