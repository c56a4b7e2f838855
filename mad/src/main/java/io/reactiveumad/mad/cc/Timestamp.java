package io.reactiveumad.mad.cc;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * Timestamp (CC attribute 0x0018): the agent's free-running clock in 1.024 µs units, the clock its CongestionLog
 * events are stamped with.
 */
public record Timestamp(long timestamp) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Cc.TIMESTAMP;
    public static final int SIZE = 4;

    public static Timestamp decode(ByteBuffer buf, int o) {
        Wire.check("Timestamp", buf, o, SIZE);
        return new Timestamp(Wire.u32(buf, o));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("Timestamp", buf, o, SIZE);
        Wire.putU32(buf, o, timestamp);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
