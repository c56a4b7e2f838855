package io.reactiveumad.test.topology;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable fabric description: nodes and the links between their ports. Loaded from ibsim net files
 * or {@code ibnetdiscover} output ({@link #parse}), built in code ({@link #builder}), generated
 * ({@link FatTree}), written back as {@code ibnetdiscover} text ({@link #toIbnetdiscover}). The
 * {@code with*}/{@code without*} methods return changed copies.
 */
public final class Topology {
    private static final String DEFAULT_RESOURCE = "/io/reactiveumad/test/default.topology";

    private final List<Node> nodes;
    private final List<Link> links;
    private final Map<String, Node> byId;
    private final Map<Long, Node> byGuid;
    private final Map<Link.End, Link> byEnd;
    private final Map<Link.End, PortRates> rates;

    Topology(List<Node> nodes, List<Link> links) {
        this(nodes, links, Map.of());
    }

    Topology(List<Node> nodes, List<Link> links, Map<Link.End, PortRates> rates) {
        this.nodes = List.copyOf(nodes);
        this.links = List.copyOf(links);
        this.rates = Map.copyOf(rates);
        Map<String, Node> ids = new LinkedHashMap<>();
        Map<Long, Node> guids = new LinkedHashMap<>();
        for (Node n : this.nodes) {
            if (ids.put(n.id(), n) != null) {
                throw new IllegalArgumentException("duplicate node id \"" + n.id() + "\"");
            }
            if (guids.put(n.nodeGuid(), n) != null) {
                throw new IllegalArgumentException(String.format("duplicate node GUID 0x%x (\"%s\")", n.nodeGuid(), n.id()));
            }
        }
        Map<Link.End, Link> ends = new LinkedHashMap<>();
        for (Link l : this.links) {
            for (Link.End e : List.of(l.a(), l.b())) {
                Node n = ids.get(e.node());
                if (n == null) {
                    throw new IllegalArgumentException("link " + l + " names an unknown node \"" + e.node() + "\"");
                }
                if (e.port() > n.portCount()) {
                    throw new IllegalArgumentException("link " + l + ": node \"" + n.id() + "\" has only " + n.portCount() + " ports");
                }
                if (ends.put(e, l) != null) {
                    throw new IllegalArgumentException("port " + e + " is cabled twice");
                }
            }
        }
        this.byId = Collections.unmodifiableMap(ids);
        this.byGuid = Collections.unmodifiableMap(guids);
        this.byEnd = Collections.unmodifiableMap(ends);
    }

    /** A topology of these nodes and links; fails on duplicate ids or GUIDs, unknown link ends, a port cabled twice. */
    public static Topology of(List<Node> nodes, List<Link> links) {
        return new Topology(nodes, links);
    }

    public static TopologyBuilder builder() {
        return new TopologyBuilder();
    }

    /** Parses an ibsim net file or {@code ibnetdiscover} output. */
    public static Topology parse(String text) {
        return new TopologyParser().parse(text);
    }

    public static Topology parse(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("topology " + file + " is not a text file (not UTF-8: " + e.getMessage() + ")", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read topology " + file, e);
        }
    }

    /** The small fabric bundled for demos: two switches, four hosts, a doubled inter-switch link. */
    public static Topology defaultTopology() {
        try (InputStream in = Topology.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + DEFAULT_RESOURCE + " is missing from the jar");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** In {@code ibnetdiscover} format; see {@link IbnetdiscoverWriter}. */
    public String toIbnetdiscover() {
        return new IbnetdiscoverWriter().write(this);
    }

    public List<Node> nodes() {
        return nodes;
    }

    public List<Link> links() {
        return links;
    }

    public Optional<Node> node(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** The node with this id, or an {@link IllegalArgumentException} naming it. */
    public Node requireNode(String id) {
        Node n = byId.get(id);
        if (n == null) {
            throw new IllegalArgumentException("no node \"" + id + "\" in the topology");
        }
        return n;
    }

    public Optional<Node> nodeByGuid(long guid) {
        return Optional.ofNullable(byGuid.get(guid));
    }

    /** The link cabled to {@code node}'s {@code port}, if any. */
    public Optional<Link> link(String node, int port) {
        return Optional.ofNullable(byEnd.get(new Link.End(node, port)));
    }

    /** The port at the other end of {@code node}'s {@code port}, if cabled. */
    public Optional<Link.End> remote(String node, int port) {
        Link.End here = new Link.End(node, port);
        return Optional.ofNullable(byEnd.get(here)).map(l -> l.other(here));
    }

    public List<Node> nodes(NodeType type) {
        return nodes.stream().filter(n -> n.type() == type).toList();
    }

    /**
     * What {@code node}'s {@code port} enables, where the file this topology was read from gives it (ibsim's reading of
     * its line, kept when the cable is pulled); empty for a port of a topology built in code, which enables what its
     * cable runs at.
     */
    public Optional<PortRates> rates(String node, int port) {
        return Optional.ofNullable(rates.get(new Link.End(node, port)));
    }

    /** A copy where {@code node}'s {@code port} enables {@code now} (a PortInfo Set changed it). */
    public Topology withRates(String node, int port, PortRates now) {
        Map<Link.End, PortRates> changed = new LinkedHashMap<>(rates);
        changed.put(new Link.End(node, port), now);
        return new Topology(nodes, links, changed);
    }

    /** A copy with {@code link} added. */
    public Topology withLink(Link link) {
        List<Link> more = new ArrayList<>(links);
        more.add(link);
        return new Topology(nodes, more, rates);
    }

    /** A copy without the link on {@code node}'s {@code port} (unchanged if none). */
    public Topology withoutLink(String node, int port) {
        Link.End end = new Link.End(node, port);
        return new Topology(nodes, links.stream().filter(l -> !l.touches(end)).toList(), rates);
    }

    /** A copy with {@code node} added, uncabled. */
    public Topology withNode(Node node) {
        List<Node> more = new ArrayList<>(nodes);
        more.add(node);
        return new Topology(more, links, rates);
    }

    /** A copy without {@code id} and its links. */
    public Topology withoutNode(String id) {
        requireNode(id);
        Map<Link.End, PortRates> kept = new LinkedHashMap<>(rates);
        kept.keySet().removeIf(end -> end.node().equals(id));
        return new Topology(nodes.stream().filter(n -> !n.id().equals(id)).toList(),
                links.stream().filter(l -> !l.a().node().equals(id) && !l.b().node().equals(id)).toList(), kept);
    }

    /** A copy with {@code node} replacing the node of the same id. */
    public Topology withNodeReplaced(Node node) {
        requireNode(node.id());
        return new Topology(nodes.stream().map(n -> n.id().equals(node.id()) ? node : n).toList(), links, rates);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Topology t && nodes.equals(t.nodes) && new HashSet<>(links).equals(new HashSet<>(t.links));
    }

    @Override
    public int hashCode() {
        return nodes.hashCode();
    }

    @Override
    public String toString() {
        return "Topology[" + nodes.size() + " nodes, " + links.size() + " links]";
    }
}
