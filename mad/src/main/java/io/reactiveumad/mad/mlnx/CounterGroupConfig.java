package io.reactiveumad.mad.mlnx;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * Mellanox's ConfigCounterGroup (vendor class 0x0A, attribute 0x0091, the port in the modifier): which counters each
 * of an InfiniScale IV port's two counter groups counts (vendstat -c). vendstat names the selections it knows: group 0
 * 0 PortXmitDataSL 0-7, 1 PortXmitDataSL 8-15, 2 PortRcvDataSL 0-7; group 1 1 PortXmitDataSL 8-15, 2 PortRcvDataSL
 * 0-7, 8 PortRcvDataSL 8-15.
 *
 * <pre>
 *  0               1               2               3
 *  | Reserved                                                      |   0-11
 *  | Reserved                                      | Group0Select  |  12
 *  | Reserved                                      | Group1Select  |  16
 * </pre>
 */
public record CounterGroupConfig(int group0Select, int group1Select) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Mlnx.CONFIG_COUNTER_GROUP;
    public static final int SIZE = 20;

    public static CounterGroupConfig decode(ByteBuffer buf, int o) {
        Wire.check("CounterGroupConfig", buf, o, SIZE);
        return new CounterGroupConfig(Wire.u8(buf, o + 15), Wire.u8(buf, o + 19));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("CounterGroupConfig", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU8(buf, o + 15, group0Select);
        Wire.putU8(buf, o + 19, group1Select);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
