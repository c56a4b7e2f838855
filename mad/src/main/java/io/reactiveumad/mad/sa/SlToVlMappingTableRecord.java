package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.SlToVlMappingTable;
import java.nio.ByteBuffer;

/**
 * SLtoVLMappingTableRecord (SA attribute 0x0013), 16 bytes: the SL to VL table of the port with LID {@code lid}, for
 * packets from {@code inputPort} to {@code outputPort} (both reserved on a CA).
 *
 * <pre>
 *  0               1               2               3
 *  | LID                           | InputPortNum  | OutputPortNum |   0
 *  | Reserved                                                      |   4
 *  | SLtoVLMappingTable (8 bytes)                                  |   8
 * </pre>
 */
public record SlToVlMappingTableRecord(int lid, int inputPort, int outputPort, SlToVlMappingTable table)
        implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.SL_TO_VL_MAPPING_TABLE_RECORD;
    public static final int SIZE = 16;

    private static final int LID = 0;
    private static final int INPUT_PORT = 2;
    private static final int OUTPUT_PORT = 3;
    private static final int TABLE = 8;

    /** ComponentMask bits. */
    public static final class Component {
        public static final long LID = 1L;
        public static final long INPUT_PORT = 1L << 1;
        public static final long OUTPUT_PORT = 1L << 2;

        private Component() {
        }
    }

    public static SlToVlMappingTableRecord decode(ByteBuffer buf, int o) {
        Wire.check("SLtoVLMappingTableRecord", buf, o, SIZE);
        return new SlToVlMappingTableRecord(Wire.u16(buf, o + LID), Wire.u8(buf, o + INPUT_PORT),
                Wire.u8(buf, o + OUTPUT_PORT), SlToVlMappingTable.decode(buf, o + TABLE));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("SLtoVLMappingTableRecord", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU16(buf, o + LID, lid);
        Wire.putU8(buf, o + INPUT_PORT, inputPort);
        Wire.putU8(buf, o + OUTPUT_PORT, outputPort);
        table.encode(buf, o + TABLE);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
