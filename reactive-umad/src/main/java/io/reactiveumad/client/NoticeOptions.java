package io.reactiveumad.client;

import java.time.Duration;

/**
 * How {@link Notices} watches its subscriptions.
 *
 * @param pollInterval how often, while anything is subscribed, the port attributes are re-read (SM LID
 *                     change) and the SA is audited
 * @param audit        whether each poll also asks the SA (InformInfoRecord) whether it still holds our
 *                     subscriptions, which catches an SM restart that kept its LID
 * @param bufferSize   notices buffered per subscriber without demand; beyond it the oldest are dropped
 */
public record NoticeOptions(Duration pollInterval, boolean audit, int bufferSize) {
    public static final NoticeOptions DEFAULT = new NoticeOptions(Duration.ofSeconds(5), true, 1024);

    public NoticeOptions {
        if (pollInterval == null || pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("pollInterval must be positive: " + pollInterval);
        }
        if (bufferSize < 1) {
            throw new IllegalArgumentException("bufferSize must be positive: " + bufferSize);
        }
    }

    public NoticeOptions withPollInterval(Duration interval) {
        return new NoticeOptions(interval, audit, bufferSize);
    }

    public NoticeOptions withAudit(boolean enabled) {
        return new NoticeOptions(pollInterval, enabled, bufferSize);
    }
}
