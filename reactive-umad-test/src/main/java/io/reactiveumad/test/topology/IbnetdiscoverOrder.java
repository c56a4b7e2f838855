package io.reactiveumad.test.topology;

import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredLink;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.mad.attr.PortInfo;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The order in which {@code ibnetdiscover} prints the nodes of a fabric, worked out from what our discovery
 * found. libibnetdisc adds each new node at the head of its type's list (so the tool prints the last one
 * found first), and it finds nodes in the order its SMP queue answers: one FIFO queue, at most two SMPs on
 * the wire, a simulator or a fabric answering in order. A NodeInfo answer from a new node queues its
 * NodeDescription and, on a switch, SwitchInfo and PortInfo of port 0, whose answer queues PortInfo of
 * ports 1..N; a PortInfo answer of a linked-up switch port other than the one the switch was reached
 * through (or of the local port) queues a NodeInfo through that port. Our discovery keeps many SMPs in
 * flight, so its own order depends on answer timing; replaying that queue over its result gives the
 * tool's order on any fabric, not only the trees where breadth-first happens to agree.
 *
 * <p>Only the queue entries that can find a node matter: NodeDescription and SwitchInfo, and NodeInfo
 * answers from known nodes, queue nothing that does, so they are left out.
 */
final class IbnetdiscoverOrder {
    /** Queue entry kinds; {@link #PORT_ZERO} stands for "the answer of port 0", which queues ports 1..N. */
    private static final long NODE_INFO = 0;
    private static final long PORT_INFO = 1;
    private static final int PORT_ZERO = -1;

    private IbnetdiscoverOrder() {
    }

    /** The nodes of {@code fabric} as {@code ibnetdiscover} lists them (within each node type). */
    static List<DiscoveredNode> printOrder(DiscoveredFabric fabric) {
        List<DiscoveredNode> found = discoveryOrder(fabric);
        Collections.reverse(found);
        return found;
    }

    private static List<DiscoveredNode> discoveryOrder(DiscoveredFabric fabric) {
        Map<Long, DiscoveredNode> byGuid = fabric.byGuid();
        Map<Long, Map<Integer, long[]>> cables = new HashMap<>();
        for (DiscoveredLink link : fabric.links()) {
            cables.computeIfAbsent(link.nodeGuidA(), g -> new HashMap<>()).put(link.portA(), new long[] {link.nodeGuidB(), link.portB()});
            cables.computeIfAbsent(link.nodeGuidB(), g -> new HashMap<>()).put(link.portB(), new long[] {link.nodeGuidA(), link.portA()});
        }
        List<DiscoveredNode> order = new ArrayList<>(fabric.nodes().size());
        Set<Long> known = new HashSet<>();
        Map<Long, Integer> entryPort = new HashMap<>();
        // Queue entries: {NODE_INFO, guid, arrival port} or {PORT_INFO, guid, port}; port -1 is "port 0's answer".
        ArrayDeque<long[]> queue = new ArrayDeque<>();
        queue.add(new long[] {NODE_INFO, fabric.fromNodeGuid(), fabric.fromPort()});
        while (!queue.isEmpty()) {
            long[] smp = queue.poll();
            DiscoveredNode node = byGuid.get(smp[1]);
            if (node == null) {
                continue;
            }
            int port = (int) smp[2];
            if (smp[0] == NODE_INFO) {
                if (known.add(node.guid())) {
                    order.add(node);
                    entryPort.put(node.guid(), port);
                    if (node.isSwitch()) {
                        queue.add(new long[] {PORT_INFO, node.guid(), PORT_ZERO});
                    }
                }
                if (!node.isSwitch()) {
                    queue.add(new long[] {PORT_INFO, node.guid(), port});
                }
            } else if (port == PORT_ZERO) {
                for (int p = 1; p <= node.nodeInfo().numPorts(); p++) {
                    queue.add(new long[] {PORT_INFO, node.guid(), p});
                }
            } else {
                boolean onward = node.isSwitch() ? port != entryPort.get(node.guid())
                        : node.guid() == fabric.fromNodeGuid() && port == fabric.fromPort();
                long[] far = cables.getOrDefault(node.guid(), Map.of()).get(port);
                if (onward && far != null && linkedUp(node, port)) {
                    queue.add(new long[] {NODE_INFO, far[0], far[1]});
                }
            }
        }
        // Nodes the replay cannot reach (none when the result is whole) keep their place after the others.
        for (DiscoveredNode node : fabric.nodes()) {
            if (known.add(node.guid())) {
                order.add(node);
            }
        }
        return order;
    }

    /** As the tool: a port it has no PortInfo of is not followed, one not in LinkUp neither. */
    private static boolean linkedUp(DiscoveredNode node, int port) {
        return node.port(port).map(info -> info.portPhysicalState() == PortInfo.PHYS_LINK_UP).orElse(false);
    }

}
