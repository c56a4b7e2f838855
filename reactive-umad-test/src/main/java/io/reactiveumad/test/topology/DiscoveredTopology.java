package io.reactiveumad.test.topology;

import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredLink;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.discovery.FabricDiscovery;
import io.reactiveumad.mad.attr.PortInfo;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.function.UnaryOperator;

/**
 * A {@link FabricDiscovery} result as a {@link Topology}: the model the embedded fabric loads and
 * {@link IbnetdiscoverWriter} prints, so a discovered fabric can be written as {@code ibnetdiscover} does
 * and compared with (or replayed as) a topology file. Node ids are {@code ibnetdiscover}'s GUID names.
 */
public final class DiscoveredTopology {
    private DiscoveredTopology() {
    }

    public static Topology of(DiscoveredFabric fabric) {
        return of(fabric, fabric.nodes());
    }

    /** The topology with its nodes in {@code order} (a permutation of the fabric's), which writers keep. */
    private static Topology of(DiscoveredFabric fabric, List<DiscoveredNode> order) {
        TopologyBuilder builder = Topology.builder();
        order.forEach(n -> builder.add(node(n)));
        Map<Long, DiscoveredNode> byGuid = fabric.byGuid();
        for (DiscoveredLink link : fabric.links()) {
            DiscoveredNode a = byGuid.get(link.nodeGuidA());
            DiscoveredNode b = byGuid.get(link.nodeGuidB());
            // Both ends run at the same rate; either end's PortInfo says which (one may have gone unanswered).
            DiscoveredNode measured = a.port(link.portA()).isPresent() ? a : b;
            Optional<PortInfo> rate = measured.port(measured == a ? link.portA() : link.portB());
            // A width or speed no enum value has (ibnetdiscover prints "??", "???") is the port's text, below.
            LinkWidth width = rate.flatMap(r -> width(r)).orElse(Link.DEFAULT_WIDTH);
            int measuredPort = measured == a ? link.portA() : link.portB();
            LinkSpeed speed = rate.flatMap(r -> speed(measured, measuredPort, r)).orElse(Link.DEFAULT_SPEED);
            builder.link(guidName(a), link.portA(), guidName(b), link.portB(), width, speed);
        }
        return builder.build();
    }

    /**
     * {@code ibnetdiscover}'s text for {@code fabric}, its nodes in the tool's order, dated now, with the
     * "Initiated from" line for the local port.
     */
    public static String toIbnetdiscover(DiscoveredFabric fabric) {
        return toIbnetdiscover(fabric, Node::description);
    }

    /** As {@link #toIbnetdiscover(DiscoveredFabric)}, naming nodes as a node name map does ({@link IbnetdiscoverWriter#names}). */
    public static String toIbnetdiscover(DiscoveredFabric fabric, Function<Node, String> names) {
        return toIbnetdiscover(fabric, names, UnaryOperator.identity());
    }

    /**
     * As {@link #toIbnetdiscover(DiscoveredFabric, Function)}, the writer set up further by {@code options}
     * (ibnetdiscover -f's {@link #fullPortNotes}, -m's {@link IbnetdiscoverWriter#maxHops}).
     */
    public static String toIbnetdiscover(DiscoveredFabric fabric, Function<Node, String> names,
                                         UnaryOperator<IbnetdiscoverWriter> options) {
        Topology topology = of(fabric, fabric.nodesLastFoundFirst());
        DiscoveredNode local = fabric.node(fabric.fromNodeGuid()).orElseThrow();
        IbnetdiscoverWriter writer = new IbnetdiscoverWriter().generatedOn(ZonedDateTime.now()).names(names)
                .initiatedFrom(topology.requireNode(guidName(local)), local.portGuid(fabric.fromPort()));
        writer.portRates(portRates(fabric, topology)).switchNodeInfoPortGuids(nodeInfoPortGuids(fabric));
        return options.apply(writer).write(topology);
    }

    /**
     * ibnetdiscover {@code --diff}'s text: {@code cached} (a fabric read from a cache) against {@code current}, with
     * {@code <} before what only the cache has and {@code >} before what only the fabric has now, under {@code checks}
     * ({@link DiffCheck#DEFAULT}: nodes and their ports' connections); nodes named as {@code names} says, as in
     * {@link #toIbnetdiscover(DiscoveredFabric, Function)}. Empty when nothing checked differs.
     */
    public static String ibnetdiscoverDiff(DiscoveredFabric cached, DiscoveredFabric current, Set<DiffCheck> checks,
                                           Function<Node, String> names) {
        return IbnetdiscoverDiff.write(side(cached, names), side(current, names), checks);
    }

    private static IbnetdiscoverDiff.Side side(DiscoveredFabric fabric, Function<Node, String> names) {
        Topology topology = of(fabric, fabric.nodesLastFoundFirst());
        IbnetdiscoverWriter writer = new IbnetdiscoverWriter().names(names).portRates(portRates(fabric, topology))
                .switchNodeInfoPortGuids(nodeInfoPortGuids(fabric));
        return new IbnetdiscoverDiff.Side(fabric, topology, writer);
    }

    /** Each node's NodeInfo PortGUID, as discovered or as a cache holds it. */
    private static ToLongFunction<Node> nodeInfoPortGuids(DiscoveredFabric fabric) {
        Map<Long, DiscoveredNode> byGuid = fabric.byGuid();
        return node -> byGuid.get(node.nodeGuid()).nodeInfo().portGuid();
    }

    /**
     * ibnetdiscover's text for each port's own rate where it is not its link's: {@code "??"} for the width of a port
     * without its own PortInfo, {@code "???"} for its speed, and for the speed of every port of a switch without port
     * 0's (the tool reads a switch port's speed only with port 0's); FDR10 on the one end of a link whose MlnxExtPortInfo
     * was asked. Null elsewhere: the link's.
     */
    private static BiFunction<Node, Integer, String> portRates(DiscoveredFabric fabric, Topology topology) {
        Map<Long, DiscoveredNode> byGuid = fabric.byGuid();
        return (node, port) -> {
            DiscoveredNode found = byGuid.get(node.nodeGuid());
            Optional<PortInfo> own = found == null ? Optional.empty() : found.port(port);
            boolean speedKnown = own.isPresent() && (!found.isSwitch() || found.port(0).isPresent());
            String width = own.flatMap(DiscoveredTopology::width).map(LinkWidth::text).orElse("??");
            if (!speedKnown) {
                return width + "???";
            }
            String rate = width + speed(found, port, own.get()).map(LinkSpeed::name).orElse("???");
            Optional<String> linkRate = topology.link(node.id(), port).map(l -> l.width().text() + l.speed().name());
            return linkRate.isEmpty() || linkRate.get().equals(rate) ? null : rate;
        };
    }

    /** The speed {@code port}'s own PortInfo (and MlnxExtPortInfo, where asked) gives. */
    /** The port's speed, or empty for values ibnetdiscover prints as "???". */
    private static Optional<LinkSpeed> speed(DiscoveredNode node, int port, PortInfo info) {
        try {
            return Optional.of(LinkSpeed.of(info.linkSpeedActive(), node.linkSpeedExtActive(port), node.fdr10Active(port)));
        } catch (IllegalArgumentException unknown) {
            return Optional.empty();
        }
    }

    /** The port's width, or empty for values ibnetdiscover prints as "??". */
    private static Optional<LinkWidth> width(PortInfo info) {
        try {
            return Optional.of(LinkWidth.ofCode(info.linkWidthActive()));
        } catch (IllegalArgumentException unknown) {
            return Optional.empty();
        }
    }

    /**
     * ibnetdiscover -f's end of each port's line: {@code s=} its LinkSpeedActive, {@code w=} its LinkWidthActive,
     * {@code v=} its VLCap, from {@code fabric}'s PortInfo ({@link IbnetdiscoverWriter#portNotes}).
     */
    public static BiFunction<Node, Integer, String> fullPortNotes(DiscoveredFabric fabric) {
        return (node, port) -> fabric.node(node.nodeGuid()).flatMap(n -> n.port(port))
                .map(info -> " s=" + info.linkSpeedActive() + " w=" + info.linkWidthActive() + " v=" + info.vlCap())
                .orElse("");
    }

    private static Node node(DiscoveredNode found) {
        var info = found.nodeInfo();
        NodeType type = NodeType.ofCode(info.nodeType());
        List<Port> ports = new ArrayList<>();
        if (type == NodeType.SWITCH) {
            ports.add(port(found, 0));
        } else {
            for (int p = 1; p <= info.numPorts(); p++) {
                ports.add(port(found, p));
            }
        }
        return new Node(type, guidName(found), found.description(), info.numPorts(), info.nodeGuid(),
                info.systemImageGuid(), info.vendorId(), info.deviceId(), ports,
                found.switchInfo() != null && found.switchInfo().enhancedPort0());
    }

    private static Port port(DiscoveredNode node, int number) {
        Optional<PortInfo> info = node.addressingPort(number);
        return new Port(number, node.portGuid(number), info.map(PortInfo::lid).orElse(0), info.map(PortInfo::lmc).orElse(0));
    }

    private static String guidName(DiscoveredNode node) {
        return NodeType.ofCode(node.nodeInfo().nodeType()).guidName(node.guid());
    }
}
