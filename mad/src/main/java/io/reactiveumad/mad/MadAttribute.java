package io.reactiveumad.mad;

import java.nio.ByteBuffer;

/**
 * A decoded attribute or record: an immutable value that can write itself back. Each implementation
 * also has a static {@code decode(ByteBuffer, int)} and a {@code SIZE} constant.
 */
public interface MadAttribute {
    /** Writes all {@link #encodedSize()} bytes at {@code offset}, reserved bits zero. */
    void encode(ByteBuffer buf, int offset);

    /** The attribute's length on the wire. */
    int encodedSize();

    /** The encoded bytes in a new array. */
    default byte[] toBytes() {
        byte[] out = new byte[encodedSize()];
        encode(ByteBuffer.wrap(out), 0);
        return out;
    }
}
