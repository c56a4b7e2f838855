package io.reactiveumad.spi.channel;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import java.nio.ByteBuffer;

/**
 * One MAD crossing a {@link MadChannel}, in either direction, with what the kernel's
 * {@code ib_user_mad_hdr} says about it.
 *
 * @param agentId   the registered agent that sends it or receives it
 * @param status    0, or an errno for a completion record ({@code ETIMEDOUT} = 110: the MAD is the
 *                  24-byte common header of the request that timed out)
 * @param timeoutMs for a request the transport itself retries (kernel); 0 otherwise. The kernel drops
 *                  responses to a request sent with 0, so the core always sets it on kernel requests.
 * @param retries   transport-level resends before a timeout record
 * @param address   the remote end: destination when sending, source when received
 * @param mad       the MAD bytes: normally 256; a whole reassembled message for kernel RMPP; 24 for a
 *                  timeout record. Shared and immutable: neither side ever writes the array (a request's
 *                  array is the user's {@code Mad}), so a channel that must change bytes copies them first.
 * @param tid       the TID on the wire, in place of bytes 8..15 of {@code mad}: a channel sending the frame
 *                  writes it into its own copy of the bytes (so a request goes out under its own TID without
 *                  a copy per request); the channel may still rewrite bits 63..32 of a request's TID
 */
public record MadFrame(int agentId, int status, int timeoutMs, int retries, MadAddress address, byte[] mad, long tid) {
    public static final int ETIMEDOUT = 110;

    /** A frame whose TID is the one its bytes carry (0 when they are too short to carry one). */
    public MadFrame(int agentId, int status, int timeoutMs, int retries, MadAddress address, byte[] mad) {
        this(agentId, status, timeoutMs, retries, address, mad, tidIn(mad));
    }

    public boolean isTimeoutRecord() {
        return status == ETIMEDOUT;
    }

    /** A frame to send with no transport-level retry, under the TID its bytes carry. */
    public static MadFrame send(int agentId, MadAddress address, byte[] mad) {
        return new MadFrame(agentId, 0, 0, 0, address, mad);
    }

    private static long tidIn(byte[] mad) {
        return mad == null || mad.length < MadHeader.TID_OFFSET + Long.BYTES ? 0
                : ByteBuffer.wrap(mad).getLong(MadHeader.TID_OFFSET);
    }
}
