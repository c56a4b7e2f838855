package io.reactiveumad.examples.cli;

/**
 * Turns an option's text into its value. A value it refuses is an {@link IllegalArgumentException} whose
 * message says why and quotes the text; the command line adds which option it was given to.
 */
@FunctionalInterface
public interface Converter<T> {
    T convert(String text);

    /** The values it takes, for {@code ${COMPLETION-CANDIDATES}} in a help text; empty when they are not a list. */
    default String candidates() {
        return "";
    }
}
