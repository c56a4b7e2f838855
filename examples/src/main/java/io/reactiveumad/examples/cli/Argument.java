package io.reactiveumad.examples.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One declared option or positional parameter: its names and help, and what a value given to it does. A
 * value its converter refuses is a {@link UsageException} naming the option and the text.
 */
final class Argument {
    enum Kind { FLAG, SINGLE, LIST, MAP }

    /** What a value given to it does; {@code first}: the first time on this command line. */
    @FunctionalInterface
    private interface Applier {
        void apply(String text, boolean first);
    }

    /** Option names ({@code -o}, {@code --outstanding}); empty for a positional parameter. */
    final List<String> names;
    /** A positional parameter's place, from 0; -1 for an option. */
    final int index;
    final String label;
    final String description;
    final boolean optional;
    final Kind kind;
    private final String defaultValue;
    private final String candidates;
    private final Applier applier;
    /** When it holds as the parameter is reached, the parameter takes two words (null: always one). */
    final BooleanSupplier twoWords;
    /** What the two words are, for the error when the second is missing. */
    final String twoWordsWhat;

    private Argument(List<String> names, int index, String label, String description, boolean optional,
                     String defaultValue, Converter<?> converter, Kind kind, Applier applier) {
        this(names, index, label, description, optional, defaultValue, kind, applier,
                converter == null ? "" : converter.candidates());
    }

    private Argument(List<String> names, int index, String label, String description, boolean optional,
                     String defaultValue, Kind kind, Applier applier, String candidates) {
        this(names, index, label, description, optional, defaultValue, kind, applier, candidates, null, "");
    }

    private Argument(List<String> names, int index, String label, String description, boolean optional,
                     String defaultValue, Kind kind, Applier applier, String candidates, BooleanSupplier twoWords,
                     String twoWordsWhat) {
        this.names = List.copyOf(names);
        this.index = index;
        this.label = label;
        this.description = description;
        this.optional = optional;
        this.defaultValue = defaultValue;
        this.candidates = candidates;
        this.kind = kind;
        this.applier = applier;
        this.twoWords = twoWords;
        this.twoWordsWhat = twoWordsWhat;
    }

    static <T> Argument single(List<String> names, int index, String label, String description, boolean optional,
                               String defaultValue, Converter<T> converter, Consumer<? super T> setter) {
        return new Argument(names, index, label, description, optional, defaultValue, converter, Kind.SINGLE,
                (text, first) -> setter.accept(converter.convert(text)));
    }

    static Argument flag(List<String> names, String description, Runnable set) {
        return new Argument(names, -1, "", description, true, "", null, Kind.FLAG, (text, first) -> set.run());
    }

    static <T> Argument list(List<String> names, int index, String label, String description, String defaultValue,
                             String split, Converter<T> converter, Consumer<List<T>> setter) {
        List<T> values = new ArrayList<>();
        return new Argument(names, index, label, description, true, defaultValue, converter, Kind.LIST, (text, first) -> {
            if (first) {
                values.clear();
            }
            for (String one : split.isEmpty() ? new String[] {text} : text.split(split, -1)) {
                values.add(converter.convert(one));
            }
            setter.accept(values);
        });
    }

    static <T> Argument map(List<String> names, String label, String description, String defaultValue,
                            Converter<T> converter, Consumer<Map<String, T>> setter) {
        Map<String, T> values = new LinkedHashMap<>();
        return new Argument(names, -1, label, description, true, defaultValue, converter, Kind.MAP, (text, first) -> {
            int eq = text.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("'" + text + "' is not " + label);
            }
            if (first) {
                values.clear();
            }
            values.put(text.substring(0, eq).trim(), converter.convert(text.substring(eq + 1).trim()));
            setter.accept(values);
        });
    }

    /** The same option under {@code fewer} of its names. */
    Argument named(List<String> fewer) {
        return new Argument(fewer, index, label, description, optional, defaultValue, kind, applier, candidates, twoWords,
                twoWordsWhat);
    }

    /** The same parameter, taking two words when {@code when} holds (see {@link Declaration.Builder#twoWordsWhen}). */
    Argument takingTwoWords(BooleanSupplier when, String what) {
        return new Argument(names, index, label, description, optional, defaultValue, kind, applier, candidates, when,
                what);
    }

    boolean isFlag() {
        return kind == Kind.FLAG;
    }

    /** Whether it may be given more than once (each adds to its List or Map). */
    boolean isRepeatable() {
        return kind == Kind.LIST || kind == Kind.MAP;
    }

    /** How messages name it: {@code option '--lid'} or {@code parameter LID}. */
    String describe(String givenAs) {
        return names.isEmpty() ? "parameter " + label : "option '" + givenAs + "'";
    }

    /** The help text with its placeholders filled in. */
    String help() {
        return description.replace("${DEFAULT-VALUE}", defaultValue).replace("${COMPLETION-CANDIDATES}", candidates);
    }

    /** Sets the declared default, if any, before the arguments are read; a default that does not convert is a bug. */
    void applyDefault(String command) {
        if (!defaultValue.isEmpty()) {
            try {
                applier.apply(defaultValue, true);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(command + " " + (names.isEmpty() ? label : names.get(0))
                        + ": the default does not convert: " + e.getMessage(), e);
            }
        }
    }

    /** A flag given. */
    void set() {
        applier.apply("", true);
    }

    /**
     * A value given as {@code givenAs}; {@code first}: the first time on this command line, when a List or
     * Map starts afresh (its default is replaced, not added to).
     */
    void apply(String text, String givenAs, boolean first) {
        try {
            applier.apply(text, first);
        } catch (IllegalArgumentException e) {
            String why = e.getMessage() != null ? e.getMessage() : "'" + text + "' refused";
            throw new UsageException("Invalid value for " + describe(givenAs) + ": " + why);
        }
    }
}
