package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Declares;
import java.time.Duration;

/**
 * The {@code --deadline} of the commands that walk the whole fabric (discover, errors, links, dump-fts), declared
 * once: the option, its default and its bounds ({@link Durations}). Not {@code --timeout}: that is each MAD's, in
 * milliseconds, as the diag tools have it ({@link TransportOptions}).
 */
final class WalkTimeout implements Declares {
    Duration timeout;

    @Override
    public void declare(Declaration d) {
        d.option("--deadline").label("SECONDS").defaultValue("300")
                .help("Give up on the whole command after this many seconds, 1 to a day (default: ${DEFAULT-VALUE}).")
                .to(Durations::seconds, v -> timeout = v);
    }
}
