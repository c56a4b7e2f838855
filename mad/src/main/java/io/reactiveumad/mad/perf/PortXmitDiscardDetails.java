package io.reactiveumad.mad.perf;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * PortXmitDiscardDetails (PerfMgt attribute 0x0016, optional): why a port discarded packets it was to send, in
 * 16-bit counters; what {@code ibqueryerrors --details} asks for a port whose PortXmitDiscards exceed their
 * threshold.
 *
 * <pre>
 *  0               1               2               3
 *  | Reserved      | PortSelect    | CounterSelect                 |   0
 *  | PortInactiveDiscards          | PortNeighborMTUDiscards       |   4
 *  | PortSwLifetimeLimitDiscards   | PortSwHOQLifetimeLimitDiscards|   8
 * </pre>
 */
public record PortXmitDiscardDetails(int portSelect, int counterSelect, int portInactiveDiscards,
        int portNeighborMtuDiscards, int portSwLifetimeLimitDiscards, int portSwHoqLifetimeLimitDiscards)
        implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Perf.PORT_XMIT_DISCARD_DETAILS;
    public static final int SIZE = 12;
    /** CounterSelect of all four counters (a Set resets the selected ones). */
    public static final int SELECT_ALL = 0xF;

    private static final int PORT_SELECT = 1;
    private static final int COUNTER_SELECT = 2;
    private static final int FIRST_COUNTER = 4;

    /** A request: Get of {@code portSelect}, or Set resetting the counters in {@code counterSelect}. */
    public static PortXmitDiscardDetails reset(int portSelect, int counterSelect) {
        return new PortXmitDiscardDetails(portSelect, counterSelect, 0, 0, 0, 0);
    }

    public static PortXmitDiscardDetails decode(ByteBuffer buf, int o) {
        Wire.check("PortXmitDiscardDetails", buf, o, SIZE);
        int c = o + FIRST_COUNTER;
        return new PortXmitDiscardDetails(Wire.u8(buf, o + PORT_SELECT), Wire.u16(buf, o + COUNTER_SELECT),
                Wire.u16(buf, c), Wire.u16(buf, c + 2), Wire.u16(buf, c + 4), Wire.u16(buf, c + 6));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("PortXmitDiscardDetails", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU8(buf, o + PORT_SELECT, portSelect);
        Wire.putU16(buf, o + COUNTER_SELECT, counterSelect);
        int c = o + FIRST_COUNTER;
        Wire.putU16(buf, c, portInactiveDiscards);
        Wire.putU16(buf, c + 2, portNeighborMtuDiscards);
        Wire.putU16(buf, c + 4, portSwLifetimeLimitDiscards);
        Wire.putU16(buf, c + 6, portSwHoqLifetimeLimitDiscards);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
