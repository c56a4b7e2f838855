package io.reactiveumad.fabric;

import io.reactiveumad.PortClosedException;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.attr.LinearForwardingTable;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.attr.SwitchInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Signal;

/**
 * Unicast routing as the switches hold it: a switch's whole linear forwarding table, and the endpoint
 * behind a LID. Every method keeps at most {@code inFlight} SMPs on the wire (ibroute sends one at a time).
 *
 * <pre>{@code
 * SmpClient smp = SmpClient.of(port);
 * SwitchRoutes routes = Routing.switchRoutes(smp, SmpRoute.lid(2), 16).block();
 * int egress = routes.egressPort(7);
 * }</pre>
 */
public final class Routing {
    /** LinearFDBTop never exceeds the last unicast LID. */
    private static final int MAX_MULTICAST_LID = 0xFFFF;

    private Routing() {
    }

    /**
     * Reads NodeInfo, NodeDescription and SwitchInfo of the switch at {@code target}, then every block of
     * its LFT up to LinearFDBTop. Fails with {@link IllegalArgumentException} when the node is not a switch.
     */
    public static Mono<SwitchRoutes> switchRoutes(SmpClient smp, SmpRoute target, int inFlight) {
        Objects.requireNonNull(smp, "smp");
        Objects.requireNonNull(target, "target");
        checkInFlight(inFlight);
        return smp.nodeInfo(target).flatMap(info -> {
            if (!info.isSwitch()) {
                return Mono.error(new IllegalArgumentException(target + " is not a switch (node type "
                        + info.nodeType() + ")"));
            }
            return Mono.zip(smp.nodeDescription(target), smp.switchInfo(target)).flatMap(ds -> {
                int top = Math.min(ds.getT2().linearFdbTop(), MadAddress.MAX_UNICAST_LID);
                return smp.linearForwardingTable(target, 0, LinearForwardingTable.blockOf(top), inFlight)
                        .collectList()
                        .map(blocks -> new SwitchRoutes(info, ds.getT1().text(), ds.getT2(), ports(blocks, top)));
            });
        });
    }

    /**
     * The switch at {@code target}'s multicast forwarding table from {@code firstMlid} to {@code lastMlid}, as
     * ibroute -M reads it: every 32-MLID block for every 16-port position the switch's ports need, at most
     * {@code inFlight} blocks at once. The range ends at the table's capacity (MulticastFDBCap) and, unless
     * {@code beyondTop}, at the highest MLID the SM programmed (MulticastFDBTop, where the switch sets one).
     *
     * @param firstMlid the first multicast LID (0xC000 and up)
     * @param lastMlid  the last multicast LID; 0: as far as the capacity and top allow
     */
    public static Mono<SwitchMulticastRoutes> multicastRoutes(SmpClient smp, SmpRoute target, int firstMlid,
                                                              int lastMlid, boolean beyondTop, int inFlight) {
        Objects.requireNonNull(smp, "smp");
        Objects.requireNonNull(target, "target");
        checkInFlight(inFlight);
        if (firstMlid < MulticastForwardingTable.FIRST_MLID || firstMlid > MAX_MULTICAST_LID) {
            throw new IllegalArgumentException("not a multicast LID (0xc000 to 0xffff): 0x" + Integer.toHexString(firstMlid));
        }
        return smp.nodeInfo(target).flatMap(info -> {
            if (!info.isSwitch()) {
                return Mono.error(new IllegalArgumentException(target + " is not a switch (node type "
                        + info.nodeType() + ")"));
            }
            return Mono.zip(smp.nodeDescription(target), smp.switchInfo(target)).flatMap(ds -> {
                int last = lastMulticastLid(ds.getT2(), lastMlid, beyondTop);
                int positions = info.numPorts() / MulticastForwardingTable.PORTS_PER_POSITION + 1;
                int firstBlock = (firstMlid - MulticastForwardingTable.FIRST_MLID) / MulticastForwardingTable.ENTRIES;
                int lastBlock = (last - MulticastForwardingTable.FIRST_MLID) / MulticastForwardingTable.ENTRIES;
                List<int[]> reads = new ArrayList<>();
                for (int block = firstBlock; block <= lastBlock; block++) {
                    for (int position = 0; position < positions; position++) {
                        reads.add(new int[] {position, block});
                    }
                }
                return Flux.fromIterable(reads)
                        .flatMapSequential(r -> smp.multicastForwardingTable(target, r[0], r[1]), inFlight, 1)
                        .collectList()
                        .map(blocks -> new SwitchMulticastRoutes(info, ds.getT1().text(), ds.getT2(), firstMlid,
                                multicastPorts(blocks, positions, firstMlid, last, info.numPorts())));
            });
        });
    }

    /** As ibroute: the capacity's end, or the top the SM set where it is lower and {@code beyondTop} is not asked. */
    private static int lastMulticastLid(SwitchInfo sw, int requested, boolean beyondTop) {
        int capacityEnd = MulticastForwardingTable.FIRST_MLID + sw.multicastFdbCap() - 1;
        int last = requested <= 0 || requested > capacityEnd ? capacityEnd : requested;
        int top = sw.multicastFdbTop();
        if (!beyondTop && top != 0 && top < last) {
            last = top;
        }
        return Math.min(last, MAX_MULTICAST_LID);
    }

    /** The ports of each MLID from the blocks read (block by block, positions in order within a block). */
    private static List<List<Integer>> multicastPorts(List<MulticastForwardingTable> blocks, int positions,
                                                      int firstMlid, int lastMlid, int numPorts) {
        List<List<Integer>> ports = new ArrayList<>(Math.max(0, lastMlid - firstMlid + 1));
        int blockBase = MulticastForwardingTable.FIRST_MLID
                + (firstMlid - MulticastForwardingTable.FIRST_MLID) / MulticastForwardingTable.ENTRIES * MulticastForwardingTable.ENTRIES;
        for (int b = 0; b < blocks.size(); b += positions, blockBase += MulticastForwardingTable.ENTRIES) {
            for (int i = 0; i < MulticastForwardingTable.ENTRIES; i++) {
                int mlid = blockBase + i;
                if (mlid < firstMlid || mlid > lastMlid) {
                    continue;
                }
                List<Integer> egress = new ArrayList<>();
                for (int port = 0; port <= numPorts; port++) {
                    int mask = blocks.get(b + port / MulticastForwardingTable.PORTS_PER_POSITION).portMasks().get(i);
                    if ((mask & 1 << port % MulticastForwardingTable.PORTS_PER_POSITION) != 0) {
                        egress.add(port);
                    }
                }
                ports.add(egress);
            }
        }
        return ports;
    }

    /** NodeDescription, PortInfo (port 0: the addressed port) and NodeInfo of the node at {@code lid}, together. */
    public static Mono<Endpoint> endpoint(SmpClient smp, int lid) {
        return endpoint(smp, SmpRoute.lid(lid)).map(e -> new Endpoint(lid, e.nodeInfo(), e.portInfo(), e.description()));
    }

    /**
     * The route from {@code sourceLid} to {@code destinationLid} through the switches' linear forwarding
     * tables, as ibtracert finds it: both ends are asked for by LID first; then every hop is read by
     * directed route, one LFT block per switch. The directed routes start at the local port (the walk to
     * the source follows the tables too), so no SMP needs a LID-routed part. As ibtracert, the walk to the
     * source comes before the destination's answer is looked at. Fails with {@link IncompleteTraceException},
     * which keeps how far the trace got, naming the switch whose table has no valid entry for the LID, or the CA
     * the walk ran into, or with the failure of a node that did not answer as its cause.
     */
    public static Mono<RouteTrace> trace(SmpClient smp, int sourceLid, int destinationLid) {
        return trace(smp, sourceLid, destinationLid, false);
    }

    /**
     * As {@link #trace(SmpClient, int, int)}; with {@code force}, as ibtracert -f: an end that does not answer at
     * its LID is looked for along the tables all the same, each walk ending at the first port whose LID range holds
     * its LID, so that a broken route says which switch's table stops leading there.
     */
    public static Mono<RouteTrace> trace(SmpClient smp, int sourceLid, int destinationLid, boolean force) {
        Objects.requireNonNull(smp, "smp");
        Mono<Optional<Endpoint>> source = unlessSilent(endpoint(smp, sourceLid).map(Optional::of), force,
                Optional.empty());
        // Both ends are asked at once, the destination's failure kept (materialize) until the walk reaches the source.
        Mono<Signal<Long>> destination = unlessSilent(endpoint(smp, destinationLid).map(d -> d.nodeInfo().portGuid()),
                force, TraceWalk.UNKNOWN_PORT).materialize();
        return Mono.defer(() -> {
            TraceWalk walk = new TraceWalk(smp);
            return Mono.zip(source, destination).flatMap(ends -> {
                Optional<Endpoint> answered = ends.getT1();
                long sourcePortGuid = answered.map(s -> s.nodeInfo().portGuid()).orElse(TraceWalk.UNKNOWN_PORT);
                return walk.start()
                        .flatMap(local -> walk.follow(local, sourceLid, sourcePortGuid, force))
                        .flatMap(atSource -> {
                            Endpoint from = answered.orElse(atSource.node());
                            return Mono.just(ends.getT2()).<Long>dematerialize()
                                    .flatMap(guid -> walk.follow(walk.arrived(atSource, from), destinationLid, guid,
                                            force))
                                    .map(end -> new RouteTrace(from, portNumber(from), end.hops(), atSource.hops()));
                        });
            }).onErrorMap(walk::incomplete);
        });
    }

    /** {@code answer}; with {@code force}, {@code silent} when the end it asks for does not answer. */
    private static <T> Mono<T> unlessSilent(Mono<T> answer, boolean force, T silent) {
        return force ? answer.onErrorResume(e -> !PortClosedException.endsThePort(e), e -> Mono.just(silent)) : answer;
    }

    /**
     * The route multicast packets to {@code mlid} take from {@code sourceLid} to {@code destinationLid}, as ibtracert
     * -m finds it: both ends are asked for by LID, the source is reached by directed route through the linear
     * tables, then a breadth-first search follows the multicast tables from there, one SMP at a time in the
     * tool's order. Fails with {@link IncompleteTraceException}, which keeps the walk to the source, when the tables
     * lead nowhere near the destination or a node does not answer (the cause).
     *
     * @param mlid a multicast LID, 0xC000 to 0xFFFE
     */
    public static Mono<MulticastTrace> multicastTrace(SmpClient smp, int sourceLid, int destinationLid, int mlid) {
        Objects.requireNonNull(smp, "smp");
        if (mlid < MulticastForwardingTable.FIRST_MLID || mlid >= MAX_MULTICAST_LID) {
            throw new IllegalArgumentException("not a multicast LID (0xc000 to 0xfffe): 0x" + Integer.toHexString(mlid));
        }
        Mono<Signal<Endpoint>> destination = endpoint(smp, destinationLid).materialize();
        return Mono.defer(() -> {
            TraceWalk walk = new TraceWalk(smp);
            return Mono.zip(endpoint(smp, sourceLid), destination).flatMap(ends -> walk.start()
                    .flatMap(local -> walk.follow(local, sourceLid, ends.getT1().nodeInfo().portGuid(), false))
                    .flatMap(atSource -> Mono.just(ends.getT2()).<Endpoint>dematerialize()
                            .flatMap(target -> {
                                walk.arrived(atSource, null);
                                return new MulticastSearch(smp, mlid, target.nodeInfo().portGuid())
                                        .run(atSource.path(), atSource.node(), atSource.hops());
                            })
                            .switchIfEmpty(Mono.error(() -> walk.incomplete(String.format(
                                    "the multicast tables lead from lid %d to no port of lid %d for MLID 0x%x",
                                    sourceLid, destinationLid, mlid), null)))))
                    .onErrorMap(walk::incomplete);
        });
    }

    /** A node's port as ibtracert numbers it: 0 for a switch, else the port the SMP reached. */
    static int portNumber(Endpoint e) {
        return e.nodeInfo().isSwitch() ? 0 : e.nodeInfo().localPortNum();
    }

    static Mono<Endpoint> endpoint(SmpClient smp, SmpRoute route) {
        return Mono.zip(smp.nodeDescription(route), smp.portInfo(route, 0), smp.nodeInfo(route))
                .map(t -> new Endpoint(t.getT2().lid(), t.getT3(), t.getT2(), t.getT1().text()));
    }

    /** The endpoints at {@code lids}, in that order, with at most {@code inFlight} LIDs asked at once. */
    public static Flux<Endpoint> endpoints(SmpClient smp, List<Integer> lids, int inFlight) {
        checkInFlight(inFlight);
        return Flux.fromIterable(lids).flatMapSequential(lid -> endpoint(smp, lid), inFlight, 1);
    }

    private static List<Integer> ports(List<LinearForwardingTable> blocks, int top) {
        List<Integer> ports = new ArrayList<>(top + 1);
        for (LinearForwardingTable block : blocks) {
            for (int i = 0; i < LinearForwardingTable.ENTRIES && ports.size() <= top; i++) {
                ports.add(block.port(i));
            }
        }
        return ports;
    }

    static void checkInFlight(int inFlight) {
        if (inFlight < 1) {
            throw new IllegalArgumentException("inFlight must be at least 1: " + inFlight);
        }
    }
}
