package io.reactiveumad.spi.channel;

import io.reactiveumad.mad.MadAddress;

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
 *                  timeout record. Owned by the frame once handed over: neither side mutates it after.
 */
public record MadFrame(int agentId, int status, int timeoutMs, int retries, MadAddress address, byte[] mad) {
    public static final int ETIMEDOUT = 110;

    public boolean isTimeoutRecord() {
        return status == ETIMEDOUT;
    }

    /** A frame to send with no transport-level retry. */
    public static MadFrame send(int agentId, MadAddress address, byte[] mad) {
        return new MadFrame(agentId, 0, 0, 0, address, mad);
    }
}
