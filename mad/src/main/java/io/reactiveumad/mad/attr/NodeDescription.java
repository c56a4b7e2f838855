package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * NodeDescription (SMP attribute 0x0010): 64 bytes of UTF-8 text, NUL padded (not NUL terminated when
 * all 64 bytes are used).
 */
public record NodeDescription(String text) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Smp.NODE_DESCRIPTION;
    public static final int SIZE = 64;

    public NodeDescription {
        Wire.checkText(text, SIZE);
    }

    /** Reads the text up to the first NUL (or all 64 bytes). */
    public static NodeDescription decode(ByteBuffer buf, int offset) {
        Wire.check("NodeDescription", buf, offset, SIZE);
        return new NodeDescription(Wire.text(buf, offset, SIZE));
    }

    @Override
    public void encode(ByteBuffer buf, int offset) {
        Wire.check("NodeDescription", buf, offset, SIZE);
        Wire.putText(buf, offset, SIZE, text);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
