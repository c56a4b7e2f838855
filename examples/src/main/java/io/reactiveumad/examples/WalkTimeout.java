package io.reactiveumad.examples;

import java.time.Duration;
import io.reactiveumad.examples.cli.Option;

/**
 * The {@code --timeout} of the commands that walk the whole fabric (discover, errors, links): a mixin, so
 * the option, its default and its bounds ({@link Seconds}) are stated once.
 */
final class WalkTimeout {
    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "300", converter = Seconds.class,
            description = "Give up after this many seconds, 1 to a day (default: ${DEFAULT-VALUE}).")
    Duration timeout;
}
