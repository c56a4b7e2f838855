package io.reactiveumad.client;

import java.time.Duration;

/**
 * How long {@link PathCache} keeps what the SA answered, and how many destinations.
 *
 * @param timeToLive       how long a path is kept when nothing says it changed. The traps a cache follows tell of
 *                         ports going away and coming back, not of the SM routing around a failed link (which may give
 *                         a path another SL under a deadlock-avoiding routing engine): this bounds how long such a
 *                         path is used
 * @param noPathTimeToLive how long the SA's "no path" is kept: a destination not there yet is asked again after it
 *                         (or as soon as a GID comes into service)
 * @param maxEntries       destinations kept; beyond it the one asked for least recently is forgotten
 * @param followTraps      whether the cache subscribes at the SA to traps 64 and 65 (GID in and out of service) to
 *                         forget what they make stale; without them only the times to live and the port's SM LID apply
 */
public record PathCacheOptions(Duration timeToLive, Duration noPathTimeToLive, int maxEntries, boolean followTraps) {
    private static final PathCacheOptions DEFAULTS = new PathCacheOptions(Duration.ofMinutes(1), Duration.ofSeconds(1),
            65_536, true);

    public PathCacheOptions {
        positive("timeToLive", timeToLive);
        positive("noPathTimeToLive", noPathTimeToLive);
        if (maxEntries < 1) {
            throw new IllegalArgumentException("maxEntries must be positive: " + maxEntries);
        }
    }

    private static void positive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }

    public PathCacheOptions withTimeToLive(Duration value) {
        return new PathCacheOptions(value, noPathTimeToLive, maxEntries, followTraps);
    }

    public PathCacheOptions withNoPathTimeToLive(Duration value) {
        return new PathCacheOptions(timeToLive, value, maxEntries, followTraps);
    }

    public PathCacheOptions withMaxEntries(int value) {
        return new PathCacheOptions(timeToLive, noPathTimeToLive, value, followTraps);
    }

    public PathCacheOptions withFollowTraps(boolean value) {
        return new PathCacheOptions(timeToLive, noPathTimeToLive, maxEntries, value);
    }

    /** Paths kept a minute, "no path" a second, 65 536 destinations, traps 64 and 65 followed. */
    public static PathCacheOptions defaults() {
        return DEFAULTS;
    }
}
