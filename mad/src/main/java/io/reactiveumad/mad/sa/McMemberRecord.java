package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * MCMemberRecord (SA attribute 0x0038), 52 bytes: a port's membership of a multicast group (Set to
 * join, Delete to leave, Get/GetTable to look up).
 *
 * <pre>
 *  0               1               2               3
 *  | MGID (128 bits)                                               |   0
 *  | PortGID (128 bits)                                            |  16
 *  | Q_Key                                                         |  32
 *  | MLID                          |MS | MTU     | TClass        |  36
 *  | P_Key                         |RS | Rate    |PS | PktLifeTm |  40
 *  | SL    | FlowLabel (20 bits)                   | HopLimit      |  44
 *  | Scope |JoinSt |P| Reserved (23 bits)                          |  48
 * </pre>
 *
 * MS, RS and PS are {@link Selector}s; P is ProxyJoin; JoinState bits are full member (0x1),
 * non-member (0x2), send-only non-member (0x4), send-only full member (0x8).
 */
public record McMemberRecord(Gid mgid, Gid portGid, long qKey, int mlid, int mtuSelector, int mtu, int trafficClass,
        int pKey, int rateSelector, int rate, int packetLifeTimeSelector, int packetLifeTime, int sl, int flowLabel,
        int hopLimit, int scope, int joinState, boolean proxyJoin) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.MC_MEMBER_RECORD;
    public static final int SIZE = 52;

    public static final int JOIN_FULL_MEMBER = 0x1;
    public static final int JOIN_NON_MEMBER = 0x2;
    public static final int JOIN_SEND_ONLY_NON_MEMBER = 0x4;
    public static final int JOIN_SEND_ONLY_FULL_MEMBER = 0x8;

    /** The scope of a link-local multicast group (IBA 4.1.1), in the MGID and in the record's Scope. */
    public static final int SCOPE_LINK_LOCAL = 2;

    /** The MGID signature (its bytes 2-3) of IPoIB's IPv4 groups (RFC 4391): ff1S:401b:P_Key::. */
    public static final int SIGNATURE_IPOIB_V4 = 0x401B;
    /** The MGID signature of IPoIB's IPv6 groups (RFC 4391): ff1S:601b:P_Key::. */
    public static final int SIGNATURE_IPOIB_V6 = 0x601B;
    /** The MGID signature of the groups an SA names itself, for a join that gave MGID 0 (IBA 4.1.1). */
    public static final int SIGNATURE_SA = 0xA01B;

    private static final int MGID = 0;
    private static final int PORT_GID = 16;
    private static final int Q_KEY = 32;
    private static final int MLID = 36;
    private static final BitField MTU_SELECTOR = BitField.in8(38, 6, 2);
    private static final BitField MTU = BitField.in8(38, 0, 6);
    private static final int TRAFFIC_CLASS = 39;
    private static final int P_KEY = 40;
    private static final BitField RATE_SELECTOR = BitField.in8(42, 6, 2);
    private static final BitField RATE = BitField.in8(42, 0, 6);
    private static final BitField PACKET_LIFE_TIME_SELECTOR = BitField.in8(43, 6, 2);
    private static final BitField PACKET_LIFE_TIME = BitField.in8(43, 0, 6);
    private static final BitField SL = BitField.in32(44, 28, 4);
    private static final BitField FLOW_LABEL = BitField.in32(44, 8, 20);
    private static final BitField HOP_LIMIT = BitField.in32(44, 0, 8);
    private static final BitField SCOPE = BitField.in8(48, 4, 4);
    private static final BitField JOIN_STATE = BitField.in8(48, 0, 4);
    private static final BitField PROXY_JOIN = BitField.flag(49, 7);

    /** The signature of multicast GID {@code mgid}: its bytes 2 and 3 ({@link #SIGNATURE_IPOIB_V4}...). */
    public static int signature(Gid mgid) {
        return (int) (mgid.prefix() >>> 32) & 0xFFFF;
    }

    /** The scope of multicast GID {@code mgid}: the low nibble of its byte 1 (2 link-local, 5 site-local...). */
    public static int scopeOf(Gid mgid) {
        return (int) (mgid.prefix() >>> 48) & 0xF;
    }

    /**
     * The broadcast group of the IPoIB partition an IPoIB MGID belongs to (RFC 4391): ff1S:401b:P_Key::ffff:ffff with
     * the scope S and P_Key of {@code mgid}; the one whose Q_Key, P_Key, SL, FlowLabel and TClass its other groups
     * share (OpenSM refuses to create one that differs). Empty for an MGID of another signature.
     */
    public static Optional<Gid> ipoibBroadcastGroup(Gid mgid) {
        int signature = signature(mgid);
        if (signature != SIGNATURE_IPOIB_V4 && signature != SIGNATURE_IPOIB_V6) {
            return Optional.empty();
        }
        long scopeAndPKey = mgid.prefix() & 0x000F_0000_FFFF_0000L;
        return Optional.of(new Gid(0xFF10_0000_0000_0000L | (long) SIGNATURE_IPOIB_V4 << 32 | scopeAndPKey,
                0xFFFF_FFFFL));
    }

    /** ComponentMask bits. */
    public static final class Component {
        public static final long MGID = 1L;
        public static final long PORT_GID = 1L << 1;
        public static final long Q_KEY = 1L << 2;
        public static final long MLID = 1L << 3;
        public static final long MTU_SELECTOR = 1L << 4;
        public static final long MTU = 1L << 5;
        public static final long TRAFFIC_CLASS = 1L << 6;
        public static final long P_KEY = 1L << 7;
        public static final long RATE_SELECTOR = 1L << 8;
        public static final long RATE = 1L << 9;
        public static final long PACKET_LIFE_TIME_SELECTOR = 1L << 10;
        public static final long PACKET_LIFE_TIME = 1L << 11;
        public static final long SL = 1L << 12;
        public static final long FLOW_LABEL = 1L << 13;
        public static final long HOP_LIMIT = 1L << 14;
        public static final long SCOPE = 1L << 15;
        public static final long JOIN_STATE = 1L << 16;
        public static final long PROXY_JOIN = 1L << 17;
        /** What every join and leave names: the group, the port and the join state (an SA refuses less). */
        public static final long JOIN = MGID | PORT_GID | JOIN_STATE;
        /**
         * What a join that creates its group names besides (IBA o15-0.2.3; OpenSM refuses less as insufficient
         * components): the group's Q_Key, P_Key, SL, FlowLabel and TClass.
         */
        public static final long CREATE = JOIN | Q_KEY | P_KEY | SL | FLOW_LABEL | TRAFFIC_CLASS;

        private Component() {
        }
    }

    public static McMemberRecord decode(ByteBuffer buf, int o) {
        Wire.check("MCMemberRecord", buf, o, SIZE);
        return new McMemberRecord(Gid.read(buf, o + MGID), Gid.read(buf, o + PORT_GID), Wire.u32(buf, o + Q_KEY),
                Wire.u16(buf, o + MLID), MTU_SELECTOR.get(buf, o), MTU.get(buf, o), Wire.u8(buf, o + TRAFFIC_CLASS),
                Wire.u16(buf, o + P_KEY), RATE_SELECTOR.get(buf, o), RATE.get(buf, o),
                PACKET_LIFE_TIME_SELECTOR.get(buf, o), PACKET_LIFE_TIME.get(buf, o), SL.get(buf, o),
                FLOW_LABEL.get(buf, o), HOP_LIMIT.get(buf, o), SCOPE.get(buf, o), JOIN_STATE.get(buf, o),
                PROXY_JOIN.isSet(buf, o));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("MCMemberRecord", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        mgid.write(buf, o + MGID);
        portGid.write(buf, o + PORT_GID);
        Wire.putU32(buf, o + Q_KEY, qKey);
        Wire.putU16(buf, o + MLID, mlid);
        MTU_SELECTOR.put(buf, o, mtuSelector);
        MTU.put(buf, o, mtu);
        Wire.putU8(buf, o + TRAFFIC_CLASS, trafficClass);
        Wire.putU16(buf, o + P_KEY, pKey);
        RATE_SELECTOR.put(buf, o, rateSelector);
        RATE.put(buf, o, rate);
        PACKET_LIFE_TIME_SELECTOR.put(buf, o, packetLifeTimeSelector);
        PACKET_LIFE_TIME.put(buf, o, packetLifeTime);
        SL.put(buf, o, sl);
        FLOW_LABEL.put(buf, o, flowLabel);
        HOP_LIMIT.put(buf, o, hopLimit);
        SCOPE.put(buf, o, scope);
        JOIN_STATE.put(buf, o, joinState);
        PROXY_JOIN.put(buf, o, proxyJoin);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
