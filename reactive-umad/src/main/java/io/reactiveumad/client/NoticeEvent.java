package io.reactiveumad.client;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.attr.Notice;
import java.time.Duration;
import java.util.List;

/**
 * What a {@link Notices#watch} subscriber sees: that its subscriptions are in place, the notices the SA
 * reported, and — in the same stream, as events rather than errors — each automatic renewal of a
 * subscription, each failed renewal, and the notices this subscriber lost by falling behind.
 * {@link Notices#events} leaves out the opening {@link Subscribed}; {@link Notices#notices} keeps only
 * the notices.
 *
 * <p>Design note: these are event types rather than a side channel so that a subscriber sees them in
 * order with the notices around them: notices before a {@link Resubscribed} came from the old
 * registration, notices in between a {@link SubscriptionFailed} and the next {@link Resubscribed} of its
 * selector may have been missed while the SA did not know us (re-read state after it).
 */
public sealed interface NoticeEvent permits NoticeEvent.Subscribed, NoticeEvent.Received, NoticeEvent.Resubscribed,
        NoticeEvent.SubscriptionFailed, NoticeEvent.NoticesLost {

    /** Why a subscription was renewed. */
    enum Reason {
        /** The port's SM LID changed: a new SA, which knows no subscriptions. */
        SM_LID_CHANGED,
        /** The caller said the SM asked for client re-registration (PortInfo:ClientReregister). */
        CLIENT_REREGISTER,
        /** The SA no longer lists the subscription (an SM restart with the same LID). */
        SUBSCRIPTION_LOST,
        /** The SA answered an audit with an error status. */
        SA_ERROR,
        /**
         * The SA did not answer an audit at all (its SM died, or is restarting): nothing says whether it still holds
         * the subscription, and a new SM will not, so it is renewed, and until an SA answers each try is a
         * {@link SubscriptionFailed}.
         */
        SA_SILENT
    }

    /**
     * The first event of every {@link Notices#watch} stream (not in {@link Notices#events}): the SA now
     * holds a subscription for each of the subscriber's {@code selectors} (registered for it, or shared
     * with earlier subscribers), so notices from here on reach it.
     */
    record Subscribed(List<TrapSelector> selectors) implements NoticeEvent {
        public Subscribed {
            selectors = List.copyOf(selectors);
        }
    }

    /**
     * One SubnAdmReport(Notice), delivered once even if the SA resent it.
     *
     * @param notice the notice
     * @param from   where the Report came from (the SA)
     * @param tid    the Report's transaction ID (answered with a ReportResp carrying it)
     */
    record Received(Notice notice, MadAddress from, long tid) implements NoticeEvent {
    }

    /**
     * The subscription for {@code selector} was registered again at the SA at {@code smLid}.
     */
    record Resubscribed(TrapSelector selector, Reason reason, int smLid) implements NoticeEvent {
    }

    /**
     * Renewing the subscription for {@code selector} (after {@code reason}) failed with {@code cause}
     * (e.g. {@code MadTimeoutException} while the SA is away, {@code MadStatusException} when it refuses):
     * until a later {@link Resubscribed} for it, the SA may not send its notices. It is retried in
     * {@code retryIn}, longer after each failure in a row.
     */
    record SubscriptionFailed(TrapSelector selector, Reason reason, Throwable cause, Duration retryIn)
            implements NoticeEvent {
    }

    /**
     * This subscriber fell behind by more than {@link NoticeOptions#bufferSize()} events and the
     * {@code count} oldest were dropped; told just before the next event it gets. Other subscribers are
     * not affected, and the SA was answered for each dropped notice.
     */
    record NoticesLost(long count) implements NoticeEvent {
    }
}
