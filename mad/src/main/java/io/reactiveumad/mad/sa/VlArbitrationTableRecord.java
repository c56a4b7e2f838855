package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.VlArbitrationTable;
import java.nio.ByteBuffer;

/**
 * VLArbitrationTableRecord (SA attribute 0x0036), 72 bytes: one block of the VL arbitration table of output port
 * {@code outputPort} of the node with LID {@code lid} (blocks 1 and 2 the low-priority table, 3 and 4 the high).
 *
 * <pre>
 *  0               1               2               3
 *  | LID                           | OutputPortNum | BlockNum      |   0
 *  | Reserved                                                      |   4
 *  | VLArbitrationTable (64 bytes)                                 |   8
 * </pre>
 */
public record VlArbitrationTableRecord(int lid, int outputPort, int blockNumber, VlArbitrationTable table)
        implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.VL_ARBITRATION_TABLE_RECORD;
    public static final int SIZE = 72;

    private static final int LID = 0;
    private static final int OUTPUT_PORT = 2;
    private static final int BLOCK_NUMBER = 3;
    private static final int TABLE = 8;

    /** ComponentMask bits. */
    public static final class Component {
        public static final long LID = 1L;
        public static final long OUTPUT_PORT = 1L << 1;
        public static final long BLOCK_NUMBER = 1L << 2;

        private Component() {
        }
    }

    public static VlArbitrationTableRecord decode(ByteBuffer buf, int o) {
        Wire.check("VLArbitrationTableRecord", buf, o, SIZE);
        return new VlArbitrationTableRecord(Wire.u16(buf, o + LID), Wire.u8(buf, o + OUTPUT_PORT),
                Wire.u8(buf, o + BLOCK_NUMBER), VlArbitrationTable.decode(buf, o + TABLE));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("VLArbitrationTableRecord", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU16(buf, o + LID, lid);
        Wire.putU8(buf, o + OUTPUT_PORT, outputPort);
        Wire.putU8(buf, o + BLOCK_NUMBER, blockNumber);
        table.encode(buf, o + TABLE);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
