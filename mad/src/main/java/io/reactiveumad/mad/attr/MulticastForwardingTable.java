package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * One block of a switch's multicast forwarding table (SMP attribute 0x001B): for 32 consecutive
 * multicast LIDs {@code 0xC000 + 32 * block + i}, a 16-bit mask of the ports (bit n is port
 * {@code 16 * position + n}) the switch forwards them to. The modifier carries the position in bits
 * 28–31 and the block in bits 0–8 ({@link #modifier}).
 *
 * <pre>
 *  0               1               2               3
 *  | PortMask of MLID 0            | PortMask of MLID 1            |   0
 *  | …                                                             |
 *  | PortMask 30                   | PortMask 31                   |  60
 * </pre>
 */
public record MulticastForwardingTable(List<Integer> portMasks) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Smp.MULTICAST_FORWARDING_TABLE;
    public static final int ENTRIES = 32;
    public static final int SIZE = ENTRIES * 2;
    /** The first multicast LID: entry 0 of block 0. */
    public static final int FIRST_MLID = 0xC000;
    /** Ports per position: the width of one port mask. */
    public static final int PORTS_PER_POSITION = 16;
    public static final int MAX_POSITION = 0xF;
    public static final int MAX_BLOCK = 0x1FF;
    private static final int POSITION_SHIFT = 28;

    public MulticastForwardingTable {
        portMasks = List.copyOf(portMasks);
        if (portMasks.size() != ENTRIES) {
            throw new IllegalArgumentException("a MulticastForwardingTable block has " + ENTRIES + " entries, got "
                    + portMasks.size());
        }
    }

    public static MulticastForwardingTable decode(ByteBuffer buf, int offset) {
        Wire.check("MulticastForwardingTable", buf, offset, SIZE);
        Integer[] masks = new Integer[ENTRIES];
        for (int i = 0; i < ENTRIES; i++) {
            masks[i] = Wire.u16(buf, offset + 2 * i);
        }
        return new MulticastForwardingTable(List.of(masks));
    }

    @Override
    public void encode(ByteBuffer buf, int offset) {
        Wire.check("MulticastForwardingTable", buf, offset, SIZE);
        for (int i = 0; i < ENTRIES; i++) {
            Wire.putU16(buf, offset + 2 * i, portMasks.get(i));
        }
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }

    /** The attribute modifier addressing ports {@code 16 * position ..} of MLIDs {@code 0xC000 + 32 * block ..}. */
    public static long modifier(int position, int block) {
        if (position < 0 || position > MAX_POSITION) {
            throw new IllegalArgumentException("MulticastForwardingTable position must be 0.." + MAX_POSITION + ": "
                    + position);
        }
        if (block < 0 || block > MAX_BLOCK) {
            throw new IllegalArgumentException("MulticastForwardingTable block must be 0.." + MAX_BLOCK + ": " + block);
        }
        return (long) position << POSITION_SHIFT | block;
    }

    /** The position field of a modifier. */
    public static int positionOf(long modifier) {
        return (int) (modifier >>> POSITION_SHIFT) & MAX_POSITION;
    }

    /** The block field of a modifier. */
    public static int blockOf(long modifier) {
        return (int) modifier & MAX_BLOCK;
    }

    public int portMask(int index) {
        return portMasks.get(index);
    }
}
