package io.reactiveumad.mad;

import java.nio.ByteBuffer;

/**
 * Base of the header flyweights: a view of one layout at an offset of a {@link ByteBuffer}. Wrap once
 * per message and re-wrap for the next; a wrap checks that the whole layout is inside the buffer, so
 * no accessor can run off the end. Accessors go through {@link Wire} (explicit big-endian, no
 * allocation); setters throw on a read-only buffer.
 */
public abstract class Flyweight {
    /** The wrapped buffer, in whatever byte order the caller gave it. */
    protected ByteBuffer buf;
    /** The offset of the layout's first byte in {@link #buf}. */
    protected int base;

    /** Wraps {@code buffer} at {@code offset} after checking {@code size} bytes are there. */
    protected final void wrapChecked(String what, ByteBuffer buffer, int offset, int size) {
        Wire.check(what, buffer, offset, size);
        this.buf = buffer;
        this.base = offset;
    }

    public final ByteBuffer buffer() {
        return buf;
    }

    public final int offset() {
        return base;
    }
}
