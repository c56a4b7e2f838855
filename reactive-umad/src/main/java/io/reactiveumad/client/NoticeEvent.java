package io.reactiveumad.client;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.attr.Notice;
import java.util.List;

/**
 * What a {@link Notices#watch} subscriber sees: that its subscriptions are in place, the notices the SA
 * reported, and — in the same stream, as an event rather than an error — each automatic renewal of a
 * subscription. {@link Notices#events} leaves out the opening {@link Subscribed}; {@link Notices#notices}
 * keeps only the notices.
 *
 * <p>Design note: a renewal is an event type rather than a side channel so that a subscriber sees it in
 * order with the notices around it: notices before a {@link Resubscribed} came from the old
 * registration, notices after may have been missed while the SA did not know us (e.g. re-read state).
 */
public sealed interface NoticeEvent permits NoticeEvent.Subscribed, NoticeEvent.Received, NoticeEvent.Resubscribed {

    /** Why a subscription was renewed. */
    enum Reason {
        /** The port's SM LID changed: a new SA, which knows no subscriptions. */
        SM_LID_CHANGED,
        /** The caller said the SM asked for client re-registration (PortInfo:ClientReregister). */
        CLIENT_REREGISTER,
        /** The SA no longer lists the subscription (an SM restart with the same LID). */
        SUBSCRIPTION_LOST,
        /** The SA answered an audit with an error status. */
        SA_ERROR
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
}
