package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * PathRecord (SA attribute 0x0035), 64 bytes: how to reach DGID/DLID from SGID/SLID.
 *
 * <pre>
 *  0               1               2               3
 *  | ServiceID (64 bits)                                           |   0
 *  | DGID (128 bits)                                               |   8
 *  | SGID (128 bits)                                               |  24
 *  | DLID                          | SLID                          |  40
 *  |R|res| FlowLabel (20 bits)                     | HopLimit      |  44
 *  | TClass        |V| NumbPath    | P_Key                         |  48
 *  | QoSClass (12 bits)    | SL    |MS | MTU     |RS | Rate      |  52
 *  |PS | PktLifeTime | Preference  | Reserved (6 bytes)           |  56
 * </pre>
 *
 * R is RawTraffic, V Reversible; MS, RS and PS are the {@link Selector}s of MTU, Rate and
 * PacketLifeTime.
 */
public record PathRecord(long serviceId, Gid dgid, Gid sgid, int dlid, int slid, boolean rawTraffic, int flowLabel,
        int hopLimit, int trafficClass, boolean reversible, int numbPath, int pKey, int qosClass, int sl,
        int mtuSelector, int mtu, int rateSelector, int rate, int packetLifeTimeSelector, int packetLifeTime,
        int preference) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.PATH_RECORD;
    public static final int SIZE = 64;

    private static final int SERVICE_ID = 0;
    private static final int DGID = 8;
    private static final int SGID = 24;
    private static final int DLID = 40;
    private static final int SLID = 42;
    private static final BitField RAW_TRAFFIC = BitField.in32(44, 31, 1);
    private static final BitField FLOW_LABEL = BitField.in32(44, 8, 20);
    private static final BitField HOP_LIMIT = BitField.in32(44, 0, 8);
    private static final int TRAFFIC_CLASS = 48;
    private static final BitField REVERSIBLE = BitField.flag(49, 7);
    private static final BitField NUMB_PATH = BitField.in8(49, 0, 7);
    private static final int P_KEY = 50;
    private static final BitField QOS_CLASS = BitField.in16(52, 4, 12);
    private static final BitField SL = BitField.in16(52, 0, 4);
    private static final BitField MTU_SELECTOR = BitField.in8(54, 6, 2);
    private static final BitField MTU = BitField.in8(54, 0, 6);
    private static final BitField RATE_SELECTOR = BitField.in8(55, 6, 2);
    private static final BitField RATE = BitField.in8(55, 0, 6);
    private static final BitField PACKET_LIFE_TIME_SELECTOR = BitField.in8(56, 6, 2);
    private static final BitField PACKET_LIFE_TIME = BitField.in8(56, 0, 6);
    private static final int PREFERENCE = 57;

    /** ComponentMask bits. */
    public static final class Component {
        /** Both halves of the ServiceID (the IBA gives each 32-bit half its own bit). */
        public static final long SERVICE_ID = 0b11L;
        public static final long DGID = 1L << 2;
        public static final long SGID = 1L << 3;
        public static final long DLID = 1L << 4;
        public static final long SLID = 1L << 5;
        public static final long RAW_TRAFFIC = 1L << 6;
        public static final long FLOW_LABEL = 1L << 8;
        public static final long HOP_LIMIT = 1L << 9;
        public static final long TRAFFIC_CLASS = 1L << 10;
        public static final long REVERSIBLE = 1L << 11;
        public static final long NUMB_PATH = 1L << 12;
        public static final long P_KEY = 1L << 13;
        public static final long QOS_CLASS = 1L << 14;
        public static final long SL = 1L << 15;
        public static final long MTU_SELECTOR = 1L << 16;
        public static final long MTU = 1L << 17;
        public static final long RATE_SELECTOR = 1L << 18;
        public static final long RATE = 1L << 19;
        public static final long PACKET_LIFE_TIME_SELECTOR = 1L << 20;
        public static final long PACKET_LIFE_TIME = 1L << 21;
        public static final long PREFERENCE = 1L << 22;

        private Component() {
        }
    }

    /** A query template: the given GIDs, one reversible path, every other field zero. */
    public static PathRecord query(Gid sgid, Gid dgid) {
        return new PathRecord(0, dgid, sgid, 0, 0, false, 0, 0, 0, true, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    public static PathRecord decode(ByteBuffer buf, int o) {
        Wire.check("PathRecord", buf, o, SIZE);
        return new PathRecord(Wire.u64(buf, o + SERVICE_ID), Gid.read(buf, o + DGID), Gid.read(buf, o + SGID),
                Wire.u16(buf, o + DLID), Wire.u16(buf, o + SLID), RAW_TRAFFIC.isSet(buf, o), FLOW_LABEL.get(buf, o),
                HOP_LIMIT.get(buf, o), Wire.u8(buf, o + TRAFFIC_CLASS), REVERSIBLE.isSet(buf, o),
                NUMB_PATH.get(buf, o), Wire.u16(buf, o + P_KEY), QOS_CLASS.get(buf, o), SL.get(buf, o),
                MTU_SELECTOR.get(buf, o), MTU.get(buf, o), RATE_SELECTOR.get(buf, o), RATE.get(buf, o),
                PACKET_LIFE_TIME_SELECTOR.get(buf, o), PACKET_LIFE_TIME.get(buf, o), Wire.u8(buf, o + PREFERENCE));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("PathRecord", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU64(buf, o + SERVICE_ID, serviceId);
        dgid.write(buf, o + DGID);
        sgid.write(buf, o + SGID);
        Wire.putU16(buf, o + DLID, dlid);
        Wire.putU16(buf, o + SLID, slid);
        RAW_TRAFFIC.put(buf, o, rawTraffic);
        FLOW_LABEL.put(buf, o, flowLabel);
        HOP_LIMIT.put(buf, o, hopLimit);
        Wire.putU8(buf, o + TRAFFIC_CLASS, trafficClass);
        REVERSIBLE.put(buf, o, reversible);
        NUMB_PATH.put(buf, o, numbPath);
        Wire.putU16(buf, o + P_KEY, pKey);
        QOS_CLASS.put(buf, o, qosClass);
        SL.put(buf, o, sl);
        MTU_SELECTOR.put(buf, o, mtuSelector);
        MTU.put(buf, o, mtu);
        RATE_SELECTOR.put(buf, o, rateSelector);
        RATE.put(buf, o, rate);
        PACKET_LIFE_TIME_SELECTOR.put(buf, o, packetLifeTimeSelector);
        PACKET_LIFE_TIME.put(buf, o, packetLifeTime);
        Wire.putU8(buf, o + PREFERENCE, preference);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
