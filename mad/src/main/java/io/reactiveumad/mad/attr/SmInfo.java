package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * SMInfo (SMP attribute 0x0020), 21 bytes. The SM_Key is a secret: {@code toString} omits it.
 *
 * <pre>
 *  0               1               2               3
 *  | GUID (64 bits)                                                |   0
 *  | SM_Key (64 bits)                                              |   8
 *  | ActCount                                                      |  16
 *  |Prio   |SMState|                                                  20
 * </pre>
 */
public record SmInfo(long guid, long smKey, long actCount, int priority, int smState) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Smp.SM_INFO;
    public static final int SIZE = 21;

    public static final int STATE_NOT_ACTIVE = 0;
    public static final int STATE_DISCOVERING = 1;
    public static final int STATE_STANDBY = 2;
    public static final int STATE_MASTER = 3;

    /** The SM control packets: the attribute modifier of a SubnSet(SMInfo), one SM to another (IBA 14.4.1). */
    public static final int CONTROL_HANDOVER = 1;
    public static final int CONTROL_ACKNOWLEDGE = 2;
    public static final int CONTROL_DISABLE = 3;
    public static final int CONTROL_STANDBY = 4;
    public static final int CONTROL_DISCOVER = 5;

    private static final int GUID = 0;
    private static final int SM_KEY = 8;
    private static final int ACT_COUNT = 16;
    private static final BitField PRIORITY = BitField.in8(20, 4, 4);
    private static final BitField SM_STATE = BitField.in8(20, 0, 4);

    public static SmInfo decode(ByteBuffer buf, int o) {
        Wire.check("SMInfo", buf, o, SIZE);
        return new SmInfo(Wire.u64(buf, o + GUID), Wire.u64(buf, o + SM_KEY), Wire.u32(buf, o + ACT_COUNT),
                PRIORITY.get(buf, o), SM_STATE.get(buf, o));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("SMInfo", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU64(buf, o + GUID, guid);
        Wire.putU64(buf, o + SM_KEY, smKey);
        Wire.putU32(buf, o + ACT_COUNT, actCount);
        PRIORITY.put(buf, o, priority);
        SM_STATE.put(buf, o, smState);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }

    /** Without the SM_Key, which is a secret. */
    @Override
    public String toString() {
        return String.format("SmInfo[guid=0x%016x actCount=%d priority=%d state=%d]", guid, actCount, priority, smState);
    }
}
