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

    private static final int STATE_CHANGE_ENABLE = 3;
    private static final int LINK_SPEED_SUPPORTED = 7;
    private static final int LINK_SPEED_ENABLED = 11;
    private static final int LINK_SPEED_ACTIVE = 15;

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
