package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Files the command line names (a threshold file, a topology, a cache...): one that cannot be read is bad usage
 * saying the option or parameter that named it, the file and why ({@code -l: cannot read /x: no such file}).
 */
final class NamedFiles {
    private NamedFiles() {
    }

    /** {@code file}'s lines; {@code option} is what named it. */
    static List<String> lines(String option, Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw unreadable(option, file, e);
        }
    }

    /** {@code file}'s text; {@code option} is what named it. */
    static String text(String option, Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw unreadable(option, file, e);
        }
    }

    /** The usage error for {@code file}, named by {@code option}, that {@code failure} kept from being read. */
    static UsageException unreadable(String option, Path file, IOException failure) {
        return new UsageException(option + ": cannot read " + file + ": " + Errors.describe(failure));
    }
}
