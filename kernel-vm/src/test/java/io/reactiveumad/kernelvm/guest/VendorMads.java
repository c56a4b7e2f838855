package io.reactiveumad.kernelvm.guest;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.RmppHeader;
import java.nio.ByteBuffer;

/**
 * MADs of the vendor class the suite speaks: class 0x30 (vendor range 2, so it carries an OUI and the
 * kernel does RMPP for it), class version 1. The payload is a byte pattern every test can check.
 */
final class VendorMads {
    static final int CLASS = 0x30;
    /** A second vendor class, for agents that must not collide with the first. */
    static final int OTHER_CLASS = 0x31;
    static final int CLASS_VERSION = 1;
    static final int OUI = 0x001405;
    static final int GET = 0x01;
    static final int SET = 0x02;
    static final int GET_RESP = 0x81;
    static final int ATTRIBUTE = 0x0010;

    // Vendor range 2 layout: common header, RMPP header, OUI @37..39, data @40.
    static final int OUI_OFFSET = 37;
    static final int DATA_OFFSET = 40;

    private VendorMads() {
    }

    /** A 256-byte Get of {@code mgmtClass} with {@code tid}. */
    static Mad get(int mgmtClass, long tid) {
        return request(mgmtClass, GET, tid);
    }

    /** A 256-byte request of {@code mgmtClass} with {@code method} and {@code tid}. */
    static Mad request(int mgmtClass, int method, long tid) {
        return message(mgmtClass, method, tid, MadHeader.MAD_SIZE - DATA_OFFSET, false);
    }

    /**
     * The response to {@code request}: GetResp with the same TID and {@code dataLength} bytes of data;
     * {@code rmppActive} asks the kernel to segment it (RMPP version 1, DATA, Active).
     */
    static Mad response(Mad request, int dataLength, boolean rmppActive) {
        return message(request.mgmtClass(), GET_RESP, request.tid(), dataLength, rmppActive);
    }

    /** The data pattern at data byte {@code i}. */
    static byte pattern(int i) {
        return (byte) (i * 7 + (i >>> 8));
    }

    /** The index of the first data byte that breaks the pattern, or -1 when all {@code dataLength} match. */
    static int firstMismatch(Mad mad, int dataLength) {
        ByteBuffer data = mad.buffer();
        if (mad.length() < DATA_OFFSET + dataLength) {
            return Math.max(0, mad.length() - DATA_OFFSET);
        }
        for (int i = 0; i < dataLength; i++) {
            if (data.get(DATA_OFFSET + i) != pattern(i)) {
                return i;
            }
        }
        return -1;
    }

    private static Mad message(int mgmtClass, int method, long tid, int dataLength, boolean rmppActive) {
        int length = Math.max(MadHeader.MAD_SIZE, DATA_OFFSET + dataLength);
        return Mad.build(length, b -> {
            new MadHeader().wrap(b, 0).mgmtClass(mgmtClass).classVersion(CLASS_VERSION).methodByte(method)
                    .tid(tid).attributeId(ATTRIBUTE);
            b.put(OUI_OFFSET, (byte) (OUI >>> 16)).put(OUI_OFFSET + 1, (byte) (OUI >>> 8)).put(OUI_OFFSET + 2, (byte) OUI);
            if (rmppActive) {
                new RmppHeader().wrap(b).version(RmppHeader.VERSION).type(RmppHeader.TYPE_DATA)
                        .flags(RmppHeader.FLAG_ACTIVE);
            }
            for (int i = 0; i < dataLength; i++) {
                b.put(DATA_OFFSET + i, pattern(i));
            }
        });
    }
}
