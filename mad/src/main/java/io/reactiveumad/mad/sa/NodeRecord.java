package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import java.nio.ByteBuffer;

/**
 * NodeRecord (SA attribute 0x0011), 108 bytes: a node's NodeInfo and NodeDescription, keyed by the
 * LID of the port that answered.
 *
 * <pre>
 *  0               1               2               3
 *  | LID                           | Reserved                      |   0
 *  | NodeInfo (40 bytes)                                           |   4
 *  | NodeDescription (64 bytes)                                    |  44
 * </pre>
 */
public record NodeRecord(int lid, NodeInfo nodeInfo, NodeDescription nodeDescription) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.NODE_RECORD;
    public static final int SIZE = 108;

    private static final int LID = 0;
    private static final int NODE_INFO = 4;
    private static final int NODE_DESCRIPTION = 44;

    /** ComponentMask bits. */
    public static final class Component {
        public static final long LID = 1L;
        public static final long RESERVED = 1L << 1;
        public static final long BASE_VERSION = 1L << 2;
        public static final long CLASS_VERSION = 1L << 3;
        public static final long NODE_TYPE = 1L << 4;
        public static final long NUM_PORTS = 1L << 5;
        public static final long SYSTEM_IMAGE_GUID = 1L << 6;
        public static final long NODE_GUID = 1L << 7;
        public static final long PORT_GUID = 1L << 8;
        public static final long PARTITION_CAP = 1L << 9;
        public static final long DEVICE_ID = 1L << 10;
        public static final long REVISION = 1L << 11;
        public static final long LOCAL_PORT_NUM = 1L << 12;
        public static final long VENDOR_ID = 1L << 13;
        public static final long NODE_DESCRIPTION = 1L << 14;

        private Component() {
        }
    }

    public static NodeRecord decode(ByteBuffer buf, int o) {
        Wire.check("NodeRecord", buf, o, SIZE);
        return new NodeRecord(Wire.u16(buf, o + LID), NodeInfo.decode(buf, o + NODE_INFO),
                NodeDescription.decode(buf, o + NODE_DESCRIPTION));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("NodeRecord", buf, o, SIZE);
        Wire.zero(buf, o, NODE_INFO);
        Wire.putU16(buf, o + LID, lid);
        nodeInfo.encode(buf, o + NODE_INFO);
        nodeDescription.encode(buf, o + NODE_DESCRIPTION);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
