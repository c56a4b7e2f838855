package io.reactiveumad.mad;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Flyweight over the subnet administration class header of an SA MAD (class 0x03), wrapped at the
 * start of the MAD.
 *
 * <pre>
 *  0               1               2               3
 *  | common MAD header (24 bytes)                                  |   0
 *  | RMPP header (12 bytes, {@link RmppHeader})                    |  24
 *  | SM_Key (64 bits)                                              |  36
 *  | AttributeOffset               | Reserved                      |  44
 *  | ComponentMask (64 bits)                                       |  48
 *  | SubnetAdminData (200 bytes per segment)                       |  56
 * </pre>
 *
 * AttributeOffset is the distance between records of a GetTable response in 8-byte units; the
 * ComponentMask says which record fields a query matches on (constants per record in the
 * {@code io.reactiveumad.mad.sa} package). The SM_Key is a secret: never log it.
 */
public final class SaHeader extends Flyweight {
    public static final int SM_KEY_OFFSET = 36;
    public static final int ATTRIBUTE_OFFSET_OFFSET = 44;
    public static final int COMPONENT_MASK_OFFSET = 48;
    public static final int DATA_OFFSET = 56;
    /** SA header bytes after the RMPP header: RMPP PayloadLength counts them before the records. */
    public static final int CLASS_HEADER_SIZE = DATA_OFFSET - RmppHeader.END_OFFSET;
    /** SA data bytes in one 256-byte MAD, hence in one RMPP segment. */
    public static final int SEGMENT_DATA_SIZE = MadHeader.MAD_SIZE - DATA_OFFSET;
    /** AttributeOffset counts in units of this many bytes. */
    public static final int ATTRIBUTE_OFFSET_UNIT = 8;

    /** SA class-specific status codes: {@link MadStatus#classSpecific(int)} of a response's status. */
    public static final int STATUS_NO_RESOURCES = 1;
    public static final int STATUS_REQUEST_INVALID = 2;
    public static final int STATUS_NO_RECORDS = 3;
    public static final int STATUS_TOO_MANY_RECORDS = 4;
    public static final int STATUS_INVALID_GID = 5;
    public static final int STATUS_INSUFFICIENT_COMPONENTS = 6;
    public static final int STATUS_DENIED = 7;
    public static final int STATUS_PRIORITY_SUGGESTED = 8;

    /** Wraps the MAD starting at {@code offset}; fails unless the whole SA header is there. */
    public SaHeader wrap(ByteBuffer buffer, int offset) {
        wrapChecked("SA header", buffer, offset, DATA_OFFSET);
        return this;
    }

    public long smKey() {
        return Wire.u64(buf, base + SM_KEY_OFFSET);
    }

    public SaHeader smKey(long v) {
        Wire.putU64(buf, base + SM_KEY_OFFSET, v);
        return this;
    }

    /** Distance between records in 8-byte units (0 in a response without records). */
    public int attributeOffset() {
        return Wire.u16(buf, base + ATTRIBUTE_OFFSET_OFFSET);
    }

    public SaHeader attributeOffset(int units) {
        Wire.putU16(buf, base + ATTRIBUTE_OFFSET_OFFSET, units);
        return this;
    }

    public long componentMask() {
        return Wire.u64(buf, base + COMPONENT_MASK_OFFSET);
    }

    public SaHeader componentMask(long v) {
        Wire.putU64(buf, base + COMPONENT_MASK_OFFSET, v);
        return this;
    }

    /** The absolute buffer position of the first record. */
    public int dataPosition() {
        return base + DATA_OFFSET;
    }

    /**
     * The records of a (reassembled) GetTable response: {@code dataLength} bytes from byte 56 on, one
     * record of {@code recordSize} bytes every AttributeOffset × 8 bytes, each read by {@code decoder}.
     * For a reassembled RMPP response {@code dataLength} is the first segment's PayloadLength minus
     * {@link #CLASS_HEADER_SIZE}. Fails with {@link MalformedMadException} if the data runs past the
     * buffer or the stride is shorter than a record.
     */
    public <T> List<T> records(int dataLength, int recordSize, BiFunction<ByteBuffer, Integer, T> decoder) {
        Wire.check("SA records", buf, dataPosition(), dataLength);
        int stride = attributeOffset() * ATTRIBUTE_OFFSET_UNIT;
        if (dataLength == 0) {
            return List.of();
        }
        if (stride < recordSize) {
            throw new MalformedMadException("SA AttributeOffset " + attributeOffset() + " (" + stride
                    + " bytes) is shorter than a " + recordSize + "-byte record");
        }
        List<T> out = new ArrayList<>(dataLength / stride);
        for (int at = 0; at + recordSize <= dataLength; at += stride) {
            out.add(decoder.apply(buf, dataPosition() + at));
        }
        return out;
    }

    /** The AttributeOffset for a record of {@code recordSize} bytes: its size rounded up to 8-byte units. */
    public static int attributeOffsetFor(int recordSize) {
        return (recordSize + ATTRIBUTE_OFFSET_UNIT - 1) / ATTRIBUTE_OFFSET_UNIT;
    }
}
