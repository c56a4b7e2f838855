package io.reactiveumad.mad;

import java.nio.ByteBuffer;

/**
 * Where a sub-byte or odd-width field lives: in the big-endian word of {@code wordSize} bytes (1, 2 or
 * 4) at {@code offset} of its layout, {@code width} bits starting {@code shift} bits above the word's
 * least significant bit. Declared once per field as a constant; reads and writes allocate nothing.
 */
public record BitField(int offset, int wordSize, int shift, int width) {
    public BitField {
        if (wordSize != 1 && wordSize != 2 && wordSize != 4 || width < 1 || shift < 0
                || shift + width > wordSize * 8 || width > 31) {
            throw new IllegalArgumentException("bad bit field " + offset + "/" + wordSize + "/" + shift + "/" + width);
        }
    }

    /** A field in the byte at {@code offset}. */
    public static BitField in8(int offset, int shift, int width) {
        return new BitField(offset, 1, shift, width);
    }

    /** A field in the 16-bit word at {@code offset}. */
    public static BitField in16(int offset, int shift, int width) {
        return new BitField(offset, 2, shift, width);
    }

    /** A field in the 32-bit word at {@code offset}. */
    public static BitField in32(int offset, int shift, int width) {
        return new BitField(offset, 4, shift, width);
    }

    /** A one-bit flag in the byte at {@code offset}. */
    public static BitField flag(int offset, int shift) {
        return new BitField(offset, 1, shift, 1);
    }

    /** The field's value in the layout starting at {@code base}. */
    public int get(ByteBuffer buf, int base) {
        return switch (wordSize) {
            case 1 -> Wire.bits8(buf, base + offset, shift, width);
            case 2 -> Wire.bits16(buf, base + offset, shift, width);
            default -> Wire.bits32(buf, base + offset, shift, width);
        };
    }

    /** Sets the field, leaving the word's other bits alone; fails if {@code value} does not fit. */
    public void put(ByteBuffer buf, int base, int value) {
        switch (wordSize) {
            case 1 -> Wire.putBits8(buf, base + offset, shift, width, value);
            case 2 -> Wire.putBits16(buf, base + offset, shift, width, value);
            default -> Wire.putBits32(buf, base + offset, shift, width, value);
        }
    }

    public boolean isSet(ByteBuffer buf, int base) {
        return get(buf, base) != 0;
    }

    public void put(ByteBuffer buf, int base, boolean value) {
        put(buf, base, value ? 1 : 0);
    }
}
