package io.reactiveumad.mad;

import java.nio.ByteBuffer;

/**
 * Flyweight over a LID-routed SMP (class 0x01), wrapped at the start of the 256-byte MAD.
 *
 * <pre>
 *  0               1               2               3
 *  | common MAD header (24 bytes)                                  |   0
 *  | M_Key (64 bits)                                               |  24
 *  | Reserved (32 bytes)                                           |  32
 *  | SMPData (64 bytes)                                            |  64
 *  | Reserved (128 bytes)                                          | 128
 * </pre>
 *
 * The M_Key is a secret: never log it. Directed-route SMPs use {@link DirectedRouteSmp}.
 */
public final class SmpHeader extends Flyweight {
    public static final int M_KEY_OFFSET = 24;
    public static final int DATA_OFFSET = 64;
    /** SMP attribute data is at most this long, in both SMP flavours. */
    public static final int DATA_SIZE = 64;

    /** Wraps the SMP starting at {@code offset}; fails unless all 256 bytes are there. */
    public SmpHeader wrap(ByteBuffer buffer, int offset) {
        wrapChecked("SMP", buffer, offset, MadHeader.MAD_SIZE);
        return this;
    }

    public long mKey() {
        return Wire.u64(buf, base + M_KEY_OFFSET);
    }

    public SmpHeader mKey(long v) {
        Wire.putU64(buf, base + M_KEY_OFFSET, v);
        return this;
    }

    /** The absolute buffer position of the attribute data. */
    public int dataPosition() {
        return base + DATA_OFFSET;
    }
}
