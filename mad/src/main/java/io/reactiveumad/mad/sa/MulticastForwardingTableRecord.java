package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import java.nio.ByteBuffer;

/**
 * MulticastForwardingTableRecord (SA attribute 0x0017), 72 bytes: one block of the multicast forwarding table of
 * the switch with LID {@code lid}: 32 MLIDs from 0xC000 + 32 {@code blockNumber}, each a mask of 16 ports, the
 * ports {@code 16 position} to {@code 16 position + 15}.
 *
 * <pre>
 *  0               1               2               3
 *  | LID                           | Pos   |Rsv| BlockNum          |   0
 *  | Reserved                                                      |   4
 *  | MulticastForwardingTable (64 bytes)                           |   8
 * </pre>
 */
public record MulticastForwardingTableRecord(int lid, int position, int blockNumber, MulticastForwardingTable table)
        implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.MULTICAST_FORWARDING_TABLE_RECORD;
    public static final int SIZE = 72;
    private static final int LID = 0;
    private static final int POSITION_BLOCK = 2;
    private static final int POSITION_SHIFT = 12;
    private static final int TABLE = 8;

    /** ComponentMask bits. */
    public static final class Component {
        public static final long LID = 1L;
        public static final long POSITION = 1L << 1;
        public static final long BLOCK_NUMBER = 1L << 3;

        private Component() {
        }
    }

    public MulticastForwardingTableRecord {
        MulticastForwardingTable.modifier(position, blockNumber); // checks both, as the SMP's modifier holds them
    }

    public static MulticastForwardingTableRecord decode(ByteBuffer buf, int o) {
        Wire.check("MulticastForwardingTableRecord", buf, o, SIZE);
        int positionBlock = Wire.u16(buf, o + POSITION_BLOCK);
        return new MulticastForwardingTableRecord(Wire.u16(buf, o + LID), positionBlock >>> POSITION_SHIFT,
                positionBlock & MulticastForwardingTable.MAX_BLOCK, MulticastForwardingTable.decode(buf, o + TABLE));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("MulticastForwardingTableRecord", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU16(buf, o + LID, lid);
        Wire.putU16(buf, o + POSITION_BLOCK, position << POSITION_SHIFT | blockNumber);
        table.encode(buf, o + TABLE);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
