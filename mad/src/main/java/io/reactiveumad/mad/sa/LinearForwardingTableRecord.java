package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.LinearForwardingTable;
import java.nio.ByteBuffer;

/**
 * LinearForwardingTableRecord (SA attribute 0x0015), 72 bytes: one block of the linear forwarding
 * table of the switch with LID {@code lid}, as the SM programmed it.
 *
 * <pre>
 *  0               1               2               3
 *  | LID                           | BlockNum                      |   0
 *  | Reserved                                                      |   4
 *  | LinearForwardingTable (64 bytes)                              |   8
 * </pre>
 */
public record LinearForwardingTableRecord(int lid, int blockNumber, LinearForwardingTable table)
        implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.LINEAR_FORWARDING_TABLE_RECORD;
    public static final int SIZE = 72;

    private static final int LID = 0;
    private static final int BLOCK_NUMBER = 2;
    private static final int TABLE = 8;

    /** ComponentMask bits. */
    public static final class Component {
        public static final long LID = 1L;
        public static final long BLOCK_NUMBER = 1L << 1;

        private Component() {
        }
    }

    public static LinearForwardingTableRecord decode(ByteBuffer buf, int o) {
        Wire.check("LinearForwardingTableRecord", buf, o, SIZE);
        return new LinearForwardingTableRecord(Wire.u16(buf, o + LID), Wire.u16(buf, o + BLOCK_NUMBER),
                LinearForwardingTable.decode(buf, o + TABLE));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("LinearForwardingTableRecord", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU16(buf, o + LID, lid);
        Wire.putU16(buf, o + BLOCK_NUMBER, blockNumber);
        table.encode(buf, o + TABLE);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
