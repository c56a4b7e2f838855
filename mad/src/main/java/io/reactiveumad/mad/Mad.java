package io.reactiveumad.mad;

import io.reactiveumad.mad.internal.SharedMadBytes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * An immutable MAD: at least the 24-byte common header, normally 256 bytes, longer for a reassembled
 * RMPP message. The bytes are copied in and never handed out mutable; {@link #buffer()} is a
 * read-only big-endian view to wrap flyweights over.
 */
public final class Mad {
    private static final HexFormat HEX = HexFormat.of();

    /** Big-endian reads straight from the array: a MAD (one per received frame) carries no buffer object. */
    private static final VarHandle U16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle U32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle U64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    static {
        SharedMadBytes.install(mad -> mad.bytes);
    }

    private final byte[] bytes;

    private Mad(byte[] bytes) {
        if (bytes.length < MadHeader.SIZE) {
            throw new MalformedMadException("a MAD needs at least " + MadHeader.SIZE + " bytes, got " + bytes.length);
        }
        if ((bytes[MadHeader.BASE_VERSION_OFFSET] & 0xFF) != MadHeader.BASE_VERSION) {
            throw new MalformedMadException("unsupported MAD base version " + (bytes[0] & 0xFF));
        }
        this.bytes = bytes;
    }

    /** A MAD holding a copy of {@code bytes}. */
    public static Mad of(byte[] bytes) {
        return new Mad(bytes.clone());
    }

    /**
     * A MAD taking ownership of {@code bytes}: the caller must never touch the array again. For
     * transports and codecs that just built or read the array.
     */
    public static Mad adopt(byte[] bytes) {
        return new Mad(bytes);
    }

    /** A 256-byte MAD from a builder that fills a zeroed, big-endian buffer (base version set). */
    public static Mad build(java.util.function.Consumer<ByteBuffer> writer) {
        return build(MadHeader.MAD_SIZE, writer);
    }

    /** A MAD of {@code length} bytes from a builder that fills a zeroed, big-endian buffer (base version set). */
    public static Mad build(int length, java.util.function.Consumer<ByteBuffer> writer) {
        byte[] out = new byte[length];
        out[MadHeader.BASE_VERSION_OFFSET] = MadHeader.BASE_VERSION;
        writer.accept(ByteBuffer.wrap(out));
        return new Mad(out);
    }

    /** A read-only big-endian view of the whole MAD (a new view each call: its position and limit are the caller's). */
    public ByteBuffer buffer() {
        return ByteBuffer.wrap(bytes).asReadOnlyBuffer().order(ByteOrder.BIG_ENDIAN);
    }

    public int length() {
        return bytes.length;
    }

    public byte[] toByteArray() {
        return bytes.clone();
    }

    /** Copies the MAD and lets {@code writer} change the copy. */
    public Mad with(java.util.function.Consumer<ByteBuffer> writer) {
        byte[] copy = bytes.clone();
        writer.accept(ByteBuffer.wrap(copy));
        return new Mad(copy);
    }

    public int mgmtClass() {
        return bytes[MadHeader.MGMT_CLASS_OFFSET] & 0xFF;
    }

    public int classVersion() {
        return bytes[MadHeader.CLASS_VERSION_OFFSET] & 0xFF;
    }

    /** The method without the R bit. */
    public int method() {
        return bytes[MadHeader.METHOD_OFFSET] & 0x7F;
    }

    /** An answer, routed by TID: see {@link Method#isResponse}. */
    public boolean isResponse() {
        return Method.isResponse(bytes[MadHeader.METHOD_OFFSET] & 0xFF);
    }

    public int status() {
        return (short) U16.get(bytes, MadHeader.STATUS_OFFSET) & 0xFFFF;
    }

    public long tid() {
        return (long) U64.get(bytes, MadHeader.TID_OFFSET);
    }

    /** The low 32 TID bits, which the kernel leaves alone. */
    public int tidLow() {
        return (int) U32.get(bytes, MadHeader.TID_OFFSET + 4);
    }

    public int attributeId() {
        return (short) U16.get(bytes, MadHeader.ATTRIBUTE_ID_OFFSET) & 0xFFFF;
    }

    public long attributeModifier() {
        return (int) U32.get(bytes, MadHeader.ATTRIBUTE_MODIFIER_OFFSET) & 0xFFFF_FFFFL;
    }

    public Mad withTid(long tid) {
        return with(b -> b.putLong(MadHeader.TID_OFFSET, tid));
    }

    /** A flyweight over this MAD's header (read-only buffer: setters throw). */
    public MadHeader header() {
        return new MadHeader().wrap(buffer(), 0);
    }

    /** Reads {@code length} bytes at {@code offset}, bounds-checked. */
    public byte[] slice(int offset, int length) {
        MalformedMadException.checkBounds("MAD slice", offset, length, bytes.length);
        return Arrays.copyOfRange(bytes, offset, offset + length);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Mad other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return String.format("Mad[class=0x%02x v%d method=0x%02x status=0x%04x tid=0x%016x attr=0x%04x mod=0x%08x len=%d]",
                mgmtClass(), classVersion(), bytes[MadHeader.METHOD_OFFSET] & 0xFF, status(), tid(), attributeId(),
                attributeModifier(), bytes.length);
    }

    /**
     * What this MAD asks or answers, for messages: class, method, attribute and modifier, e.g.
     * {@code "SubnAdm Get attribute 0x0011 modifier 0x00000000"}; a directed-route SMP adds its route.
     */
    public String describe() {
        String what = String.format("%s %s attribute 0x%04x modifier 0x%08x", MgmtClass.name(mgmtClass()),
                Method.name(bytes[MadHeader.METHOD_OFFSET] & 0xFF), attributeId(), attributeModifier());
        if (mgmtClass() != MgmtClass.SUBN_DIRECTED_ROUTE || bytes.length < DirectedRouteSmp.RETURN_PATH_OFFSET) {
            return what;
        }
        DirectedRouteSmp smp = new DirectedRouteSmp().wrap(buffer(), 0);
        StringBuilder route = new StringBuilder(what).append(" route [");
        for (int hop = 1; hop <= Math.min(smp.hopCount(), DirectedRouteSmp.MAX_HOPS); hop++) {
            route.append(hop > 1 ? "," : "").append(smp.initialPath(hop));
        }
        return route.append(']').toString();
    }

    /** Hex of the whole MAD, for debugging. */
    public String toHex() {
        return HEX.formatHex(bytes);
    }
}
