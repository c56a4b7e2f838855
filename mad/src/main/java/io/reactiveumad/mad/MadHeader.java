package io.reactiveumad.mad;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

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
 */
public final class MadHeader {
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

    private ByteBuffer buf;
    private int base;

    /** Wraps {@code buffer} at {@code offset}; fails unless a whole header with base version 1 is there. */
    public MadHeader wrap(ByteBuffer buffer, int offset) {
        MalformedMadException.checkBounds("MAD header", offset, SIZE, buffer.limit());
        this.buf = buffer.order() == ByteOrder.BIG_ENDIAN ? buffer : buffer.duplicate().order(ByteOrder.BIG_ENDIAN);
        this.base = offset;
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

    public ByteBuffer buffer() {
        return buf;
    }

    public int offset() {
        return base;
    }

    public int baseVersion() {
        return buf.get(base + BASE_VERSION_OFFSET) & 0xFF;
    }

    public MadHeader baseVersion(int v) {
        buf.put(base + BASE_VERSION_OFFSET, (byte) v);
        return this;
    }

    public int mgmtClass() {
        return buf.get(base + MGMT_CLASS_OFFSET) & 0xFF;
    }

    public MadHeader mgmtClass(int v) {
        buf.put(base + MGMT_CLASS_OFFSET, (byte) v);
        return this;
    }

    public int classVersion() {
        return buf.get(base + CLASS_VERSION_OFFSET) & 0xFF;
    }

    public MadHeader classVersion(int v) {
        buf.put(base + CLASS_VERSION_OFFSET, (byte) v);
        return this;
    }

    /** The whole method byte, R bit included. */
    public int methodByte() {
        return buf.get(base + METHOD_OFFSET) & 0xFF;
    }

    public MadHeader methodByte(int v) {
        buf.put(base + METHOD_OFFSET, (byte) v);
        return this;
    }

    /** The method without the R bit. */
    public int method() {
        return methodByte() & ~RESPONSE_BIT;
    }

    public boolean isResponse() {
        return (methodByte() & RESPONSE_BIT) != 0;
    }

    public int status() {
        return buf.getShort(base + STATUS_OFFSET) & 0xFFFF;
    }

    public MadHeader status(int v) {
        buf.putShort(base + STATUS_OFFSET, (short) v);
        return this;
    }

    public int classSpecific() {
        return buf.getShort(base + CLASS_SPECIFIC_OFFSET) & 0xFFFF;
    }

    public MadHeader classSpecific(int v) {
        buf.putShort(base + CLASS_SPECIFIC_OFFSET, (short) v);
        return this;
    }

    public long tid() {
        return buf.getLong(base + TID_OFFSET);
    }

    public MadHeader tid(long v) {
        buf.putLong(base + TID_OFFSET, v);
        return this;
    }

    /** The low 32 TID bits: ours. The kernel owns bits 63..32 of a request's TID. */
    public int tidLow() {
        return buf.getInt(base + TID_OFFSET + 4);
    }

    public int attributeId() {
        return buf.getShort(base + ATTRIBUTE_ID_OFFSET) & 0xFFFF;
    }

    public MadHeader attributeId(int v) {
        buf.putShort(base + ATTRIBUTE_ID_OFFSET, (short) v);
        return this;
    }

    public long attributeModifier() {
        return buf.getInt(base + ATTRIBUTE_MODIFIER_OFFSET) & 0xFFFF_FFFFL;
    }

    public MadHeader attributeModifier(long v) {
        buf.putInt(base + ATTRIBUTE_MODIFIER_OFFSET, (int) v);
        return this;
    }
}
