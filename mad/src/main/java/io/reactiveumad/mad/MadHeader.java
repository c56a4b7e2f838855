package io.reactiveumad.mad;

import java.nio.ByteBuffer;

/**
 * Flyweight over the 24-byte common MAD header, present in every MAD.
 *
 * <pre>
 *  0               1               2               3
 *  | BaseVersion   | MgmtClass     | ClassVersion  |R|  Method     |   0
 *  | Status                        | ClassSpecific                 |   4
 *  | TransactionID (64 bits)                                       |   8
 *  | AttributeID                   | Reserved                      |  16
 *  | AttributeModifier                                             |  20
 * </pre>
 *
 * Wrap once, re-wrap per message; every access is big-endian and bounds-checked by {@link #wrap}.
 * Class-specific headers that follow it ({@link SaHeader}, {@link SmpHeader}, {@link DirectedRouteSmp},
 * {@link VendorRange2Header}) are separate flyweights over the same MAD.
 */
public final class MadHeader extends Flyweight {
    public static final int BASE_VERSION_OFFSET = 0;
    public static final int MGMT_CLASS_OFFSET = 1;
    public static final int CLASS_VERSION_OFFSET = 2;
    public static final int METHOD_OFFSET = 3;
    public static final int STATUS_OFFSET = 4;
    public static final int CLASS_SPECIFIC_OFFSET = 6;
    public static final int TID_OFFSET = 8;
    public static final int ATTRIBUTE_ID_OFFSET = 16;
    public static final int ATTRIBUTE_MODIFIER_OFFSET = 20;
    public static final int SIZE = 24;

    /** A MAD as sent on the wire (IBA base version 1) is always this long. */
    public static final int MAD_SIZE = 256;
    public static final int BASE_VERSION = 1;
    /** The response bit in the method byte. */
    public static final int RESPONSE_BIT = 0x80;

    /** Wraps {@code buffer} at {@code offset}; fails unless a whole header with base version 1 is there. */
    public MadHeader wrap(ByteBuffer buffer, int offset) {
        wrapChecked("MAD header", buffer, offset, SIZE);
        return this;
    }

    public MadHeader wrap(byte[] mad) {
        return wrap(ByteBuffer.wrap(mad), 0);
    }

    /** Throws {@link MalformedMadException} unless the base version is 1. */
    public MadHeader checkBaseVersion() {
        if (baseVersion() != BASE_VERSION) {
            throw new MalformedMadException("unsupported MAD base version " + baseVersion());
        }
        return this;
    }

    public int baseVersion() {
        return Wire.u8(buf, base + BASE_VERSION_OFFSET);
    }

    public MadHeader baseVersion(int v) {
        Wire.putU8(buf, base + BASE_VERSION_OFFSET, v);
        return this;
    }

    public int mgmtClass() {
        return Wire.u8(buf, base + MGMT_CLASS_OFFSET);
    }

    public MadHeader mgmtClass(int v) {
        Wire.putU8(buf, base + MGMT_CLASS_OFFSET, v);
        return this;
    }

    public int classVersion() {
        return Wire.u8(buf, base + CLASS_VERSION_OFFSET);
    }

    public MadHeader classVersion(int v) {
        Wire.putU8(buf, base + CLASS_VERSION_OFFSET, v);
        return this;
    }

    /** The whole method byte, R bit included. */
    public int methodByte() {
        return Wire.u8(buf, base + METHOD_OFFSET);
    }

    public MadHeader methodByte(int v) {
        Wire.putU8(buf, base + METHOD_OFFSET, v);
        return this;
    }

    /** The method without the R bit. */
    public int method() {
        return methodByte() & ~RESPONSE_BIT;
    }

    /** An answer, routed by TID: see {@link Method#isResponse}. */
    public boolean isResponse() {
        return Method.isResponse(methodByte());
    }

    public int status() {
        return Wire.u16(buf, base + STATUS_OFFSET);
    }

    public MadHeader status(int v) {
        Wire.putU16(buf, base + STATUS_OFFSET, v);
        return this;
    }

    public int classSpecific() {
        return Wire.u16(buf, base + CLASS_SPECIFIC_OFFSET);
    }

    public MadHeader classSpecific(int v) {
        Wire.putU16(buf, base + CLASS_SPECIFIC_OFFSET, v);
        return this;
    }

    public long tid() {
        return Wire.u64(buf, base + TID_OFFSET);
    }

    public MadHeader tid(long v) {
        Wire.putU64(buf, base + TID_OFFSET, v);
        return this;
    }

    /** The low 32 TID bits: ours. The kernel owns bits 63..32 of a request's TID. */
    public int tidLow() {
        return (int) Wire.u32(buf, base + TID_OFFSET + 4);
    }

    public int attributeId() {
        return Wire.u16(buf, base + ATTRIBUTE_ID_OFFSET);
    }

    public MadHeader attributeId(int v) {
        Wire.putU16(buf, base + ATTRIBUTE_ID_OFFSET, v);
        return this;
    }

    public long attributeModifier() {
        return Wire.u32(buf, base + ATTRIBUTE_MODIFIER_OFFSET);
    }

    /** Sets the attribute modifier to the low 32 bits of {@code v} (an {@code int} bit pattern is fine). */
    public MadHeader attributeModifier(long v) {
        Wire.putU32(buf, base + ATTRIBUTE_MODIFIER_OFFSET, v & 0xFFFF_FFFFL);
        return this;
    }
}
