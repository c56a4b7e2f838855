package io.reactiveumad.fabric;

import io.reactiveumad.PortClosedException;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.attr.PortInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * One multicast trace's search (ibtracert's find_mcpath), over directed routes from the local port: breadth
 * first from the source, level by level, each level's nodes latest found first; at a switch, along every port
 * its multicast forwarding table sends the MLID to, except the one it was reached by; from a CA source, out of
 * its own port. The first port found that is the destination's ends the search. A switch reached again is a
 * loop in the tables: it is noted and not searched twice. One SMP at a time, in the tool's order, so the
 * result (which of several equal paths, which loops) is the tool's.
 *
 * <p>Confined to the subscriber of {@link #run}: each step is chained after the one before.
 */
final class MulticastSearch {
    /** A directed route has at most 63 hops. */
    private static final int MAX_HOPS = 63;

    private final SmpClient smp;
    private final int mlid;
    private final long targetPortGuid;
    private final List<List<Found>> levels = new ArrayList<>();
    private final Set<Long> known = new HashSet<>();
    private final List<Endpoint> loops = new ArrayList<>();
    /** The last port of the route to a CA source other than the local one: its switch's port to it. */
    private int leafPort;

    /** A node the search reached: how, and from which node. {@code upPort} is where it entered (fixed up once). */
    private static final class Found {
        final Endpoint node;
        final int[] path;
        final Found up;
        final int egressPort;
        int upPort;

        Found(Endpoint node, int[] path, Found up, int egressPort, int upPort) {
            this.node = node;
            this.path = path;
            this.up = up;
            this.egressPort = egressPort;
            this.upPort = upPort;
        }
    }

    MulticastSearch(SmpClient smp, int mlid, long targetPortGuid) {
        this.smp = smp;
        this.mlid = mlid;
        this.targetPortGuid = targetPortGuid;
    }

    /**
     * Searches from {@code source} (a node at the end of directed route {@code path}, reached by the hops of
     * {@code approach}); empty when not found.
     */
    Mono<MulticastTrace> run(int[] path, Endpoint source, List<TraceHop> approach) {
        if (source.nodeInfo().portGuid() == targetPortGuid) {
            return Mono.error(new IllegalArgumentException("the source and the destination are the same port"));
        }
        Found root = new Found(source, path, null, 0, 0);
        known.add(source.nodeInfo().nodeGuid());
        levelAt(0).add(root);
        return Flux.range(0, MAX_HOPS)
                .concatMap(dist -> Flux.defer(() -> Flux.fromIterable(latestFirst(levelAt(dist))))
                        .concatMap(node -> search(node, dist)))
                .next()
                .map(target -> trace(root, target, approach));
    }

    private List<Found> levelAt(int dist) {
        while (levels.size() <= dist) {
            levels.add(new ArrayList<>());
        }
        return levels.get(dist);
    }

    private static List<Found> latestFirst(List<Found> level) {
        List<Found> order = new ArrayList<>(level);
        java.util.Collections.reverse(order);
        return order;
    }

    /** The destination when reached from {@code node}, else empty (the nodes found go to the next level). */
    private Mono<Found> search(Found node, int dist) {
        if (!node.node.nodeInfo().isSwitch()) {
            if (dist > 0) {
                return Mono.empty();
            }
            int port = node.node.nodeInfo().localPortNum();
            leafPort = node.path.length > 0 ? node.path[node.path.length - 1] : 0;
            BitSet ports = new BitSet();
            ports.set(port);
            return along(node, ports, dist);
        }
        if (dist == 1 && leafPort != 0) {
            node.upPort = leafPort;
        }
        return forwardedPorts(node).flatMap(ports -> along(node, ports, dist));
    }

    /**
     * The ports the switch's table forwards the MLID to: the blocks of each 16-port position its ports need. A
     * switch whose table cannot say (an MLID beyond its capacity, an SMP that failed) is skipped, as the tool does.
     */
    private Mono<BitSet> forwardedPorts(Found node) {
        SmpRoute route = SmpRoute.directed(node.path);
        int index = mlid - MulticastForwardingTable.FIRST_MLID;
        int positions = (node.node.nodeInfo().numPorts() + MulticastForwardingTable.PORTS_PER_POSITION - 1)
                / MulticastForwardingTable.PORTS_PER_POSITION;
        return smp.switchInfo(route)
                .filter(info -> index < info.multicastFdbCap())
                .flatMap(info -> Flux.range(0, positions)
                        .concatMap(position -> smp.multicastForwardingTable(route, position,
                                index / MulticastForwardingTable.ENTRIES))
                        .collectList())
                .map(blocks -> {
                    BitSet ports = new BitSet();
                    for (int position = 0; position < blocks.size(); position++) {
                        int mask = blocks.get(position).portMask(index % MulticastForwardingTable.ENTRIES);
                        for (int bit = 0; bit < MulticastForwardingTable.PORTS_PER_POSITION; bit++) {
                            if ((mask & 1 << bit) != 0) {
                                ports.set(position * MulticastForwardingTable.PORTS_PER_POSITION + bit);
                            }
                        }
                    }
                    return ports;
                })
                // A table that cannot be read is a dead end of the search; a closed port ends the search.
                .onErrorResume(e -> !PortClosedException.endsThePort(e), e -> Mono.empty());
    }

    /** Every port of {@code ports} (but port 0 and the way in), in order, until one reaches the destination. */
    private Mono<Found> along(Found node, BitSet ports, int dist) {
        List<Integer> out = new ArrayList<>();
        for (int port = ports.nextSetBit(1); port >= 0 && port <= node.node.nodeInfo().numPorts();
             port = ports.nextSetBit(port + 1)) {
            if (port != node.upPort) {
                out.add(port);
            }
        }
        return Flux.fromIterable(out).concatMap(port -> step(node, port, dist)).next();
    }

    private Mono<Found> step(Found node, int port, int dist) {
        if (dist == 0 && leafPort != 0) {
            // A CA source reached by a route: its switch is one hop back along it.
            return reach(node, Arrays.copyOf(node.path, node.path.length - 1), port, dist);
        }
        return smp.portInfo(SmpRoute.directed(node.path), port)
                .filter(info -> info.portPhysicalState() == PortInfo.PHYS_LINK_UP)
                .flatMap(info -> {
                    int[] further = Arrays.copyOf(node.path, node.path.length + 1);
                    further[node.path.length] = port;
                    return reach(node, further, port, dist);
                });
    }

    /** What answers at {@code path}: the destination, a loop, a node for the next level, or (no answer) nothing. */
    private Mono<Found> reach(Found from, int[] path, int egressPort, int dist) {
        return Routing.endpoint(smp, SmpRoute.directed(path))
                .onErrorResume(e -> !PortClosedException.endsThePort(e), e -> Mono.empty())
                .flatMap(remote -> {
                    Found reached = new Found(remote, path, from, egressPort, remote.nodeInfo().localPortNum());
                    if (remote.nodeInfo().portGuid() == targetPortGuid) {
                        return Mono.just(reached);
                    }
                    if (!known.add(remote.nodeInfo().nodeGuid())) {
                        if (remote.nodeInfo().isSwitch()) {
                            loops.add(remote);
                        }
                        return Mono.empty();
                    }
                    levelAt(dist + 1).add(reached);
                    return Mono.empty();
                });
    }

    private MulticastTrace trace(Found root, Found target, List<TraceHop> approach) {
        List<TraceHop> hops = new ArrayList<>();
        for (Found f = target; f.up != null; f = f.up) {
            hops.add(0, new TraceHop(f.egressPort, f.node, f.upPort));
        }
        return new MulticastTrace(mlid, root.node, root.node.nodeInfo().localPortNum(), hops, loops, approach);
    }
}
