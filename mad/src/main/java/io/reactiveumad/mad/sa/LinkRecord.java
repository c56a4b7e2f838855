package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * LinkRecord (SA attribute 0x0020), 6 bytes: one physical link, from a port to its neighbour.
 *
 * <pre>
 *  0               1               2               3
 *  | FromLID                       | FromPort      | ToPort        |   0
 *  | ToLID                         |                                   4
 * </pre>
 */
public record LinkRecord(int fromLid, int fromPort, int toPort, int toLid) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.LINK_RECORD;
    public static final int SIZE = 6;

    private static final int FROM_LID = 0;
    private static final int FROM_PORT = 2;
    private static final int TO_PORT = 3;
    private static final int TO_LID = 4;

    /** ComponentMask bits. */
    public static final class Component {
        public static final long FROM_LID = 1L;
        public static final long FROM_PORT = 1L << 1;
        public static final long TO_PORT = 1L << 2;
        public static final long TO_LID = 1L << 3;

        private Component() {
        }
    }

    public static LinkRecord decode(ByteBuffer buf, int o) {
        Wire.check("LinkRecord", buf, o, SIZE);
        return new LinkRecord(Wire.u16(buf, o + FROM_LID), Wire.u8(buf, o + FROM_PORT), Wire.u8(buf, o + TO_PORT),
                Wire.u16(buf, o + TO_LID));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("LinkRecord", buf, o, SIZE);
        Wire.putU16(buf, o + FROM_LID, fromLid);
        Wire.putU8(buf, o + FROM_PORT, fromPort);
        Wire.putU8(buf, o + TO_PORT, toPort);
        Wire.putU16(buf, o + TO_LID, toLid);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
