package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * A port's SLtoVLMappingTable (SMP attribute 0x0017; on a switch the modifier names the input port in bits 15..8
 * and the output port in bits 7..0): the virtual lane each of the 16 service levels is sent on, four bits each,
 * two to a byte with the even SL in the high nibble.
 *
 * <pre>
 *  0               1               2               3
 *  |SL0 |SL1 |SL2 |SL3 |SL4 |SL5 |SL6 |SL7 |                            0
 *  |SL8 |SL9 |SL10|SL11|SL12|SL13|SL14|SL15|                            4
 * </pre>
 */
public record SlToVlMappingTable(List<Integer> vls) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Smp.SL_TO_VL_MAPPING_TABLE;
    public static final int SERVICE_LEVELS = 16;
    public static final int SIZE = SERVICE_LEVELS / 2;
    private static final int INPUT_PORT_SHIFT = 8;

    public SlToVlMappingTable {
        vls = List.copyOf(vls);
        if (vls.size() != SERVICE_LEVELS) {
            throw new IllegalArgumentException("an SLtoVLMappingTable maps " + SERVICE_LEVELS + " SLs, got " + vls.size());
        }
        for (int vl : vls) {
            if (vl < 0 || vl > 0xF) {
                throw new IllegalArgumentException("a VL is 0..15: " + vl);
            }
        }
    }

    public static SlToVlMappingTable decode(ByteBuffer buf, int offset) {
        Wire.check("SLtoVLMappingTable", buf, offset, SIZE);
        Integer[] vls = new Integer[SERVICE_LEVELS];
        for (int i = 0; i < SIZE; i++) {
            int b = Wire.u8(buf, offset + i);
            vls[2 * i] = b >>> 4;
            vls[2 * i + 1] = b & 0xF;
        }
        return new SlToVlMappingTable(List.of(vls));
    }

    @Override
    public void encode(ByteBuffer buf, int offset) {
        Wire.check("SLtoVLMappingTable", buf, offset, SIZE);
        for (int i = 0; i < SIZE; i++) {
            Wire.putU8(buf, offset + i, vls.get(2 * i) << 4 | vls.get(2 * i + 1));
        }
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }

    /** The VL service level {@code sl} is sent on. */
    public int vl(int sl) {
        return vls.get(sl);
    }

    /** The attribute modifier of a switch's table from input port {@code in} to output port {@code out}. */
    public static long modifier(int in, int out) {
        if (in < 0 || in > 0xFF || out < 0 || out > 0xFF) {
            throw new IllegalArgumentException("SLtoVLMappingTable ports are 0..255: in " + in + ", out " + out);
        }
        return (long) in << INPUT_PORT_SHIFT | out;
    }
}
