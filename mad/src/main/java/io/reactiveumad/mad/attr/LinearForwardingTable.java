package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * One block of a switch's linear forwarding table (SMP attribute 0x0019; modifier = block number):
 * the egress port of 64 consecutive destination LIDs, {@code 64 * block + i}. Port 255 means the
 * switch drops packets to that LID (no route).
 *
 * <pre>
 *  0               1               2               3
 *  | Port of LID 0 | Port of LID 1 | Port of LID 2 | Port of LID 3 |   0
 *  | …                                                             |
 *  | Port 60       | Port 61       | Port 62       | Port 63       |  60
 * </pre>
 */
public record LinearForwardingTable(List<Integer> ports) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Smp.LINEAR_FORWARDING_TABLE;
    public static final int ENTRIES = 64;
    public static final int SIZE = ENTRIES;
    /** The entry of a LID the switch has no route for: it drops such packets. */
    public static final int NO_ROUTE = 0xFF;

    public LinearForwardingTable {
        ports = List.copyOf(ports);
        if (ports.size() != ENTRIES) {
            throw new IllegalArgumentException("a LinearForwardingTable block has " + ENTRIES + " entries, got "
                    + ports.size());
        }
    }

    public static LinearForwardingTable decode(ByteBuffer buf, int offset) {
        Wire.check("LinearForwardingTable", buf, offset, SIZE);
        Integer[] ports = new Integer[ENTRIES];
        for (int i = 0; i < ENTRIES; i++) {
            ports[i] = Wire.u8(buf, offset + i);
        }
        return new LinearForwardingTable(List.of(ports));
    }

    @Override
    public void encode(ByteBuffer buf, int offset) {
        Wire.check("LinearForwardingTable", buf, offset, SIZE);
        for (int i = 0; i < ENTRIES; i++) {
            Wire.putU8(buf, offset + i, ports.get(i));
        }
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }

    /** The block holding {@code lid}'s entry. */
    public static int blockOf(int lid) {
        return lid / ENTRIES;
    }

    /** The egress port of entry {@code index} (0..63) of this block. */
    public int port(int index) {
        return ports.get(index);
    }
}
