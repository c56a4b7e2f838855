package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * One block of a port's P_KeyTable (SMP attribute 0x0016; modifier = block number, plus the port in
 * bits 16–23 for switches): 32 consecutive 16-bit P_Keys, index {@code 32 * block + i}.
 *
 * <pre>
 *  0               1               2               3
 *  | P_Key 0                       | P_Key 1                       |   0
 *  | …                                                             |
 *  | P_Key 30                      | P_Key 31                      |  60
 * </pre>
 */
public record PKeyTable(List<Integer> pKeys) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Smp.P_KEY_TABLE;
    public static final int ENTRIES = 32;
    public static final int SIZE = ENTRIES * 2;
    /** Bit 15 of a P_Key: full (rather than limited) membership. */
    public static final int FULL_MEMBERSHIP_BIT = 0x8000;
    /** The other 15 bits: the partition, whoever is a member and how. */
    public static final int PARTITION_MASK = 0x7FFF;
    /** The default partition with full membership. */
    public static final int DEFAULT_P_KEY = 0xFFFF;

    public PKeyTable {
        pKeys = List.copyOf(pKeys);
        if (pKeys.size() != ENTRIES) {
            throw new IllegalArgumentException("a P_Key block has " + ENTRIES + " entries, got " + pKeys.size());
        }
    }

    public static PKeyTable decode(ByteBuffer buf, int offset) {
        Wire.check("P_KeyTable", buf, offset, SIZE);
        Integer[] keys = new Integer[ENTRIES];
        for (int i = 0; i < ENTRIES; i++) {
            keys[i] = Wire.u16(buf, offset + 2 * i);
        }
        return new PKeyTable(List.of(keys));
    }

    @Override
    public void encode(ByteBuffer buf, int offset) {
        Wire.check("P_KeyTable", buf, offset, SIZE);
        for (int i = 0; i < ENTRIES; i++) {
            Wire.putU16(buf, offset + 2 * i, pKeys.get(i));
        }
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }

    public int pKey(int index) {
        return pKeys.get(index);
    }
}
