package io.reactiveumad.mad.cc;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * CongestionControlTable (CC attribute 0x0017): one block of {@value #ENTRIES_PER_BLOCK} entries of a CA's
 * congestion control table, the inter-packet delays its CCT index selects; the attribute modifier is the block, so
 * entry N is entry {@code N % 64} of block {@code N / 64}.
 *
 * <pre>
 *  0               1               2               3
 *  | CCTI_Limit                    | Reserved                      |   0
 *  |Sh | CCT_Multiplier            |Sh | CCT_Multiplier            |   4 + 2 * entry
 * </pre>
 *
 * @param cctiLimit the highest valid CCT index of the whole table (the same in every block)
 */
public record CongestionControlTable(int cctiLimit, List<Entry> entries) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Cc.CONGESTION_CONTROL_TABLE;
    public static final int ENTRIES_PER_BLOCK = 64;
    public static final int SIZE = 4 + ENTRIES_PER_BLOCK * Entry.SIZE;

    /** One delay: {@code multiplier} shifted right by {@code shift}, in the CA's injection-rate units. */
    public record Entry(int shift, int multiplier) {
        public static final int SIZE = 2;
        public static final Entry NONE = new Entry(0, 0);

        private static final BitField SHIFT = BitField.in16(0, 14, 2);
        private static final BitField MULTIPLIER = BitField.in16(0, 0, 14);
    }

    public CongestionControlTable {
        entries = List.copyOf(entries);
        if (entries.size() != ENTRIES_PER_BLOCK) {
            throw new IllegalArgumentException("a block has " + ENTRIES_PER_BLOCK + " entries, got " + entries.size());
        }
    }

    /** A block without delays. */
    public static CongestionControlTable none(int cctiLimit) {
        return new CongestionControlTable(cctiLimit, Collections.nCopies(ENTRIES_PER_BLOCK, Entry.NONE));
    }

    public static CongestionControlTable decode(ByteBuffer buf, int o) {
        Wire.check("CongestionControlTable", buf, o, SIZE);
        List<Entry> entries = new ArrayList<>(ENTRIES_PER_BLOCK);
        for (int i = 0; i < ENTRIES_PER_BLOCK; i++) {
            int e = o + 4 + i * Entry.SIZE;
            entries.add(new Entry(Entry.SHIFT.get(buf, e), Entry.MULTIPLIER.get(buf, e)));
        }
        return new CongestionControlTable(Wire.u16(buf, o), entries);
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("CongestionControlTable", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU16(buf, o, cctiLimit);
        for (int i = 0; i < ENTRIES_PER_BLOCK; i++) {
            int e = o + 4 + i * Entry.SIZE;
            Entry.SHIFT.put(buf, e, entries.get(i).shift());
            Entry.MULTIPLIER.put(buf, e, entries.get(i).multiplier());
        }
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
