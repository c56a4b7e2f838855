package io.reactiveumad.mad;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Flyweight over the 12-byte RMPP header that follows the common MAD header in every MAD of an
 * RMPP-capable class (SA, DevMgt, vendor range 2, ...). Offsets are absolute within the MAD: wrap the
 * MAD at its first byte.
 *
 * <pre>
 *  0               1               2               3
 *  | RMPPVersion   | RMPPType      | RRespTime |F| RMPPStatus    |  24   F = flags: Last|First|Active
 *  | SegmentNumber (32 bits)                                       |  28
 *  | PayloadLength (DATA) / NewWindowLast (ACK)                    |  32
 * </pre>
 *
 * PayloadLength counts the bytes after this header ({@link #SEGMENT_PAYLOAD} per segment, class
 * header included): on the first DATA segment the whole message, on the last one that segment's
 * share. Every access is big-endian and bounds-checked by {@link #wrap}.
 */
public final class RmppHeader {
    public static final int VERSION_OFFSET = 24;
    public static final int TYPE_OFFSET = 25;
    public static final int RRESP_TIME_FLAGS_OFFSET = 26;
    public static final int STATUS_OFFSET = 27;
    public static final int SEGMENT_NUMBER_OFFSET = 28;
    /** PayloadLength in DATA segments and NewWindowLast in ACKs share this word. */
    public static final int PAYLOAD_LENGTH_OFFSET = 32;
    public static final int NEW_WINDOW_LAST_OFFSET = PAYLOAD_LENGTH_OFFSET;
    /** The first byte after the RMPP header. */
    public static final int END_OFFSET = 36;
    /** PayloadLength units one 256-byte segment carries: everything after the RMPP header. */
    public static final int SEGMENT_PAYLOAD = MadHeader.MAD_SIZE - END_OFFSET;

    /** The only RMPP version there is. */
    public static final int VERSION = 1;

    public static final int TYPE_DATA = 1;
    public static final int TYPE_ACK = 2;
    public static final int TYPE_STOP = 3;
    public static final int TYPE_ABORT = 4;

    public static final int FLAG_ACTIVE = 0x01;
    public static final int FLAG_FIRST = 0x02;
    public static final int FLAG_LAST = 0x04;
    public static final int FLAGS_MASK = 0x07;
    public static final int RRESP_TIME_SHIFT = 3;

    public static final int STATUS_OK = 0;
    /** STOP: the receiver is out of resources. */
    public static final int STATUS_RESX = 1;
    /** ABORT: total transfer time too long. */
    public static final int STATUS_T2L = 118;
    /** ABORT: inconsistent PayloadLength. */
    public static final int STATUS_BAD_LEN = 119;
    /** ABORT: inconsistent First/segment number. */
    public static final int STATUS_BAD_SEG = 120;
    /** ABORT: illegal RMPP type. */
    public static final int STATUS_BADT = 121;
    /** ABORT: NewWindowLast below the acknowledged segment (window too small). */
    public static final int STATUS_W2S = 122;
    /** ABORT: acknowledged segment beyond what was sent (segment too big). */
    public static final int STATUS_S2B = 123;
    /** ABORT: an illegal status in a received RMPP MAD. */
    public static final int STATUS_BAD_STATUS = 124;
    /** ABORT: unsupported RMPP version. */
    public static final int STATUS_UNV = 125;
    /** ABORT: too many retries. */
    public static final int STATUS_TMR = 126;
    /** ABORT: unspecified error. */
    public static final int STATUS_UNSPEC = 127;
    /** The range of status codes an ABORT may carry. */
    public static final int STATUS_ABORT_MIN = STATUS_T2L;
    public static final int STATUS_ABORT_MAX = STATUS_UNSPEC;

    private ByteBuffer buf;

    /** Wraps a MAD starting at offset 0 of {@code mad}; fails unless the whole RMPP header is there. */
    public RmppHeader wrap(ByteBuffer mad) {
        MalformedMadException.checkBounds("RMPP header", VERSION_OFFSET, END_OFFSET - VERSION_OFFSET, mad.limit());
        this.buf = mad.order() == ByteOrder.BIG_ENDIAN ? mad : mad.duplicate().order(ByteOrder.BIG_ENDIAN);
        return this;
    }

    public RmppHeader wrap(byte[] mad) {
        return wrap(ByteBuffer.wrap(mad));
    }

    public int version() {
        return buf.get(VERSION_OFFSET) & 0xFF;
    }

    public RmppHeader version(int v) {
        buf.put(VERSION_OFFSET, (byte) v);
        return this;
    }

    public int type() {
        return buf.get(TYPE_OFFSET) & 0xFF;
    }

    public RmppHeader type(int v) {
        buf.put(TYPE_OFFSET, (byte) v);
        return this;
    }

    /** The three flag bits (Active, First, Last). */
    public int flags() {
        return buf.get(RRESP_TIME_FLAGS_OFFSET) & FLAGS_MASK;
    }

    /** Sets the three flag bits, keeping RRespTime. */
    public RmppHeader flags(int v) {
        int kept = buf.get(RRESP_TIME_FLAGS_OFFSET) & ~FLAGS_MASK;
        buf.put(RRESP_TIME_FLAGS_OFFSET, (byte) (kept | (v & FLAGS_MASK)));
        return this;
    }

    public boolean isActive() {
        return (flags() & FLAG_ACTIVE) != 0;
    }

    public boolean isFirst() {
        return (flags() & FLAG_FIRST) != 0;
    }

    public boolean isLast() {
        return (flags() & FLAG_LAST) != 0;
    }

    /** The 5-bit response time value (4.096 µs × 2^v). */
    public int rRespTime() {
        return (buf.get(RRESP_TIME_FLAGS_OFFSET) & 0xFF) >>> RRESP_TIME_SHIFT;
    }

    /** Sets RRespTime (0–31), keeping the flags. */
    public RmppHeader rRespTime(int v) {
        if (v < 0 || v > 31) {
            throw new IllegalArgumentException("RRespTime out of range 0..31: " + v);
        }
        buf.put(RRESP_TIME_FLAGS_OFFSET, (byte) ((v << RRESP_TIME_SHIFT) | flags()));
        return this;
    }

    public int status() {
        return buf.get(STATUS_OFFSET) & 0xFF;
    }

    public RmppHeader status(int v) {
        buf.put(STATUS_OFFSET, (byte) v);
        return this;
    }

    public long segmentNumber() {
        return buf.getInt(SEGMENT_NUMBER_OFFSET) & 0xFFFF_FFFFL;
    }

    public RmppHeader segmentNumber(long v) {
        buf.putInt(SEGMENT_NUMBER_OFFSET, (int) v);
        return this;
    }

    public long payloadLength() {
        return buf.getInt(PAYLOAD_LENGTH_OFFSET) & 0xFFFF_FFFFL;
    }

    public RmppHeader payloadLength(long v) {
        buf.putInt(PAYLOAD_LENGTH_OFFSET, (int) v);
        return this;
    }

    public long newWindowLast() {
        return payloadLength();
    }

    public RmppHeader newWindowLast(long v) {
        return payloadLength(v);
    }

    /** A short name for an RMPP status code, e.g. {@code "T2L"}. */
    public static String statusName(int status) {
        return switch (status) {
            case STATUS_OK -> "OK";
            case STATUS_RESX -> "RESX";
            case STATUS_T2L -> "T2L";
            case STATUS_BAD_LEN -> "BAD_LEN";
            case STATUS_BAD_SEG -> "BAD_SEG";
            case STATUS_BADT -> "BADT";
            case STATUS_W2S -> "W2S";
            case STATUS_S2B -> "S2B";
            case STATUS_BAD_STATUS -> "BAD_STATUS";
            case STATUS_UNV -> "UNV";
            case STATUS_TMR -> "TMR";
            case STATUS_UNSPEC -> "UNSPEC";
            default -> "status " + status;
        };
    }
}
