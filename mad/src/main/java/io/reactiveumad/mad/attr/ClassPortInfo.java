package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * ClassPortInfo (attribute 0x0001 of every GSI class), 72 bytes: the class's capabilities, response
 * time, where to redirect requests and where to send traps.
 *
 * <pre>
 *  0               1               2               3
 *  | BaseVersion   | ClassVersion  | CapabilityMask                |   0
 *  | CapabilityMask2 (27 bits)                         |RespTimeV|   4
 *  | RedirectGID (128 bits)                                        |   8
 *  | RedirectTC    |RedirSL| RedirectFL (20 bits)                  |  24
 *  | RedirectLID                   | RedirectP_Key                 |  28
 *  | Reserved      | RedirectQP (24 bits)                          |  32
 *  | RedirectQ_Key                                                 |  36
 *  | TrapGID (128 bits)                                            |  40
 *  | TrapTC        |TrapSL | TrapFL (20 bits)                      |  56
 *  | TrapLID                       | TrapP_Key                     |  60
 *  | TrapHL        | TrapQP (24 bits)                              |  64
 *  | TrapQ_Key                                                     |  68
 * </pre>
 */
public record ClassPortInfo(int baseVersion, int classVersion, int capabilityMask, int capabilityMask2,
        int respTimeValue, Gid redirectGid, int redirectTrafficClass, int redirectSl, int redirectFlowLabel,
        int redirectLid, int redirectPKey, int redirectQp, long redirectQKey, Gid trapGid, int trapTrafficClass,
        int trapSl, int trapFlowLabel, int trapLid, int trapPKey, int trapHopLimit, int trapQp, long trapQKey)
        implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.CLASS_PORT_INFO;
    public static final int SIZE = 72;

    /** CapabilityMask bits common to all classes. */
    public static final int CAP_IS_TRAP_SUPPORTED = 1;
    /** Get(Notice) and Set(Notice) supported. */
    public static final int CAP_IS_NOTICE_SUPPORTED = 1 << 1;
    /** CapabilityMask2 is meaningful. */
    public static final int CAP_IS_CAPABILITY_MASK2_SUPPORTED = 1 << 2;
    /** PerfMgt CapabilityMask bits. */
    public static final int PERF_CAP_ALL_PORT_SELECT = 1 << 8;
    public static final int PERF_CAP_EXTENDED_WIDTH_SUPPORTED = 1 << 9;
    public static final int PERF_CAP_EXTENDED_WIDTH_NO_IETF = 1 << 10;
    public static final int PERF_CAP_SAMPLES_ONLY = 1 << 11;
    public static final int PERF_CAP_XMIT_WAIT_SUPPORTED = 1 << 12;
    /** The PMA's PortExtendedSpeedsCounters have the RS-FEC layout when the port runs Reed-Solomon FEC. */
    public static final int PERF_CAP_RS_FEC_COUNTERS_SUPPORTED = 1 << 14;
    public static final int PERF_CAP_QP1_DROPPED_SUPPORTED = 1 << 15;
    /** SA CapabilityMask2: SwitchInfoRecords carry MulticastFDBTop (IsMulticastFDBTopSupported). */
    public static final int SA_CAP2_MULTICAST_FDB_TOP_SUPPORTED = 1 << 3;

    private static final int BASE_VERSION = 0;
    private static final int CLASS_VERSION = 1;
    private static final int CAPABILITY_MASK = 2;
    private static final BitField CAPABILITY_MASK2 = BitField.in32(4, 5, 27);
    private static final BitField RESP_TIME_VALUE = BitField.in32(4, 0, 5);
    private static final int REDIRECT_GID = 8;
    private static final BitField REDIRECT_TC = BitField.in32(24, 24, 8);
    private static final BitField REDIRECT_SL = BitField.in32(24, 20, 4);
    private static final BitField REDIRECT_FL = BitField.in32(24, 0, 20);
    private static final int REDIRECT_LID = 28;
    private static final int REDIRECT_P_KEY = 30;
    private static final BitField REDIRECT_QP = BitField.in32(32, 0, 24);
    private static final int REDIRECT_Q_KEY = 36;
    private static final int TRAP_GID = 40;
    private static final BitField TRAP_TC = BitField.in32(56, 24, 8);
    private static final BitField TRAP_SL = BitField.in32(56, 20, 4);
    private static final BitField TRAP_FL = BitField.in32(56, 0, 20);
    private static final int TRAP_LID = 60;
    private static final int TRAP_P_KEY = 62;
    private static final BitField TRAP_HOP_LIMIT = BitField.in32(64, 24, 8);
    private static final BitField TRAP_QP = BitField.in32(64, 0, 24);
    private static final int TRAP_Q_KEY = 68;

    /**
     * The ClassPortInfo of an agent that answers where it is asked (no redirection) and names no trap destination: the
     * base version, {@code classVersion}, the capabilities and the response time, every other field 0.
     */
    public static ClassPortInfo of(int classVersion, int capabilityMask, int capabilityMask2, int respTimeValue) {
        return new ClassPortInfo(MadHeader.BASE_VERSION, classVersion, capabilityMask, capabilityMask2, respTimeValue,
                Gid.ZERO, 0, 0, 0, 0, 0, 0, 0, Gid.ZERO, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    public static ClassPortInfo decode(ByteBuffer buf, int o) {
        Wire.check("ClassPortInfo", buf, o, SIZE);
        return new ClassPortInfo(Wire.u8(buf, o + BASE_VERSION), Wire.u8(buf, o + CLASS_VERSION),
                Wire.u16(buf, o + CAPABILITY_MASK), CAPABILITY_MASK2.get(buf, o), RESP_TIME_VALUE.get(buf, o),
                Gid.read(buf, o + REDIRECT_GID), REDIRECT_TC.get(buf, o), REDIRECT_SL.get(buf, o),
                REDIRECT_FL.get(buf, o), Wire.u16(buf, o + REDIRECT_LID), Wire.u16(buf, o + REDIRECT_P_KEY),
                REDIRECT_QP.get(buf, o), Wire.u32(buf, o + REDIRECT_Q_KEY), Gid.read(buf, o + TRAP_GID),
                TRAP_TC.get(buf, o), TRAP_SL.get(buf, o), TRAP_FL.get(buf, o), Wire.u16(buf, o + TRAP_LID),
                Wire.u16(buf, o + TRAP_P_KEY), TRAP_HOP_LIMIT.get(buf, o), TRAP_QP.get(buf, o),
                Wire.u32(buf, o + TRAP_Q_KEY));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("ClassPortInfo", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU8(buf, o + BASE_VERSION, baseVersion);
        Wire.putU8(buf, o + CLASS_VERSION, classVersion);
        Wire.putU16(buf, o + CAPABILITY_MASK, capabilityMask);
        CAPABILITY_MASK2.put(buf, o, capabilityMask2);
        RESP_TIME_VALUE.put(buf, o, respTimeValue);
        redirectGid.write(buf, o + REDIRECT_GID);
        REDIRECT_TC.put(buf, o, redirectTrafficClass);
        REDIRECT_SL.put(buf, o, redirectSl);
        REDIRECT_FL.put(buf, o, redirectFlowLabel);
        Wire.putU16(buf, o + REDIRECT_LID, redirectLid);
        Wire.putU16(buf, o + REDIRECT_P_KEY, redirectPKey);
        REDIRECT_QP.put(buf, o, redirectQp);
        Wire.putU32(buf, o + REDIRECT_Q_KEY, redirectQKey);
        trapGid.write(buf, o + TRAP_GID);
        TRAP_TC.put(buf, o, trapTrafficClass);
        TRAP_SL.put(buf, o, trapSl);
        TRAP_FL.put(buf, o, trapFlowLabel);
        Wire.putU16(buf, o + TRAP_LID, trapLid);
        Wire.putU16(buf, o + TRAP_P_KEY, trapPKey);
        TRAP_HOP_LIMIT.put(buf, o, trapHopLimit);
        TRAP_QP.put(buf, o, trapQp);
        Wire.putU32(buf, o + TRAP_Q_KEY, trapQKey);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
