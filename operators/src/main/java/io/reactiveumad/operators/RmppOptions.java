package io.reactiveumad.operators;

import java.time.Duration;
import java.util.Objects;

/**
 * Tunables of the RMPP operators. The defaults are the Linux kernel's (mad_rmpp.c).
 *
 * @param window         receiver window in segments: the receiver ACKs after the first segment and at
 *                       each window edge, advertising NewWindowLast = last acknowledged + window
 * @param ackTimeout     how long a sender waits for an ACK before resending from the last acknowledged segment
 * @param maxRetries     resends without progress a sender makes before it gives up with TMR
 * @param totalTimeout   how long a receiver lets one transfer take before it aborts it with T2L
 * @param completedGrace how long a receiver remembers a completed transfer to re-ACK late duplicates
 */
public record RmppOptions(int window, Duration ackTimeout, int maxRetries, Duration totalTimeout,
        Duration completedGrace) {

    private static final RmppOptions DEFAULTS = new RmppOptions(64, Duration.ofSeconds(2), 3, Duration.ofSeconds(40),
            Duration.ofSeconds(10));

    /** Window 64, ACK timeout 2 s, 3 retries, transfer timeout 40 s, completed transfers kept 10 s. */
    public static RmppOptions defaults() {
        return DEFAULTS;
    }

    public RmppOptions {
        if (window < 1) {
            throw new IllegalArgumentException("window must be at least 1 segment, got " + window);
        }
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must not be negative, got " + maxRetries);
        }
        requirePositive("ackTimeout", ackTimeout);
        requirePositive("totalTimeout", totalTimeout);
        requirePositive("completedGrace", completedGrace);
    }

    private static void requirePositive(String name, Duration d) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, got " + d);
        }
    }

    public RmppOptions withWindow(int segments) {
        return new RmppOptions(segments, ackTimeout, maxRetries, totalTimeout, completedGrace);
    }

    public RmppOptions withAckTimeout(Duration timeout) {
        return new RmppOptions(window, timeout, maxRetries, totalTimeout, completedGrace);
    }

    public RmppOptions withMaxRetries(int retries) {
        return new RmppOptions(window, ackTimeout, retries, totalTimeout, completedGrace);
    }

    public RmppOptions withTotalTimeout(Duration timeout) {
        return new RmppOptions(window, ackTimeout, maxRetries, timeout, completedGrace);
    }

    public RmppOptions withCompletedGrace(Duration grace) {
        return new RmppOptions(window, ackTimeout, maxRetries, totalTimeout, grace);
    }
}
