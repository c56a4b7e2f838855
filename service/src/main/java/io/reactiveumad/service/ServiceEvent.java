package io.reactiveumad.service;

/**
 * One Server-Sent Event: {@code id:} (the hub's sequence number; {@link #NO_ID} for events that are about
 * the stream itself, such as {@code lost}, and so must not move a client's Last-Event-ID), {@code event:}
 * and {@code data:} (JSON of {@code data}).
 */
public record ServiceEvent(long id, String kind, Object data) {
    /** The id of an event sent without an {@code id:} line. */
    public static final long NO_ID = -1;

    /** A {@link #kind} of every event the service sends. */
    public static final String SNAPSHOT = "snapshot", TOPOLOGY = "topology", NOTICE = "notice", LINK = "link",
            COUNTERS = "counters", SM = "sm", RESUBSCRIBED = "resubscribed", SUBSCRIPTION_FAILED = "subscription-failed",
            NOTICES_LOST = "notices-lost", LOST = "lost";
}
