package io.reactiveumad.mad;

/**
 * Attribute IDs (common header bytes 16–17). The same value means different attributes in different
 * classes (0x0012 is SwitchInfo, PortInfoRecord and PortCounters), hence one nested class per class.
 */
public final class AttributeId {
    /** In every GSI class and in SMPs. */
    public static final int CLASS_PORT_INFO = 0x0001;
    public static final int NOTICE = 0x0002;
    public static final int INFORM_INFO = 0x0003;

    private AttributeId() {
    }

    /** Subnet management (classes 0x01 and 0x81). */
    public static final class Smp {
        public static final int NODE_DESCRIPTION = 0x0010;
        public static final int NODE_INFO = 0x0011;
        public static final int SWITCH_INFO = 0x0012;
        public static final int GUID_INFO = 0x0014;
        public static final int PORT_INFO = 0x0015;
        public static final int P_KEY_TABLE = 0x0016;
        public static final int SL_TO_VL_MAPPING_TABLE = 0x0017;
        public static final int VL_ARBITRATION_TABLE = 0x0018;
        public static final int LINEAR_FORWARDING_TABLE = 0x0019;
        public static final int RANDOM_FORWARDING_TABLE = 0x001A;
        public static final int MULTICAST_FORWARDING_TABLE = 0x001B;
        public static final int SM_INFO = 0x0020;
        public static final int PORT_INFO_EXTENDED = 0x0033;
        public static final int VENDOR_DIAG = 0x0030;
        public static final int LED_INFO = 0x0031;
        /** Mellanox's vendor-specific extended PortInfo. */
        public static final int MLNX_EXT_PORT_INFO = 0xFF90;

        private Smp() {
        }
    }

    /** Subnet administration (class 0x03). */
    public static final class Sa {
        public static final int NODE_RECORD = 0x0011;
        public static final int PORT_INFO_RECORD = 0x0012;
        public static final int SL_TO_VL_MAPPING_TABLE_RECORD = 0x0013;
        public static final int SWITCH_INFO_RECORD = 0x0014;
        public static final int LINEAR_FORWARDING_TABLE_RECORD = 0x0015;
        public static final int RANDOM_FORWARDING_TABLE_RECORD = 0x0016;
        public static final int MULTICAST_FORWARDING_TABLE_RECORD = 0x0017;
        public static final int SM_INFO_RECORD = 0x0018;
        public static final int LINK_RECORD = 0x0020;
        public static final int GUID_INFO_RECORD = 0x0030;
        public static final int SERVICE_RECORD = 0x0031;
        public static final int P_KEY_TABLE_RECORD = 0x0033;
        public static final int PATH_RECORD = 0x0035;
        public static final int VL_ARBITRATION_TABLE_RECORD = 0x0036;
        public static final int MC_MEMBER_RECORD = 0x0038;
        public static final int TRACE_RECORD = 0x0039;
        public static final int MULTI_PATH_RECORD = 0x003A;
        public static final int SERVICE_ASSOCIATION_RECORD = 0x003B;
        public static final int INFORM_INFO_RECORD = 0x00F3;

        private Sa() {
        }
    }

    /** Performance management (class 0x04). */
    public static final class Perf {
        public static final int PORT_SAMPLES_CONTROL = 0x0010;
        public static final int PORT_SAMPLES_RESULT = 0x0011;
        public static final int PORT_COUNTERS = 0x0012;
        public static final int PORT_RCV_ERROR_DETAILS = 0x0015;
        public static final int PORT_XMIT_DISCARD_DETAILS = 0x0016;
        public static final int PORT_OP_RCV_COUNTERS = 0x0017;
        public static final int PORT_FLOW_CTL_COUNTERS = 0x0018;
        public static final int PORT_VL_OP_PACKETS = 0x0019;
        public static final int PORT_VL_OP_DATA = 0x001A;
        public static final int PORT_VL_XMIT_FLOW_CTL_UPDATE_ERRORS = 0x001B;
        public static final int PORT_VL_XMIT_WAIT_COUNTERS = 0x001C;
        public static final int PORT_COUNTERS_EXTENDED = 0x001D;
        public static final int PORT_EXTENDED_SPEEDS_COUNTERS = 0x001F;
        public static final int SW_PORT_VL_CONGESTION = 0x0030;
        public static final int PORT_RCV_CON_CTRL = 0x0031;
        public static final int PORT_SL_RCV_FECN = 0x0032;
        public static final int PORT_SL_RCV_BECN = 0x0033;
        public static final int PORT_XMIT_CON_CTRL = 0x0034;
        public static final int PORT_VL_XMIT_TIME_CONG = 0x0035;
        public static final int PORT_XMIT_DATA_SL = 0x0036;
        public static final int PORT_RCV_DATA_SL = 0x0037;

        private Perf() {
        }
    }

    /** Mellanox's vendor class (0x0A), as vendstat names its attributes. */
    public static final class Mlnx {
        public static final int GENERAL_INFO = 0x0017;
        public static final int CONFIG_SPACE_ACCESS = 0x0050;
        public static final int COUNTER_GROUP_INFO = 0x0090;
        public static final int CONFIG_COUNTER_GROUP = 0x0091;

        private Mlnx() {
        }
    }

    /** Congestion control (class 0x21, IBA annex A10). */
    public static final class Cc {
        public static final int CONGESTION_INFO = 0x0011;
        public static final int CONGESTION_KEY_INFO = 0x0012;
        public static final int CONGESTION_LOG = 0x0013;
        public static final int SWITCH_CONGESTION_SETTING = 0x0014;
        public static final int SWITCH_PORT_CONGESTION_SETTING = 0x0015;
        public static final int CA_CONGESTION_SETTING = 0x0016;
        public static final int CONGESTION_CONTROL_TABLE = 0x0017;
        public static final int TIMESTAMP = 0x0018;

        private Cc() {
        }
    }
}
