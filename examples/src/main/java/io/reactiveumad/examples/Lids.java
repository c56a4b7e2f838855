package io.reactiveumad.examples;

/** LIDs as infiniband-diags reads them from a command line: decimal, or hex with 0x. */
final class Lids {
    private Lids() {
    }

    static int parse(String text) {
        try {
            return Integer.decode(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a LID: " + text);
        }
    }
}
