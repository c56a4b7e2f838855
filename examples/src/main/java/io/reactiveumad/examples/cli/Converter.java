package io.reactiveumad.examples.cli;

/**
 * Turns an option's text into its value. A value it refuses is an {@link IllegalArgumentException} whose
 * message says why and quotes the text; the command line adds which option it was given to.
 */
@FunctionalInterface
public interface Converter<T> {
    T convert(String text);
}
