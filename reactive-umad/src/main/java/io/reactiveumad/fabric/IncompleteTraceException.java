package io.reactiveumad.fabric;

import io.reactiveumad.mad.UmadException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A trace that stopped short of its destination: the message says why (a forwarding table with no valid entry, a CA
 * in the way, a node that did not answer: then the cause is that failure), and the exception keeps how far the trace
 * got, which is what ibtracert prints before its error: the walk from the local port towards the source, and, once the
 * walk from the source had begun, the route as far as it went.
 */
public final class IncompleteTraceException extends UmadException {
    private static final long serialVersionUID = 1L;

    /** Records are not serializable: a deserialized exception keeps its message and cause, not the hops. */
    private final transient List<TraceHop> approach;
    private final transient RouteTrace route;

    IncompleteTraceException(String message, Throwable cause, List<TraceHop> approach, RouteTrace route) {
        super(message, cause);
        this.approach = List.copyOf(Objects.requireNonNull(approach, "approach"));
        this.route = route;
    }

    /** The hops of the walk from the local port towards the source that were made (all of them once it got there). */
    public List<TraceHop> approach() {
        return approach == null ? List.of() : approach;
    }

    /**
     * The unicast route from the source as far as it went, its last hop the last node reached; empty when the trace
     * stopped before the walk from the source began, and for a multicast trace.
     */
    public Optional<RouteTrace> route() {
        return Optional.ofNullable(route);
    }
}
