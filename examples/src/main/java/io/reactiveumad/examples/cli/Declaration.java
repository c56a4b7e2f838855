package io.reactiveumad.examples.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * What a command {@link Declares}: its options and positional parameters, each ending in where its value goes.
 *
 * <pre>{@code
 * d.option("-o", "--outstanding").label("N").defaultValue("32").help("In flight (default: ${DEFAULT-VALUE}).")
 *         .to(Values::integer, v -> outstanding = v);
 * d.flag("--json").help("Print JSON.").to(() -> json = true);
 * d.parameter("LID").help("The node's LID.").to(Values::integer, v -> lid = v);
 * }</pre>
 *
 * In a help text {@code ${DEFAULT-VALUE}} is the default and {@code ${COMPLETION-CANDIDATES}} the converter's
 * {@link Converter#candidates()}. A default goes through the converter and the setter as a given value would.
 */
public final class Declaration {
    private final CommandSpec spec;
    final List<Argument> options = new ArrayList<>();
    final List<Argument> positionals = new ArrayList<>();
    /** Flags whose names are theirs only where no other option of the command has them ({@link Flag#unlessTaken}). */
    final List<Argument> givingWay = new ArrayList<>();

    Declaration(CommandSpec spec) {
        this.spec = spec;
    }

    /** The command's names and writers. */
    public CommandSpec spec() {
        return spec;
    }

    /** An option taking a value: {@code -o 16}, {@code --outstanding=16}. */
    public Builder option(String... names) {
        return new Builder(List.of(names), -1);
    }

    /** An option without a value. */
    public Flag flag(String... names) {
        return new Flag(List.of(names));
    }

    /** The next positional parameter, required unless {@link Builder#optional()}. */
    public Builder parameter(String label) {
        return new Builder(List.of(), positionals.size()).label(label);
    }

    /** An option or parameter being declared; {@code to...} ends it. */
    public final class Builder {
        private final List<String> names;
        private final int index;
        private String label = "VALUE";
        private String help = "";
        private String defaultValue = "";
        private String split = "";
        private boolean optional;
        private BooleanSupplier twoWords;
        private String twoWordsWhat;

        private Builder(List<String> names, int index) {
            this.names = names;
            this.index = index;
        }

        /** What the value is called in the help ({@code N}, {@code LID}). */
        public Builder label(String text) {
            label = text;
            return this;
        }

        public Builder help(String text) {
            help = text;
            return this;
        }

        /** The value when it is not given, converted as a given one would be. */
        public Builder defaultValue(String text) {
            defaultValue = text;
            return this;
        }

        /** A regular expression splitting one value into several, for {@link #toList}. */
        public Builder split(String regex) {
            split = regex;
            return this;
        }

        /** A parameter the command runs without (the help shows it in brackets). */
        public Builder optional() {
            optional = true;
            return this;
        }

        /**
         * A parameter that takes two words, joined by a space, when {@code when} holds as it is reached (an option given
         * before it asked for that, as smpquery -c's LID and directed route); {@code what} names the two in the error
         * when the second is missing.
         */
        public Builder twoWordsWhen(BooleanSupplier when, String what) {
            twoWords = when;
            twoWordsWhat = what;
            return this;
        }

        /** One value, given once. */
        public <T> void to(Converter<T> converter, Consumer<? super T> setter) {
            Argument one = Argument.single(names, index, label, help, optional || index < 0, defaultValue, converter,
                    setter);
            add(twoWords == null ? one : one.takingTwoWords(twoWords, twoWordsWhat));
        }

        /** A list, added to each time the option is given (its default replaced by the first). */
        public <T> void toList(Converter<T> converter, Consumer<List<T>> setter) {
            add(Argument.list(names, index, label, help, defaultValue, split, converter, setter));
        }

        /** {@code NAME=VALUE} pairs, one each time the option is given (its default replaced by the first). */
        public <T> void toMap(Converter<T> converter, Consumer<Map<String, T>> setter) {
            add(Argument.map(names, label, help, defaultValue, converter, setter));
        }
    }

    /** A flag being declared; {@link #to} ends it. */
    public final class Flag {
        private final List<String> names;
        private String help = "";
        private boolean unlessTaken;

        private Flag(List<String> names) {
            this.names = names;
        }

        public Flag help(String text) {
            help = text;
            return this;
        }

        /**
         * Each of its names that another option of the command declares, before or after it, stays that option's:
         * for a flag every command has (the diag tools' -d, debug), where one command's own -d means something else
         * (iblinkinfo's down ports). A flag left with no name is not declared.
         */
        public Flag unlessTaken() {
            unlessTaken = true;
            return this;
        }

        /** What giving it does. */
        public void to(Runnable set) {
            Argument flag = Argument.flag(names, help, set);
            if (unlessTaken) {
                givingWay.add(flag);
            } else {
                add(flag);
            }
        }
    }

    private void add(Argument argument) {
        (argument.names.isEmpty() ? positionals : options).add(argument);
    }
}
