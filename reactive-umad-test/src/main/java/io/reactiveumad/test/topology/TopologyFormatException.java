package io.reactiveumad.test.topology;

/** A topology file line that does not parse or contradicts another line; names the line. */
public final class TopologyFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int line;

    public TopologyFormatException(int line, String message) {
        super("topology line " + line + ": " + message);
        this.line = line;
    }

    /** 1-based line number; 0 when the problem is not one line's (e.g. an unknown link target). */
    public int line() {
        return line;
    }
}
