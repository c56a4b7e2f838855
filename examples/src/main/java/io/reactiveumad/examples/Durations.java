package io.reactiveumad.examples;

import java.time.Duration;

/**
 * Durations given as whole numbers: {@code --deadline SECONDS} (1 to a day) and {@code -t MS} (each MAD's
 * timeout). Checked where they are parsed, so a negative, zero or overflowing value is a usage error naming the
 * option, not a failure deep in a blocking wait ("Timeout on blocking read for -1000000000 NANOSECONDS", "long
 * overflow").
 */
final class Durations {
    static final long MAX_SECONDS = Duration.ofDays(1).toSeconds();

    private Durations() {
    }

    /** Whole seconds, 1 to a day. */
    static Duration seconds(String text) {
        return Duration.ofSeconds(whole(text, "seconds", MAX_SECONDS));
    }

    /** Whole milliseconds, 1 to {@code max}. */
    static Duration millis(String text, long max) {
        return Duration.ofMillis(whole(text, "milliseconds", max));
    }

    private static long whole(String text, String unit, long max) {
        long value;
        try {
            value = Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number of " + unit);
        }
        if (value < 1 || value > max) {
            throw new IllegalArgumentException("'" + text + "' must be 1 to " + max + " " + unit);
        }
        return value;
    }
}
