package io.reactiveumad.test.topology;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link Topology} in code. GUIDs not given are allocated the way ibsim allocates them: CAs from
 * {@code 0x100000} (node GUID G, port n GUID G+n, ports+1 GUIDs reserved), switches from {@code 0x200000} (one
 * GUID each). Routers count from {@code 0x300000}, where ibsim starts at 0 (a GUID OpenSM ignores); the net file
 * {@link io.reactiveumad.test.ibsim.IbsimNetWriter} writes names every node's GUID, so ibsim agrees.
 *
 * <pre>{@code
 * Topology t = Topology.builder()
 *     .switchNode("sw1", 8)
 *     .ca("host1", 1).describe("host1", "host1 HCA-1")
 *     .link("sw1", 1, "host1", 1)
 *     .build();
 * }</pre>
 */
public final class TopologyBuilder {
    static final long CA_GUID_BASE = 0x100000L;
    static final long SWITCH_GUID_BASE = 0x200000L;
    static final long ROUTER_GUID_BASE = 0x300000L;

    private final Map<NodeType, Long> nextGuid = new EnumMap<>(NodeType.class);
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final List<Link> links = new ArrayList<>();

    TopologyBuilder() {
        nextGuid.put(NodeType.CA, CA_GUID_BASE);
        nextGuid.put(NodeType.SWITCH, SWITCH_GUID_BASE);
        nextGuid.put(NodeType.ROUTER, ROUTER_GUID_BASE);
    }

    public TopologyBuilder switchNode(String id, int ports) {
        return node(NodeType.SWITCH, id, ports, nextGuid.get(NodeType.SWITCH));
    }

    public TopologyBuilder ca(String id, int ports) {
        return node(NodeType.CA, id, ports, nextGuid.get(NodeType.CA));
    }

    public TopologyBuilder router(String id, int ports) {
        return node(NodeType.ROUTER, id, ports, nextGuid.get(NodeType.ROUTER));
    }

    /**
     * Adds a node with GUID {@code guid} (port GUIDs guid+n for CAs and routers); later automatic GUIDs of
     * this type continue after it. Its description is its id until {@link #describe} changes it.
     */
    public TopologyBuilder node(NodeType type, String id, int ports, long guid) {
        List<Port> addressable = new ArrayList<>();
        if (type == NodeType.SWITCH) {
            addressable.add(new Port(0, guid, 0, 0));
        } else {
            for (int p = 1; p <= ports; p++) {
                addressable.add(new Port(p, guid + p, 0, 0));
            }
        }
        return add(new Node(type, id, id, ports, guid, guid, 0, 0, addressable));
    }

    /** Adds a fully specified node. */
    public TopologyBuilder add(Node node) {
        if (nodes.putIfAbsent(node.id(), node) != null) {
            throw new IllegalArgumentException("node id \"" + node.id() + "\" already exists");
        }
        long reserved = node.isSwitch() ? 1 : node.portCount() + 1L;
        nextGuid.merge(node.type(), node.nodeGuid() + reserved, Math::max);
        return this;
    }

    /** Sets the NodeDescription of {@code id}. */
    public TopologyBuilder describe(String id, String description) {
        return replace(id, node(id).withDescription(description));
    }

    /** Sets vendor and device ids of {@code id}. */
    public TopologyBuilder ids(String id, int vendorId, int deviceId) {
        Node n = node(id);
        return replace(id, new Node(n.type(), n.id(), n.description(), n.portCount(), n.nodeGuid(), n.systemImageGuid(),
                vendorId, deviceId, n.ports(), n.enhancedPort0()));
    }

    /** Cables {@code a}[{@code portA}] to {@code b}[{@code portB}] at 4x SDR (ibsim's default). */
    public TopologyBuilder link(String a, int portA, String b, int portB) {
        return link(a, portA, b, portB, Link.DEFAULT_WIDTH, Link.DEFAULT_SPEED);
    }

    public TopologyBuilder link(String a, int portA, String b, int portB, LinkWidth width, LinkSpeed speed) {
        node(a).checkPort(portA);
        node(b).checkPort(portB);
        links.add(new Link(new Link.End(a, portA), new Link.End(b, portB), width, speed));
        return this;
    }

    /** Builds; fails on a port cabled twice or a link to an unknown node. */
    public Topology build() {
        return new Topology(new ArrayList<>(nodes.values()), links);
    }

    private Node node(String id) {
        Node n = nodes.get(id);
        if (n == null) {
            throw new IllegalArgumentException("no node \"" + id + "\" added yet");
        }
        return n;
    }

    private TopologyBuilder replace(String id, Node node) {
        nodes.put(id, node);
        return this;
    }
}
