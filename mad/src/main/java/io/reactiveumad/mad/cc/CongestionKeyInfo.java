package io.reactiveumad.mad.cc;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * CongestionKeyInfo (CC attribute 0x0012): the CC_Key that guards the agent's settings, and how it is enforced. The
 * CC_Key is a secret: {@code toString} omits it.
 *
 * <pre>
 *  0               1               2               3
 *  | CC_Key (64 bits)                                              |   0
 *  |P| Reserved    | Reserved      | CC_KeyLeasePeriod             |   8
 *  | CC_KeyViolations              | Reserved                      |  12
 * </pre>
 *
 * @param protect     whether a Get needs the CC_Key too (Sets always do)
 * @param leasePeriod seconds the protection outlives a lost SM's renewals; 0 for ever
 * @param violations  requests refused for a wrong CC_Key; a Set of any value but 0 leaves it as it is
 */
public record CongestionKeyInfo(long ccKey, boolean protect, int leasePeriod, int violations) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Cc.CONGESTION_KEY_INFO;
    public static final int SIZE = 16;

    private static final BitField PROTECT = BitField.flag(8, 7);

    public static CongestionKeyInfo decode(ByteBuffer buf, int o) {
        Wire.check("CongestionKeyInfo", buf, o, SIZE);
        return new CongestionKeyInfo(Wire.u64(buf, o), PROTECT.get(buf, o) != 0, Wire.u16(buf, o + 10),
                Wire.u16(buf, o + 12));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("CongestionKeyInfo", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU64(buf, o, ccKey);
        PROTECT.put(buf, o, protect ? 1 : 0);
        Wire.putU16(buf, o + 10, leasePeriod);
        Wire.putU16(buf, o + 12, violations);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }

    /** Without the CC_Key, which is a secret. */
    @Override
    public String toString() {
        return "CongestionKeyInfo[protect=" + protect + ", leasePeriod=" + leasePeriod + ", violations=" + violations
                + "]";
    }
}
