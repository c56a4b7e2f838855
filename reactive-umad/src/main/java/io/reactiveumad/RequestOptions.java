package io.reactiveumad;

import java.time.Duration;

/**
 * How a request waits: {@code timeout} per attempt, {@code retries} resends with the same TID, and how
 * often a {@code busy} status is retried after {@code busyBackoff}. The defaults are libibmad's: 1 s per attempt,
 * 3 attempts in all (its {@code MAD_DEF_RETRIES}, 3, counts attempts: {@code _do_madrpc} sends at most that many
 * times), so a destination that never answers fails after 3 s, as smpquery's and perfquery's do.
 */
public record RequestOptions(Duration timeout, int retries, int busyRetries, Duration busyBackoff) {
    /** The kernel takes the per-attempt timeout as 32-bit milliseconds ({@code ib_user_mad_hdr.timeout_ms}). */
    public static final Duration MAX_TIMEOUT = Duration.ofMillis(Integer.MAX_VALUE);
    /** The longest wait a loop timer can hold (nanoseconds in a long). */
    private static final Duration MAX_WAIT = Duration.ofNanos(Long.MAX_VALUE);
    private static final RequestOptions DEFAULTS = new RequestOptions(Duration.ofSeconds(1), 2, 3, Duration.ofMillis(100));

    public RequestOptions {
        if (timeout == null || timeout.isNegative() || timeout.isZero() || timeout.compareTo(MAX_TIMEOUT) > 0) {
            throw new IllegalArgumentException("timeout must be positive and at most " + MAX_TIMEOUT + ": " + timeout);
        }
        if (retries < 0 || busyRetries < 0) {
            throw new IllegalArgumentException("retries must not be negative: retries " + retries + ", busyRetries " + busyRetries);
        }
        if (timeout.multipliedBy(retries + 1L).compareTo(MAX_WAIT) > 0) {
            throw new IllegalArgumentException("timeout × (retries + 1) must be at most " + MAX_WAIT + ": " + timeout
                    + " × " + (retries + 1L));
        }
        if (busyBackoff == null || busyBackoff.isNegative() || busyBackoff.compareTo(MAX_WAIT) > 0) {
            throw new IllegalArgumentException("busyBackoff must be between 0 and " + MAX_WAIT + ": " + busyBackoff);
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

    /**
     * The longest a request can take before it fails with a timeout: every attempt's timeout. In nanoseconds,
     * not {@code Duration.multipliedBy} (which goes through {@code BigDecimal}): the kernel transport asks for it
     * on every request, and the constructor has checked that the product fits.
     */
    public Duration deadline() {
        return Duration.ofNanos(timeout.toNanos() * (retries + 1L));
    }

    /** 1 s per attempt, 2 resends (3 attempts, as libibmad), 3 busy retries 100 ms apart. */
    public static RequestOptions defaults() {
        return DEFAULTS;
    }
}
