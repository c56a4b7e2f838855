package io.reactiveumad.examples;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What Perl makes of a string, for the commands that port infiniband-diags' Perl scripts. */
final class Perl {
    private static final Pattern LEADING_NUMBER = Pattern.compile(
            "^\\s*([+-]?(?:\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|\\.\\d+(?:[eE][+-]?\\d+)?))");

    private Perl() {
    }

    /** {@code text} as a Perl number (its {@code ==} and {@code <=>} compare these): its leading decimal number, else 0. */
    static double number(String text) {
        Matcher m = LEADING_NUMBER.matcher(text);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }
}
