package io.reactiveumad.mad.mlnx;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Mellanox's ConfigSpaceAccess (vendor class 0x0A, attribute 0x0050): up to 18 words of a device's configuration
 * space, each an address, its data and a mask, read by a Get and written by a Set (vendstat -R and -W). The attribute
 * modifier says how many of the records count ({@link #modifier}); the rest are zeros.
 *
 * <pre>
 *  0               1               2               3
 *  | Reserved                                                      |   0-7
 *  | Address                                                       |   8 + 12 i
 *  | Data                                                          |  12 + 12 i
 *  | Mask                                                          |  16 + 12 i
 * </pre>
 */
public record ConfigSpaceAccess(List<Entry> records) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Mlnx.CONFIG_SPACE_ACCESS;
    public static final int MAX_RECORDS = 18;
    public static final int SIZE = 8 + MAX_RECORDS * 12;

    /** One word: its address, its data, and the mask of the data's bits that count. */
    public record Entry(long address, long data, long mask) {
        /** A record that asks for the word at {@code address}, every bit of it. */
        public static Entry read(long address) {
            return new Entry(address, 0, 0xFFFF_FFFFL);
        }

        /** The data's bits the mask keeps: what vendstat prints of a record. */
        public long value() {
            return data & mask;
        }
    }

    public ConfigSpaceAccess {
        records = List.copyOf(Objects.requireNonNull(records, "records"));
        if (records.size() > MAX_RECORDS) {
            throw new IllegalArgumentException("at most " + MAX_RECORDS + " records, not " + records.size());
        }
    }

    /**
     * The attribute modifier of an access to {@code count} records, as vendstat sends it: 2 in bits 22-23, the count
     * in bits 16-21.
     */
    public static long modifier(int count) {
        if (count < 1 || count > MAX_RECORDS) {
            throw new IllegalArgumentException("a config space access takes 1.." + MAX_RECORDS + " records, not " + count);
        }
        return 2L << 22 | (long) count << 16;
    }

    /** All {@value #MAX_RECORDS} records: which of them count, the request's modifier says ({@link #first}). */
    public static ConfigSpaceAccess decode(ByteBuffer buf, int o) {
        Wire.check("ConfigSpaceAccess", buf, o, SIZE);
        List<Entry> records = new ArrayList<>(MAX_RECORDS);
        for (int i = 0; i < MAX_RECORDS; i++) {
            int r = o + 8 + 12 * i;
            records.add(new Entry(Wire.u32(buf, r), Wire.u32(buf, r + 4), Wire.u32(buf, r + 8)));
        }
        return new ConfigSpaceAccess(records);
    }

    /** The first {@code count} records. */
    public ConfigSpaceAccess first(int count) {
        return new ConfigSpaceAccess(records.subList(0, Math.min(count, records.size())));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("ConfigSpaceAccess", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        for (int i = 0; i < records.size(); i++) {
            int r = o + 8 + 12 * i;
            Entry e = records.get(i);
            Wire.putU32(buf, r, e.address());
            Wire.putU32(buf, r + 4, e.data());
            Wire.putU32(buf, r + 8, e.mask());
        }
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
