package io.reactiveumad.discovery;

import io.reactiveumad.mad.attr.PortInfo;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The order in which libibnetdisc (ibnetdiscover, iblinkinfo, ibqueryerrors) finds the nodes of a fabric,
 * worked out from what our discovery found: it finds nodes in the order its SMP queue answers (one FIFO
 * queue, at most two SMPs on the wire, a simulator or a fabric answering in order), and adds each new node
 * at the head of its lists, so the tools print the last one found first. A NodeInfo answer from a new node queues its
 * NodeDescription and, on a switch, SwitchInfo and PortInfo of port 0, whose answer queues PortInfo of
 * ports 1..N; a PortInfo answer of a linked-up switch port other than the one the switch was reached
 * through (or of the local port) queues a NodeInfo through that port. Our discovery keeps many SMPs in
 * flight, so the order its answers come in depends on timing; replaying that queue over its result gives
 * the tools' order on any fabric, and the same order on every run.
 *
 * <p>Only the queue entries that can find a node matter: NodeDescription and SwitchInfo, and NodeInfo
 * answers from known nodes, queue nothing that does, so they are left out.
 */
final class LibibnetdiscOrder {
    /** Queue entry kinds; {@link #PORT_ZERO} stands for "the answer of port 0", which queues ports 1..N. */
    private static final long NODE_INFO = 0;
    private static final long PORT_INFO = 1;
    private static final int PORT_ZERO = -1;

    private LibibnetdiscOrder() {
    }

    /** {@code nodes} in the order libibnetdisc finds them from port {@code fromPort} of node {@code fromNodeGuid}. */
    static List<DiscoveredNode> of(List<DiscoveredNode> nodes, List<DiscoveredLink> links, long fromNodeGuid, int fromPort) {
        Map<Long, DiscoveredNode> byGuid = new HashMap<>();
        nodes.forEach(n -> byGuid.put(n.guid(), n));
        Map<Long, Map<Integer, long[]>> cables = new HashMap<>();
        for (DiscoveredLink link : links) {
            cables.computeIfAbsent(link.nodeGuidA(), g -> new HashMap<>()).put(link.portA(), new long[] {link.nodeGuidB(), link.portB()});
            cables.computeIfAbsent(link.nodeGuidB(), g -> new HashMap<>()).put(link.portB(), new long[] {link.nodeGuidA(), link.portA()});
        }
        List<DiscoveredNode> order = new ArrayList<>(nodes.size());
        Set<Long> known = new HashSet<>();
        Map<Long, Integer> entryPort = new HashMap<>();
        // Queue entries: {NODE_INFO, guid, arrival port} or {PORT_INFO, guid, port}; port -1 is "port 0's answer".
        ArrayDeque<long[]> queue = new ArrayDeque<>();
        queue.add(new long[] {NODE_INFO, fromNodeGuid, fromPort});
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
                        : node.guid() == fromNodeGuid && port == fromPort;
                long[] far = cables.getOrDefault(node.guid(), Map.of()).get(port);
                if (onward && far != null && linkedUp(node, port)) {
                    queue.add(new long[] {NODE_INFO, far[0], far[1]});
                }
            }
        }
        // Nodes the replay cannot reach (none when the result is whole) keep their place after the others.
        for (DiscoveredNode node : nodes) {
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
