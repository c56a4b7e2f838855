package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * NodeDescription (SMP attribute 0x0010): 64 bytes of UTF-8 text, NUL padded (not NUL terminated when
 * all 64 bytes are used).
 */
public record NodeDescription(String text) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Smp.NODE_DESCRIPTION;
    public static final int SIZE = 64;

    public NodeDescription {
        if (text.getBytes(StandardCharsets.UTF_8).length > SIZE) {
            throw new IllegalArgumentException("node description longer than " + SIZE + " UTF-8 bytes: " + text);
        }
    }

    /** Reads the text up to the first NUL (or all 64 bytes). */
    public static NodeDescription decode(ByteBuffer buf, int offset) {
        Wire.check("NodeDescription", buf, offset, SIZE);
        return new NodeDescription(readText(buf, offset, SIZE));
    }

    @Override
    public void encode(ByteBuffer buf, int offset) {
        Wire.check("NodeDescription", buf, offset, SIZE);
        writeText(buf, offset, SIZE, text);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }

    /** A NUL-padded UTF-8 field of {@code size} bytes, read up to its first NUL. */
    public static String readText(ByteBuffer buf, int offset, int size) {
        int length = 0;
        while (length < size && buf.get(offset + length) != 0) {
            length++;
        }
        return new String(Wire.bytes(buf, offset, length), StandardCharsets.UTF_8);
    }

    /** Writes {@code text} as UTF-8 into a {@code size}-byte field, NUL padded; fails if it does not fit. */
    public static void writeText(ByteBuffer buf, int offset, int size, String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        if (utf8.length > size) {
            throw new IllegalArgumentException("text longer than " + size + " UTF-8 bytes: " + text);
        }
        Wire.zero(buf, offset, size);
        buf.put(offset, utf8);
    }
}
