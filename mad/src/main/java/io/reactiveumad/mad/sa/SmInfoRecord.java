package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.SmInfo;
import java.nio.ByteBuffer;

/**
 * SMInfoRecord (SA attribute 0x0018), 32 bytes: the SMInfo of an SM the SA knows, at the LID of its port. The SA
 * answers its SM_Key only to a requester it trusts (OpenSM never fills it in).
 *
 * <pre>
 *  0               1               2               3
 *  | LID                           | Reserved                      |   0
 *  | SMInfo (21 bytes)                                             |   4
 *  |               | Reserved (7 bytes)                            |  24
 * </pre>
 */
public record SmInfoRecord(int lid, SmInfo smInfo) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.SM_INFO_RECORD;
    public static final int SIZE = 32;

    private static final int LID = 0;
    private static final int SM_INFO = 4;

    /** ComponentMask bits: the LID, then (after the reserved field) one per SMInfo field in wire order. */
    public static final class Component {
        public static final long LID = 1L;

        private Component() {
        }
    }

    public static SmInfoRecord decode(ByteBuffer buf, int o) {
        Wire.check("SMInfoRecord", buf, o, SIZE);
        return new SmInfoRecord(Wire.u16(buf, o + LID), SmInfo.decode(buf, o + SM_INFO));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("SMInfoRecord", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU16(buf, o + LID, lid);
        smInfo.encode(buf, o + SM_INFO);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
