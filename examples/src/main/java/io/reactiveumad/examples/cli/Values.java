package io.reactiveumad.examples.cli;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The usual {@link Converter}s; each refusal quotes the text. */
public final class Values {
    private Values() {
    }

    /** An {@code int}, decimal or hex with 0x. */
    public static int integer(String text) {
        long value = wholeNumber(text);
        if (value != (int) value) {
            throw new IllegalArgumentException("'" + text + "' is out of range (" + Integer.MIN_VALUE + " to "
                    + Integer.MAX_VALUE + ")");
        }
        return (int) value;
    }

    /** An {@code int} of at least {@code min}: counts, windows, delays. */
    public static Converter<Integer> atLeast(int min) {
        return text -> {
            int value = integer(text);
            if (value < min) {
                throw new IllegalArgumentException("'" + text + "' is less than " + min);
            }
            return value;
        };
    }

    /** An {@code int} from {@code min} to {@code max}: a port number, a service level, a trap number. */
    public static Converter<Integer> between(int min, int max) {
        return text -> {
            long value = wholeNumber(text);
            if (value < min || value > max) {
                throw new IllegalArgumentException("'" + text + "' is not " + min + " to " + max);
            }
            return (int) value;
        };
    }

    /** A {@code long} from 0 to {@code max}, as a C tool's strtoul reads a field: a mask, an attribute ID, a modifier. */
    public static Converter<Long> upTo(long max) {
        return text -> {
            long value = wholeNumber(text);
            if (value < 0 || value > max) {
                throw new IllegalArgumentException(String.format("'%s' is not 0 to 0x%x", text, max));
            }
            return value;
        };
    }

    /**
     * 64 bits as strtoull reads a mask: decimal or hex with 0x, up to 0xffffffffffffffff (held in a {@code long}, whose
     * sign bit is the top bit).
     */
    public static long bits64(String text) {
        String stripped = text.strip();
        boolean hex = stripped.regionMatches(true, 0, "0x", 0, 2);
        String digits = hex ? stripped.substring(2) : stripped;
        try {
            // parseUnsignedLong takes a leading '+' (and "0x+5" through it): a number here is digits only.
            if (digits.isEmpty() || digits.charAt(0) == '+' || digits.charAt(0) == '-') {
                throw new NumberFormatException(text);
            }
            return Long.parseUnsignedLong(digits, hex ? 16 : 10);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not 64 bits (decimal, or hex with 0x)");
        }
    }

    /** A {@code long} as infiniband-diags users write numbers: decimal, or hex with 0x (never octal). */
    public static long wholeNumber(String text) {
        String stripped = text.strip();
        boolean negative = stripped.startsWith("-");
        String magnitude = negative ? stripped.substring(1) : stripped;
        boolean hex = magnitude.regionMatches(true, 0, "0x", 0, 2);
        String digits = hex ? magnitude.substring(2) : magnitude;
        int radix = hex ? 16 : 10;
        boolean valid = !digits.isEmpty();
        for (int i = 0; valid && i < digits.length(); i++) {
            valid = Character.digit(digits.charAt(i), radix) >= 0;
        }
        if (!valid) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number (decimal, or hex with 0x)");
        }
        try {
            return Long.parseLong(negative ? "-" + digits : digits, radix);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is out of range");
        }
    }

    /** A finite {@code double}. */
    public static double decimal(String text) {
        try {
            double value = Double.parseDouble(text.strip());
            if (Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("'" + text + "' is not a number");
    }

    public static String text(String text) {
        return text;
    }

    public static Path path(String text) {
        return Path.of(text);
    }

    /** One of {@code type}'s constants, by its name in any case. */
    public static <E extends Enum<E>> Converter<E> enumeration(Class<E> type) {
        E[] constants = type.getEnumConstants();
        String names = Arrays.stream(constants).map(Enum::name).collect(Collectors.joining(", "));
        return new Converter<>() {
            @Override
            public E convert(String text) {
                for (E constant : constants) {
                    if (constant.name().equalsIgnoreCase(text.strip())) {
                        return constant;
                    }
                }
                throw new IllegalArgumentException("'" + text + "' is not one of " + names + " (in any case)");
            }

            @Override
            public String candidates() {
                return names;
            }
        };
    }
}
