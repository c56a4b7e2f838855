package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * PortInfoExtended (SMP attribute 0x0033, the port in the modifier): the FEC modes of a port's speeds, where its
 * PortInfo's CapabilityMask2 says IsPortInfoExtendedSupported; 64 bytes, the rest reserved. IBA's layout, as OpenSM's
 * struct has it (libibmad places HDR's and NDR's fields elsewhere: its HDRFECModeSupported reads the bytes of
 * EDRFECModeEnabled).
 *
 * <pre>
 *  0               1               2               3
 *  | CapMask                                                       |   0
 *  | FECModeActive                 | FDRFECModeSupported           |   4
 *  | FDRFECModeEnabled             | EDRFECModeSupported           |   8
 *  | EDRFECModeEnabled             | HDRFECModeSupported           |  12
 *  | HDRFECModeEnabled             | NDRFECModeSupported           |  16
 *  | NDRFECModeEnabled             |                                   20
 * </pre>
 */
public record PortInfoExtended(long capabilityMask, int fecModeActive, int fdrFecModeSupported, int fdrFecModeEnabled,
                               int edrFecModeSupported, int edrFecModeEnabled, int hdrFecModeSupported,
                               int hdrFecModeEnabled, int ndrFecModeSupported, int ndrFecModeEnabled)
        implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Smp.PORT_INFO_EXTENDED;
    public static final int SIZE = 64;
    /** CapabilityMask bit 0: the FEC mode fields are valid. */
    public static final long CAP_IS_FEC_MODE_SUPPORTED = 1;
    /** FECModeActive: Reed-Solomon FEC, the standard one (528,514) and the low-latency one (271,257). */
    public static final int FEC_MODE_RS = 2;
    public static final int FEC_MODE_LOW_LATENCY_RS = 4;

    /** Whether the port runs one of the Reed-Solomon FECs (whose PerfMgt counters count symbols). */
    public boolean rsFecActive() {
        return (capabilityMask & CAP_IS_FEC_MODE_SUPPORTED) != 0
                && (fecModeActive == FEC_MODE_RS || fecModeActive == FEC_MODE_LOW_LATENCY_RS);
    }

    private static final int CAPABILITY_MASK = 0;
    /** The nine 16-bit fields after CapMask, in wire order from byte 4. */
    private static final int FIRST_MODE = 4;

    public static PortInfoExtended decode(ByteBuffer buf, int o) {
        Wire.check("PortInfoExtended", buf, o, SIZE);
        int[] m = new int[9];
        for (int i = 0; i < m.length; i++) {
            m[i] = Wire.u16(buf, o + FIRST_MODE + 2 * i);
        }
        return new PortInfoExtended(Wire.u32(buf, o + CAPABILITY_MASK), m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]);
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("PortInfoExtended", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU32(buf, o + CAPABILITY_MASK, capabilityMask);
        int[] m = {fecModeActive, fdrFecModeSupported, fdrFecModeEnabled, edrFecModeSupported, edrFecModeEnabled,
            hdrFecModeSupported, hdrFecModeEnabled, ndrFecModeSupported, ndrFecModeEnabled};
        for (int i = 0; i < m.length; i++) {
            Wire.putU16(buf, o + FIRST_MODE + 2 * i, m[i]);
        }
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
