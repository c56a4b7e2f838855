package io.reactiveumad.mad.perf;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * PortRcvErrorDetails (PerfMgt attribute 0x0015, optional): what the receive errors of a port were, in 16-bit
 * counters; what {@code ibqueryerrors --details} asks for a port whose PortRcvErrors exceed their threshold.
 *
 * <pre>
 *  0               1               2               3
 *  | Reserved      | PortSelect    | CounterSelect                 |   0
 *  | PortLocalPhysicalErrors       | PortMalformedPacketErrors     |   4
 *  | PortBufferOverrunErrors       | PortDLIDMappingErrors         |   8
 *  | PortVLMappingErrors           | PortLoopingErrors             |  12
 * </pre>
 */
public record PortRcvErrorDetails(int portSelect, int counterSelect, int portLocalPhysicalErrors,
        int portMalformedPacketErrors, int portBufferOverrunErrors, int portDlidMappingErrors,
        int portVlMappingErrors, int portLoopingErrors) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Perf.PORT_RCV_ERROR_DETAILS;
    public static final int SIZE = 16;
    /** CounterSelect of all six counters (a Set resets the selected ones). */
    public static final int SELECT_ALL = 0x3F;

    private static final int PORT_SELECT = 1;
    private static final int COUNTER_SELECT = 2;
    private static final int FIRST_COUNTER = 4;

    /** A request: Get of {@code portSelect}, or Set resetting the counters in {@code counterSelect}. */
    public static PortRcvErrorDetails reset(int portSelect, int counterSelect) {
        return new PortRcvErrorDetails(portSelect, counterSelect, 0, 0, 0, 0, 0, 0);
    }

    public static PortRcvErrorDetails decode(ByteBuffer buf, int o) {
        Wire.check("PortRcvErrorDetails", buf, o, SIZE);
        int c = o + FIRST_COUNTER;
        return new PortRcvErrorDetails(Wire.u8(buf, o + PORT_SELECT), Wire.u16(buf, o + COUNTER_SELECT),
                Wire.u16(buf, c), Wire.u16(buf, c + 2), Wire.u16(buf, c + 4), Wire.u16(buf, c + 6),
                Wire.u16(buf, c + 8), Wire.u16(buf, c + 10));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("PortRcvErrorDetails", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU8(buf, o + PORT_SELECT, portSelect);
        Wire.putU16(buf, o + COUNTER_SELECT, counterSelect);
        int c = o + FIRST_COUNTER;
        Wire.putU16(buf, c, portLocalPhysicalErrors);
        Wire.putU16(buf, c + 2, portMalformedPacketErrors);
        Wire.putU16(buf, c + 4, portBufferOverrunErrors);
        Wire.putU16(buf, c + 6, portDlidMappingErrors);
        Wire.putU16(buf, c + 8, portVlMappingErrors);
        Wire.putU16(buf, c + 10, portLoopingErrors);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
