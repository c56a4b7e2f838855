package io.reactiveumad.test;

import io.reactiveumad.mad.MadHeader;

/**
 * Which MADs a fault applies to: those delivered to {@code node} (any node when null) with this
 * management class, attribute and method (each -1 for any; the method as on the wire, R bit included).
 * Build with {@link #any()} and the {@code with*}-style narrowing methods.
 */
public record MadMatch(String node, int mgmtClass, int attributeId, int methodByte) {
    private static final MadMatch ANY = new MadMatch(null, -1, -1, -1);

    public static MadMatch any() {
        return ANY;
    }

    /** MADs delivered to the node with this id. */
    public static MadMatch toNode(String nodeId) {
        return ANY.node(nodeId);
    }

    public MadMatch node(String nodeId) {
        return new MadMatch(nodeId, mgmtClass, attributeId, methodByte);
    }

    public MadMatch mgmtClass(int value) {
        return new MadMatch(node, value, attributeId, methodByte);
    }

    public MadMatch attribute(int value) {
        return new MadMatch(node, mgmtClass, value, methodByte);
    }

    /** The whole method byte: {@code 0x81} is GetResp, {@code 0x01} Get. */
    public MadMatch method(int value) {
        return new MadMatch(node, mgmtClass, attributeId, value);
    }

    boolean matches(String nodeId, byte[] mad) {
        if (mad.length < MadHeader.SIZE) {
            return node == null || node.equals(nodeId);
        }
        int attr = (mad[MadHeader.ATTRIBUTE_ID_OFFSET] & 0xFF) << 8 | mad[MadHeader.ATTRIBUTE_ID_OFFSET + 1] & 0xFF;
        return (node == null || node.equals(nodeId))
                && (mgmtClass < 0 || mgmtClass == (mad[MadHeader.MGMT_CLASS_OFFSET] & 0xFF))
                && (attributeId < 0 || attributeId == attr)
                && (methodByte < 0 || methodByte == (mad[MadHeader.METHOD_OFFSET] & 0xFF));
    }
}
