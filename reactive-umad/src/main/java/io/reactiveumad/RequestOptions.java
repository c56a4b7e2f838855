package io.reactiveumad;

import java.time.Duration;

/**
 * How a request waits: {@code timeout} per attempt, {@code retries} resends with the same TID, and how
 * often a {@code busy} status is retried after {@code busyBackoff}. The defaults are libibmad's
 * (1 s × 3 retries).
 */
public record RequestOptions(Duration timeout, int retries, int busyRetries, Duration busyBackoff) {
    public static final RequestOptions DEFAULT = new RequestOptions(Duration.ofSeconds(1), 3, 3, Duration.ofMillis(100));

    public RequestOptions {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        if (retries < 0 || busyRetries < 0) {
            throw new IllegalArgumentException("retries must not be negative");
        }
        if (busyBackoff == null || busyBackoff.isNegative()) {
            throw new IllegalArgumentException("busyBackoff must not be negative: " + busyBackoff);
        }
    }

    public RequestOptions withTimeout(Duration perAttempt) {
        return new RequestOptions(perAttempt, retries, busyRetries, busyBackoff);
    }

    public RequestOptions withRetries(int resends) {
        return new RequestOptions(timeout, resends, busyRetries, busyBackoff);
    }

    public RequestOptions withBusyRetries(int count, Duration backoff) {
        return new RequestOptions(timeout, retries, count, backoff);
    }

    /** The longest a request can take before it fails with a timeout: every attempt's timeout. */
    public Duration deadline() {
        return timeout.multipliedBy(retries + 1L);
    }
}
