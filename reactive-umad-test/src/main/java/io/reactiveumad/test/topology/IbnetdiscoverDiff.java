package io.reactiveumad.test.topology;

import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.mad.attr.PortInfo;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * ibnetdiscover's {@code --diff}: a cached fabric against the one found now, type by type (switches, CAs, routers),
 * each node written as the tool writes it, with {@code "< "} before what the cache has and {@code "> "} before what the fabric has
 * now. A node only one side has is written whole, with its connected ports; a node both have is written where its
 * ports' connections (a port linked on one side only, or to another port GUID), with {@link DiffCheck#LID} its LIDs,
 * with {@link DiffCheck#NODEDESC} its and its neighbours' descriptions, or its port count differ. As libibnetdisc, a
 * port counts as there on a switch where its PortInfo was read, on a CA or router where it is connected or is the
 * local one; and a neighbour is compared by its port GUID (a switch's ports all have one).
 */
final class IbnetdiscoverDiff {
    private static final Set<DiffCheck> PER_PORT = EnumSet.of(DiffCheck.PORT, DiffCheck.LID, DiffCheck.NODEDESC);

    /** One fabric: what it holds, and its text as the tool writes it. */
    record Side(DiscoveredFabric fabric, Topology topology, IbnetdiscoverWriter writer) {
        DiscoveredNode found(Node node) {
            return fabric.node(node.nodeGuid()).orElseThrow();
        }

        boolean hasPort(Node node, int port) {
            if (node.isSwitch()) {
                return found(node).port(port).isPresent();
            }
            return linked(node, port) || fabric.fromNodeGuid() == node.nodeGuid() && fabric.fromPort() == port;
        }

        boolean linked(Node node, int port) {
            return topology.link(node.id(), port).isPresent();
        }

        /** The node at the other end of {@code port}'s link, and its port there. */
        Optional<Link.End> far(Node node, int port) {
            return topology.link(node.id(), port).map(l -> l.other(new Link.End(node.id(), port)));
        }

        long farGuid(Node node, int port) {
            return far(node, port).map(end -> found(topology.requireNode(end.node())).portGuid(end.port())).orElse(0L);
        }

        String farDescription(Node node, int port) {
            return far(node, port).map(end -> topology.requireNode(end.node()).description()).orElse("");
        }

        int farLid(Node node, int port) {
            return far(node, port).map(end -> lid(topology.requireNode(end.node()), end.port())).orElse(0);
        }

        /** The LID in the port's own PortInfo. */
        int lid(Node node, int port) {
            return found(node).port(port).map(PortInfo::lid).orElse(0);
        }

        /** The LID the node answers SMPs at ({@link DiscoveredNode#lid}). */
        int smaLid(Node node) {
            return found(node).lid();
        }
    }

    private final StringBuilder out = new StringBuilder();

    private IbnetdiscoverDiff() {
    }

    static String write(Side cached, Side current, Set<DiffCheck> checks) {
        IbnetdiscoverDiff diff = new IbnetdiscoverDiff();
        Set<DiffCheck> presence = EnumSet.copyOf(checks);
        presence.removeAll(PER_PORT);
        for (NodeType type : new NodeType[] {NodeType.SWITCH, NodeType.CA, NodeType.ROUTER}) {
            if (checks.contains(DiffCheck.of(type))) {
                diff.pass(type, cached, current, checks, "< ", "> ");
                // Then what only the fabric has now; what both have was compared above.
                diff.pass(type, current, cached, presence, "> ", "< ");
            }
        }
        return diff.out.toString();
    }

    private void pass(NodeType type, Side one, Side other, Set<DiffCheck> checks, String onePrefix, String otherPrefix) {
        for (Node node : one.topology().nodes(type)) {
            Optional<Node> counterpart = other.topology().nodeByGuid(node.nodeGuid());
            if (counterpart.isEmpty()) {
                out.append(one.writer().header(node, onePrefix, onePrefix));
                for (int p = 1; p <= node.portCount(); p++) {
                    if (one.linked(node, p)) {
                        out.append(one.writer().port(one.topology(), node, p, onePrefix));
                    }
                }
            } else if (checks.stream().anyMatch(PER_PORT::contains)) {
                compare(node, counterpart.get(), one, other, checks, onePrefix, otherPrefix);
            }
        }
    }

    private void compare(Node node, Node counterpart, Side one, Side other, Set<DiffCheck> checks, String onePrefix,
                         String otherPrefix) {
        boolean headed = false;
        if (checks.contains(DiffCheck.LID) && one.smaLid(node) != other.smaLid(counterpart)
                || checks.contains(DiffCheck.NODEDESC) && !node.description().equals(counterpart.description())) {
            out.append(one.writer().header(node, "", onePrefix)).append(other.writer().detail(counterpart, otherPrefix))
                    .append('\n');
            headed = true;
        }
        if (node.portCount() != counterpart.portCount()) {
            if (!headed) {
                out.append(one.writer().header(node, "", ""));
            }
            out.append(onePrefix).append("numports = ").append(node.portCount()).append('\n')
                    .append(otherPrefix).append("numports = ").append(counterpart.portCount()).append('\n');
            return;
        }
        if (!checks.contains(DiffCheck.PORT) && !checks.contains(DiffCheck.LID)) {
            return;
        }
        for (int p = 1; p <= node.portCount(); p++) {
            boolean oneHas = one.hasPort(node, p);
            boolean otherHas = other.hasPort(counterpart, p);
            boolean oneLinked = oneHas && one.linked(node, p);
            boolean otherLinked = otherHas && other.linked(counterpart, p);
            boolean bothLinked = oneLinked && otherLinked;
            boolean oneOut = false;
            boolean otherOut = false;
            if (checks.contains(DiffCheck.PORT)) {
                if (oneHas && !otherHas || oneHas && otherHas && oneLinked && !otherLinked) {
                    oneOut = true;
                } else if (!oneHas && otherHas || oneHas && otherHas && !oneLinked && otherLinked) {
                    otherOut = true;
                } else if (oneHas && otherHas && (one.found(node).portGuid(p) != other.found(counterpart).portGuid(p)
                        || bothLinked && one.farGuid(node, p) != other.farGuid(counterpart, p))) {
                    oneOut = otherOut = true;
                }
            }
            boolean changed = checks.contains(DiffCheck.LID) && oneHas && otherHas
                    && one.lid(node, p) != other.lid(counterpart, p)
                    || checks.contains(DiffCheck.PORT) && checks.contains(DiffCheck.NODEDESC) && bothLinked
                    && !Objects.equals(one.farDescription(node, p), other.farDescription(counterpart, p))
                    || checks.contains(DiffCheck.PORT) && checks.contains(DiffCheck.LID) && bothLinked
                    && one.farLid(node, p) != other.farLid(counterpart, p);
            oneOut |= changed;
            otherOut |= changed;
            // A port without a link has no line to write (the tool's would dereference the missing far end).
            if (oneOut && oneLinked || otherOut && otherLinked) {
                if (!headed) {
                    out.append(one.writer().header(node, "", ""));
                    headed = true;
                }
                if (oneOut && oneLinked) {
                    out.append(one.writer().port(one.topology(), node, p, onePrefix));
                }
                if (otherOut && otherLinked) {
                    out.append(other.writer().port(other.topology(), counterpart, p, otherPrefix));
                }
            }
        }
    }
}
