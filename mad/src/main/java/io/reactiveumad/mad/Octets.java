package io.reactiveumad.mad;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * An immutable run of bytes inside an attribute that has no finer structure in this model (a service
 * key, opaque trap data, a vendor payload). Value semantics, unlike a bare {@code byte[]} in a record.
 */
public final class Octets {
    private static final HexFormat HEX = HexFormat.of();

    private final byte[] bytes;

    private Octets(byte[] bytes) {
        this.bytes = bytes;
    }

    /** A copy of {@code bytes}. */
    public static Octets of(byte[] bytes) {
        return new Octets(bytes.clone());
    }

    /** {@code length} zero bytes. */
    public static Octets zeros(int length) {
        return new Octets(new byte[length]);
    }

    /** Reads {@code length} bytes at {@code offset}. */
    public static Octets read(ByteBuffer buf, int offset, int length) {
        Wire.check("octets", buf, offset, length);
        return new Octets(Wire.bytes(buf, offset, length));
    }

    /** Writes these bytes at {@code offset}. */
    public void write(ByteBuffer buf, int offset) {
        Wire.check("octets", buf, offset, bytes.length);
        buf.put(offset, bytes);
    }

    public int length() {
        return bytes.length;
    }

    public int get(int index) {
        return bytes[index] & 0xFF;
    }

    public byte[] toByteArray() {
        return bytes.clone();
    }

    /** A read-only big-endian view, for reading structure with {@link Wire}. */
    public ByteBuffer buffer() {
        return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
    }

    /** Fails with {@link IllegalArgumentException} unless this is exactly {@code length} bytes long. */
    public Octets requireLength(String what, int length) {
        if (bytes.length != length) {
            throw new IllegalArgumentException(what + " must be " + length + " bytes, got " + bytes.length);
        }
        return this;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Octets other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return HEX.formatHex(bytes);
    }
}
