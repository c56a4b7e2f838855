package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.PKeyTable;
import java.nio.ByteBuffer;

/**
 * P_KeyTableRecord (SA attribute 0x0033), 72 bytes: one block of 32 P_Keys of the port with LID {@code lid} (a
 * switch's {@code port}; reserved on a CA). An SA answers it only to a requester with its SM_Key (OpenSM: anyone
 * else gets ERR_REQ_INVALID).
 *
 * <pre>
 *  0               1               2               3
 *  | LID                           | BlockNum                      |   0
 *  | PortNum       | Reserved                                      |   4
 *  | P_KeyTable (64 bytes)                                         |   8
 * </pre>
 */
public record PKeyTableRecord(int lid, int blockNumber, int port, PKeyTable table) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.P_KEY_TABLE_RECORD;
    public static final int SIZE = 72;

    private static final int LID = 0;
    private static final int BLOCK_NUMBER = 2;
    private static final int PORT = 4;
    private static final int TABLE = 8;

    /** ComponentMask bits. */
    public static final class Component {
        public static final long LID = 1L;
        public static final long BLOCK_NUMBER = 1L << 1;
        public static final long PORT = 1L << 2;

        private Component() {
        }
    }

    public static PKeyTableRecord decode(ByteBuffer buf, int o) {
        Wire.check("P_KeyTableRecord", buf, o, SIZE);
        return new PKeyTableRecord(Wire.u16(buf, o + LID), Wire.u16(buf, o + BLOCK_NUMBER), Wire.u8(buf, o + PORT),
                PKeyTable.decode(buf, o + TABLE));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("P_KeyTableRecord", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU16(buf, o + LID, lid);
        Wire.putU16(buf, o + BLOCK_NUMBER, blockNumber);
        Wire.putU8(buf, o + PORT, port);
        table.encode(buf, o + TABLE);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
