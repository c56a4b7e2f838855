package io.reactiveumad.client;

import io.reactiveumad.RmppMode;
import java.time.Duration;

/**
 * How {@link Notices} watches its subscriptions.
 *
 * @param pollInterval how often, while anything is subscribed, the port attributes are re-read (SM LID
 *                     change) and the SA is audited
 * @param audit        whether each poll also asks the SA (InformInfoRecord) whether it still holds our
 *                     subscriptions, which catches an SM restart that kept its LID
 * @param bufferSize   events buffered per subscriber without demand; beyond it the oldest are dropped
 *                     and the subscriber gets {@link NoticeEvent.NoticesLost}
 * @param rmpp         how the SA agent reads the audit's GetTable answers: {@link RmppMode#USER} (the
 *                     default) works on every transport, OpenSM under umad2sim included
 */
public record NoticeOptions(Duration pollInterval, boolean audit, int bufferSize, RmppMode rmpp) {
    private static final NoticeOptions DEFAULTS = new NoticeOptions(Duration.ofSeconds(5), true, 1024, RmppMode.USER);

    public NoticeOptions {
        if (pollInterval == null || pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("pollInterval must be positive: " + pollInterval);
        }
        if (bufferSize < 1) {
            throw new IllegalArgumentException("bufferSize must be positive: " + bufferSize);
        }
        if (rmpp == null) {
            throw new IllegalArgumentException("rmpp must be given");
        }
    }

    /** The longest wait between retries of a failed renewal, unless the poll interval is longer. */
    static final Duration MAX_RENEWAL_RETRY_DELAY = Duration.ofMinutes(1);

    /**
     * How long to wait before retrying a renewal that failed {@code failures} times in a row: the poll
     * interval, doubled per further failure, at most {@link #MAX_RENEWAL_RETRY_DELAY} (or the poll
     * interval if longer).
     */
    public Duration renewalRetryDelay(int failures) {
        Duration cap = pollInterval.compareTo(MAX_RENEWAL_RETRY_DELAY) > 0 ? pollInterval : MAX_RENEWAL_RETRY_DELAY;
        Duration delay = pollInterval;
        for (int i = 1; i < failures && delay.compareTo(cap) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(cap) > 0 ? cap : delay;
    }

    public NoticeOptions withPollInterval(Duration interval) {
        return new NoticeOptions(interval, audit, bufferSize, rmpp);
    }

    public NoticeOptions withAudit(boolean enabled) {
        return new NoticeOptions(pollInterval, enabled, bufferSize, rmpp);
    }

    public NoticeOptions withRmpp(RmppMode mode) {
        return new NoticeOptions(pollInterval, audit, bufferSize, mode);
    }

    /** Poll and audit every 5 s, 1024 notices buffered per subscriber, user-space RMPP (works on every transport). */
    public static NoticeOptions defaults() {
        return DEFAULTS;
    }
}
