package io.reactiveumad.poll.ibsim;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Flyweight over ibsim's {@code struct sim_ctl}, the control datagram on {@code <basename>:ctl}. Every
 * field is a host-order u32 (ibsim and its clients share a machine, or at least a byte order).
 *
 * <pre>
 *   0 | magic 0xdeadbeef        |   8 | type (see TYPE_*)       |  16 | data[64] ...
 *   4 | client id (0..9)        |  12 | len (bytes of data used)|
 * </pre>
 *
 * The data of {@link #TYPE_CONNECT} is a {@code struct sim_client_info}:
 * <pre>
 *   0 | id: ours in the call (names {@code :in<id>}), the client slot in the reply
 *   4 | qp   8 | issm: receive requests for QP0/QP1 (one such client per node)
 *  12 | nodeid[32]: the node to attach to, NUL-terminated; the reply names the node attached
 * </pre>
 */
final class SimCtl {
    static final int SIZE = 80;
    static final int MAGIC = 0xdeadbeef;
    static final int DATA_SIZE = 64;

    static final int TYPE_ERROR = 0;
    static final int TYPE_CONNECT = 1;
    static final int TYPE_DISCONNECT = 2;
    static final int TYPE_GET_PORT = 3;
    static final int TYPE_GET_VENDOR = 4;
    static final int TYPE_GET_GID = 5;
    static final int TYPE_GET_GUID = 6;
    static final int TYPE_GET_NODEINFO = 7;
    static final int TYPE_GET_PORTINFO = 8;
    static final int TYPE_SET_ISSM = 9;
    static final int TYPE_GET_PKEYS = 10;
    private static final String[] TYPE_NAMES = {"ERROR", "CONNECT", "DISCONNECT", "GET_PORT", "GET_VENDOR", "GET_GID",
        "GET_GUID", "GET_NODEINFO", "GET_PORTINFO", "SET_ISSM", "GET_PKEYS"};

    /** ibsim's name of a control call, e.g. CONNECT, for what a failure says. */
    static String typeName(int type) {
        return type >= 0 && type < TYPE_NAMES.length ? TYPE_NAMES[type] : "control call " + type;
    }

    private static final int MAGIC_OFFSET = 0;
    private static final int CLIENT_ID_OFFSET = 4;
    private static final int TYPE_OFFSET = 8;
    private static final int LEN_OFFSET = 12;
    static final int DATA_OFFSET = 16;

    static final int INFO_ID_OFFSET = DATA_OFFSET;
    static final int INFO_QP_OFFSET = DATA_OFFSET + 4;
    static final int INFO_ISSM_OFFSET = DATA_OFFSET + 8;
    static final int INFO_NODE_ID_OFFSET = DATA_OFFSET + 12;
    static final int INFO_NODE_ID_SIZE = 32;
    static final int INFO_SIZE = 44;

    /** {@code struct sim_vendor}: vendor id, part id, hw version (u32 each), 4 bytes padding, fw version u64. */
    static final int VENDOR_ID_OFFSET = DATA_OFFSET;
    static final int VENDOR_PART_ID_OFFSET = DATA_OFFSET + 4;
    static final int VENDOR_HW_VERSION_OFFSET = DATA_OFFSET + 8;
    static final int VENDOR_FW_VERSION_OFFSET = DATA_OFFSET + 16;
    static final int VENDOR_SIZE = 24;

    private final ByteBuffer buf = ByteBuffer.allocateDirect(SIZE).order(ByteOrder.nativeOrder());

    /** The datagram itself (direct), for the socket. */
    ByteBuffer buffer() {
        return buf;
    }

    /** Zeroes the datagram and writes the header of a call. */
    SimCtl reset(int clientId, int type, int dataLength) {
        buf.put(0, new byte[SIZE]);
        buf.putInt(MAGIC_OFFSET, MAGIC).putInt(CLIENT_ID_OFFSET, clientId).putInt(TYPE_OFFSET, type)
                .putInt(LEN_OFFSET, dataLength);
        return this;
    }

    int magic() {
        return buf.getInt(MAGIC_OFFSET);
    }

    int type() {
        return buf.getInt(TYPE_OFFSET);
    }

    int dataInt(int offset) {
        return buf.getInt(offset);
    }

    SimCtl dataInt(int offset, int value) {
        buf.putInt(offset, value);
        return this;
    }

    long dataLong(int offset) {
        return buf.getLong(offset);
    }

    SimCtl dataByte(int offset, int value) {
        buf.put(offset, (byte) value);
        return this;
    }

    /** A copy of the whole 64-byte data area. */
    byte[] data() {
        byte[] out = new byte[DATA_SIZE];
        buf.get(DATA_OFFSET, out);
        return out;
    }

    /**
     * Writes {@code text} NUL-terminated into a fixed field of {@code size} bytes, in UTF-8: ibsim compares the bytes
     * with its net file's, which an editor writes in UTF-8 (as umad2sim passes $SIM_HOST's bytes on).
     */
    SimCtl dataString(int offset, int size, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > size - 1) {
            throw new IllegalArgumentException("\"" + text + "\" is " + bytes.length
                    + " bytes in UTF-8; ibsim takes at most " + (size - 1));
        }
        buf.put(offset, bytes);
        return this;
    }

    String dataString(int offset, int size) {
        byte[] bytes = new byte[size];
        buf.get(offset, bytes);
        int end = 0;
        while (end < size && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, 0, end, StandardCharsets.UTF_8);
    }
}
