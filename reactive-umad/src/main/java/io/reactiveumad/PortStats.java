package io.reactiveumad;

/**
 * Counters of one port since it was opened.
 *
 * @param received           MADs read from the transport
 * @param sent               MADs written (resends included)
 * @param droppedOverflow    unsolicited MADs dropped by an agent's {@link Overflow} policy
 * @param lateResponses      responses whose TID matched no pending request (cancelled, finished, unknown)
 * @param timeouts           requests that failed with a timeout
 * @param unclaimed          MADs for no agent of ours, or unsolicited for an agent that serves no methods
 * @param malformed          MADs that could not be parsed (short, bad base version); a pending request
 *                           they answer fails with {@code MalformedMadException}
 * @param retries            requests sent again with the same TID by this library (after a timeout or a
 *                           busy answer); the kernel's own resends, where it does them, are not seen here
 * @param rmppTransfers      RMPP transfers segmented or reassembled in user space that completed (kernel RMPP
 *                           is the kernel's)
 * @param inFlight           requests sent and not yet ended, now
 */
public record PortStats(long received, long sent, long droppedOverflow, long lateResponses, long timeouts,
                        long unclaimed, long malformed, long retries, long rmppTransfers, long inFlight) {
}
