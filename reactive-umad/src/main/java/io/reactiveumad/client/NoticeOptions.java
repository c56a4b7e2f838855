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
 * @param bufferSize   notices buffered per subscriber without demand; beyond it the oldest are dropped
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
