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
    /** InfiniScale III's PortXmitWait words: unit {@code u} (1-{@value #IS3_XMIT_WAIT_UNITS}) at this address plus {@code u << 12}. */
    public static final long IS3_PORT_XMIT_WAIT = 0x10013C;
    public static final int IS3_XMIT_WAIT_UNITS = 24;

    /** One word: its address, its data, and the mask of the data's bits that count. */
    public record Entry(long address, long data, long mask) {
        /** A record that asks for the word at {@code address}, every bit of it. */
        public static Entry read(long address) {
            return new Entry(address, 0, 0xFFFF_FFFFL);
        }

        /** The word a Set of this record leaves where {@code was} was: the mask's bits from the data, the rest kept. */
        public long writtenOver(long was) {
            return was & ~mask | data & mask;
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

    /** How many records an access with this attribute modifier has (bits 16-21; {@link #modifier}'s inverse). */
    public static int count(long modifier) {
        return (int) (modifier >>> 16 & 0x3F);
    }

    /** The address of InfiniScale III's PortXmitWait word of {@code unit} (1-24). */
    public static long is3XmitWaitAddress(int unit) {
        if (unit < 1 || unit > IS3_XMIT_WAIT_UNITS) {
            throw new IllegalArgumentException("InfiniScale III's PortXmitWait units are 1.." + IS3_XMIT_WAIT_UNITS + ": " + unit);
        }
        return IS3_PORT_XMIT_WAIT + ((long) unit << 12);
    }

    /** The unit whose PortXmitWait word is at {@code address}, or 0 if none is. */
    public static int is3XmitWaitUnit(long address) {
        long unit = address - IS3_PORT_XMIT_WAIT >> 12;
        return address >= IS3_PORT_XMIT_WAIT && (address & 0xFFF) == (IS3_PORT_XMIT_WAIT & 0xFFF) && unit >= 1
                && unit <= IS3_XMIT_WAIT_UNITS ? (int) unit : 0;
    }

    /**
     * The port vendstat -w names a PortXmitWait unit's word for: units 1-16 ports 4-19, 17-20 ports 21-24, 21-24
     * ports 1-4 (its first read takes units 1-16, its second 17-24). So port 20 has no word, and port 4 two.
     */
    public static int is3XmitWaitPort(int unit) {
        is3XmitWaitAddress(unit);
        return unit <= 16 ? unit + 3 : unit <= 20 ? unit + 4 : unit - 20;
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
