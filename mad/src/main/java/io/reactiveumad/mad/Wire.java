package io.reactiveumad.mad;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Big-endian field access at absolute positions of a {@link ByteBuffer}, whatever the buffer's own
 * byte order, without duplicating the buffer. Every codec and flyweight in this module reads and
 * writes through here, so byte order and range checks live in one place.
 *
 * <p>Getters widen unsigned values ({@code u16} to {@code int}, {@code u32} to {@code long}).
 * Setters reject a value that does not fit its field with an {@link IllegalArgumentException}
 * instead of silently truncating it. Bit fields are addressed as IBA draws them: {@code shift} is
 * the position of the field's least significant bit inside the big-endian word, {@code width} its
 * length in bits.
 */
public final class Wire {
    private Wire() {
    }

    /** Fails with {@link MalformedMadException} unless {@code size} bytes exist at {@code offset}. */
    public static void check(String what, ByteBuffer buf, int offset, int size) {
        MalformedMadException.checkBounds(what, offset, size, buf.limit());
    }

    // Multi-byte fields are read and written a byte at a time rather than through a byte-buffer view
    // VarHandle: the handle's guard and scoped-access chain is ~450 bytes of bytecode per call site, which
    // the interpreter runs as a dozen calls and C2 re-parses inside every compilation the codecs are inlined
    // into. That made the codecs most of what a fresh JVM compiles on the request path (docs/BENCHMARKS.md,
    // session 19); bytes cost a few loads and shifts. A setter checks the whole field first, so a field that
    // does not fit the buffer leaves it unchanged, as the view's single store did.

    public static int u8(ByteBuffer buf, int index) {
        return buf.get(index) & 0xFF;
    }

    public static void putU8(ByteBuffer buf, int index, int value) {
        buf.put(index, (byte) fit(value, 8, index));
    }

    public static int u16(ByteBuffer buf, int index) {
        return (buf.get(index) & 0xFF) << 8 | buf.get(index + 1) & 0xFF;
    }

    public static void putU16(ByteBuffer buf, int index, int value) {
        store16(buf, index, fit(value, 16, index));
    }

    /** A 24-bit field, e.g. a vendor ID or OUI. */
    public static int u24(ByteBuffer buf, int index) {
        return u8(buf, index) << 16 | u16(buf, index + 1);
    }

    public static void putU24(ByteBuffer buf, int index, int value) {
        fit(value, 24, index);
        Objects.checkFromIndexSize(index, 3, buf.limit());
        putU8(buf, index, value >>> 16);
        putU16(buf, index + 1, value & 0xFFFF);
    }

    public static long u32(ByteBuffer buf, int index) {
        return int32(buf, index) & 0xFFFF_FFFFL;
    }

    public static void putU32(ByteBuffer buf, int index, long value) {
        if (value >>> 32 != 0) {
            throw new IllegalArgumentException("value " + value + " does not fit 32 bits at byte " + index);
        }
        store32(buf, index, (int) value);
    }

    /** A 64-bit field; the Java {@code long} carries all 64 bits (GUIDs and keys are compared as bit patterns). */
    public static long u64(ByteBuffer buf, int index) {
        return (long) int32(buf, index) << 32 | int32(buf, index + 4) & 0xFFFF_FFFFL;
    }

    public static void putU64(ByteBuffer buf, int index, long value) {
        Objects.checkFromIndexSize(index, Long.BYTES, buf.limit());
        store32(buf, index, (int) (value >>> 32));
        store32(buf, index + 4, (int) value);
    }

    /** Bits {@code [shift, shift + width)} of the byte at {@code index}; bit 0 is the least significant. */
    public static int bits8(ByteBuffer buf, int index, int shift, int width) {
        return u8(buf, index) >>> shift & mask(width);
    }

    public static void putBits8(ByteBuffer buf, int index, int shift, int width, int value) {
        int m = mask(width) << shift;
        buf.put(index, (byte) (u8(buf, index) & ~m | fit(value, width, index) << shift));
    }

    public static int bits16(ByteBuffer buf, int index, int shift, int width) {
        return u16(buf, index) >>> shift & mask(width);
    }

    public static void putBits16(ByteBuffer buf, int index, int shift, int width, int value) {
        int m = mask(width) << shift;
        store16(buf, index, u16(buf, index) & ~m | fit(value, width, index) << shift);
    }

    /** Bits of the 32-bit word at {@code index}; {@code width} is at most 31 so the result fits an {@code int}. */
    public static int bits32(ByteBuffer buf, int index, int shift, int width) {
        return int32(buf, index) >>> shift & mask(width);
    }

    public static void putBits32(ByteBuffer buf, int index, int shift, int width, int value) {
        int m = mask(width) << shift;
        store32(buf, index, int32(buf, index) & ~m | fit(value, width, index) << shift);
    }

    private static int int32(ByteBuffer buf, int index) {
        return (buf.get(index) & 0xFF) << 24 | (buf.get(index + 1) & 0xFF) << 16
                | (buf.get(index + 2) & 0xFF) << 8 | buf.get(index + 3) & 0xFF;
    }

    private static void store16(ByteBuffer buf, int index, int value) {
        Objects.checkFromIndexSize(index, Short.BYTES, buf.limit());
        buf.put(index, (byte) (value >>> 8));
        buf.put(index + 1, (byte) value);
    }

    private static void store32(ByteBuffer buf, int index, int value) {
        Objects.checkFromIndexSize(index, Integer.BYTES, buf.limit());
        buf.put(index, (byte) (value >>> 24));
        buf.put(index + 1, (byte) (value >>> 16));
        buf.put(index + 2, (byte) (value >>> 8));
        buf.put(index + 3, (byte) value);
    }

    /** Zeroes {@code length} bytes at {@code offset}, so an encoder leaves reserved bits clear in a reused buffer. */
    public static void zero(ByteBuffer buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.limit());
        for (int i = offset, end = offset + length; i < end; i++) {
            buf.put(i, (byte) 0);
        }
    }

    /** Copies {@code length} bytes at {@code offset} out of the buffer. */
    public static byte[] bytes(ByteBuffer buf, int offset, int length) {
        byte[] out = new byte[length];
        buf.get(offset, out);
        return out;
    }

    /** The first of the 128 lone low surrogates U+DC80..U+DCFF that stand for the bytes 0x80..0xFF of invalid UTF-8. */
    private static final char ESCAPE = '\uDC00';

    /**
     * A NUL-padded UTF-8 text field of {@code size} bytes, read up to its first NUL. The text keeps the
     * field's bytes exactly: a byte that is not part of valid UTF-8 becomes the lone surrogate
     * U+DC80..U+DCFF of its value (the "surrogateescape" of Python's file names, PEP 383), which
     * {@link #putText} writes back as that byte. So decode, encode, decode is lossless and the encoding
     * is the field's own bytes, even for a peer that writes Latin-1 or cuts a character in half. Valid
     * UTF-8 never decodes to a lone surrogate, so nothing else is read this way; printed through a
     * Java encoder such a character shows as '?'.
     */
    public static String text(ByteBuffer buf, int offset, int size) {
        int length = 0;
        while (length < size && buf.get(offset + length) != 0) {
            length++;
        }
        ByteBuffer in = ByteBuffer.wrap(bytes(buf, offset, length));
        CharBuffer out = CharBuffer.allocate(length);
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        while (true) {
            CoderResult result = utf8.decode(in, out, true);
            if (!result.isError()) {
                break;
            }
            for (int i = 0; i < result.length(); i++) {
                int b = in.get() & 0xFF;
                out.put(b < 0x80 ? (char) b : (char) (ESCAPE | b));
            }
        }
        return out.flip().toString();
    }

    /** Writes {@code text} as UTF-8 into a {@code size}-byte field, NUL padded (escaped bytes as themselves, see {@link #text}). */
    public static void putText(ByteBuffer buf, int offset, int size, String text) {
        byte[] utf8 = checkText(text, size);
        zero(buf, offset, size);
        buf.put(offset, utf8);
    }

    /**
     * The bytes {@code text} is written as: UTF-8, and a byte escaped by {@link #text} as itself. Fails
     * with {@link IllegalArgumentException} if longer than {@code size}, or if it holds a NUL (the field
     * would end there) or a surrogate that is neither paired nor such an escape (it has no encoding).
     */
    public static byte[] checkText(String text, int size) {
        byte[] utf8 = asciiBytes(text);
        if (utf8 == null) {
            utf8 = encoded(text);
        }
        if (utf8.length > size) {
            throw new IllegalArgumentException("text longer than " + size + " UTF-8 bytes: " + text);
        }
        return utf8;
    }

    /** The bytes of text that is ASCII without NUL (a node description, nearly always), else null. */
    private static byte[] asciiBytes(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0 || c >= 0x80) {
                return null;
            }
        }
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] encoded(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int cp = text.codePointAt(i);
            if (c == 0) {
                throw new IllegalArgumentException("text with a NUL at index " + i + " (the field ends at its first NUL): " + text);
            }
            if (Character.isSurrogate(c) && Character.charCount(cp) == 1) {
                if (c < (ESCAPE | 0x80) || c > (ESCAPE | 0xFF)) {
                    throw new IllegalArgumentException("text with an unpaired surrogate U+"
                            + Integer.toHexString(c).toUpperCase() + " at index " + i + ": it has no UTF-8 encoding");
                }
                out.write(c & 0xFF);
            } else {
                out.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
            }
            i += Character.charCount(cp);
        }
        return out.toByteArray();
    }

    private static int mask(int width) {
        return width == 32 ? -1 : (1 << width) - 1;
    }

    private static int fit(int value, int width, int index) {
        if (width < 32 && (value & ~mask(width)) != 0) {
            throw new IllegalArgumentException("value " + value + " does not fit " + width + " bits at byte " + index);
        }
        return value;
    }
}
