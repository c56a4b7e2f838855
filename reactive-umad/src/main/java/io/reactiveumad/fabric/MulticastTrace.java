package io.reactiveumad.fabric;

import java.util.List;

/**
 * The route multicast packets to an MLID take from one port to another, through the switches' multicast
 * forwarding tables, as ibtracert -m finds it: a breadth-first search from the source along the ports each
 * table forwards the MLID to, which ends at the destination.
 *
 * @param mlid     the multicast LID traced
 * @param from     the source node as it answers at the end of the directed route to it
 * @param fromPort the port of the source that route enters by (the CA's own port)
 * @param hops     every hop to the destination, in order; the last one reaches it
 * @param loops    the switches the search reached a second time, in the order it did (a loop in the tables)
 * @param approach every hop of the walk from the local port to the source through the linear forwarding tables,
 *                 which the trace makes to reach the source by directed route (ibtracert -v prints it first; none
 *                 when the local port is the source)
 */
public record MulticastTrace(int mlid, Endpoint from, int fromPort, List<TraceHop> hops, List<Endpoint> loops,
                             List<TraceHop> approach) {
    public MulticastTrace {
        hops = List.copyOf(hops);
        loops = List.copyOf(loops);
        approach = List.copyOf(approach);
        if (hops.isEmpty()) {
            throw new IllegalArgumentException("a multicast trace has at least one hop");
        }
    }

    /** The destination: the last hop's node. */
    public Endpoint to() {
        return hops.get(hops.size() - 1).node();
    }

    /** The port of the destination the route enters by. */
    public int toPort() {
        return hops.get(hops.size() - 1).ingressPort();
    }
}
