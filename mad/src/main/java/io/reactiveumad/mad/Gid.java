package io.reactiveumad.mad;

import java.nio.ByteBuffer;

/** A 128-bit InfiniBand GID: subnet prefix and interface id (for ports, the port GUID). */
public record Gid(long prefix, long guid) {
    public static final int SIZE = 16;
    public static final Gid ZERO = new Gid(0, 0);

    /** Whether this is a multicast GID (IBA 4.1.1): its first byte is 0xFF. */
    public boolean isMulticast() {
        return prefix >>> 56 == 0xFF;
    }

    /** Reads 16 big-endian bytes at {@code offset}. */
    public static Gid read(ByteBuffer buf, int offset) {
        Wire.check("GID", buf, offset, SIZE);
        return new Gid(Wire.u64(buf, offset), Wire.u64(buf, offset + 8));
    }

    public static Gid of(byte[] sixteen) {
        if (sixteen.length != SIZE) {
            throw new MalformedMadException("GID needs 16 bytes, got " + sixteen.length);
        }
        return read(ByteBuffer.wrap(sixteen), 0);
    }

    /** Writes 16 big-endian bytes at {@code offset}. */
    public void write(ByteBuffer buf, int offset) {
        Wire.check("GID", buf, offset, SIZE);
        Wire.putU64(buf, offset, prefix);
        Wire.putU64(buf, offset + 8, guid);
    }

    public byte[] toBytes() {
        byte[] out = new byte[SIZE];
        write(ByteBuffer.wrap(out), 0);
        return out;
    }

    /** The usual text form, {@code fe80:0000:0000:0000:0002:c903:0000:1234}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            long word = i < 4 ? prefix >>> (48 - 16 * i) : guid >>> (48 - 16 * (i - 4));
            if (i > 0) {
                sb.append(':');
            }
            sb.append(String.format("%04x", word & 0xFFFF));
        }
        return sb.toString();
    }
}
