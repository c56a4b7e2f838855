package io.reactiveumad.examples;

import java.time.Duration;

/**
 * A {@code --deadline SECONDS}: a whole number of seconds, 1 to a day. Checked where it is parsed, so a
 * negative, zero or overflowing value is a usage error naming the option, not a failure deep in a
 * blocking wait ("Timeout on blocking read for -1000000000 NANOSECONDS", "long overflow").
 */
final class Seconds {
    static final long MAX = Duration.ofDays(1).toSeconds();

    private Seconds() {
    }

    static Duration parse(String text) {
        long seconds;
        try {
            seconds = Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number of seconds");
        }
        if (seconds < 1 || seconds > MAX) {
            throw new IllegalArgumentException("'" + text + "' must be 1 to " + MAX + " seconds");
        }
        return Duration.ofSeconds(seconds);
    }
}
