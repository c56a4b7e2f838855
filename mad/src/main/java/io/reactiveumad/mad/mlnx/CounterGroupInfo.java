package io.reactiveumad.mad.mlnx;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * Mellanox's CounterGroupInfo (vendor class 0x0A, attribute 0x0090, the port in the modifier): how many counter
 * groups a port of an InfiniScale IV has and, for each of the two, a mask of the counter selections it takes
 * (vendstat -i).
 *
 * <pre>
 *  0               1               2               3
 *  | Reserved                                                      |   0-7
 *  | Reserved                                      | Groups        |   8
 *  | Group0Mask                                                    |  12
 *  | Group1Mask                                                    |  16
 * </pre>
 */
public record CounterGroupInfo(int groups, long group0Mask, long group1Mask) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Mlnx.COUNTER_GROUP_INFO;
    public static final int SIZE = 20;
    /** The groups the attribute has room for. */
    public static final int GROUPS = 2;

    public static CounterGroupInfo decode(ByteBuffer buf, int o) {
        Wire.check("CounterGroupInfo", buf, o, SIZE);
        return new CounterGroupInfo(Wire.u8(buf, o + 11), Wire.u32(buf, o + 12), Wire.u32(buf, o + 16));
    }

    /** Group {@code group}'s mask (0 or 1). */
    public long mask(int group) {
        return switch (group) {
            case 0 -> group0Mask;
            case 1 -> group1Mask;
            default -> throw new IllegalArgumentException("counter groups are 0 and 1, not " + group);
        };
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("CounterGroupInfo", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU8(buf, o + 11, groups);
        Wire.putU32(buf, o + 12, group0Mask);
        Wire.putU32(buf, o + 16, group1Mask);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
