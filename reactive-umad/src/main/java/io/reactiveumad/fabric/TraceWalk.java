package io.reactiveumad.fabric;

import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.attr.LinearForwardingTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * One trace's walk through the forwarding tables towards a LID, along directed routes from the local port
 * (ibtracert's find_route, without LID-routed starts): at a switch, the LFT entry of the LID names the next
 * hop; at a CA, the walk can only leave by the port it stands on, which is the way it came unless it
 * started there.
 */
final class TraceWalk {
    /** A directed route has at most 63 hops. */
    private static final int MAX_HOPS = 63;

    private final SmpClient smp;

    /** Where the walk stands: the directed route there, the node and port reached, the hops recorded. */
    record Position(int[] path, Endpoint node, int port, List<TraceHop> hops) {
        /** The same place, no hops recorded yet: where a walk's next leg starts. */
        Position withoutHops() {
            return new Position(path, node, port, List.of());
        }
    }

    TraceWalk(SmpClient smp) {
        this.smp = smp;
    }

    /** The local port: the empty directed route. */
    Mono<Position> start() {
        return Routing.endpoint(smp, SmpRoute.directed())
                .map(local -> new Position(new int[0], local, Routing.portNumber(local), List.of()));
    }

    /** A port GUID no port has: the target of a walk whose destination did not answer (ibtracert -f). */
    static final long UNKNOWN_PORT = 0;

    /**
     * Walks from {@code at} along the routes to {@code lid} until the port with GUID {@code targetPortGuid}
     * (the one answering at {@code lid}) is reached, recording hops when {@code record} is set; with
     * {@code byLid} also a port whose LID range holds {@code lid}, as ibtracert -f takes it for the same port.
     */
    Mono<Position> follow(Position at, int lid, long targetPortGuid, boolean record, boolean byLid) {
        return follow(at, lid, targetPortGuid, record, byLid, true);
    }

    private Mono<Position> follow(Position at, int lid, long targetPortGuid, boolean record, boolean byLid,
                                  boolean leaving) {
        if (at.node().nodeInfo().portGuid() == targetPortGuid || byLid && holds(at.node(), lid)) {
            return Mono.just(at);
        }
        if (at.path().length >= MAX_HOPS) {
            return Mono.error(new IllegalStateException("no route to lid " + lid + " within " + MAX_HOPS + " hops"));
        }
        return next(at, lid, record, leaving)
                .flatMap(position -> follow(position, lid, targetPortGuid, record, byLid, false));
    }

    /** Whether {@code lid} is one of the LIDs of the port {@code node} was reached at (its base LID and LMC). */
    private static boolean holds(Endpoint node, int lid) {
        int base = node.portInfo().lid();
        return base != 0 && lid >= base && lid < base + (1 << node.portInfo().lmc());
    }

    /** One step; {@code leaving} says {@code at} is where this walk started, the only CA it may leave. */
    private Mono<Position> next(Position at, int lid, boolean record, boolean leaving) {
        Endpoint node = at.node();
        if (node.nodeInfo().isSwitch()) {
            int[] here = at.path();
            return smp.linearForwardingTable(SmpRoute.directed(here), LinearForwardingTable.blockOf(lid))
                    .flatMap(block -> {
                        int egress = block.port(lid % LinearForwardingTable.ENTRIES);
                        if (egress == 0 || egress > node.nodeInfo().numPorts()) {
                            return Mono.error(new IllegalStateException(String.format(
                                    "bad forwarding table entry at \"%s\": lid %d is routed to port %d",
                                    node.description(), lid, egress)));
                        }
                        int[] there = Arrays.copyOf(here, here.length + 1);
                        there[here.length] = egress;
                        return Routing.endpoint(smp, SmpRoute.directed(there)).map(reached -> step(at, there,
                                egress, reached, reached.nodeInfo().localPortNum(), record));
                    });
        }
        int[] here = at.path();
        if (!leaving) {
            return Mono.error(new IllegalStateException(String.format("reached CA port 0x%016x (\"%s\", lid %d) on "
                    + "the way to lid %d", node.nodeInfo().portGuid(), node.description(), node.portInfo().lid(), lid)));
        }
        if (here.length > 0) {
            // A CA reached by directed route: go back one hop, to the switch it hangs off.
            int[] back = Arrays.copyOf(here, here.length - 1);
            int switchPort = here[here.length - 1];
            return Routing.endpoint(smp, SmpRoute.directed(back)).map(reached -> step(at, back, at.port(), reached,
                    switchPort, record));
        }
        int[] out = {at.port()};
        return Routing.endpoint(smp, SmpRoute.directed(out)).map(reached -> step(at, out, at.port(), reached,
                reached.nodeInfo().localPortNum(), record));
    }

    private static Position step(Position at, int[] path, int egress, Endpoint reached, int ingress, boolean record) {
        List<TraceHop> hops = at.hops();
        if (record) {
            hops = new ArrayList<>(hops);
            hops.add(new TraceHop(egress, reached, ingress));
        }
        return new Position(path, reached, ingress, hops);
    }
}
