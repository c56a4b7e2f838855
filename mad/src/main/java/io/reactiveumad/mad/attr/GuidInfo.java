package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * One block of a port's GUIDInfo table (SMP attribute 0x0014; modifier = block number): 8 GUIDs,
 * index {@code 8 * block + i}.
 *
 * <pre>
 *  0               1               2               3
 *  | GUID 0 (64 bits)                                              |   0
 *  | …                                                             |
 *  | GUID 7 (64 bits)                                              |  56
 * </pre>
 */
public record GuidInfo(List<Long> guids) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Smp.GUID_INFO;
    public static final int ENTRIES = 8;
    public static final int SIZE = ENTRIES * Long.BYTES;

    public GuidInfo {
        guids = List.copyOf(guids);
        if (guids.size() != ENTRIES) {
            throw new IllegalArgumentException("a GUIDInfo block has " + ENTRIES + " entries, got " + guids.size());
        }
    }

    public static GuidInfo decode(ByteBuffer buf, int offset) {
        Wire.check("GUIDInfo", buf, offset, SIZE);
        Long[] guids = new Long[ENTRIES];
        for (int i = 0; i < ENTRIES; i++) {
            guids[i] = Wire.u64(buf, offset + Long.BYTES * i);
        }
        return new GuidInfo(List.of(guids));
    }

    @Override
    public void encode(ByteBuffer buf, int offset) {
        Wire.check("GUIDInfo", buf, offset, SIZE);
        for (int i = 0; i < ENTRIES; i++) {
            Wire.putU64(buf, offset + Long.BYTES * i, guids.get(i));
        }
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }

    public long guid(int index) {
        return guids.get(index);
    }

    /** The GUIDs in hex, as smpquery guids prints them. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("GuidInfo[");
        for (int i = 0; i < guids.size(); i++) {
            text.append(i == 0 ? "" : " ").append(String.format("0x%016x", guids.get(i)));
        }
        return text.append(']').toString();
    }
}
