package io.reactiveumad.poll.kernel;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Flyweight over {@code struct ib_user_mad_hdr} (ABI 5 with P_Key index, 64 bytes): the header in front
 * of every MAD read from or written to a umad fd. Host-order fields use the platform's byte order,
 * the {@code __be} ones big-endian, whatever order the wrapped buffer is set to.
 *
 * <pre>
 *   0               1               2               3
 *  +---------------+---------------+---------------+---------------+
 *  |                      id: agent id (host)                      |  0
 *  |                  status: errno, 0 = ok (host)                 |  4
 *  |                       timeout_ms (host)                       |  8
 *  |                        retries (host)                         | 12
 *  |            length: header + MAD, set on read (host)           | 16
 *  |                      qpn: remote QP (be32)                    | 20
 *  |                      qkey: remote Q_Key (be32)                | 24
 *  |         lid (be16)            |      sl       |   path_bits   | 28
 *  |  grh_present  |   gid_index   |   hop_limit   | traffic_class | 32
 *  |                    gid: 16 bytes, wire order                  | 36
 *  |                                                               |
 *  |                                                               |
 *  |                                                               |
 *  |                       flow_label (be32)                       | 52
 *  |       pkey_index (host)       |           reserved            | 56
 *  |                           reserved                            | 60
 *  +---------------------------------------------------------------+
 * </pre>
 * The MAD starts at {@link #SIZE}.
 */
public final class UmadHeader {
    public static final int SIZE = 64;
    public static final int ID_OFFSET = 0;
    public static final int STATUS_OFFSET = 4;
    public static final int TIMEOUT_MS_OFFSET = 8;
    public static final int RETRIES_OFFSET = 12;
    public static final int LENGTH_OFFSET = 16;
    public static final int QPN_OFFSET = 20;
    public static final int QKEY_OFFSET = 24;
    public static final int LID_OFFSET = 28;
    public static final int SL_OFFSET = 30;
    public static final int PATH_BITS_OFFSET = 31;
    public static final int GRH_PRESENT_OFFSET = 32;
    public static final int GID_INDEX_OFFSET = 33;
    public static final int HOP_LIMIT_OFFSET = 34;
    public static final int TRAFFIC_CLASS_OFFSET = 35;
    public static final int GID_OFFSET = 36;
    public static final int FLOW_LABEL_OFFSET = 52;
    public static final int PKEY_INDEX_OFFSET = 56;
    /** The address vector: qpn through pkey_index. */
    static final int ADDRESS_OFFSET = QPN_OFFSET;
    static final int ADDRESS_LENGTH = PKEY_INDEX_OFFSET + Short.BYTES - QPN_OFFSET;

    private static final ByteOrder HOST = ByteOrder.nativeOrder();

    private ByteBuffer buffer;

    /** Points this flyweight at the header at index 0 of {@code buffer}. */
    public UmadHeader wrap(ByteBuffer buffer) {
        if (buffer.capacity() < SIZE) {
            throw new IllegalArgumentException("buffer of " + buffer.capacity() + " bytes cannot hold a " + SIZE
                    + "-byte ib_user_mad_hdr");
        }
        this.buffer = buffer;
        return this;
    }

    /** Zeroes the header. */
    public UmadHeader clear() {
        for (int i = 0; i < SIZE; i += Long.BYTES) {
            buffer.putLong(i, 0L);
        }
        return this;
    }

    public int agentId() {
        return hostInt(ID_OFFSET);
    }

    public UmadHeader agentId(int id) {
        return hostInt(ID_OFFSET, id);
    }

    public int status() {
        return hostInt(STATUS_OFFSET);
    }

    public UmadHeader status(int errno) {
        return hostInt(STATUS_OFFSET, errno);
    }

    public int timeoutMs() {
        return hostInt(TIMEOUT_MS_OFFSET);
    }

    public UmadHeader timeoutMs(int ms) {
        return hostInt(TIMEOUT_MS_OFFSET, ms);
    }

    public int retries() {
        return hostInt(RETRIES_OFFSET);
    }

    public UmadHeader retries(int count) {
        return hostInt(RETRIES_OFFSET, count);
    }

    /** Header plus MAD; on ENOSPC, the buffer size the message needs. */
    public int length() {
        return hostInt(LENGTH_OFFSET);
    }

    public UmadHeader length(int bytes) {
        return hostInt(LENGTH_OFFSET, bytes);
    }

    public int qpn() {
        return beInt(QPN_OFFSET);
    }

    public UmadHeader qpn(int qpn) {
        return beInt(QPN_OFFSET, qpn);
    }

    public int qkey() {
        return beInt(QKEY_OFFSET);
    }

    public UmadHeader qkey(int qkey) {
        return beInt(QKEY_OFFSET, qkey);
    }

    public int lid() {
        return beShort(LID_OFFSET);
    }

    public UmadHeader lid(int lid) {
        return beShort(LID_OFFSET, lid);
    }

    public int sl() {
        return u8(SL_OFFSET);
    }

    public UmadHeader sl(int sl) {
        return u8(SL_OFFSET, sl);
    }

    public int pathBits() {
        return u8(PATH_BITS_OFFSET);
    }

    public UmadHeader pathBits(int bits) {
        return u8(PATH_BITS_OFFSET, bits);
    }

    public boolean grhPresent() {
        return u8(GRH_PRESENT_OFFSET) != 0;
    }

    public UmadHeader grhPresent(boolean present) {
        return u8(GRH_PRESENT_OFFSET, present ? 1 : 0);
    }

    public int gidIndex() {
        return u8(GID_INDEX_OFFSET);
    }

    public UmadHeader gidIndex(int index) {
        return u8(GID_INDEX_OFFSET, index);
    }

    public int hopLimit() {
        return u8(HOP_LIMIT_OFFSET);
    }

    public UmadHeader hopLimit(int hops) {
        return u8(HOP_LIMIT_OFFSET, hops);
    }

    public int trafficClass() {
        return u8(TRAFFIC_CLASS_OFFSET);
    }

    public UmadHeader trafficClass(int tclass) {
        return u8(TRAFFIC_CLASS_OFFSET, tclass);
    }

    public Gid gid() {
        return Gid.read(buffer, GID_OFFSET);
    }

    public UmadHeader gid(Gid gid) {
        gid.write(buffer, GID_OFFSET);
        return this;
    }

    public int flowLabel() {
        return beInt(FLOW_LABEL_OFFSET);
    }

    public UmadHeader flowLabel(int label) {
        return beInt(FLOW_LABEL_OFFSET, label);
    }

    public int pkeyIndex() {
        return Short.toUnsignedInt(hostShort(PKEY_INDEX_OFFSET));
    }

    public UmadHeader pkeyIndex(int index) {
        short value = (short) index;
        buffer.putShort(PKEY_INDEX_OFFSET, buffer.order() == HOST ? value : Short.reverseBytes(value));
        return this;
    }

    /** The address vector as a {@link MadAddress}: the source of a received MAD. */
    public MadAddress address() {
        MadAddress.Grh grh = grhPresent()
                ? new MadAddress.Grh(gid(), gidIndex(), hopLimit(), trafficClass(), flowLabel())
                : null;
        return new MadAddress(lid(), qpn(), qkey(), sl(), pathBits(), pkeyIndex(), grh);
    }

    /** Writes the address vector of {@code address}: the destination of a MAD to send. */
    public UmadHeader address(MadAddress address) {
        qpn(address.qpn()).qkey(address.qkey()).lid(address.lid()).sl(address.sl())
                .pathBits(address.pathBits()).pkeyIndex(address.pkeyIndex());
        MadAddress.Grh grh = address.grh();
        if (grh == null) {
            grhPresent(false).gidIndex(0).hopLimit(0).trafficClass(0).gid(Gid.ZERO).flowLabel(0);
        } else {
            grhPresent(true).gidIndex(grh.gidIndex()).hopLimit(grh.hopLimit()).trafficClass(grh.trafficClass())
                    .gid(grh.gid()).flowLabel(grh.flowLabel());
        }
        return this;
    }

    private int hostInt(int offset) {
        int raw = buffer.getInt(offset);
        return buffer.order() == HOST ? raw : Integer.reverseBytes(raw);
    }

    private UmadHeader hostInt(int offset, int value) {
        buffer.putInt(offset, buffer.order() == HOST ? value : Integer.reverseBytes(value));
        return this;
    }

    private short hostShort(int offset) {
        short raw = buffer.getShort(offset);
        return buffer.order() == HOST ? raw : Short.reverseBytes(raw);
    }

    private int beInt(int offset) {
        int raw = buffer.getInt(offset);
        return buffer.order() == ByteOrder.BIG_ENDIAN ? raw : Integer.reverseBytes(raw);
    }

    private UmadHeader beInt(int offset, int value) {
        buffer.putInt(offset, buffer.order() == ByteOrder.BIG_ENDIAN ? value : Integer.reverseBytes(value));
        return this;
    }

    private int beShort(int offset) {
        short raw = buffer.getShort(offset);
        return Short.toUnsignedInt(buffer.order() == ByteOrder.BIG_ENDIAN ? raw : Short.reverseBytes(raw));
    }

    private UmadHeader beShort(int offset, int value) {
        short v = (short) value;
        buffer.putShort(offset, buffer.order() == ByteOrder.BIG_ENDIAN ? v : Short.reverseBytes(v));
        return this;
    }

    private int u8(int offset) {
        return Byte.toUnsignedInt(buffer.get(offset));
    }

    private UmadHeader u8(int offset, int value) {
        buffer.put(offset, (byte) value);
        return this;
    }
}
