package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * PortInfo (SMP attribute 0x0015, modifier = port number), 64 bytes. The M_Key is a secret: never log
 * it (this record's {@code toString} omits it).
 *
 * <pre>
 *  0               1               2               3
 *  | M_Key (64 bits)                                               |   0
 *  | GidPrefix (64 bits)                                           |   8
 *  | LID                           | MasterSMLID                   |  16
 *  | CapabilityMask                                                |  20
 *  | DiagCode                      | M_KeyLeasePeriod              |  24
 *  | LocalPortNum  | LinkWidthEnabled | LinkWidthSupported | LinkWidthActive |  28
 *  |LSSupp |PortSt |PhysSt |LDDef  |MKP|res|LMC  |LSAct  |LSEnab |  32
 *  |NbrMTU |MSMSL  |VLCap  |InitTyp| VLHighLimit   | VLArbHighCap  |  36
 *  | VLArbLowCap   |InitRep|MTUCap |VLS|HOQLife  |OpVLs  |I|O|I|O|  40
 *  | M_KeyViolations               | P_KeyViolations               |  44
 *  | Q_KeyViolations               | GuidCap       |C|MPS|SubnTO   |  48
 *  |res  |RespTime | LPhyE | OvrE  | MaxCreditHint                 |  52
 *  | Reserved      | LinkRoundTripLatency (24 bits)                |  56
 *  | CapabilityMask2               |LSEAct |LSESup |res  |LSEEnab  |  60
 * </pre>
 *
 * Byte 43's low bits are PartitionEnforcementInbound/Outbound and FilterRawInbound/Outbound; byte
 * 51's are ClientReregister, MulticastPKeyTrapSuppressionEnabled and SubnetTimeOut.
 */
public record PortInfo(long mKey, long gidPrefix, int lid, int masterSmLid, long capabilityMask, int diagCode,
        int mKeyLeasePeriod, int localPortNum, int linkWidthEnabled, int linkWidthSupported, int linkWidthActive,
        int linkSpeedSupported, int portState, int portPhysicalState, int linkDownDefaultState, int mKeyProtectBits,
        int lmc, int linkSpeedActive, int linkSpeedEnabled, int neighborMtu, int masterSmSl, int vlCap,
        int initType, int vlHighLimit, int vlArbitrationHighCap, int vlArbitrationLowCap, int initTypeReply,
        int mtuCap, int vlStallCount, int hoqLife, int operationalVls, boolean partitionEnforcementInbound,
        boolean partitionEnforcementOutbound, boolean filterRawInbound, boolean filterRawOutbound,
        int mKeyViolations, int pKeyViolations, int qKeyViolations, int guidCap, boolean clientReregister,
        int multicastPKeyTrapSuppressionEnabled, int subnetTimeout, int respTimeValue, int localPhyErrors,
        int overrunErrors, int maxCreditHint, int linkRoundTripLatency, int capabilityMask2,
        int linkSpeedExtActive, int linkSpeedExtSupported, int linkSpeedExtEnabled) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Smp.PORT_INFO;
    public static final int SIZE = 64;

    /** PortState values (LinkState). */
    public static final int STATE_NO_CHANGE = 0;
    public static final int STATE_DOWN = 1;
    public static final int STATE_INIT = 2;
    public static final int STATE_ARMED = 3;
    public static final int STATE_ACTIVE = 4;

    /** A logical port state's name as IBA 14.2.5.6 gives it (and iblinkinfo prints it): "Down", "Initialize", ... */
    public static String stateName(int state) {
        return switch (state) {
            case STATE_NO_CHANGE -> "NoChange";
            case STATE_DOWN -> "Down";
            case STATE_INIT -> "Initialize";
            case STATE_ARMED -> "Armed";
            case STATE_ACTIVE -> "Active";
            default -> "?(" + state + ")";
        };
    }

    /** PortPhysicalState values. */
    public static final int PHYS_SLEEP = 1;
    public static final int PHYS_POLLING = 2;
    public static final int PHYS_DISABLED = 3;
    public static final int PHYS_PORT_CONFIGURATION_TRAINING = 4;
    public static final int PHYS_LINK_UP = 5;
    public static final int PHYS_LINK_ERROR_RECOVERY = 6;

    /** LinkSpeedActive of QDR (10.0 Gbps), which an FDR10 link shows too (only MlnxExtPortInfo tells them apart). */
    public static final int LINK_SPEED_QDR = 4;

    /** CapabilityMask bits. */
    public static final long CAP_IS_SM = 1L << 1;
    public static final long CAP_IS_NOTICE_SUPPORTED = 1L << 2;
    public static final long CAP_IS_TRAP_SUPPORTED = 1L << 3;
    public static final long CAP_IS_SL_MAPPING_SUPPORTED = 1L << 6;
    public static final long CAP_IS_SM_DISABLED = 1L << 10;
    public static final long CAP_IS_SYSTEM_IMAGE_GUID_SUPPORTED = 1L << 11;
    public static final long CAP_IS_EXTENDED_SPEEDS_SUPPORTED = 1L << 14;
    public static final long CAP_IS_CAPABILITY_MASK2_SUPPORTED = 1L << 15;
    public static final long CAP_IS_COMMUNICATION_MANAGEMENT_SUPPORTED = 1L << 16;
    public static final long CAP_IS_DEVICE_MANAGEMENT_SUPPORTED = 1L << 19;
    public static final long CAP_IS_VENDOR_CLASS_SUPPORTED = 1L << 20;
    public static final long CAP_IS_CAPABILITY_MASK_NOTICE_SUPPORTED = 1L << 22;
    public static final long CAP_IS_CLIENT_REREGISTRATION_SUPPORTED = 1L << 25;
    /** CapabilityMask2 (meaningful where CapabilityMask has {@link #CAP_IS_CAPABILITY_MASK2_SUPPORTED}). */
    public static final int CAP2_IS_PORT_INFO_EXTENDED_SUPPORTED = 1 << 1;
    public static final int CAP2_IS_LINK_WIDTH_2X_SUPPORTED = 1 << 4;
    public static final int CAP2_IS_LINK_SPEED_HDR_SUPPORTED = 1 << 5;

    private static final int M_KEY = 0;
    private static final int GID_PREFIX = 8;
    private static final int LID = 16;
    private static final int MASTER_SM_LID = 18;
    private static final int CAPABILITY_MASK = 20;
    private static final int DIAG_CODE = 24;
    private static final int M_KEY_LEASE_PERIOD = 26;
    private static final int LOCAL_PORT_NUM = 28;
    private static final int LINK_WIDTH_ENABLED = 29;
    private static final int LINK_WIDTH_SUPPORTED = 30;
    private static final int LINK_WIDTH_ACTIVE = 31;
    private static final BitField LINK_SPEED_SUPPORTED = BitField.in8(32, 4, 4);
    private static final BitField PORT_STATE = BitField.in8(32, 0, 4);
    private static final BitField PORT_PHYSICAL_STATE = BitField.in8(33, 4, 4);
    private static final BitField LINK_DOWN_DEFAULT_STATE = BitField.in8(33, 0, 4);
    private static final BitField M_KEY_PROTECT_BITS = BitField.in8(34, 6, 2);
    private static final BitField LMC = BitField.in8(34, 0, 3);
    private static final BitField LINK_SPEED_ACTIVE = BitField.in8(35, 4, 4);
    private static final BitField LINK_SPEED_ENABLED = BitField.in8(35, 0, 4);
    private static final BitField NEIGHBOR_MTU = BitField.in8(36, 4, 4);
    private static final BitField MASTER_SM_SL = BitField.in8(36, 0, 4);
    private static final BitField VL_CAP = BitField.in8(37, 4, 4);
    private static final BitField INIT_TYPE = BitField.in8(37, 0, 4);
    private static final int VL_HIGH_LIMIT = 38;
    private static final int VL_ARBITRATION_HIGH_CAP = 39;
    private static final int VL_ARBITRATION_LOW_CAP = 40;
    private static final BitField INIT_TYPE_REPLY = BitField.in8(41, 4, 4);
    private static final BitField MTU_CAP = BitField.in8(41, 0, 4);
    private static final BitField VL_STALL_COUNT = BitField.in8(42, 5, 3);
    private static final BitField HOQ_LIFE = BitField.in8(42, 0, 5);
    private static final BitField OPERATIONAL_VLS = BitField.in8(43, 4, 4);
    private static final BitField PARTITION_ENFORCEMENT_INBOUND = BitField.flag(43, 3);
    private static final BitField PARTITION_ENFORCEMENT_OUTBOUND = BitField.flag(43, 2);
    private static final BitField FILTER_RAW_INBOUND = BitField.flag(43, 1);
    private static final BitField FILTER_RAW_OUTBOUND = BitField.flag(43, 0);
    private static final int M_KEY_VIOLATIONS = 44;
    private static final int P_KEY_VIOLATIONS = 46;
    private static final int Q_KEY_VIOLATIONS = 48;
    private static final int GUID_CAP = 50;
    private static final BitField CLIENT_REREGISTER = BitField.flag(51, 7);
    private static final BitField MULTICAST_P_KEY_TRAP_SUPPRESSION = BitField.in8(51, 5, 2);
    private static final BitField SUBNET_TIMEOUT = BitField.in8(51, 0, 5);
    private static final BitField RESP_TIME_VALUE = BitField.in8(52, 0, 5);
    private static final BitField LOCAL_PHY_ERRORS = BitField.in8(53, 4, 4);
    private static final BitField OVERRUN_ERRORS = BitField.in8(53, 0, 4);
    private static final int MAX_CREDIT_HINT = 54;
    private static final int LINK_ROUND_TRIP_LATENCY = 57;
    private static final int CAPABILITY_MASK2 = 60;
    private static final BitField LINK_SPEED_EXT_ACTIVE = BitField.in8(62, 4, 4);
    private static final BitField LINK_SPEED_EXT_SUPPORTED = BitField.in8(62, 0, 4);
    private static final BitField LINK_SPEED_EXT_ENABLED = BitField.in8(63, 0, 5);

    public static PortInfo decode(ByteBuffer buf, int o) {
        Wire.check("PortInfo", buf, o, SIZE);
        return new PortInfo(Wire.u64(buf, o + M_KEY), Wire.u64(buf, o + GID_PREFIX), Wire.u16(buf, o + LID),
                Wire.u16(buf, o + MASTER_SM_LID), Wire.u32(buf, o + CAPABILITY_MASK), Wire.u16(buf, o + DIAG_CODE),
                Wire.u16(buf, o + M_KEY_LEASE_PERIOD), Wire.u8(buf, o + LOCAL_PORT_NUM),
                Wire.u8(buf, o + LINK_WIDTH_ENABLED), Wire.u8(buf, o + LINK_WIDTH_SUPPORTED),
                Wire.u8(buf, o + LINK_WIDTH_ACTIVE), LINK_SPEED_SUPPORTED.get(buf, o), PORT_STATE.get(buf, o),
                PORT_PHYSICAL_STATE.get(buf, o), LINK_DOWN_DEFAULT_STATE.get(buf, o), M_KEY_PROTECT_BITS.get(buf, o),
                LMC.get(buf, o), LINK_SPEED_ACTIVE.get(buf, o), LINK_SPEED_ENABLED.get(buf, o),
                NEIGHBOR_MTU.get(buf, o), MASTER_SM_SL.get(buf, o), VL_CAP.get(buf, o), INIT_TYPE.get(buf, o),
                Wire.u8(buf, o + VL_HIGH_LIMIT), Wire.u8(buf, o + VL_ARBITRATION_HIGH_CAP),
                Wire.u8(buf, o + VL_ARBITRATION_LOW_CAP), INIT_TYPE_REPLY.get(buf, o), MTU_CAP.get(buf, o),
                VL_STALL_COUNT.get(buf, o), HOQ_LIFE.get(buf, o), OPERATIONAL_VLS.get(buf, o),
                PARTITION_ENFORCEMENT_INBOUND.isSet(buf, o), PARTITION_ENFORCEMENT_OUTBOUND.isSet(buf, o),
                FILTER_RAW_INBOUND.isSet(buf, o), FILTER_RAW_OUTBOUND.isSet(buf, o),
                Wire.u16(buf, o + M_KEY_VIOLATIONS), Wire.u16(buf, o + P_KEY_VIOLATIONS),
                Wire.u16(buf, o + Q_KEY_VIOLATIONS), Wire.u8(buf, o + GUID_CAP), CLIENT_REREGISTER.isSet(buf, o),
                MULTICAST_P_KEY_TRAP_SUPPRESSION.get(buf, o), SUBNET_TIMEOUT.get(buf, o),
                RESP_TIME_VALUE.get(buf, o), LOCAL_PHY_ERRORS.get(buf, o), OVERRUN_ERRORS.get(buf, o),
                Wire.u16(buf, o + MAX_CREDIT_HINT), Wire.u24(buf, o + LINK_ROUND_TRIP_LATENCY),
                Wire.u16(buf, o + CAPABILITY_MASK2), LINK_SPEED_EXT_ACTIVE.get(buf, o),
                LINK_SPEED_EXT_SUPPORTED.get(buf, o), LINK_SPEED_EXT_ENABLED.get(buf, o));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("PortInfo", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU64(buf, o + M_KEY, mKey);
        Wire.putU64(buf, o + GID_PREFIX, gidPrefix);
        Wire.putU16(buf, o + LID, lid);
        Wire.putU16(buf, o + MASTER_SM_LID, masterSmLid);
        Wire.putU32(buf, o + CAPABILITY_MASK, capabilityMask);
        Wire.putU16(buf, o + DIAG_CODE, diagCode);
        Wire.putU16(buf, o + M_KEY_LEASE_PERIOD, mKeyLeasePeriod);
        Wire.putU8(buf, o + LOCAL_PORT_NUM, localPortNum);
        Wire.putU8(buf, o + LINK_WIDTH_ENABLED, linkWidthEnabled);
        Wire.putU8(buf, o + LINK_WIDTH_SUPPORTED, linkWidthSupported);
        Wire.putU8(buf, o + LINK_WIDTH_ACTIVE, linkWidthActive);
        LINK_SPEED_SUPPORTED.put(buf, o, linkSpeedSupported);
        PORT_STATE.put(buf, o, portState);
        PORT_PHYSICAL_STATE.put(buf, o, portPhysicalState);
        LINK_DOWN_DEFAULT_STATE.put(buf, o, linkDownDefaultState);
        M_KEY_PROTECT_BITS.put(buf, o, mKeyProtectBits);
        LMC.put(buf, o, lmc);
        LINK_SPEED_ACTIVE.put(buf, o, linkSpeedActive);
        LINK_SPEED_ENABLED.put(buf, o, linkSpeedEnabled);
        NEIGHBOR_MTU.put(buf, o, neighborMtu);
        MASTER_SM_SL.put(buf, o, masterSmSl);
        VL_CAP.put(buf, o, vlCap);
        INIT_TYPE.put(buf, o, initType);
        Wire.putU8(buf, o + VL_HIGH_LIMIT, vlHighLimit);
        Wire.putU8(buf, o + VL_ARBITRATION_HIGH_CAP, vlArbitrationHighCap);
        Wire.putU8(buf, o + VL_ARBITRATION_LOW_CAP, vlArbitrationLowCap);
        INIT_TYPE_REPLY.put(buf, o, initTypeReply);
        MTU_CAP.put(buf, o, mtuCap);
        VL_STALL_COUNT.put(buf, o, vlStallCount);
        HOQ_LIFE.put(buf, o, hoqLife);
        OPERATIONAL_VLS.put(buf, o, operationalVls);
        PARTITION_ENFORCEMENT_INBOUND.put(buf, o, partitionEnforcementInbound);
        PARTITION_ENFORCEMENT_OUTBOUND.put(buf, o, partitionEnforcementOutbound);
        FILTER_RAW_INBOUND.put(buf, o, filterRawInbound);
        FILTER_RAW_OUTBOUND.put(buf, o, filterRawOutbound);
        Wire.putU16(buf, o + M_KEY_VIOLATIONS, mKeyViolations);
        Wire.putU16(buf, o + P_KEY_VIOLATIONS, pKeyViolations);
        Wire.putU16(buf, o + Q_KEY_VIOLATIONS, qKeyViolations);
        Wire.putU8(buf, o + GUID_CAP, guidCap);
        CLIENT_REREGISTER.put(buf, o, clientReregister);
        MULTICAST_P_KEY_TRAP_SUPPRESSION.put(buf, o, multicastPKeyTrapSuppressionEnabled);
        SUBNET_TIMEOUT.put(buf, o, subnetTimeout);
        RESP_TIME_VALUE.put(buf, o, respTimeValue);
        LOCAL_PHY_ERRORS.put(buf, o, localPhyErrors);
        OVERRUN_ERRORS.put(buf, o, overrunErrors);
        Wire.putU16(buf, o + MAX_CREDIT_HINT, maxCreditHint);
        Wire.putU24(buf, o + LINK_ROUND_TRIP_LATENCY, linkRoundTripLatency);
        Wire.putU16(buf, o + CAPABILITY_MASK2, capabilityMask2);
        LINK_SPEED_EXT_ACTIVE.put(buf, o, linkSpeedExtActive);
        LINK_SPEED_EXT_SUPPORTED.put(buf, o, linkSpeedExtSupported);
        LINK_SPEED_EXT_ENABLED.put(buf, o, linkSpeedExtEnabled);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }

    public boolean isActive() {
        return portState == STATE_ACTIVE;
    }

    /** The neighbour MTU in bytes (enum 1..5 is 256..4096). */
    public int neighborMtuBytes() {
        return 128 << neighborMtu;
    }

    /** Without the M_Key, which is a secret. */
    @Override
    public String toString() {
        return String.format("PortInfo[port=%d lid=%d lmc=%d smLid=%d smSl=%d state=%d phys=%d cap=0x%08x cap2=0x%04x "
                + "width=%d/%d/%d speed=%d/%d/%d ext=%d/%d/%d mtu=%d/%d vls=%d/%d gidPrefix=0x%016x rereg=%b]",
                localPortNum, lid, lmc, masterSmLid, masterSmSl, portState, portPhysicalState, capabilityMask,
                capabilityMask2, linkWidthEnabled, linkWidthSupported, linkWidthActive, linkSpeedEnabled,
                linkSpeedSupported, linkSpeedActive, linkSpeedExtEnabled, linkSpeedExtSupported, linkSpeedExtActive,
                neighborMtu, mtuCap, vlCap, operationalVls, gidPrefix, clientReregister);
    }

    /** A builder starting from all-zero fields. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this PortInfo, to change a few fields. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Mutable, fluent construction of a {@link PortInfo}; setters are named like the record components. */
    public static final class Builder {
        private long mKey;
        private long gidPrefix;
        private int lid;
        private int masterSmLid;
        private long capabilityMask;
        private int diagCode;
        private int mKeyLeasePeriod;
        private int localPortNum;
        private int linkWidthEnabled;
        private int linkWidthSupported;
        private int linkWidthActive;
        private int linkSpeedSupported;
        private int portState;
        private int portPhysicalState;
        private int linkDownDefaultState;
        private int mKeyProtectBits;
        private int lmc;
        private int linkSpeedActive;
        private int linkSpeedEnabled;
        private int neighborMtu;
        private int masterSmSl;
        private int vlCap;
        private int initType;
        private int vlHighLimit;
        private int vlArbitrationHighCap;
        private int vlArbitrationLowCap;
        private int initTypeReply;
        private int mtuCap;
        private int vlStallCount;
        private int hoqLife;
        private int operationalVls;
        private boolean partitionEnforcementInbound;
        private boolean partitionEnforcementOutbound;
        private boolean filterRawInbound;
        private boolean filterRawOutbound;
        private int mKeyViolations;
        private int pKeyViolations;
        private int qKeyViolations;
        private int guidCap;
        private boolean clientReregister;
        private int multicastPKeyTrapSuppressionEnabled;
        private int subnetTimeout;
        private int respTimeValue;
        private int localPhyErrors;
        private int overrunErrors;
        private int maxCreditHint;
        private int linkRoundTripLatency;
        private int capabilityMask2;
        private int linkSpeedExtActive;
        private int linkSpeedExtSupported;
        private int linkSpeedExtEnabled;

        private Builder() {
        }

        private Builder(PortInfo p) {
            mKey = p.mKey;
            gidPrefix = p.gidPrefix;
            lid = p.lid;
            masterSmLid = p.masterSmLid;
            capabilityMask = p.capabilityMask;
            diagCode = p.diagCode;
            mKeyLeasePeriod = p.mKeyLeasePeriod;
            localPortNum = p.localPortNum;
            linkWidthEnabled = p.linkWidthEnabled;
            linkWidthSupported = p.linkWidthSupported;
            linkWidthActive = p.linkWidthActive;
            linkSpeedSupported = p.linkSpeedSupported;
            portState = p.portState;
            portPhysicalState = p.portPhysicalState;
            linkDownDefaultState = p.linkDownDefaultState;
            mKeyProtectBits = p.mKeyProtectBits;
            lmc = p.lmc;
            linkSpeedActive = p.linkSpeedActive;
            linkSpeedEnabled = p.linkSpeedEnabled;
            neighborMtu = p.neighborMtu;
            masterSmSl = p.masterSmSl;
            vlCap = p.vlCap;
            initType = p.initType;
            vlHighLimit = p.vlHighLimit;
            vlArbitrationHighCap = p.vlArbitrationHighCap;
            vlArbitrationLowCap = p.vlArbitrationLowCap;
            initTypeReply = p.initTypeReply;
            mtuCap = p.mtuCap;
            vlStallCount = p.vlStallCount;
            hoqLife = p.hoqLife;
            operationalVls = p.operationalVls;
            partitionEnforcementInbound = p.partitionEnforcementInbound;
            partitionEnforcementOutbound = p.partitionEnforcementOutbound;
            filterRawInbound = p.filterRawInbound;
            filterRawOutbound = p.filterRawOutbound;
            mKeyViolations = p.mKeyViolations;
            pKeyViolations = p.pKeyViolations;
            qKeyViolations = p.qKeyViolations;
            guidCap = p.guidCap;
            clientReregister = p.clientReregister;
            multicastPKeyTrapSuppressionEnabled = p.multicastPKeyTrapSuppressionEnabled;
            subnetTimeout = p.subnetTimeout;
            respTimeValue = p.respTimeValue;
            localPhyErrors = p.localPhyErrors;
            overrunErrors = p.overrunErrors;
            maxCreditHint = p.maxCreditHint;
            linkRoundTripLatency = p.linkRoundTripLatency;
            capabilityMask2 = p.capabilityMask2;
            linkSpeedExtActive = p.linkSpeedExtActive;
            linkSpeedExtSupported = p.linkSpeedExtSupported;
            linkSpeedExtEnabled = p.linkSpeedExtEnabled;
        }

        public Builder mKey(long v) {
            mKey = v;
            return this;
        }

        public Builder gidPrefix(long v) {
            gidPrefix = v;
            return this;
        }

        public Builder lid(int v) {
            lid = v;
            return this;
        }

        public Builder masterSmLid(int v) {
            masterSmLid = v;
            return this;
        }

        public Builder capabilityMask(long v) {
            capabilityMask = v;
            return this;
        }

        public Builder diagCode(int v) {
            diagCode = v;
            return this;
        }

        public Builder mKeyLeasePeriod(int v) {
            mKeyLeasePeriod = v;
            return this;
        }

        public Builder localPortNum(int v) {
            localPortNum = v;
            return this;
        }

        public Builder linkWidthEnabled(int v) {
            linkWidthEnabled = v;
            return this;
        }

        public Builder linkWidthSupported(int v) {
            linkWidthSupported = v;
            return this;
        }

        public Builder linkWidthActive(int v) {
            linkWidthActive = v;
            return this;
        }

        public Builder linkSpeedSupported(int v) {
            linkSpeedSupported = v;
            return this;
        }

        public Builder portState(int v) {
            portState = v;
            return this;
        }

        public Builder portPhysicalState(int v) {
            portPhysicalState = v;
            return this;
        }

        public Builder linkDownDefaultState(int v) {
            linkDownDefaultState = v;
            return this;
        }

        public Builder mKeyProtectBits(int v) {
            mKeyProtectBits = v;
            return this;
        }

        public Builder lmc(int v) {
            lmc = v;
            return this;
        }

        public Builder linkSpeedActive(int v) {
            linkSpeedActive = v;
            return this;
        }

        public Builder linkSpeedEnabled(int v) {
            linkSpeedEnabled = v;
            return this;
        }

        public Builder neighborMtu(int v) {
            neighborMtu = v;
            return this;
        }

        public Builder masterSmSl(int v) {
            masterSmSl = v;
            return this;
        }

        public Builder vlCap(int v) {
            vlCap = v;
            return this;
        }

        public Builder initType(int v) {
            initType = v;
            return this;
        }

        public Builder vlHighLimit(int v) {
            vlHighLimit = v;
            return this;
        }

        public Builder vlArbitrationHighCap(int v) {
            vlArbitrationHighCap = v;
            return this;
        }

        public Builder vlArbitrationLowCap(int v) {
            vlArbitrationLowCap = v;
            return this;
        }

        public Builder initTypeReply(int v) {
            initTypeReply = v;
            return this;
        }

        public Builder mtuCap(int v) {
            mtuCap = v;
            return this;
        }

        public Builder vlStallCount(int v) {
            vlStallCount = v;
            return this;
        }

        public Builder hoqLife(int v) {
            hoqLife = v;
            return this;
        }

        public Builder operationalVls(int v) {
            operationalVls = v;
            return this;
        }

        public Builder partitionEnforcementInbound(boolean v) {
            partitionEnforcementInbound = v;
            return this;
        }

        public Builder partitionEnforcementOutbound(boolean v) {
            partitionEnforcementOutbound = v;
            return this;
        }

        public Builder filterRawInbound(boolean v) {
            filterRawInbound = v;
            return this;
        }

        public Builder filterRawOutbound(boolean v) {
            filterRawOutbound = v;
            return this;
        }

        public Builder mKeyViolations(int v) {
            mKeyViolations = v;
            return this;
        }

        public Builder pKeyViolations(int v) {
            pKeyViolations = v;
            return this;
        }

        public Builder qKeyViolations(int v) {
            qKeyViolations = v;
            return this;
        }

        public Builder guidCap(int v) {
            guidCap = v;
            return this;
        }

        public Builder clientReregister(boolean v) {
            clientReregister = v;
            return this;
        }

        public Builder multicastPKeyTrapSuppressionEnabled(int v) {
            multicastPKeyTrapSuppressionEnabled = v;
            return this;
        }

        public Builder subnetTimeout(int v) {
            subnetTimeout = v;
            return this;
        }

        public Builder respTimeValue(int v) {
            respTimeValue = v;
            return this;
        }

        public Builder localPhyErrors(int v) {
            localPhyErrors = v;
            return this;
        }

        public Builder overrunErrors(int v) {
            overrunErrors = v;
            return this;
        }

        public Builder maxCreditHint(int v) {
            maxCreditHint = v;
            return this;
        }

        public Builder linkRoundTripLatency(int v) {
            linkRoundTripLatency = v;
            return this;
        }

        public Builder capabilityMask2(int v) {
            capabilityMask2 = v;
            return this;
        }

        public Builder linkSpeedExtActive(int v) {
            linkSpeedExtActive = v;
            return this;
        }

        public Builder linkSpeedExtSupported(int v) {
            linkSpeedExtSupported = v;
            return this;
        }

        public Builder linkSpeedExtEnabled(int v) {
            linkSpeedExtEnabled = v;
            return this;
        }

        public PortInfo build() {
            return new PortInfo(mKey, gidPrefix, lid, masterSmLid, capabilityMask, diagCode, mKeyLeasePeriod,
                    localPortNum, linkWidthEnabled, linkWidthSupported, linkWidthActive, linkSpeedSupported,
                    portState, portPhysicalState, linkDownDefaultState, mKeyProtectBits, lmc, linkSpeedActive,
                    linkSpeedEnabled, neighborMtu, masterSmSl, vlCap, initType, vlHighLimit, vlArbitrationHighCap,
                    vlArbitrationLowCap, initTypeReply, mtuCap, vlStallCount, hoqLife, operationalVls,
                    partitionEnforcementInbound, partitionEnforcementOutbound, filterRawInbound, filterRawOutbound,
                    mKeyViolations, pKeyViolations, qKeyViolations, guidCap, clientReregister,
                    multicastPKeyTrapSuppressionEnabled, subnetTimeout, respTimeValue, localPhyErrors, overrunErrors,
                    maxCreditHint, linkRoundTripLatency, capabilityMask2, linkSpeedExtActive, linkSpeedExtSupported,
                    linkSpeedExtEnabled);
        }
    }
}
