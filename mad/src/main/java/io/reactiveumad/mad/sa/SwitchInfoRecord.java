package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.SwitchInfo;
import java.nio.ByteBuffer;

/**
 * SwitchInfoRecord (SA attribute 0x0014), 24 bytes: the SwitchInfo of the switch with LID {@code lid}, as the SM
 * last read it.
 *
 * <pre>
 *  0               1               2               3
 *  | LID                           | Reserved                      |   0
 *  | SwitchInfo (20 bytes)                                         |   4
 * </pre>
 */
public record SwitchInfoRecord(int lid, SwitchInfo switchInfo) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.SWITCH_INFO_RECORD;
    public static final int SIZE = 24;

    private static final int LID = 0;
    private static final int SWITCH_INFO = 4;

    /** ComponentMask bits: the LID, then (after the reserved field) one per SwitchInfo field in wire order. */
    public static final class Component {
        public static final long LID = 1L;

        private Component() {
        }
    }

    public static SwitchInfoRecord decode(ByteBuffer buf, int o) {
        Wire.check("SwitchInfoRecord", buf, o, SIZE);
        return new SwitchInfoRecord(Wire.u16(buf, o + LID), SwitchInfo.decode(buf, o + SWITCH_INFO));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("SwitchInfoRecord", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU16(buf, o + LID, lid);
        switchInfo.encode(buf, o + SWITCH_INFO);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
