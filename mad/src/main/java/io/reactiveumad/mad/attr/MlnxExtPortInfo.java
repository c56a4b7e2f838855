package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * Mellanox's MlnxExtPortInfo (vendor-specific SMP attribute 0xFF90, the port in the modifier): the link speeds beyond
 * PortInfo's (FDR10) as libibmad lays them out, the rest of the 64 bytes reserved.
 *
 * <pre>
 *  0               1               2               3
 *  |                                               | StateChgEnable|   0
 *  |                                               | SpeedSupported|   4
 *  |                                               | SpeedEnabled  |   8
 *  |                                               | SpeedActive   |  12
 * </pre>
 */
public record MlnxExtPortInfo(int stateChangeEnable, int linkSpeedSupported, int linkSpeedEnabled, int linkSpeedActive)
        implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Smp.MLNX_EXT_PORT_INFO;
    public static final int SIZE = 64;
    /** The FDR10 bit of the LinkSpeed fields. */
    public static final int FDR10 = 1;
    /** All zeros: what the tools hold for a port they did not ask, or that did not answer. */
    public static final MlnxExtPortInfo NONE = new MlnxExtPortInfo(0, 0, 0, 0);

    private static final int STATE_CHANGE_ENABLE = 3;
    private static final int LINK_SPEED_SUPPORTED = 7;
    private static final int LINK_SPEED_ENABLED = 11;
    private static final int LINK_SPEED_ACTIVE = 15;
    /** Bull's vendor ID: its OEM versions of Mellanox's devices answer too. */
    private static final int BULL = 0x119f;

    /**
     * Whether infiniband-diags and libibnetdisc take a device to answer this attribute (their
     * {@code is_mlnx_ext_port_info_supported}): Mellanox's switches from SwitchX on and adapters from ConnectX-3 on,
     * by device ID whatever the vendor ID, and Bull's versions of them. ibportstate asks such a device for it.
     */
    public static boolean isAnsweredBy(int vendorId, int deviceId) {
        int d = deviceId & 0xFFFF;
        boolean mellanoxSwitch = d >= 0xc738 && d <= 0xc73b || d == 0xc839 || d == 0xcb20 || d == 0xcf08 || d == 0xcf09
                || d == 0xd2f0;
        boolean mellanoxAdapter = d >= 0x1003 && d <= 0x101b || d == 0xa2d2;
        boolean bullSwitch = d == 0x1b02 || d == 0x1b50 || d == 0x1ba0 || d >= 0x1bd0 && d <= 0x1bd5 || d == 0x1bf0;
        boolean bullAdapter = d == 0x1b33 || d == 0x1b73 || d == 0x1b40 || d == 0x1b41 || d == 0x1b60 || d == 0x1b61
                || d == 0x1b83 || d == 0x1b93 || d == 0x1b94 || d == 0x1bb4 || d == 0x1bb5 || d >= 0x1bc4 && d <= 0x1bc6;
        return mellanoxSwitch || mellanoxAdapter || vendorId == BULL && (bullSwitch || bullAdapter);
    }

    /** Whether the port runs at FDR10 (LinkSpeedActive's FDR10 bit). */
    public boolean fdr10Active() {
        return (linkSpeedActive & FDR10) != 0;
    }

    /** Whether the port can run at FDR10 (LinkSpeedSupported's FDR10 bit). */
    public boolean fdr10Supported() {
        return (linkSpeedSupported & FDR10) != 0;
    }

    public static MlnxExtPortInfo decode(ByteBuffer buf, int o) {
        Wire.check("MlnxExtPortInfo", buf, o, SIZE);
        return new MlnxExtPortInfo(Wire.u8(buf, o + STATE_CHANGE_ENABLE), Wire.u8(buf, o + LINK_SPEED_SUPPORTED),
                Wire.u8(buf, o + LINK_SPEED_ENABLED), Wire.u8(buf, o + LINK_SPEED_ACTIVE));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("MlnxExtPortInfo", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU8(buf, o + STATE_CHANGE_ENABLE, stateChangeEnable);
        Wire.putU8(buf, o + LINK_SPEED_SUPPORTED, linkSpeedSupported);
        Wire.putU8(buf, o + LINK_SPEED_ENABLED, linkSpeedEnabled);
        Wire.putU8(buf, o + LINK_SPEED_ACTIVE, linkSpeedActive);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
