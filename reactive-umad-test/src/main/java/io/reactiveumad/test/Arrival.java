package io.reactiveumad.test;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import java.nio.ByteBuffer;

/**
 * A MAD handed to a node: where it arrived (node, port) and where it came from (the address the
 * receiver sees as source: the sender's LID, QP and SL; the permissive LID for directed route).
 */
record Arrival(FabricNode node, int port, byte[] mad, MadAddress source) {

    /** The common header's AttributeID. */
    int attributeId() {
        return ByteBuffer.wrap(mad).getShort(MadHeader.ATTRIBUTE_ID_OFFSET) & 0xFFFF;
    }

    /** The common header's AttributeModifier, unsigned. */
    long attributeModifier() {
        return ByteBuffer.wrap(mad).getInt(MadHeader.ATTRIBUTE_MODIFIER_OFFSET) & 0xFFFF_FFFFL;
    }

    /** The common header's MgmtClass. */
    int mgmtClass() {
        return mad[MadHeader.MGMT_CLASS_OFFSET] & 0xFF;
    }

    /** The method, without the response bit. */
    int method() {
        return mad[MadHeader.METHOD_OFFSET] & 0x7F;
    }

    boolean isSet() {
        return method() == Method.SET;
    }
}
