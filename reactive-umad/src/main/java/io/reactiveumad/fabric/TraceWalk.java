package io.reactiveumad.fabric;

import io.reactiveumad.PortClosedException;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.attr.LinearForwardingTable;
import io.reactiveumad.mad.attr.PortInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * One trace's walk through the forwarding tables towards a LID, along directed routes from the local port
 * (ibtracert's find_route, without LID-routed starts): at a switch, the LFT entry of the LID names the next
 * hop; at a CA, the walk can only leave by the port it stands on, which is the way it came unless it
 * started there. It remembers how far it got, so that a trace that stops short says so
 * ({@link #incomplete}).
 *
 * <p>One walk serves one subscription to one trace. Its steps run one after another, each in a callback of the
 * step before it, so the fields below need no synchronisation: Reactive Streams' serial signals order them.
 */
final class TraceWalk {
    /** A directed route has at most 63 hops. */
    private static final int MAX_HOPS = 63;

    private final SmpClient smp;
    /** The last place the walk stood (null before the local port answered). */
    private Position last;
    /** Where the walk to the source ended (null while it goes on). */
    private Position atSource;
    /** The source of a unicast route being walked from {@link #atSource} (null before, and for a multicast search). */
    private Endpoint source;

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
     * (the one answering at {@code lid}) is reached, recording each hop; with
     * {@code byLid} also a port whose LID range holds {@code lid}, as ibtracert -f takes it for the same port.
     */
    Mono<Position> follow(Position at, int lid, long targetPortGuid, boolean byLid) {
        return follow(at, lid, targetPortGuid, byLid, true);
    }

    private Mono<Position> follow(Position at, int lid, long targetPortGuid, boolean byLid, boolean leaving) {
        last = at;
        return checkActive(at).then(Mono.defer(() -> {
            if (at.node().nodeInfo().portGuid() == targetPortGuid || byLid && holds(at.node(), lid)) {
                return Mono.just(at);
            }
            if (at.path().length >= MAX_HOPS) {
                return Mono.error(incomplete("no route to lid " + lid + " within " + MAX_HOPS + " hops", null));
            }
            return next(at, lid, leaving).flatMap(position -> follow(position, lid, targetPortGuid, byLid, false));
        }));
    }

    /**
     * ibtracert's check of every port a walk starts from or reaches, the destination included: a CA's or router's
     * port must be Active (packets neither enter nor leave by one the SM has not activated, however the directed
     * route got there), and so must a switch's port 0 where it is an enhanced one (a base port 0 has no state of its
     * own). SwitchInfo, which tells which, is read only for a switch whose port 0 says it is not Active.
     */
    private Mono<Void> checkActive(Position at) {
        Endpoint node = at.node();
        if (node.portInfo().isActive()) {
            return Mono.empty();
        }
        Mono<Void> notActive = Mono.error(() -> deadEnd(String.format("port %d of \"%s\" (lid %d) is %s, not Active",
                Routing.portNumber(node), node.description(), node.portInfo().lid(),
                PortInfo.stateName(node.portInfo().portState())), null));
        if (!node.nodeInfo().isSwitch()) {
            return notActive;
        }
        return smp.switchInfo(SmpRoute.directed(at.path())).onErrorMap(this::unreadableSwitch)
                .flatMap(info -> info.enhancedPort0() ? notActive : Mono.empty());
    }

    /**
     * A switch whose SwitchInfo or forwarding table could not be read is where ibtracert's route ends too, without the
     * hop into it ({@link #deadEnd}); the failure is the cause.
     */
    private Throwable unreadableSwitch(Throwable failure) {
        return asTraceFailure(failure, true);
    }

    /** Whether {@code lid} is one of the LIDs of the port {@code node} was reached at (its base LID and LMC). */
    private static boolean holds(Endpoint node, int lid) {
        int base = node.portInfo().lid();
        return base != 0 && lid >= base && lid < base + (1 << node.portInfo().lmc());
    }

    /** One step; {@code leaving} says {@code at} is where this walk started, the only CA it may leave. */
    private Mono<Position> next(Position at, int lid, boolean leaving) {
        Endpoint node = at.node();
        if (node.nodeInfo().isSwitch()) {
            int[] here = at.path();
            return smp.linearForwardingTable(SmpRoute.directed(here), LinearForwardingTable.blockOf(lid))
                    .onErrorMap(this::unreadableSwitch)
                    .flatMap(block -> {
                        int egress = block.port(lid % LinearForwardingTable.ENTRIES);
                        if (egress == 0 || egress > node.nodeInfo().numPorts()) {
                            return Mono.error(deadEnd(String.format(
                                    "bad forwarding table entry at \"%s\": lid %d is routed to port %d",
                                    node.description(), lid, egress), null));
                        }
                        int[] there = Arrays.copyOf(here, here.length + 1);
                        there[here.length] = egress;
                        return Routing.endpoint(smp, SmpRoute.directed(there)).map(reached -> step(at, there,
                                egress, reached, reached.nodeInfo().localPortNum()));
                    });
        }
        int[] here = at.path();
        if (!leaving) {
            return Mono.error(incomplete(String.format("reached CA port 0x%016x (\"%s\", lid %d) on the way to lid %d",
                    node.nodeInfo().portGuid(), node.description(), node.portInfo().lid(), lid), null));
        }
        if (here.length > 0) {
            // A CA reached by directed route: go back one hop, to the switch it hangs off.
            int[] back = Arrays.copyOf(here, here.length - 1);
            int switchPort = here[here.length - 1];
            return Routing.endpoint(smp, SmpRoute.directed(back)).map(reached -> step(at, back, at.port(), reached,
                    switchPort));
        }
        int[] out = {at.port()};
        return Routing.endpoint(smp, SmpRoute.directed(out)).map(reached -> step(at, out, at.port(), reached,
                reached.nodeInfo().localPortNum()));
    }

    /**
     * The walk to the source ended at {@code at}; what follows starts there: the unicast route from {@code source}
     * (null for a multicast search, which keeps its own hops). Returns where that starts: {@code at}, no hops yet.
     */
    Position arrived(Position at, Endpoint source) {
        this.atSource = at;
        this.source = source;
        this.last = at.withoutHops();
        return last;
    }

    /**
     * The failure of the trace this walk serves, with how far it got: {@code message} says why, {@code cause} (null
     * for a dead end the tables led to) what failed.
     */
    IncompleteTraceException incomplete(String message, Throwable cause) {
        return incomplete(message, cause, last == null ? List.of() : last.hops());
    }

    /**
     * The failure at a node the walk cannot go on from: a switch whose table leads nowhere for the LID (or cannot be
     * read), or a port that is not Active. As ibtracert counts a hop only once the node it enters has passed both
     * checks, the hop into this one is left out: the message names it.
     */
    private IncompleteTraceException deadEnd(String message, Throwable cause) {
        List<TraceHop> hops = last.hops();
        return incomplete(message, cause, hops.isEmpty() ? hops : hops.subList(0, hops.size() - 1));
    }

    private IncompleteTraceException incomplete(String message, Throwable cause, List<TraceHop> hops) {
        List<TraceHop> approach = atSource != null ? atSource.hops() : hops;
        RouteTrace route = source == null ? null : new RouteTrace(source, Routing.portNumber(source), hops, approach);
        return new IncompleteTraceException(message, cause, approach, route);
    }

    /**
     * {@code failure} as the trace's failure: already one, or a closed port (which ends more than this trace), as it
     * is; anything else (a node that did not answer) as its cause.
     */
    Throwable incomplete(Throwable failure) {
        return asTraceFailure(failure, false);
    }

    private Throwable asTraceFailure(Throwable failure, boolean deadEnd) {
        if (failure instanceof IncompleteTraceException || PortClosedException.endsThePort(failure)) {
            return failure;
        }
        String message = failure.getMessage() != null ? failure.getMessage() : failure.toString();
        return deadEnd ? deadEnd(message, failure) : incomplete(message, failure);
    }

    private static Position step(Position at, int[] path, int egress, Endpoint reached, int ingress) {
        List<TraceHop> hops = new ArrayList<>(at.hops());
        hops.add(new TraceHop(egress, reached, ingress));
        return new Position(path, reached, ingress, hops);
    }
}
