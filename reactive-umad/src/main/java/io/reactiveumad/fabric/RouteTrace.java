package io.reactiveumad.fabric;

import java.util.List;

/**
 * The route unicast packets take from one LID to another, hop by hop through the switches' forwarding
 * tables, as ibtracert reports it.
 *
 * @param from     the source node as it answers at the source LID
 * @param fromPort the source port (0 for a switch)
 * @param hops     every hop to the destination, in order (none when source and destination are one port)
 * @param approach every hop of the walk from the local port to the source through the same tables, which the trace
 *                 makes to reach the source by directed route (ibtracert -v prints it first; none when the local port
 *                 is the source)
 */
public record RouteTrace(Endpoint from, int fromPort, List<TraceHop> hops, List<TraceHop> approach) {
    public RouteTrace {
        hops = List.copyOf(hops);
        approach = List.copyOf(approach);
    }

    /** The destination: the last hop's node, or the source itself. */
    public Endpoint to() {
        return hops.isEmpty() ? from : hops.get(hops.size() - 1).node();
    }

    /** The port of {@link #to()} the route ends at (0 for a switch: it is its own destination). */
    public int toPort() {
        if (hops.isEmpty()) {
            return fromPort;
        }
        return to().nodeInfo().isSwitch() ? 0 : hops.get(hops.size() - 1).ingressPort();
    }
}
