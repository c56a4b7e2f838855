package io.reactiveumad.operators;

import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.RmppHeader;

import java.util.Arrays;

/**
 * The RMPP segment layout shared by sender and receiver: where a class's data starts, how a message
 * splits into 256-byte segments, how PayloadLength encodes the padding, and how ACK/STOP/ABORT MADs
 * are formed. Follows the Linux kernel (mad.c, mad_rmpp.c) so both interoperate.
 */
final class RmppWire {
    static final int SEGMENT_SIZE = MadHeader.MAD_SIZE;

    private RmppWire() {
    }

    /** Where the data starts in each segment: the class header is repeated in every segment. */
    static int dataOffset(int mgmtClass) {
        return MgmtClass.dataOffset(mgmtClass);
    }

    /** Whether the kernel runs RMPP for the class (SA, DevMgt, DevAdm, BIS, vendor range 2). */
    static boolean carriesRmpp(int mgmtClass) {
        return MgmtClass.isRmppClass(mgmtClass);
    }

    /**
     * Whether an Active MAD of an RMPP version other than ours is a whole message rather than a transfer
     * to refuse: one without any RMPP type (a sender built for a kernel SAR that is not there sets only
     * Active and leaves version, type, segment and PayloadLength to it: OpenSM under umad2sim), or a
     * single DATA segment, First and Last. Neither waits for an ACK we could give in its version.
     */
    static boolean isWholeWithoutTransfer(RmppHeader rmpp) {
        return rmpp.version() != RmppHeader.VERSION && (rmpp.type() == 0
                || (rmpp.type() == RmppHeader.TYPE_DATA && rmpp.isFirst() && rmpp.isLast()));
    }

    static int dataPerSegment(int mgmtClass) {
        return SEGMENT_SIZE - dataOffset(mgmtClass);
    }

    static int mgmtClass(byte[] mad) {
        return mad[MadHeader.MGMT_CLASS_OFFSET] & 0xFF;
    }

    static int methodByte(byte[] mad) {
        return mad[MadHeader.METHOD_OFFSET] & 0xFF;
    }

    /** The TID as a long, read without a flyweight (segments are hot). */
    static long tid(byte[] mad) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (mad[MadHeader.TID_OFFSET + i] & 0xFF);
        }
        return v;
    }

    /** Segments for {@code dataLength} data bytes: at least one, even for no data (as the kernel does). */
    static long segmentCount(long dataLength, int perSegment) {
        return Math.max(1, (dataLength + perSegment - 1) / perSegment);
    }

    /**
     * Unused bytes at the end of the last segment; a whole segment for an empty message, like the
     * kernel's {@code get_pad_size}.
     */
    static int pad(long dataLength, int perSegment) {
        int rest = (int) (dataLength % perSegment);
        return dataLength == 0 ? perSegment : rest == 0 ? 0 : perSegment - rest;
    }

    /** PayloadLength of the first segment: every segment's {@link RmppHeader#SEGMENT_PAYLOAD} less the pad. */
    static long firstPayloadLength(long count, int pad) {
        return count * RmppHeader.SEGMENT_PAYLOAD - pad;
    }

    /** PayloadLength of the last segment: its own share. */
    static long lastPayloadLength(int pad) {
        return RmppHeader.SEGMENT_PAYLOAD - pad;
    }

    /** The pad a last segment's PayloadLength announces, or -1 when no valid pad gives it. */
    static int padOfLast(long lastPayloadLength, int perSegment) {
        long pad = RmppHeader.SEGMENT_PAYLOAD - lastPayloadLength;
        return pad < 0 || pad > perSegment ? -1 : (int) pad;
    }

    /**
     * An ACK, STOP or ABORT answering {@code template}: its first {@link #dataOffset} bytes (common and
     * class header) with {@code methodByte}, RMPP Active (RRespTime kept), and the given fields; the rest zero.
     */
    static byte[] control(byte[] template, int methodByte, int type, int status, long segment, long newWindowLast) {
        int headerLength = Math.min(dataOffset(mgmtClass(template)), template.length);
        byte[] out = Arrays.copyOf(Arrays.copyOf(template, headerLength), SEGMENT_SIZE);
        out[MadHeader.METHOD_OFFSET] = (byte) methodByte;
        new RmppHeader().wrap(out)
                .version(RmppHeader.VERSION)
                .type(type)
                .flags(RmppHeader.FLAG_ACTIVE)
                .status(status)
                .segmentNumber(segment)
                .newWindowLast(newWindowLast);
        return out;
    }

    /** Fails unless {@code mad} is long enough to hold a whole RMPP header and has base version 1. */
    static void checkSegmentHeader(byte[] mad, String what) {
        MalformedMadException.checkBounds(what, 0, RmppHeader.END_OFFSET, mad.length);
        new MadHeader().wrap(mad).checkBaseVersion();
    }
}
