package io.reactiveumad;

/**
 * Counters of one port since it was opened.
 *
 * @param received           MADs read from the transport
 * @param sent               MADs written (resends included)
 * @param droppedOverflow    unsolicited MADs dropped by an agent's {@link Overflow} policy
 * @param lateResponses      responses whose TID matched no pending request (cancelled, finished, unknown)
 * @param timeouts           requests that failed with a timeout
 * @param unclaimed          unsolicited MADs no agent of ours registered for
 */
public record PortStats(long received, long sent, long droppedOverflow, long lateResponses, long timeouts,
                        long unclaimed) {
}
