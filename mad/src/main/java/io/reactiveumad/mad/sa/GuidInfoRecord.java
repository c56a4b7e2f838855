package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.GuidInfo;
import java.nio.ByteBuffer;

/**
 * GUIDInfoRecord (SA attribute 0x0030), 72 bytes: one block of eight GUIDs of the port with LID {@code lid}.
 *
 * <pre>
 *  0               1               2               3
 *  | LID                           | BlockNum      | Reserved      |   0
 *  | Reserved                                                      |   4
 *  | GUIDInfo (64 bytes)                                           |   8
 * </pre>
 */
public record GuidInfoRecord(int lid, int blockNumber, GuidInfo guidInfo) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.GUID_INFO_RECORD;
    public static final int SIZE = 72;

    private static final int LID = 0;
    private static final int BLOCK_NUMBER = 2;
    private static final int GUID_INFO = 8;

    /** ComponentMask bits. */
    public static final class Component {
        public static final long LID = 1L;
        public static final long BLOCK_NUMBER = 1L << 1;

        private Component() {
        }
    }

    public static GuidInfoRecord decode(ByteBuffer buf, int o) {
        Wire.check("GUIDInfoRecord", buf, o, SIZE);
        return new GuidInfoRecord(Wire.u16(buf, o + LID), Wire.u8(buf, o + BLOCK_NUMBER), GuidInfo.decode(buf, o + GUID_INFO));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("GUIDInfoRecord", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU16(buf, o + LID, lid);
        Wire.putU8(buf, o + BLOCK_NUMBER, blockNumber);
        guidInfo.encode(buf, o + GUID_INFO);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
