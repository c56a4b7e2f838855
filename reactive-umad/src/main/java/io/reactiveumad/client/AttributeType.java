package io.reactiveumad.client;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A MAD attribute the typed clients can get or set: its attribute ID, a name for messages, and how to
 * decode it from the data area of a response.
 *
 * @param attributeId the common header's AttributeID
 * @param name        the IBA name, e.g. {@code "NodeInfo"}
 * @param size        its length on the wire (the record's {@code SIZE})
 * @param decoder     reads the attribute at an offset of a MAD
 * @param <T>         the decoded record (a {@code mad} module record)
 */
public record AttributeType<T>(int attributeId, String name, int size, Decoder<T> decoder) {

    /** Reads one attribute value at {@code offset} of {@code buf}, failing typed on short input. */
    @FunctionalInterface
    public interface Decoder<T> {
        T decode(ByteBuffer buf, int offset);
    }

    public AttributeType {
        if (attributeId < 0 || attributeId > 0xFFFF) {
            throw new IllegalArgumentException("attributeId out of range: " + attributeId);
        }
        Objects.requireNonNull(name, "name");
        if (size < 1) {
            throw new IllegalArgumentException("size must be positive: " + size);
        }
        Objects.requireNonNull(decoder, "decoder");
    }

    @Override
    public String toString() {
        return String.format("%s(0x%04x)", name, attributeId);
    }
}
