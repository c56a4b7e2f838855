package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * InformInfo (attribute 0x0003), 36 bytes: a subscription to (or cancellation of) traps the SA
 * forwards as Reports. Sent with SubnAdmSet; the SA answers GetResp echoing it.
 *
 * <pre>
 *  0               1               2               3
 *  | GID (128 bits): one port, or zero for a LID range             |   0
 *  | LIDRangeBegin                 | LIDRangeEnd                   |  16
 *  | Reserved                      | IsGeneric     | Subscribe     |  20
 *  | Type                          | TrapNumber / DeviceID         |  24
 *  | QPN (24 bits)                                 |res  |RespTime |  28
 *  | Reserved      | ProducerType / VendorID (24 bits)             |  32
 * </pre>
 *
 * {@value #ALL} in LIDRangeBegin, Type, TrapNumber (and {@value #ALL_PRODUCERS} in ProducerType)
 * means "any".
 */
public record InformInfo(Gid gid, int lidRangeBegin, int lidRangeEnd, boolean generic, boolean subscribe, int type,
        int trapNumber, int qpn, int respTimeValue, int producerType) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.INFORM_INFO;
    public static final int SIZE = 36;
    /** The wildcard for LIDRangeBegin, Type and TrapNumber. */
    public static final int ALL = 0xFFFF;
    public static final int ALL_PRODUCERS = 0xFF_FFFF;

    private static final int GID = 0;
    private static final int LID_RANGE_BEGIN = 16;
    private static final int LID_RANGE_END = 18;
    private static final int IS_GENERIC = 22;
    private static final int SUBSCRIBE = 23;
    private static final int TYPE = 24;
    private static final int TRAP_NUMBER = 26;
    private static final BitField QPN = BitField.in32(28, 8, 24);
    private static final BitField RESP_TIME_VALUE = BitField.in32(28, 0, 5);
    private static final int PRODUCER_TYPE = 33;

    /**
     * A generic subscription ({@code subscribe} true) or cancellation to trap {@code trapNumber}
     * ({@link #ALL} for every trap) from any LID, any type and any producer.
     */
    public static InformInfo forTrap(int trapNumber, boolean subscribe) {
        return new InformInfo(Gid.ZERO, ALL, 0, true, subscribe, ALL, trapNumber, 0, 0, ALL_PRODUCERS);
    }

    public static InformInfo decode(ByteBuffer buf, int o) {
        Wire.check("InformInfo", buf, o, SIZE);
        return new InformInfo(Gid.read(buf, o + GID), Wire.u16(buf, o + LID_RANGE_BEGIN),
                Wire.u16(buf, o + LID_RANGE_END), Wire.u8(buf, o + IS_GENERIC) != 0, Wire.u8(buf, o + SUBSCRIBE) != 0,
                Wire.u16(buf, o + TYPE), Wire.u16(buf, o + TRAP_NUMBER), QPN.get(buf, o), RESP_TIME_VALUE.get(buf, o),
                Wire.u24(buf, o + PRODUCER_TYPE));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("InformInfo", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        gid.write(buf, o + GID);
        Wire.putU16(buf, o + LID_RANGE_BEGIN, lidRangeBegin);
        Wire.putU16(buf, o + LID_RANGE_END, lidRangeEnd);
        Wire.putU8(buf, o + IS_GENERIC, generic ? 1 : 0);
        Wire.putU8(buf, o + SUBSCRIBE, subscribe ? 1 : 0);
        Wire.putU16(buf, o + TYPE, type);
        Wire.putU16(buf, o + TRAP_NUMBER, trapNumber);
        QPN.put(buf, o, qpn);
        RESP_TIME_VALUE.put(buf, o, respTimeValue);
        Wire.putU24(buf, o + PRODUCER_TYPE, producerType);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
