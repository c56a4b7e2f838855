package io.reactiveumad.poll.ibsim;

import io.reactiveumad.mad.MadHeader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Flyweight over ibsim's {@code struct sim_request}, the datagram that carries one MAD on the data
 * socket in both directions.
 *
 * <pre>
 *   0 | dlid    |  8 | dqp (be32)    | 16 | status (be32) | 24 | length (be64)
 *   4 | slid    | 12 | sqp (be32)    | 20 | (padding)     | 32 | mad[256] ... 288
 * </pre>
 *
 * The LIDs are odd: a host-order u32 that holds {@code htons(lid)} (umad2sim copies the big-endian
 * LID of {@code ib_user_mad_hdr} into it and ibsim reads it back with {@code ntohs}). A slid of 0 asks
 * ibsim to fill in the sender's LID. {@code length} is the MAD's length (umad2sim: the bytes its sender
 * wrote, at most 256; ibsim's own traps: 256). A non-zero status from ibsim is 110 (ETIMEDOUT): it returns a
 * request it dropped (no route, or the port's error rate) to its sender.
 */
final class SimRequest {
    static final int SIZE = 288;
    static final int MAD_OFFSET = 32;
    static final int MAD_SIZE = 256;

    private static final int DLID_OFFSET = 0;
    private static final int SLID_OFFSET = 4;
    private static final int DQP_OFFSET = 8;
    private static final int SQP_OFFSET = 12;
    private static final int STATUS_OFFSET = 16;
    private static final int LENGTH_OFFSET = 24;
    private static final byte[] ZEROS = new byte[MAD_SIZE];
    private static final boolean LITTLE_ENDIAN_HOST = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private final ByteBuffer be;
    private final ByteBuffer host;

    /** A datagram in a direct buffer of its own. */
    SimRequest() {
        this(ByteBuffer.allocateDirect(SIZE));
    }

    /** A datagram in {@code slot} (direct, {@link #SIZE} bytes from its position), e.g. a slot of a batch. */
    SimRequest(ByteBuffer slot) {
        this.be = slot.slice(slot.position(), SIZE).order(ByteOrder.BIG_ENDIAN);
        this.host = be.duplicate().order(ByteOrder.nativeOrder());
    }

    /** The datagram itself (direct), for the socket. */
    ByteBuffer buffer() {
        return be;
    }

    int dlid() {
        return ntohs(host.getInt(DLID_OFFSET));
    }

    SimRequest dlid(int lid) {
        host.putInt(DLID_OFFSET, htons(lid));
        return this;
    }

    int slid() {
        return ntohs(host.getInt(SLID_OFFSET));
    }

    SimRequest slid(int lid) {
        host.putInt(SLID_OFFSET, htons(lid));
        return this;
    }

    int dqp() {
        return be.getInt(DQP_OFFSET);
    }

    SimRequest dqp(int qpn) {
        be.putInt(DQP_OFFSET, qpn);
        return this;
    }

    int sqp() {
        return be.getInt(SQP_OFFSET);
    }

    SimRequest sqp(int qpn) {
        be.putInt(SQP_OFFSET, qpn);
        return this;
    }

    int status() {
        return be.getInt(STATUS_OFFSET);
    }

    SimRequest status(int status) {
        be.putInt(STATUS_OFFSET, status);
        return this;
    }

    long length() {
        return be.getLong(LENGTH_OFFSET);
    }

    SimRequest length(long length) {
        be.putLong(LENGTH_OFFSET, length);
        return this;
    }

    /** Copies {@code mad} (at most 256 bytes) into the MAD area, zero-padding the rest. */
    SimRequest mad(byte[] mad) {
        int n = Math.min(mad.length, MAD_SIZE);
        be.put(MAD_OFFSET, mad, 0, n);
        if (n < MAD_SIZE) {
            be.put(MAD_OFFSET + n, ZEROS, 0, MAD_SIZE - n);
        }
        return this;
    }

    /** The TID of the MAD in the MAD area. */
    long tid() {
        return be.getLong(MAD_OFFSET + MadHeader.TID_OFFSET);
    }

    /** Sets the TID of the MAD in the MAD area (after {@link #mad(byte[])}). */
    SimRequest tid(long tid) {
        be.putLong(MAD_OFFSET + MadHeader.TID_OFFSET, tid);
        return this;
    }

    /**
     * A copy of the MAD as long as {@link #length()} says (at most the 256-byte area). umad2sim sets
     * {@code length} to what its sender wrote and leaves the rest of the area as its stack had it, so
     * bytes past {@code length} are not part of the MAD.
     */
    byte[] mad() {
        long length = length();
        byte[] out = new byte[length < 0 || length > MAD_SIZE ? MAD_SIZE : (int) length];
        be.get(MAD_OFFSET, out);
        return out;
    }

    private static int htons(int lid) {
        return LITTLE_ENDIAN_HOST ? Short.reverseBytes((short) lid) & 0xFFFF : lid & 0xFFFF;
    }

    private static int ntohs(int field) {
        return htons(field & 0xFFFF);
    }
}
