package io.reactiveumad.discovery;

import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.attr.PortInfo;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * libibnetdisc's scan (ibnetdiscover, iblinkinfo, ibqueryerrors) replayed over a fabric discovered whole: which
 * nodes it finds and in which order, which of their ports it reads, which links it makes, the hops it counts and
 * the SMPs it sends. Its order is the tools' order on every fabric ({@link DiscoveredFabric#nodes()}); started at
 * a node with a hop limit, it is their partial scan ({@code iblinkinfo -D/-G/-n}, {@code ibqueryerrors -D/-G}).
 * The replay follows the scan's one FIFO queue of SMPs (at most two on the wire, answered in order) with its rules:
 *
 * <ul>
 *   <li>A NodeInfo answer from a new node asks for its NodeDescription and, on a switch, SwitchInfo and PortInfo of
 *       port 0, whose answer asks for every port's; a CA's NodeInfo asks for the PortInfo of the port it arrived by.</li>
 *   <li>A switch's PortInfo of a port in LinkUp, other than the one the SMP entered by, sends NodeInfo one hop
 *       further; so does the start node's own port when it is a CA. Where the discovery asked a port its
 *       MlnxExtPortInfo (libibnetdisc's rule for a port that may be FDR10), that SMP comes first and its answer
 *       does what the PortInfo answer would have done.</li>
 *   <li>The hop limit is one counter for the whole scan, not a depth per node: a route that grows longer than
 *       any before raises it, and once it is past the limit no route grows. The first route that raises it
 *       past the limit still goes out, so one NodeInfo answers from a hop beyond it (often from a known node,
 *       whose link it makes).</li>
 *   <li>A CA at the end of a route of two hops or more is not routed through: the scan steps back one hop
 *       instead, asks the node there, and links the CA's port to that node's port the route entered it by,
 *       whatever the cable (the tools' way of finding what a CA is cabled to).</li>
 *   <li>A route never continues through a CA that is not the local node (a CA forwards no directed-route SMP),
 *       and never from a CA reached by LID: such an SMP is sent, and not answered.</li>
 *   <li>A NodeInfo that reaches a node links the port it arrived by to the port it left by, undoing either
 *       port's earlier link.</li>
 * </ul>
 *
 * <p>Each factory replays the scan once, when called; the result is then read only, from any thread.
 */
public final class LibibnetdiscScan {
    /**
     * A route as the scan holds it: the route one hop shorter and the port it left that route's node by, the node
     * reached, the port it entered by, its hops.
     */
    private record Route(Route shorter, int out, long guid, int arrival, int hops) {
        Route extended(int outPort, long farGuid, int farPort) {
            return new Route(this, outPort, farGuid, farPort, hops + 1);
        }

        /** The ports out of each node from the first, as a directed route gives them. */
        int[] ports() {
            int[] ports = new int[hops];
            for (Route r = this; r.shorter != null; r = r.shorter) {
                ports[r.hops - 1] = r.out;
            }
            return ports;
        }
    }

    /**
     * A port: its node's GUID and its number. Its equals and hashCode are written out: a record's own are
     * bootstrapped through method handles, which a cold process (the tools' order of a 1000-node fabric is worked
     * out once per `umad discover`) runs slowly until compiled.
     */
    private record End(long guid, int port) {
        @Override
        public boolean equals(Object o) {
            return o instanceof End e && e.guid == guid && e.port == port;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(guid) * 31 + port;
        }
    }

    /** A NodeInfo along {@code route}, sent from port {@code fromPort} of {@code fromGuid} (null: the start). */
    private record NodeInfoQuery(Route route, Long fromGuid, int fromPort) {
    }

    /** A PortInfo of {@code port} of the node {@code route} reaches; port 0's answer asks for every port. */
    private record PortInfoQuery(Route route, int port) {
    }

    /** A MlnxExtPortInfo of {@code port}, asked where the PortInfo answer would have gone on. */
    private record MlnxExtPortInfoQuery(Route route, int port) {
    }

    /** The NodeDescription (or, for a switch, SwitchInfo) asked of a node the scan found new. */
    private record NodeQuery(long guid, boolean description) {
    }

    private final Map<Long, DiscoveredNode> nodes = new LinkedHashMap<>();
    private final long fromGuid;
    private final int fromPort;
    private final Map<Long, Map<Integer, long[]>> cables = new HashMap<>();
    /** Ports with two cables: two nodes answering with one node GUID, one node here, each on its own cable. */
    private final java.util.Set<End> twoCables = new java.util.HashSet<>();
    private final int maxHops;
    private final int initialHops;
    private final boolean byLid;
    private final ArrayDeque<Object> queue = new ArrayDeque<>();
    /** The nodes found, in the order found, each with the ports whose PortInfo the scan read. */
    private final Map<Long, TreeSet<Integer>> found = new LinkedHashMap<>();
    /** The route each node was found by. */
    private final Map<Long, Route> foundBy = new HashMap<>();
    /** Links made: each port (node GUID, port) to the port at its other end. */
    private final Map<End, End> linked = new HashMap<>();
    private long startGuid;
    private int startPort;
    private int maxHopsDiscovered;
    /** False when only the order and the links are wanted: ibnetdiscover -s's lines are then not made. */
    private boolean keepsProgress = true;
    /** The nodes whose NodeDescription the scan has read. */
    private final java.util.Set<Long> described = new java.util.HashSet<>();
    /** ibnetdiscover -s's lines, one per NodeInfo answered. */
    private final List<String> progress = new ArrayList<>();
    /** The SMPs the scan sends: each NodeInfo and PortInfo queued, a NodeDescription per new node, a SwitchInfo per new switch. */
    private int smps;

    private LibibnetdiscScan(List<DiscoveredNode> nodes, List<DiscoveredLink> links, long fromGuid, int fromPort, int maxHops,
                             int initialHops, boolean byLid) {
        nodes.forEach(n -> this.nodes.put(n.guid(), n));
        this.fromGuid = fromGuid;
        this.fromPort = fromPort;
        this.maxHops = maxHops;
        this.initialHops = initialHops;
        this.byLid = byLid;
        for (DiscoveredLink link : links) {
            cable(link.nodeGuidA(), link.portA(), link.nodeGuidB(), link.portB());
            cable(link.nodeGuidB(), link.portB(), link.nodeGuidA(), link.portA());
        }
    }

    private void cable(long guid, int port, long farGuid, int farPort) {
        if (cables.computeIfAbsent(guid, g -> new HashMap<>()).putIfAbsent(port, new long[] {farGuid, farPort}) != null) {
            twoCables.add(new End(guid, port));
        }
    }

    /**
     * The fabric a discovery from the local port answered ({@code nodes}, {@code cables}: every cable a NodeInfo
     * arrived by), as the tools' whole scan makes it: the nodes in the order it finds them (nodes it cannot reach,
     * none when the discovery was whole, after the others) and its links, each port cabled where the scan reached it
     * last (a port of two nodes that answer with one node GUID is one port to it).
     */
    static DiscoveredFabric whole(List<DiscoveredNode> nodes, List<DiscoveredLink> cables, long fromGuid, int fromPort,
                                  long smpsSent, List<String> problems) {
        LibibnetdiscScan scan = new LibibnetdiscScan(nodes, cables, fromGuid, fromPort, 0, 0, false);
        scan.keepsProgress = false;
        scan.run(new Route(null, 0, fromGuid, fromPort, 0));
        List<DiscoveredNode> order = new ArrayList<>();
        scan.found.keySet().forEach(guid -> order.add(scan.nodes.get(guid)));
        nodes.stream().filter(n -> !scan.found.containsKey(n.guid())).forEach(order::add);
        return new DiscoveredFabric(order, scan.linksMade(cables), fromGuid, fromPort, smpsSent, problems, cables);
    }

    /** The tools' scan of {@code fabric} from its local port, as far as {@code maxHops} (0: no limit; iblinkinfo -n). */
    public static LibibnetdiscScan fromLocalPort(DiscoveredFabric fabric, int maxHops) {
        return fromRoute(fabric, SmpRoute.directed(), maxHops);
    }

    /**
     * The tools' partial scan started at the end of {@code route} from the local port ({@code -D}), as far as
     * {@code maxHops} (0: no limit; the tools' default with -D is 1). A route that leads nowhere finds nothing.
     */
    public static LibibnetdiscScan fromRoute(DiscoveredFabric fabric, SmpRoute.Directed route, int maxHops) {
        int[] path = route.ports();
        LibibnetdiscScan scan = of(fabric, maxHops, path.length, false);
        Route at = new Route(null, 0, fabric.fromNodeGuid(), fabric.fromPort(), 0);
        for (int out : path) {
            long[] far = scan.cable(at.guid(), out);
            if (far == null) {
                return scan.run(null);
            }
            at = at.extended(out, far[0], (int) far[1]);
        }
        return scan.run(at);
    }

    /**
     * The tools' partial scan started by LID at the node holding {@code portGuid} ({@code -G}), as far as
     * {@code maxHops}: it enters a CA by that port, a switch by the port the discovery first reached it through.
     */
    public static LibibnetdiscScan fromPortGuid(DiscoveredFabric fabric, long portGuid, int maxHops) {
        LibibnetdiscScan scan = of(fabric, maxHops, 0, true);
        DiscoveredNode node = fabric.nodes().stream().filter(n -> n.portGuids().containsValue(portGuid)).findFirst()
                .orElse(null);
        if (node == null) {
            return scan.run(null);
        }
        int arrival = node.isSwitch() ? node.nodeInfo().localPortNum()
                : node.portGuids().entrySet().stream().filter(e -> e.getValue() == portGuid).findFirst().orElseThrow().getKey();
        return scan.run(new Route(null, 0, node.guid(), arrival, 0));
    }

    private static LibibnetdiscScan of(DiscoveredFabric fabric, int maxHops, int initialHops, boolean byLid) {
        if (maxHops < 0) {
            throw new IllegalArgumentException("maxHops must be 0 (no limit) or more: " + maxHops);
        }
        return new LibibnetdiscScan(fabric.nodes(), fabric.cables(), fabric.fromNodeGuid(), fabric.fromPort(), maxHops,
                initialHops, byLid);
    }

    private LibibnetdiscScan run(Route start) {
        if (start != null) {
            queue.add(new NodeInfoQuery(start, null, 0));
        }
        while (!queue.isEmpty()) {
            Object query = queue.poll();
            smps++;
            if (query instanceof NodeInfoQuery q) {
                onNodeInfo(q);
            } else if (query instanceof NodeQuery q) {
                if (q.description()) {
                    described.add(q.guid());
                }
            } else if (query instanceof MlnxExtPortInfoQuery q) {
                onPortRead(q.route(), q.port());
            } else {
                onPortInfo((PortInfoQuery) query);
            }
        }
        return this;
    }

    private void onNodeInfo(NodeInfoQuery query) {
        Route route = query.route();
        DiscoveredNode node = nodes.get(route.guid());
        if (node == null) {
            return;
        }
        int port = route.arrival();
        boolean isNew = found.putIfAbsent(node.guid(), new TreeSet<>()) == null;
        if (isNew) {
            foundBy.put(node.guid(), route);
        }
        if (query.fromGuid() == null) {
            startGuid = node.guid();
            startPort = port;
        } else {
            link(node.guid(), port, query.fromGuid(), query.fromPort());
        }
        if (keepsProgress) {
            progress.add(progressLine(route, node, port, isNew));
        }
        if (isNew) {
            queue.add(new NodeQuery(node.guid(), true));
        }
        if (isNew && node.isSwitch()) {
            queue.add(new NodeQuery(node.guid(), false));
            queue.add(new PortInfoQuery(route, 0));
        }
        if (!node.isSwitch()) {
            queue.add(new PortInfoQuery(route, port));
        }
    }

    private void onPortInfo(PortInfoQuery query) {
        Route route = query.route();
        DiscoveredNode node = nodes.get(route.guid());
        int port = query.port();
        boolean asked = node.mlnxExtPort(port).isPresent();
        if (asked) {
            queue.add(new MlnxExtPortInfoQuery(route, port));
        }
        if (port == 0) {
            for (int p = 1; p <= node.nodeInfo().numPorts(); p++) {
                queue.add(new PortInfoQuery(route, p));
            }
            return;
        }
        if (node.port(port).isEmpty()) {
            return; // the port did not answer the whole discovery either
        }
        found.get(node.guid()).add(port);
        if (!asked) {
            onPortRead(route, port);
        }
    }

    /** What a port's answer (its PortInfo's, or its MlnxExtPortInfo's after it) does: send NodeInfo beyond it. */
    private void onPortRead(Route route, int port) {
        if (port == 0) {
            return;
        }
        DiscoveredNode node = nodes.get(route.guid());
        boolean start = node.guid() == startGuid && port == startPort;
        if (node.port(port).orElseThrow().portPhysicalState() != PortInfo.PHYS_LINK_UP
                || !(node.isSwitch() && port != route.arrival() || start)) {
            return;
        }
        if (!node.isSwitch() && start && route.hops() > 1) {
            if (limitReached()) {
                return;
            }
            maxHopsDiscovered++;
            queue.add(new NodeInfoQuery(route.shorter(), node.guid(), port));
        } else if (!byLid || node.isSwitch()) {
            if (limitReached()) {
                return;
            }
            if (route.hops() + 1 - initialHops > maxHopsDiscovered) {
                maxHopsDiscovered++;
            }
            long[] far = cable(node.guid(), port);
            boolean forwards = node.isSwitch() || route.hops() == 0;
            if (far != null && forwards) {
                queue.add(new NodeInfoQuery(route.extended(port, far[0], (int) far[1]), node.guid(), port));
            } else {
                smps++; // sent all the same, and not answered
            }
        }
    }

    private boolean limitReached() {
        return maxHops > 0 && maxHopsDiscovered > maxHops;
    }

    private void link(long guid, int port, long otherGuid, int otherPort) {
        End a = new End(guid, port);
        End b = new End(otherGuid, otherPort);
        End oldOfA = linked.remove(a);
        if (oldOfA != null) {
            linked.remove(oldOfA);
        }
        End oldOfB = linked.remove(b);
        if (oldOfB != null) {
            linked.remove(oldOfB);
        }
        linked.put(a, b);
        linked.put(b, a);
    }

    /**
     * The far end of {@code guid}'s port. The local port is the first cable its scan leaves by, so where it has two
     * (its node GUID is another node's too) it is the cable to the node found one hop out of it.
     */
    private long[] cable(long guid, int port) {
        if (guid == fromGuid && port == fromPort && twoCables.contains(new End(guid, port))) {
            for (DiscoveredNode node : nodes.values()) {
                int[] path = node.path().ports();
                if (path.length == 1 && path[0] == port) {
                    return new long[] {node.guid(), node.nodeInfo().localPortNum()};
                }
            }
        }
        return cables.getOrDefault(guid, Map.of()).get(port);
    }

    /**
     * The links the scan leaves, each once: the cables {@code given} that it kept or never reached, in their order,
     * then the links it made that no cable is (a CA's port linked to the node one hop back).
     */
    private List<DiscoveredLink> linksMade(List<DiscoveredLink> given) {
        java.util.LinkedHashSet<DiscoveredLink> made = new java.util.LinkedHashSet<>();
        for (DiscoveredLink cable : given) {
            End a = new End(cable.nodeGuidA(), cable.portA());
            End b = new End(cable.nodeGuidB(), cable.portB());
            if (b.equals(linked.get(a)) || !linked.containsKey(a) && !linked.containsKey(b)) {
                made.add(cable);
            }
        }
        linked.forEach((a, b) -> made.add(new DiscoveredLink(a.guid(), a.port(), b.guid(), b.port())));
        return new ArrayList<>(made);
    }

    /**
     * What the scan found, as a fabric: its nodes in the order found, each with the ports it read (all of a
     * switch's; of a CA, those it was reached by) and the route it found it by, and the links it made; the SMPs it
     * sent. Its
     * {@link io.reactiveumad.fabric.Links#of link report} is the tools' for that scan.
     */
    public DiscoveredFabric found() {
        List<DiscoveredNode> order = new ArrayList<>();
        found.keySet().forEach(guid -> order.add(asFound(nodes.get(guid))));
        return new DiscoveredFabric(order, linksMade(List.of()), fromGuid, fromPort, smps, List.of());
    }

    /**
     * ibnetdiscover -s's line for a NodeInfo answer: the route, new or known, the node, the port it arrived by (0 on a
     * switch) with the LID range and the description the scan knew of them then (none before their answers came).
     */
    private String progressLine(Route route, DiscoveredNode node, int port, boolean isNew) {
        boolean read = found.get(node.guid()).contains(port);
        PortInfo addressing = read ? node.addressingPort(port).orElse(null) : null;
        int lid = addressing == null ? 0 : addressing.lid();
        int lmc = addressing == null ? 0 : addressing.lmc();
        StringBuilder path = new StringBuilder("0");
        for (int out : route.ports()) {
            path.append(',').append(out);
        }
        String type = switch (node.nodeInfo().nodeType()) {
            case 1 -> "Channel Adapter";
            case 2 -> "Switch";
            case 3 -> "Router";
            default -> "?(" + node.nodeInfo().nodeType() + ")?";
        };
        return String.format("DR path slid 0; dlid 0; %s -> %s %s {%016x} portnum %d lid %d-%d \"%s\"", path,
                isNew ? "new" : "known", type, node.guid(), node.isSwitch() ? 0 : port, lid, lid + (1 << lmc) - 1,
                described.contains(node.guid()) ? node.description() : "");
    }

    /** ibnetdiscover -s's lines: one per NodeInfo the scan had answered, in the order it had them. */
    public List<String> progress() {
        return List.copyOf(progress);
    }

    /** The hops the scan reached, as libibnetdisc counts them (ibnetdiscover -m, the cache's header). */
    public int hopsReached() {
        return maxHopsDiscovered + initialHops;
    }

    /** The SMPs the scan sends, as libibnetdisc counts them (ibnetdiscover -m's "Total MADs used"). */
    public int smps() {
        return smps;
    }

    /**
     * {@code node} as the scan found it: its directed route the one the scan found it by (a scan started by LID
     * keeps the discovery's), a CA or router with only the ports the scan read.
     */
    private DiscoveredNode asFound(DiscoveredNode node) {
        SmpRoute.Directed path = byLid ? node.path() : SmpRoute.directed(foundBy.get(node.guid()).ports());
        SortedMap<Integer, PortInfo> ports = new TreeMap<>(node.ports());
        SortedMap<Integer, Long> guids = new TreeMap<>(node.portGuids());
        if (!node.isSwitch()) {
            TreeSet<Integer> read = found.get(node.guid());
            ports.keySet().retainAll(read);
            guids.keySet().retainAll(read);
        }
        return new DiscoveredNode(node.nodeInfo(), node.description(), node.switchInfo(), ports, guids, path,
                node.mlnxExtPorts());
    }

    @Override
    public String toString() {
        return "LibibnetdiscScan(" + found.size() + " of " + nodes.size() + " nodes, " + hopsReached() + " hops, " + smps
                + " SMPs)";
    }
}
