package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Declares;
import java.time.Duration;

/**
 * The {@code --timeout} of the commands that walk the whole fabric (discover, errors, links), declared once:
 * the option, its default and its bounds ({@link Seconds}).
 */
final class WalkTimeout implements Declares {
    Duration timeout;

    @Override
    public void declare(Declaration d) {
        d.option("--timeout").label("SECONDS").defaultValue("300")
                .help("Give up after this many seconds, 1 to a day (default: ${DEFAULT-VALUE}).")
                .to(Seconds::parse, v -> timeout = v);
    }
}
