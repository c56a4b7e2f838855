package io.reactiveumad.mad.cc;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * CongestionInfo (CC attribute 0x0011): what the node's congestion control agent supports.
 *
 * <pre>
 *  0               1               2               3
 *  | CongestionInfo                | ControlTableCap | Reserved    |   0
 * </pre>
 *
 * @param congestionInfo  bit 0: the switch can be a congestion source for its own port 0 traffic (switches only)
 * @param controlTableCap how many 64-entry blocks of CongestionControlTable the CA has
 */
public record CongestionInfo(int congestionInfo, int controlTableCap) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Cc.CONGESTION_INFO;
    public static final int SIZE = 4;

    public static CongestionInfo decode(ByteBuffer buf, int o) {
        Wire.check("CongestionInfo", buf, o, SIZE);
        return new CongestionInfo(Wire.u16(buf, o), Wire.u8(buf, o + 2));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("CongestionInfo", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU16(buf, o, congestionInfo);
        Wire.putU8(buf, o + 2, controlTableCap);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
