package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * One block of a port's VLArbitrationTable (SMP attribute 0x0018; modifier: the block in bits 31..16, the port in
 * bits 7..0): 32 entries of a VL (four bits after four reserved) and its weight. Blocks 1 and 2 are the low-priority
 * table's entries 0..31 and 32..63, blocks 3 and 4 the high-priority table's.
 *
 * <pre>
 *  0               1               2               3
 *  |rsvd| VL0 | Weight 0       |rsvd| VL1 | Weight 1       |           0
 *  | …                                                              |
 *  |rsvd| VL30| Weight 30      |rsvd| VL31| Weight 31      |          60
 * </pre>
 */
public record VlArbitrationTable(List<Entry> entries) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Smp.VL_ARBITRATION_TABLE;
    public static final int ENTRIES = 32;
    public static final int SIZE = ENTRIES * 2;
    /** The blocks: the low-priority table's first and second 32 entries, then the high-priority table's. */
    public static final int LOW_PRIORITY = 1;
    public static final int LOW_PRIORITY_UPPER = 2;
    public static final int HIGH_PRIORITY = 3;
    public static final int HIGH_PRIORITY_UPPER = 4;
    private static final int BLOCK_SHIFT = 16;

    /** One entry: packets of {@code vl} may be sent, {@code weight} units of 64 bytes at a time. */
    public record Entry(int vl, int weight) {
        public Entry {
            if (vl < 0 || vl > 0xF || weight < 0 || weight > 0xFF) {
                throw new IllegalArgumentException("a VL is 0..15 and a weight 0..255: VL " + vl + ", weight " + weight);
            }
        }
    }

    public VlArbitrationTable {
        entries = List.copyOf(entries);
        if (entries.size() != ENTRIES) {
            throw new IllegalArgumentException("a VLArbitrationTable block has " + ENTRIES + " entries, got "
                    + entries.size());
        }
    }

    public static VlArbitrationTable decode(ByteBuffer buf, int offset) {
        Wire.check("VLArbitrationTable", buf, offset, SIZE);
        Entry[] entries = new Entry[ENTRIES];
        for (int i = 0; i < ENTRIES; i++) {
            entries[i] = new Entry(Wire.u8(buf, offset + 2 * i) & 0xF, Wire.u8(buf, offset + 2 * i + 1));
        }
        return new VlArbitrationTable(List.of(entries));
    }

    @Override
    public void encode(ByteBuffer buf, int offset) {
        Wire.check("VLArbitrationTable", buf, offset, SIZE);
        for (int i = 0; i < ENTRIES; i++) {
            Wire.putU8(buf, offset + 2 * i, entries.get(i).vl());
            Wire.putU8(buf, offset + 2 * i + 1, entries.get(i).weight());
        }
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }

    public Entry entry(int index) {
        return entries.get(index);
    }

    /** The attribute modifier of {@code block} (1..4) of port {@code port}'s table. */
    public static long modifier(int block, int port) {
        if (block < LOW_PRIORITY || block > HIGH_PRIORITY_UPPER) {
            throw new IllegalArgumentException("VLArbitrationTable blocks are 1..4: " + block);
        }
        if (port < 0 || port > 0xFF) {
            throw new IllegalArgumentException("a port is 0..255: " + port);
        }
        return (long) block << BLOCK_SHIFT | port;
    }
}
