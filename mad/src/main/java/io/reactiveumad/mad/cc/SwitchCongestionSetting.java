package io.reactiveumad.mad.cc;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * SwitchCongestionSetting (CC attribute 0x0014): how a switch detects congestion and marks packets (FECN), for the
 * whole switch.
 *
 * <pre>
 *  0               1               2               3
 *  | Control_Map                                                   |   0
 *  | Victim_Mask (256 bits: bit N is port N)                       |   4
 *  | Credit_Mask (256 bits)                                        |  36
 *  |Thresh | Rsvd  | Packet_Size   |CS_Thr | Reserved              |  68
 *  | CS_ReturnDelay                | Marking_Rate                  |  72
 * </pre>
 *
 * @param controlMap   which of the fields below a Set applies (bit 0 Victim_Mask, 1 Credit_Mask, 2 Threshold and
 *                     Packet_Size, 3 CS_Threshold and CS_ReturnDelay, 4 Marking_Rate)
 * @param victimMask   32 bytes, the ports that are victims of congestion (their packets are marked)
 * @param creditMask   32 bytes, the ports that are credit starved
 * @param threshold    0 (never) to 15 (most aggressive) congestion detection
 * @param packetSize   packets up to this many 64-byte credits are not marked
 * @param csReturnDelay its top two bits a shift, its low 14 bits a multiplier, as a CongestionControlTable entry
 */
public record SwitchCongestionSetting(long controlMap, Octets victimMask, Octets creditMask, int threshold,
        int packetSize, int csThreshold, int csReturnDelay, int markingRate) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Cc.SWITCH_CONGESTION_SETTING;
    public static final int SIZE = 76;
    /** Bytes in each port mask: a bit for each of 256 ports. */
    public static final int PORT_MASK_SIZE = 32;

    private static final int VICTIM_MASK = 4;
    private static final int CREDIT_MASK = 36;
    private static final BitField THRESHOLD = BitField.in8(68, 4, 4);
    private static final int PACKET_SIZE = 69;
    private static final BitField CS_THRESHOLD = BitField.in8(70, 4, 4);
    private static final int CS_RETURN_DELAY = 72;
    private static final int MARKING_RATE = 74;

    public SwitchCongestionSetting {
        Objects.requireNonNull(victimMask, "victimMask").requireLength("Victim_Mask", PORT_MASK_SIZE);
        Objects.requireNonNull(creditMask, "creditMask").requireLength("Credit_Mask", PORT_MASK_SIZE);
    }

    /** A switch that marks nothing: every field 0, no port a victim or credit starved. */
    public static SwitchCongestionSetting none() {
        return new SwitchCongestionSetting(0, Octets.zeros(PORT_MASK_SIZE), Octets.zeros(PORT_MASK_SIZE), 0, 0, 0, 0, 0);
    }

    public static SwitchCongestionSetting decode(ByteBuffer buf, int o) {
        Wire.check("SwitchCongestionSetting", buf, o, SIZE);
        return new SwitchCongestionSetting(Wire.u32(buf, o), Octets.read(buf, o + VICTIM_MASK, PORT_MASK_SIZE),
                Octets.read(buf, o + CREDIT_MASK, PORT_MASK_SIZE), THRESHOLD.get(buf, o), Wire.u8(buf, o + PACKET_SIZE),
                CS_THRESHOLD.get(buf, o), Wire.u16(buf, o + CS_RETURN_DELAY), Wire.u16(buf, o + MARKING_RATE));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("SwitchCongestionSetting", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU32(buf, o, controlMap);
        victimMask.write(buf, o + VICTIM_MASK);
        creditMask.write(buf, o + CREDIT_MASK);
        THRESHOLD.put(buf, o, threshold);
        Wire.putU8(buf, o + PACKET_SIZE, packetSize);
        CS_THRESHOLD.put(buf, o, csThreshold);
        Wire.putU16(buf, o + CS_RETURN_DELAY, csReturnDelay);
        Wire.putU16(buf, o + MARKING_RATE, markingRate);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
