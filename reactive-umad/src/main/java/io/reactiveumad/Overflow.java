package io.reactiveumad;

/**
 * What an agent's unsolicited stream does when its subscriber is slower than the fabric: hold up to
 * {@code capacity} MADs, then apply {@code policy}. Dropped MADs are counted in {@link PortStats}.
 * Responses to requests never pass through this buffer.
 */
public record Overflow(int capacity, Policy policy) {
    public enum Policy {
        /** Drop the oldest buffered MAD to make room. */
        DROP_OLDEST,
        /** Drop the MAD that just arrived. */
        DROP_LATEST,
        /** Terminate the stream with {@code reactor.core.Exceptions.failWithOverflow}. */
        ERROR
    }

    public static final Overflow DEFAULT = new Overflow(1024, Policy.DROP_OLDEST);

    public Overflow {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        if (policy == null) {
            throw new IllegalArgumentException("policy must be given");
        }
    }
}
