package io.reactiveumad.client;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.mad.MgmtClass;
import java.nio.ByteBuffer;
import java.util.function.Consumer;

/** Building requests and reading typed answers: the one place the clients share for both. */
final class Mads {
    private Mads() {
    }

    /**
     * A 256-byte request: common header, then {@code classHeader} fills the class's own header, then
     * {@code payload} (may be null) goes at the class's data offset.
     */
    static Mad request(int mgmtClass, int classVersion, int method, int attributeId, long modifier,
                       MadAttribute payload, Consumer<ByteBuffer> classHeader) {
        int dataOffset = MgmtClass.dataOffset(mgmtClass);
        if (payload != null && payload.encodedSize() > MadHeader.MAD_SIZE - dataOffset) {
            throw new IllegalArgumentException(String.format("%s data is at most %d bytes, got %d",
                    MgmtClass.name(mgmtClass), MadHeader.MAD_SIZE - dataOffset, payload.encodedSize()));
        }
        return Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(mgmtClass).classVersion(classVersion).methodByte(method)
                    .attributeId(attributeId).attributeModifier(modifier);
            classHeader.accept(b);
            if (payload != null) {
                payload.encode(b, dataOffset);
            }
        });
    }

    /** Fails typed unless {@code response} carries the attribute asked for. */
    static void checkAttribute(AttributeType<?> type, Mad response) {
        if (response.attributeId() != type.attributeId()) {
            throw new MalformedMadException(String.format("asked for %s, the response carries attribute 0x%04x",
                    type, response.attributeId()));
        }
    }

    /** The attribute of a single-record answer, after checking it is the one asked for. */
    static <T> T decode(AttributeType<T> type, Mad response) {
        checkAttribute(type, response);
        return type.decoder().decode(response.buffer(), MgmtClass.dataOffset(response.mgmtClass()));
    }
}
