package io.reactiveumad.examples;

/**
 * libibmad's field lines, as smpquery and perfquery print them: the field's name, a colon and dots to column 33,
 * then its value: a number in decimal, or in hex as wide as the field, or the value's own text.
 */
final class FieldLines {
    private static final int NAME_COLUMN = 32;

    private FieldLines() {
    }

    static void line(StringBuilder out, String name, long value) {
        line(out, name, Long.toUnsignedString(value));
    }

    static void line(StringBuilder out, String name, String value) {
        out.append(name).append(':').append(".".repeat(Math.max(0, NAME_COLUMN - name.length()))).append(value)
                .append('\n');
    }

    /** {@code value} in hex, {@code digits} wide. */
    static void hex(StringBuilder out, String name, long value, int digits) {
        line(out, name, String.format("0x%0" + digits + "x", value));
    }
}
