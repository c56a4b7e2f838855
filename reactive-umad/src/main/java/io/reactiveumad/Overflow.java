package io.reactiveumad;

import io.reactiveumad.operators.OverflowPolicy;

/**
 * What an agent's unsolicited stream does when its subscriber is slower than the fabric: hold up to
 * {@code capacity} MADs, then apply {@code policy}. Dropped MADs are counted in {@link PortStats}.
 * Responses to requests never pass through this buffer. Beyond {@code capacity}, up to {@link #IN_FLIGHT}
 * MADs may already be on their way to the delivery scheduler; with no demand beyond that the port stops
 * reading and the kernel queue buffers.
 */
public record Overflow(int capacity, OverflowPolicy policy) {
    /** MADs handed to the delivery scheduler ahead of the subscriber's demand (publishOn's prefetch). */
    public static final int IN_FLIGHT = 32;

    private static final Overflow DEFAULTS = new Overflow(1024, OverflowPolicy.DROP_OLDEST);

    public Overflow {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        if (policy == null) {
            throw new IllegalArgumentException("policy must be given");
        }
    }

    /** 1024 unsolicited MADs, the oldest dropped when full. */
    public static Overflow defaults() {
        return DEFAULTS;
    }
}
