package io.reactiveumad.mad;

import java.nio.ByteBuffer;

/**
 * Flyweight over the class header of a vendor-specific MAD in range 2 (classes 0x30–0x4F), wrapped
 * at the start of the MAD.
 *
 * <pre>
 *  0               1               2               3
 *  | common MAD header (24 bytes)                                  |   0
 *  | RMPP header (12 bytes)                                        |  24
 *  | Reserved      | OUI (24 bits)                                 |  36
 *  | VendorData (216 bytes per segment)                            |  40
 * </pre>
 */
public final class VendorRange2Header extends Flyweight {
    public static final int OUI_OFFSET = 37;
    public static final int DATA_OFFSET = 40;

    /** Wraps the MAD starting at {@code offset}; fails unless the whole vendor header is there. */
    public VendorRange2Header wrap(ByteBuffer buffer, int offset) {
        wrapChecked("vendor range 2 header", buffer, offset, DATA_OFFSET);
        return this;
    }

    /** The organisation's IEEE OUI, 24 bits. */
    public int oui() {
        return Wire.u24(buf, base + OUI_OFFSET);
    }

    public VendorRange2Header oui(int v) {
        Wire.putU24(buf, base + OUI_OFFSET, v);
        return this;
    }

    /** The absolute buffer position of the vendor data. */
    public int dataPosition() {
        return base + DATA_OFFSET;
    }
}
