package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.InformInfo;
import java.nio.ByteBuffer;

/**
 * InformInfoRecord (SA attribute 0x00F3), 60 bytes: one subscription the SA holds, by subscriber.
 *
 * <pre>
 *  0               1               2               3
 *  | SubscriberGID (128 bits)                                      |   0
 *  | SubscriberEnum                | Reserved (6 bytes)            |  16
 *  | InformInfo (36 bytes)                                         |  24
 * </pre>
 */
public record InformInfoRecord(Gid subscriberGid, int subscriberEnum, InformInfo informInfo) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.INFORM_INFO_RECORD;
    public static final int SIZE = 60;

    private static final int SUBSCRIBER_GID = 0;
    private static final int SUBSCRIBER_ENUM = 16;
    private static final int INFORM_INFO = 24;

    /** ComponentMask bits: the record's own fields, then one per InformInfo field in wire order. */
    public static final class Component {
        public static final long SUBSCRIBER_GID = 1L;
        public static final long SUBSCRIBER_ENUM = 1L << 1;
        public static final long GID = 1L << 3;
        public static final long LID_RANGE_BEGIN = 1L << 4;
        public static final long LID_RANGE_END = 1L << 5;
        public static final long IS_GENERIC = 1L << 7;
        public static final long SUBSCRIBE = 1L << 8;
        public static final long TYPE = 1L << 9;
        public static final long TRAP_NUMBER = 1L << 10;
        public static final long QPN = 1L << 11;
        public static final long RESP_TIME_VALUE = 1L << 13;
        public static final long PRODUCER_TYPE = 1L << 15;

        private Component() {
        }
    }

    public static InformInfoRecord decode(ByteBuffer buf, int o) {
        Wire.check("InformInfoRecord", buf, o, SIZE);
        return new InformInfoRecord(Gid.read(buf, o + SUBSCRIBER_GID), Wire.u16(buf, o + SUBSCRIBER_ENUM),
                InformInfo.decode(buf, o + INFORM_INFO));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("InformInfoRecord", buf, o, SIZE);
        Wire.zero(buf, o, INFORM_INFO);
        subscriberGid.write(buf, o + SUBSCRIBER_GID);
        Wire.putU16(buf, o + SUBSCRIBER_ENUM, subscriberEnum);
        informInfo.encode(buf, o + INFORM_INFO);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
