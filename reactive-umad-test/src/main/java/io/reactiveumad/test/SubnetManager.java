package io.reactiveumad.test;

import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.test.topology.Link;
import io.reactiveumad.test.topology.Topology;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The embedded SM: a sweep that finds what the SM port reaches, gives every reached port a LID (stable
 * across sweeps, by port GUID, as OpenSM's guid2lid keeps them; new ones in OpenSM's order, so a fabric loaded
 * here has the LIDs OpenSM gives it under ibsim), sets port
 * states and the SM LID, and fills every switch's linear forwarding table with min-hop routes as OpenSM's
 * default routing engine balances them over equal ports. Runs on the fabric executor.
 */
final class SubnetManager {
    /**
     * OpenSM's packet life time (its packet_life_time, 0x12: about 1 s), which it gives switches (SwitchInfo's
     * LifeTimeValue), paths and the groups it makes.
     */
    static final int PACKET_LIFE_TIME = 0x12;
    /**
     * The order of OpenSM's tables of GUIDs: keyed by the GUID as the wire has it (big-endian) and compared as a number
     * on a little-endian host, so by the GUIDs with their bytes reversed.
     */
    static final Comparator<Long> OPENSM_GUID_ORDER =
            (a, b) -> Long.compareUnsigned(Long.reverseBytes(a), Long.reverseBytes(b));

    private final Map<Long, Integer> guidToLid = new HashMap<>();
    private Map<FabricNode, Integer> sweptInBy = Map.of();
    private int nextLid = 1;

    /** What a sweep changed: port GUIDs now in service, those gone out of it, switches whose port states moved. */
    record SweepResult(Set<Long> inService, Set<Long> outOfService, Set<FabricNode> linkStateChanged) {
    }

    /** In-service ports after the last sweep, by port GUID, with the node that owns each. */
    private Map<Long, FabricNode> inService = Map.of();

    SweepResult sweep(Topology topology, Map<String, FabricNode> nodes, FabricNode smNode, int smPort) {
        Map<FabricNode, int[]> statesBefore = new HashMap<>();
        for (FabricNode n : nodes.values()) {
            int[] states = new int[n.ports.length];
            for (int p = 0; p < states.length; p++) {
                states[p] = n.ports[p].state;
            }
            statesBefore.put(n, states);
        }
        wire(topology, nodes);
        sweptInBy = reach(topology, nodes, smNode, smPort);
        Set<FabricNode> reached = sweptInBy.keySet();
        Map<Long, FabricNode> nowInService = new LinkedHashMap<>();
        assignLids(topology, nodes, reached, smNode, smPort, nowInService);
        int smLid = smNode.ports[smPort].lid;
        for (FabricNode n : nodes.values()) {
            for (FabricPort port : n.ports) {
                boolean cabled = port.number > 0 && topology.link(n.id(), port.number).isPresent();
                // A switch's port to a node the SM ignores stays in Init, as the node's own port does.
                boolean portInService = n.isSwitch()
                        ? reached.contains(n) && (port.number == 0 || !cabled || reached.contains(n.peer[port.number]))
                        : port.number > 0 && nowInService.containsKey(n.node.portGuid(port.number));
                port.physState = cabled || port.number == 0 ? PortInfo.PHYS_LINK_UP
                        : port.disabled ? PortInfo.PHYS_DISABLED : PortInfo.PHYS_POLLING;
                if (!reached.contains(n)) {
                    // Out of the SM's reach nothing configures the node again: it keeps what it was told (its LIDs,
                    // its forwarding table, its ports' states), as a real switch does; only a cable cut takes a port
                    // down, and one plugged in comes up to Init.
                    if (port.number > 0) {
                        port.state = !cabled ? PortInfo.STATE_DOWN
                                : port.state == PortInfo.STATE_DOWN ? PortInfo.STATE_INIT : port.state;
                    }
                } else if (port.number == 0) {
                    port.state = n.isSwitch() ? PortInfo.STATE_ACTIVE : PortInfo.STATE_DOWN;
                } else if (!cabled) {
                    port.state = PortInfo.STATE_DOWN;
                } else {
                    port.state = portInService ? PortInfo.STATE_ACTIVE : PortInfo.STATE_INIT;
                }
                // The SM sets MasterSMLID where its PortInfo Set lands: a reached switch, a CA's port in service.
                // A port it never configured keeps 0, one unplugged later what it was told last.
                if (n.isSwitch() ? reached.contains(n) : portInService) {
                    port.smLid = smLid;
                }
            }
        }
        computeRoutes(nodes, reached, nowInService);

        Set<Long> in = new LinkedHashSet<>(nowInService.keySet());
        in.removeAll(inService.keySet());
        Set<Long> out = new LinkedHashSet<>(inService.keySet());
        out.removeAll(nowInService.keySet());
        Set<FabricNode> changed = new LinkedHashSet<>();
        for (FabricNode n : nodes.values()) {
            int[] before = statesBefore.get(n);
            if (n.isSwitch() && reached.contains(n)) {
                for (int p = 1; p < n.ports.length; p++) {
                    if (before[p] != n.ports[p].state) {
                        changed.add(n);
                    }
                }
            }
        }
        inService = nowInService;
        return new SweepResult(in, out, changed);
    }

    /** The in-service port GUIDs and their nodes, as of the last sweep. */
    Map<Long, FabricNode> inService() {
        return inService;
    }

    /** Records every port's far end in its node, so the per-destination searches below index arrays. */
    private static void wire(Topology topology, Map<String, FabricNode> nodes) {
        for (FabricNode n : nodes.values()) {
            n.peer = new FabricNode[n.ports.length];
            n.peerPort = new int[n.ports.length];
        }
        for (Link l : topology.links()) {
            FabricNode a = nodes.get(l.a().node());
            FabricNode b = nodes.get(l.b().node());
            a.peer[l.a().port()] = b;
            a.peerPort[l.a().port()] = l.b().port();
            b.peer[l.b().port()] = a;
            b.peerPort[l.b().port()] = l.a().port();
        }
    }

    /**
     * Nodes reachable from the SM port, each with the port the sweep first came in by (breadth first, port by port, as
     * OpenSM's answers come back under ibsim; the SM's node: its own port): switches forward, CAs are leaves. A node
     * whose NodeInfo gives a node or port GUID of 0 is not one: OpenSM ignores such an answer (ERR 0D16, 0D17), so it
     * never configures the node, and finds nothing through it.
     */
    private static Map<FabricNode, Integer> reach(Topology topology, Map<String, FabricNode> nodes, FabricNode smNode,
                                                  int smPort) {
        Map<FabricNode, Integer> reached = new LinkedHashMap<>();
        reached.put(smNode, smPort);
        ArrayDeque<FabricNode> queue = new ArrayDeque<>();
        topology.remote(smNode.id(), smPort).filter(end -> hasGuids(nodes.get(end.node()), end.port())).ifPresent(end -> {
            FabricNode n = nodes.get(end.node());
            reached.put(n, end.port());
            queue.add(n);
        });
        while (!queue.isEmpty()) {
            FabricNode u = queue.poll();
            if (!u.isSwitch()) {
                continue;
            }
            for (int p = 1; p < u.ports.length; p++) {
                topology.remote(u.id(), p).filter(end -> hasGuids(nodes.get(end.node()), end.port()))
                        .filter(end -> reached.putIfAbsent(nodes.get(end.node()), end.port()) == null)
                        .ifPresent(end -> queue.add(nodes.get(end.node())));
            }
        }
        return reached;
    }

    /**
     * The port the last sweep first reached {@code node} by, 0 for a node it did not reach: what a switch says is
     * its LocalPortNum to the SM, so the SA's PortInfoRecords of a switch carry it.
     */
    int sweptInBy(FabricNode node) {
        return sweptInBy.getOrDefault(node, 0);
    }

    /** Whether the NodeInfo {@code n} answers through {@code port} has a node GUID and a port GUID (not 0). */
    private static boolean hasGuids(FabricNode n, int port) {
        return n.node.nodeGuid() != 0 && (n.isSwitch() || n.node.portGuid(port) != 0);
    }

    /**
     * The SM's own port first, then every other port in service in the order of OpenSM's table of ports
     * ({@link #OPENSM_GUID_ORDER}). A port keeps the LID it was given (a GUID the SM knew from an earlier sweep).
     */
    private void assignLids(Topology topology, Map<String, FabricNode> nodes, Set<FabricNode> reached, FabricNode smNode,
                            int smPort, Map<Long, FabricNode> nowInService) {
        give(smNode, smPort, nowInService);
        List<Map.Entry<FabricNode, Integer>> ports = new ArrayList<>();
        for (FabricNode n : reached) {
            if (n.isSwitch()) {
                ports.add(Map.entry(n, 0));
                continue;
            }
            for (int p = 1; p < n.ports.length; p++) {
                boolean reachesFabric = n == smNode && p == smPort || topology.remote(n.id(), p)
                        .map(end -> nodes.get(end.node())).filter(reached::contains)
                        .filter(far -> far.isSwitch() || far == smNode).isPresent();
                if (reachesFabric) {
                    ports.add(Map.entry(n, p));
                }
            }
        }
        ports.sort(Comparator.comparing(port -> port.getKey().node.portGuid(port.getValue()), OPENSM_GUID_ORDER));
        ports.forEach(port -> give(port.getKey(), port.getValue(), nowInService));
    }

    private void give(FabricNode n, int port, Map<Long, FabricNode> nowInService) {
        long guid = n.node.portGuid(port);
        if (nowInService.put(guid, n) != null) {
            return;
        }
        FabricPort fp = n.ports[port];
        Integer lid = guidToLid.get(guid);
        if (lid == null) {
            lid = nextLid++;
            guidToLid.put(guid, lid);
        }
        fp.lid = lid;
    }

    /**
     * OpenSM's min-hop routing with its defaults, switch by switch: the destinations in its order
     * ({@link #routingOrder}), each LID sent out of the port with the fewest hops to it that carries the fewest routes
     * to CAs so far, the lowest-numbered on a tie; a switch's own LIDs to port 0, a CA cabled to it out of that cable's
     * port. Routes to switches are not counted (OpenSM's port_profile_switch_nodes is off). A switch the SM no longer
     * reaches keeps the table it was given.
     */
    private static void computeRoutes(Map<String, FabricNode> nodes, Set<FabricNode> reached,
                                      Map<Long, FabricNode> nowInService) {
        int top = 0;
        for (FabricNode n : nowInService.values()) {
            for (FabricPort p : n.ports) {
                top = Math.max(top, p.lid + (1 << p.lmc) - 1);
            }
        }
        List<FabricNode> switches = new ArrayList<>();
        for (FabricNode n : nodes.values()) {
            if (n.isSwitch() && reached.contains(n)) {
                n.resetLft(top + 1);
                switches.add(n);
            }
        }
        List<Map.Entry<Long, FabricNode>> order = routingOrder(switches, nowInService);
        Map<FabricNode, Map<FabricNode, Integer>> hopsTo = new HashMap<>();
        for (FabricNode sw : switches) {
            hopsTo.put(sw, hops(sw, reached));
        }
        for (FabricNode sw : switches) {
            int[] routed = new int[sw.ports.length];
            for (Map.Entry<Long, FabricNode> e : order) {
                FabricNode dest = e.getValue();
                int destPort = dest.isSwitch() ? 0 : dest.node.portByGuid(e.getKey()).orElseThrow().number();
                FabricPort target = dest.ports[destPort];
                for (int lid = target.lid; lid < target.lid + (1 << target.lmc) && lid < sw.lft.length; lid++) {
                    int out = egress(sw, dest, destPort, routed, hopsTo, reached);
                    sw.lft[lid] = out;
                    if (out != FabricNode.NO_ROUTE && !dest.isSwitch()) {
                        routed[out]++;
                    }
                }
            }
        }
    }

    /**
     * The order OpenSM routes the ports in: the CA and router ports cabled to each switch, switch by switch (the most
     * such ports first, then by node GUID as the wire has it) and port by port; then every other port (the switches')
     * by GUID as the wire has it.
     */
    private static List<Map.Entry<Long, FabricNode>> routingOrder(List<FabricNode> switches,
                                                                  Map<Long, FabricNode> nowInService) {
        List<FabricNode> byLoad = new ArrayList<>(switches);
        byLoad.sort(Comparator.comparing(sw -> sw.node.nodeGuid(), OPENSM_GUID_ORDER));
        Map<FabricNode, List<Long>> endPorts = new HashMap<>();
        for (FabricNode sw : byLoad) {
            List<Long> guids = new ArrayList<>();
            for (int p = 1; p < sw.ports.length; p++) {
                FabricNode far = sw.peer[p];
                if (far != null && !far.isSwitch() && nowInService.containsKey(far.node.portGuid(sw.peerPort[p]))) {
                    guids.add(far.node.portGuid(sw.peerPort[p]));
                }
            }
            endPorts.put(sw, guids);
        }
        byLoad.sort((a, b) -> endPorts.get(b).size() - endPorts.get(a).size()); // stable: ties keep the GUID order
        Map<Long, FabricNode> order = new LinkedHashMap<>();
        for (FabricNode sw : byLoad) {
            endPorts.get(sw).forEach(guid -> order.putIfAbsent(guid, nowInService.get(guid)));
        }
        List<Long> rest = new ArrayList<>(nowInService.keySet());
        rest.sort(OPENSM_GUID_ORDER);
        rest.forEach(guid -> order.putIfAbsent(guid, nowInService.get(guid)));
        return new ArrayList<>(order.entrySet());
    }

    /** The switches {@code from} reaches over links between reached switches, and in how many hops. */
    private static Map<FabricNode, Integer> hops(FabricNode from, Set<FabricNode> reached) {
        Map<FabricNode, Integer> dist = new HashMap<>();
        dist.put(from, 0);
        ArrayDeque<FabricNode> queue = new ArrayDeque<>(List.of(from));
        while (!queue.isEmpty()) {
            FabricNode u = queue.poll();
            for (int p = 1; p < u.ports.length; p++) {
                FabricNode v = u.peer[p];
                if (v != null && v.isSwitch() && reached.contains(v) && !dist.containsKey(v)) {
                    dist.put(v, dist.get(u) + 1);
                    queue.add(v);
                }
            }
        }
        return dist;
    }

    /** The port {@code sw} sends {@code dest}:{@code destPort}'s next LID out of, as OpenSM recommends it. */
    private static int egress(FabricNode sw, FabricNode dest, int destPort, int[] routed,
                              Map<FabricNode, Map<FabricNode, Integer>> hopsTo, Set<FabricNode> reached) {
        if (dest == sw) {
            return 0;
        }
        FabricNode destSwitch = dest;
        if (!dest.isSwitch()) {
            destSwitch = dest.peer[destPort];
            if (destSwitch == null || !destSwitch.isSwitch() || !reached.contains(destSwitch)) {
                return FabricNode.NO_ROUTE;
            }
            if (destSwitch == sw) {
                return dest.peerPort[destPort];
            }
        }
        Map<FabricNode, Integer> toDest = hopsTo.get(destSwitch);
        Integer least = toDest == null ? null : toDest.get(sw);
        if (least == null) {
            return FabricNode.NO_ROUTE;
        }
        int best = FabricNode.NO_ROUTE;
        int fewest = Integer.MAX_VALUE;
        for (int p = 1; p < sw.ports.length; p++) {
            FabricNode v = sw.peer[p];
            Integer beyond = v == null || !v.isSwitch() ? null : toDest.get(v);
            if (beyond != null && beyond + 1 == least && routed[p] < fewest) {
                best = p;
                fewest = routed[p];
            }
        }
        return best;
    }

    /** A member port as the tree reaches it: the switch it is (port 0) or is cabled to, and that switch's port. */
    private record TreeEnd(FabricNode sw, int port) {
    }

    /**
     * Programs multicast group {@code mlid} into every switch's MFT as OpenSM builds a group's spanning tree
     * (osm_mcast_mgr.c): nothing for a group of fewer than two member ports; else from a root, the switch (in OpenSM's
     * GUID order, the first of ties) whose farthest member is fewest hops away (a CA member one hop past its switch),
     * each switch sends each member's frames out of its own port to it, or else out of the lowest-numbered port on a
     * shortest path to the member's switch; each switch forwards the MLID out of the ports that carry members and back
     * up the port it was reached by (port 0 for a switch that is itself a member), so every member reaches every other,
     * loop free. A member whose port is not cabled is left out.
     *
     * @param members the member ports: a CA's (node, port number), or a switch's (node, 0)
     */
    static void routeMulticast(Iterable<FabricNode> nodes, int mlid, List<Map.Entry<FabricNode, Integer>> members) {
        List<FabricNode> switches = new ArrayList<>();
        for (FabricNode n : nodes) {
            n.mft.remove(mlid);
            if (n.isSwitch()) {
                switches.add(n);
            }
        }
        if (members.size() < 2) {
            return;
        }
        List<TreeEnd> ends = new ArrayList<>();
        Set<FabricNode> memberSwitches = new LinkedHashSet<>();
        for (var m : members) {
            FabricNode node = m.getKey();
            int port = m.getValue();
            if (node.isSwitch()) {
                ends.add(new TreeEnd(node, 0));
                memberSwitches.add(node);
            } else if (node.peer != null && node.peer[port] != null && node.peer[port].isSwitch()) {
                ends.add(new TreeEnd(node.peer[port], node.peerPort[port]));
            }
        }
        Set<FabricNode> reached = new LinkedHashSet<>(switches);
        Map<FabricNode, Map<FabricNode, Integer>> hopsFrom = new HashMap<>();
        switches.sort(Comparator.comparing(sw -> sw.node.nodeGuid(), OPENSM_GUID_ORDER));
        FabricNode root = null;
        int fewest = Integer.MAX_VALUE;
        for (FabricNode sw : switches) {
            Map<FabricNode, Integer> hops = hopsFrom.computeIfAbsent(sw, from -> hops(from, reached));
            int farthest = 0;
            for (TreeEnd end : ends) {
                Integer h = hops.get(end.sw());
                farthest = Math.max(farthest, h == null ? NO_PATH : h + (memberSwitches.contains(end.sw()) ? 0 : 1));
            }
            if (farthest < fewest) {
                root = sw;
                fewest = farthest;
            }
        }
        if (root != null) {
            branch(root, mlid, ends, 0, true, reached, hopsFrom);
        }
    }

    /** OpenSM's hop count of no path. */
    private static final int NO_PATH = 0xFF;

    /**
     * The tree below {@code sw}, reached by its port {@code upstream} (none at the root), toward the member ports
     * {@code ends}: each out of the port OpenSM recommends for it (osm_switch_recommend_mcast_path).
     */
    private static void branch(FabricNode sw, int mlid, List<TreeEnd> ends, int upstream, boolean root,
                               Set<FabricNode> reached, Map<FabricNode, Map<FabricNode, Integer>> hopsFrom) {
        Map<Integer, List<TreeEnd>> byPort = new TreeMap<>();
        for (TreeEnd end : ends) {
            int port = end.sw() == sw ? end.port() : firstShortestPort(sw, end.sw(),
                    hopsFrom.computeIfAbsent(end.sw(), from -> hops(from, reached)));
            if (port != FabricNode.NO_ROUTE) {
                byPort.computeIfAbsent(port, k -> new ArrayList<>()).add(end);
            }
        }
        var out = sw.mft.computeIfAbsent(mlid, k -> new TreeSet<>());
        if (!root) {
            out.add(upstream);
        }
        for (var e : byPort.entrySet()) {
            int port = e.getKey();
            out.add(port);
            FabricNode next = port == 0 ? null : sw.peer[port];
            if (next != null && next.isSwitch()) {
                branch(next, mlid, e.getValue(), sw.peerPort[port], false, reached, hopsFrom);
            }
        }
    }

    /** The lowest-numbered port of {@code sw} on a shortest path to {@code target} ({@code toTarget}: its hops). */
    private static int firstShortestPort(FabricNode sw, FabricNode target, Map<FabricNode, Integer> toTarget) {
        Integer least = toTarget.get(sw);
        for (int p = 1; least != null && p < sw.ports.length; p++) {
            FabricNode v = sw.peer[p];
            Integer beyond = v == null || !v.isSwitch() ? null : toTarget.get(v);
            if (beyond != null && beyond + 1 == least) {
                return p;
            }
        }
        return FabricNode.NO_ROUTE;
    }
}
