package io.reactiveumad;

/**
 * Counters of one agent since it was registered: {@link PortStats}' counters for the MADs of this agent
 * alone. A port's counters are the sum of its agents' (the closed ones' included), plus what reached the
 * port for no agent of its own. {@link MadPort#agents()} lists the agents whose counters can be read.
 *
 * @param received        MADs the transport delivered to this agent (each RMPP segment counts)
 * @param sent            MADs this agent wrote (resends and RMPP segments included)
 * @param droppedOverflow unsolicited MADs its {@link Overflow} policy dropped
 * @param lateResponses   responses whose TID matched none of its pending requests (cancelled, finished, unknown)
 * @param timeouts        its requests that failed with a timeout
 * @param unclaimed       unsolicited MADs with a method it does not serve
 * @param malformed       MADs for it that could not be parsed
 * @param retries         its requests sent again with the same TID by this library (see {@link PortStats#retries()})
 * @param rmppTransfers   its RMPP transfers done in user space that completed
 * @param inFlight        its requests sent and not yet ended, now
 */
public record AgentStats(long received, long sent, long droppedOverflow, long lateResponses, long timeouts,
                         long unclaimed, long malformed, long retries, long rmppTransfers, long inFlight) {
}
