package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.PortInfo;
import java.nio.ByteBuffer;

/**
 * PortInfoRecord (SA attribute 0x0012), 68 bytes: a port's PortInfo keyed by its node's end-port LID
 * and port number. The SA blanks the M_Key unless the query carried the right SM_Key.
 *
 * <pre>
 *  0               1               2               3
 *  | EndportLID                    | PortNum       | Options       |   0
 *  | PortInfo (64 bytes)                                           |   4
 * </pre>
 */
public record PortInfoRecord(int endportLid, int portNum, int options, PortInfo portInfo) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.PORT_INFO_RECORD;
    public static final int SIZE = 68;

    /**
     * The attribute modifier of a Get or GetTable that asks for the CapabilityMask component to match bitwise
     * (every bit of the template's mask set in the port's) instead of whole: an IBA 1.2 erratum.
     */
    public static final long BITWISE_CAPABILITY_MATCH = 1L << 31;

    private static final int ENDPORT_LID = 0;
    private static final int PORT_NUM = 2;
    private static final int OPTIONS = 3;
    private static final int PORT_INFO = 4;

    /** ComponentMask bits: the record's own fields, then one per PortInfo field in wire order. */
    public static final class Component {
        public static final long ENDPORT_LID = 1L;
        public static final long PORT_NUM = 1L << 1;
        public static final long OPTIONS = 1L << 2;
        public static final long M_KEY = 1L << 3;
        public static final long GID_PREFIX = 1L << 4;
        public static final long LID = 1L << 5;
        public static final long MASTER_SM_LID = 1L << 6;
        public static final long CAPABILITY_MASK = 1L << 7;
        public static final long DIAG_CODE = 1L << 8;
        public static final long M_KEY_LEASE_PERIOD = 1L << 9;
        public static final long LOCAL_PORT_NUM = 1L << 10;
        public static final long LINK_WIDTH_ENABLED = 1L << 11;
        public static final long LINK_WIDTH_SUPPORTED = 1L << 12;
        public static final long LINK_WIDTH_ACTIVE = 1L << 13;
        public static final long LINK_SPEED_SUPPORTED = 1L << 14;
        public static final long PORT_STATE = 1L << 15;
        public static final long PORT_PHYSICAL_STATE = 1L << 16;
        public static final long LINK_DOWN_DEFAULT_STATE = 1L << 17;
        public static final long M_KEY_PROTECT_BITS = 1L << 18;
        public static final long LMC = 1L << 20;
        public static final long LINK_SPEED_ACTIVE = 1L << 21;
        public static final long LINK_SPEED_ENABLED = 1L << 22;
        public static final long NEIGHBOR_MTU = 1L << 23;
        public static final long MASTER_SM_SL = 1L << 24;
        public static final long VL_CAP = 1L << 25;
        public static final long INIT_TYPE = 1L << 26;
        public static final long VL_HIGH_LIMIT = 1L << 27;
        public static final long VL_ARBITRATION_HIGH_CAP = 1L << 28;
        public static final long VL_ARBITRATION_LOW_CAP = 1L << 29;
        public static final long INIT_TYPE_REPLY = 1L << 30;
        public static final long MTU_CAP = 1L << 31;
        public static final long VL_STALL_COUNT = 1L << 32;
        public static final long HOQ_LIFE = 1L << 33;
        public static final long OPERATIONAL_VLS = 1L << 34;
        public static final long PARTITION_ENFORCEMENT_INBOUND = 1L << 35;
        public static final long PARTITION_ENFORCEMENT_OUTBOUND = 1L << 36;
        public static final long FILTER_RAW_INBOUND = 1L << 37;
        public static final long FILTER_RAW_OUTBOUND = 1L << 38;
        public static final long M_KEY_VIOLATIONS = 1L << 39;
        public static final long P_KEY_VIOLATIONS = 1L << 40;
        public static final long Q_KEY_VIOLATIONS = 1L << 41;
        public static final long GUID_CAP = 1L << 42;
        public static final long CLIENT_REREGISTER = 1L << 43;
        public static final long SUBNET_TIMEOUT = 1L << 45;
        public static final long RESP_TIME_VALUE = 1L << 47;
        public static final long LOCAL_PHY_ERRORS = 1L << 48;
        public static final long OVERRUN_ERRORS = 1L << 49;
        public static final long MAX_CREDIT_HINT = 1L << 50;
        public static final long LINK_ROUND_TRIP_LATENCY = 1L << 52;
        public static final long CAPABILITY_MASK2 = 1L << 53;
        public static final long LINK_SPEED_EXT_ACTIVE = 1L << 54;
        public static final long LINK_SPEED_EXT_SUPPORTED = 1L << 55;
        public static final long LINK_SPEED_EXT_ENABLED = 1L << 57;

        private Component() {
        }
    }

    public static PortInfoRecord decode(ByteBuffer buf, int o) {
        Wire.check("PortInfoRecord", buf, o, SIZE);
        return new PortInfoRecord(Wire.u16(buf, o + ENDPORT_LID), Wire.u8(buf, o + PORT_NUM),
                Wire.u8(buf, o + OPTIONS), PortInfo.decode(buf, o + PORT_INFO));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("PortInfoRecord", buf, o, SIZE);
        Wire.putU16(buf, o + ENDPORT_LID, endportLid);
        Wire.putU8(buf, o + PORT_NUM, portNum);
        Wire.putU8(buf, o + OPTIONS, options);
        portInfo.encode(buf, o + PORT_INFO);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
