package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * SwitchInfo (SMP attribute 0x0012), 20 bytes.
 *
 * <pre>
 *  0               1               2               3
 *  | LinearFDBCap                  | RandomFDBCap                  |   0
 *  | MulticastFDBCap               | LinearFDBTop                  |   4
 *  | DefaultPort   | DefMcastPrim  | DefMcastNotPrim | LifeTime  |S|OSL|   8
 *  | LIDsPerPort                   | PartitionEnforcementCap       |  12
 *  |I|O|I|O|E| res | Reserved      | MulticastFDBTop               |  16
 * </pre>
 *
 * Byte 11: LifeTimeValue (5 bits), PortStateChange, OptimizedSLtoVLMappingProgramming (2 bits).
 * Byte 16: Inbound/OutboundEnforcementCap, FilterRawInbound/OutboundCap, EnhancedPort0.
 */
public record SwitchInfo(int linearFdbCap, int randomFdbCap, int multicastFdbCap, int linearFdbTop, int defaultPort,
        int defaultMulticastPrimaryPort, int defaultMulticastNotPrimaryPort, int lifeTimeValue, boolean portStateChange,
        int optimizedSlToVlMappingProgramming, int lidsPerPort, int partitionEnforcementCap,
        boolean inboundEnforcementCap, boolean outboundEnforcementCap, boolean filterRawInboundCap,
        boolean filterRawOutboundCap, boolean enhancedPort0, int multicastFdbTop) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Smp.SWITCH_INFO;
    public static final int SIZE = 20;

    private static final int LINEAR_FDB_CAP = 0;
    private static final int RANDOM_FDB_CAP = 2;
    private static final int MULTICAST_FDB_CAP = 4;
    private static final int LINEAR_FDB_TOP = 6;
    private static final int DEFAULT_PORT = 8;
    private static final int DEFAULT_MULTICAST_PRIMARY_PORT = 9;
    private static final int DEFAULT_MULTICAST_NOT_PRIMARY_PORT = 10;
    private static final BitField LIFE_TIME_VALUE = BitField.in8(11, 3, 5);
    private static final BitField PORT_STATE_CHANGE = BitField.flag(11, 2);
    private static final BitField OPTIMIZED_SL_TO_VL = BitField.in8(11, 0, 2);
    private static final int LIDS_PER_PORT = 12;
    private static final int PARTITION_ENFORCEMENT_CAP = 14;
    private static final BitField INBOUND_ENFORCEMENT_CAP = BitField.flag(16, 7);
    private static final BitField OUTBOUND_ENFORCEMENT_CAP = BitField.flag(16, 6);
    private static final BitField FILTER_RAW_INBOUND_CAP = BitField.flag(16, 5);
    private static final BitField FILTER_RAW_OUTBOUND_CAP = BitField.flag(16, 4);
    private static final BitField ENHANCED_PORT0 = BitField.flag(16, 3);
    private static final int MULTICAST_FDB_TOP = 18;

    public static SwitchInfo decode(ByteBuffer buf, int o) {
        Wire.check("SwitchInfo", buf, o, SIZE);
        return new SwitchInfo(Wire.u16(buf, o + LINEAR_FDB_CAP), Wire.u16(buf, o + RANDOM_FDB_CAP),
                Wire.u16(buf, o + MULTICAST_FDB_CAP), Wire.u16(buf, o + LINEAR_FDB_TOP), Wire.u8(buf, o + DEFAULT_PORT),
                Wire.u8(buf, o + DEFAULT_MULTICAST_PRIMARY_PORT), Wire.u8(buf, o + DEFAULT_MULTICAST_NOT_PRIMARY_PORT),
                LIFE_TIME_VALUE.get(buf, o), PORT_STATE_CHANGE.isSet(buf, o), OPTIMIZED_SL_TO_VL.get(buf, o),
                Wire.u16(buf, o + LIDS_PER_PORT), Wire.u16(buf, o + PARTITION_ENFORCEMENT_CAP),
                INBOUND_ENFORCEMENT_CAP.isSet(buf, o), OUTBOUND_ENFORCEMENT_CAP.isSet(buf, o),
                FILTER_RAW_INBOUND_CAP.isSet(buf, o), FILTER_RAW_OUTBOUND_CAP.isSet(buf, o),
                ENHANCED_PORT0.isSet(buf, o), Wire.u16(buf, o + MULTICAST_FDB_TOP));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("SwitchInfo", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU16(buf, o + LINEAR_FDB_CAP, linearFdbCap);
        Wire.putU16(buf, o + RANDOM_FDB_CAP, randomFdbCap);
        Wire.putU16(buf, o + MULTICAST_FDB_CAP, multicastFdbCap);
        Wire.putU16(buf, o + LINEAR_FDB_TOP, linearFdbTop);
        Wire.putU8(buf, o + DEFAULT_PORT, defaultPort);
        Wire.putU8(buf, o + DEFAULT_MULTICAST_PRIMARY_PORT, defaultMulticastPrimaryPort);
        Wire.putU8(buf, o + DEFAULT_MULTICAST_NOT_PRIMARY_PORT, defaultMulticastNotPrimaryPort);
        LIFE_TIME_VALUE.put(buf, o, lifeTimeValue);
        PORT_STATE_CHANGE.put(buf, o, portStateChange);
        OPTIMIZED_SL_TO_VL.put(buf, o, optimizedSlToVlMappingProgramming);
        Wire.putU16(buf, o + LIDS_PER_PORT, lidsPerPort);
        Wire.putU16(buf, o + PARTITION_ENFORCEMENT_CAP, partitionEnforcementCap);
        INBOUND_ENFORCEMENT_CAP.put(buf, o, inboundEnforcementCap);
        OUTBOUND_ENFORCEMENT_CAP.put(buf, o, outboundEnforcementCap);
        FILTER_RAW_INBOUND_CAP.put(buf, o, filterRawInboundCap);
        FILTER_RAW_OUTBOUND_CAP.put(buf, o, filterRawOutboundCap);
        ENHANCED_PORT0.put(buf, o, enhancedPort0);
        Wire.putU16(buf, o + MULTICAST_FDB_TOP, multicastFdbTop);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
