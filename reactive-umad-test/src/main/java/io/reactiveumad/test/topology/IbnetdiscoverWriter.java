package io.reactiveumad.test.topology;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * Writes a {@link Topology} as {@code ibnetdiscover} (infiniband-diags) prints it without options:
 * switches, then CAs, then routers; each as its {@code vendid}/{@code devid}/{@code sysimgguid}/GUID
 * lines, the record header, and one line per cabled port. GUIDs are printed as the tool does:
 * {@code 0x%x} in assignments, {@code %016x} in node names ({@code "S-0002c90000000001"}), bare
 * {@code %x} in parentheses. LIDs come from the topology's ports (0 when unknown).
 */
public final class IbnetdiscoverWriter {
    private static final DateTimeFormatter CTIME = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.ROOT);

    private ZonedDateTime generatedOn;
    private Node fromNode;
    private long fromPortGuid;
    private Function<Node, String> names = Node::description;
    private BiFunction<Node, Integer, String> portNotes = (node, port) -> "";
    /** Width and speed text by node and port where it is not the link's, or null. */
    private BiFunction<Node, Integer, String> portRates = (node, port) -> null;
    private ToLongFunction<Node> switchNodeInfoPortGuids = node -> node.ports().get(0).guid();
    /** ibnetdiscover -m's two numbers, or null. */
    private int[] maxHops;
    /** ibnetdiscover -g: chassis by SystemImageGUID. */
    private boolean grouped;
    /** The Voltaire chassis of the topology being written with -g, else null. */
    private VoltaireChassis voltaire;

    /** Prints {@code # Topology file: generated on <ctime>}; without it the header says who generated it. */
    public IbnetdiscoverWriter generatedOn(ZonedDateTime when) {
        this.generatedOn = when;
        return this;
    }

    /** Prints {@code # Initiated from node <guid> port <guid>} as the tool does for its local port. */
    public IbnetdiscoverWriter initiatedFrom(Node node, long portGuid) {
        this.fromNode = node;
        this.fromPortGuid = portGuid;
        return this;
    }

    /**
     * What the text calls a node where ibnetdiscover applies its node name map: a switch's own line and every
     * port's far end. A CA's or router's own line keeps its description, as the tool prints it.
     */
    public IbnetdiscoverWriter names(Function<Node, String> name) {
        this.names = name;
        return this;
    }

    /**
     * Text added at the end of each port's line, by node and port number: ibnetdiscover -f's
     * {@code " s=1 w=2 v=4"} (the port's active speed and width codes and its VL capability). None by default.
     */
    public IbnetdiscoverWriter portNotes(BiFunction<Node, Integer, String> notes) {
        this.portNotes = notes;
        return this;
    }

    /**
     * A port's width and speed where they are not its link's, by node and port number, or null to keep the link's:
     * ibnetdiscover prints each end's own PortInfo, {@code "??"} for a width and {@code "???"} for a speed it does
     * not have (a PortInfo that went unanswered).
     */
    public IbnetdiscoverWriter portRates(BiFunction<Node, Integer, String> rates) {
        this.portRates = rates;
        return this;
    }

    /**
     * The PortGUID in each switch's NodeInfo, which ibnetdiscover prints after its switchguid; port 0's GUID by
     * default, which it is on a fabric (a cache ibcacheedit changed a switch's GUID in keeps the NodeInfo it had).
     */
    public IbnetdiscoverWriter switchNodeInfoPortGuids(ToLongFunction<Node> portGuids) {
        this.switchNodeInfoPortGuids = portGuids;
        return this;
    }

    /**
     * ibnetdiscover -g's text, with libibnetdisc's chassis rules: nodes that share a SystemImageGUID are one chassis.
     * Each chassis (numbered in the order of the topology's nodes, which is libibnetdisc's) lists its spine and line
     * boards, its switches, then its CAs; every other node follows under "Non-Chassis Nodes". Each switch's GUID line
     * ends with the chassis comment, each chassis node's SystemImageGUID line with its chassis number. Mellanox's
     * InfiniScale IV boards named for their slots are listed as the chassis' spines and lines, their GUID lines naming
     * the chassis type and slot, a line board's external port numbers after its ports ({@link ChassisRules}). The
     * caller refuses the chassis libibnetdisc lays out by rules not written here (Voltaire's boards, Xsigo's).
     */
    public IbnetdiscoverWriter grouped() {
        this.grouped = true;
        return this;
    }

    /** ibnetdiscover -m's lines after the date: the hops the scan reached and the MADs it sent. */
    public IbnetdiscoverWriter maxHops(int hops, int mads) {
        this.maxHops = new int[] {hops, mads};
        return this;
    }

    public String write(Topology topology) {
        StringBuilder out = new StringBuilder(256 * topology.nodes().size() + 128);
        out.append("#\n# Topology file: generated ")
                .append(generatedOn == null ? "by reactive-umad\n" : "on " + CTIME.format(generatedOn) + "\n")
                .append("#\n");
        if (maxHops != null) {
            out.append("# Reported max hops discovered: ").append(maxHops[0]).append("\n# Total MADs used: ")
                    .append(maxHops[1]).append('\n');
        }
        if (fromNode != null) {
            out.append(String.format("# Initiated from node %016x port %016x\n", fromNode.nodeGuid(), fromPortGuid));
        }
        voltaire = grouped ? VoltaireChassis.of(topology) : null;
        List<Chassis> chassis = grouped ? chassis(topology, voltaire) : List.of();
        Set<Node> inChassis = new HashSet<>();
        chassis.forEach(c -> inChassis.addAll(c.placed));
        for (Chassis c : chassis) {
            out.append("\nChassis ").append(c.number).append(" (guid 0x").append(hex(c.guid)).append(")\n");
            c.hostNames().forEach(name -> out.append("Hostname: ").append(name).append('\n'));
            out.append("\n# Spine Nodes");
            c.spines.values().forEach(n -> writeNode(out, topology, n, c));
            out.append("\n# Line Nodes");
            c.lines.values().forEach(n -> writeNode(out, topology, n, c));
            out.append("\n# Chassis Switches");
            c.nodes.stream().filter(Node::isSwitch).forEach(n -> writeNode(out, topology, n, c));
            out.append("\n# Chassis CAs");
            c.nodes.stream().filter(n -> n.type() == NodeType.CA).forEach(n -> writeNode(out, topology, n, c));
        }
        if (grouped) {
            out.append("\nNon-Chassis Nodes\n");
        }
        for (NodeType type : new NodeType[] {NodeType.SWITCH, NodeType.CA, NodeType.ROUTER}) {
            for (Node node : topology.nodes(type)) {
                // A chassis router is printed nowhere, as ibnetdiscover -g leaves it out.
                if (!inChassis.contains(node)) {
                    writeNode(out, topology, node, null);
                }
            }
        }
        return out.toString();
    }

    /**
     * A chassis: its number, its GUID (the chassis GUID its nodes share), its spine and line boards by slot (the
     * InfiniScale IVs Mellanox's rules place), its other nodes in libibnetdisc's order, and every node it holds (a
     * board in slot 0 too, which libibnetdisc prints nowhere).
     */
    private record Chassis(int number, long guid, SortedMap<Integer, Node> spines, SortedMap<Integer, Node> lines,
                           List<Node> nodes, Set<Node> placed) {
        /** An Xsigo chassis names the hosts its adapters are in, one line each; the last names its nodes too. */
        List<String> hostNames() {
            return ChassisRules.isXsigoGuid(guid) ? nodes.stream().filter(n -> ChassisRules.isXsigoHca(n.nodeGuid()))
                    .map(Node::description).toList() : List.of();
        }

        /** The chassis' note after a node's SystemImageGUID: its number, the host it names, an Xsigo TCA's slot. */
        String note(Topology topology, Node node) {
            List<String> hosts = hostNames();
            String slot = ChassisRules.isXsigoTca(node.nodeGuid())
                    ? topology.remote(node.id(), 1).map(peer -> " slot " + peer.port()).orElse("") : "";
            return "\t\t# Chassis " + number + (hosts.isEmpty() ? "" : " (" + hosts.get(hosts.size() - 1) + ")") + slot;
        }
    }

    /**
     * The chassis libibnetdisc finds: Voltaire's first, built around their spines ({@link VoltaireChassis}); then those
     * it finds by SystemImageGUID ({@link ChassisRules#chassisGuid}; never of a Voltaire node): two nodes or more
     * sharing one, numbered on in the order the topology's nodes first name them. A board Mellanox's rules place goes
     * in its slot, unless another took it first (it is then in no chassis); every other node is listed in the opposite
     * of that order (libibnetdisc puts each node at the head of its chassis' list).
     *
     * @throws UnsupportedOperationException where libibnetdisc's grouping fails (the tools then fail)
     */
    private static List<Chassis> chassis(Topology topology, VoltaireChassis voltaire) {
        voltaire.failure().ifPresent(why -> {
            throw new UnsupportedOperationException(why);
        });
        List<Chassis> chassis = new ArrayList<>();
        for (VoltaireChassis.Chassis built : voltaire.chassis()) {
            chassis.add(new Chassis(built.number(), built.guid(), built.spines(), built.lines(), List.of(),
                    Set.copyOf(built.boards())));
        }
        Map<Long, List<Node>> bySystemImage = new LinkedHashMap<>();
        for (Node node : topology.nodes()) {
            if (node.systemImageGuid() != 0 && ChassisRules.groupsBySystemImageGuid(node.vendorId())) {
                bySystemImage.computeIfAbsent(chassisGuid(topology, node), g -> new ArrayList<>()).add(node);
            }
        }
        bySystemImage.forEach((guid, nodes) -> {
            if (nodes.size() < 2) {
                return;
            }
            Chassis c = new Chassis(chassis.size() + 1, guid, new TreeMap<>(), new TreeMap<>(), new ArrayList<>(),
                    new HashSet<>());
            for (Node node : nodes) {
                Optional<ChassisRules.MellanoxSlot> slot = slot(node);
                if (slot.isEmpty()) {
                    c.nodes.add(0, node);
                    c.placed.add(node);
                } else {
                    Map<Integer, Node> boards = slot.get().spine() ? c.spines : c.lines;
                    if (boards.putIfAbsent(slot.get().slot(), node) == null) {
                        c.placed.add(node);
                    }
                }
            }
            c.spines.remove(0);
            c.lines.remove(0);
            chassis.add(c);
        });
        return chassis;
    }

    /** The node's chassis GUID, from its port 1's peer where Xsigo's rule asks for it. */
    private static long chassisGuid(Topology topology, Node node) {
        boolean port1Read = node.portCount() >= 1 && (node.isSwitch() || node.addressablePort(1).guid() != 0);
        OptionalLong peer = topology.remote(node.id(), 1).map(end -> OptionalLong.of(
                topology.requireNode(end.node()).systemImageGuid())).orElse(OptionalLong.empty());
        return ChassisRules.chassisGuid(node.vendorId(), node.systemImageGuid(), port1Read, peer);
    }

    private static Optional<ChassisRules.MellanoxSlot> slot(Node node) {
        return ChassisRules.MellanoxSlot.of(node.vendorId(), node.deviceId(), node.isSwitch(), node.description());
    }

    /** {@code [ext N]} after a port of a line board's external ports, with -g; else nothing. */
    private String externalPort(Node node, int port) {
        int external = !grouped ? 0 : slot(node).map(s -> s.externalPort(port)).orElseGet(() -> voltaire.externalPort(node, port));
        return external == 0 ? "" : "[ext " + external + "]";
    }

    // Appends, not String.format: a 1000-node fabric is some 10 000 lines, and formatting them was a
    // tenth of a cold `umad discover` (docs/BENCHMARKS.md, "Cold start").
    /** {@code chassis}: the chassis the node is in, or null. */
    private void writeNode(StringBuilder out, Topology topology, Node node, Chassis chassis) {
        // An adapter or router on a Voltaire spine port is in a line slot, and libibnetdisc prints it there as a switch.
        boolean asSwitch = node.isSwitch() || chassis != null && chassis.lines().containsValue(node);
        // A board two Voltaire chassis took (libibnetdisc never asks whether a board is in one already) is listed in
        // both, noted with the later one's number, as libibnetdisc keeps it.
        String note = chassis == null ? null : voltaire.chassisOf(node).map(c -> "\t\t# Chassis " + c.number())
                .orElseGet(() -> chassis.note(topology, node));
        appendHeader(out, topology, node, asSwitch, "", "", note);
        for (int p = 1; p <= node.portCount(); p++) {
            int portNumber = p;
            topology.link(node.id(), p).ifPresent(link -> appendPort(out, topology, node, asSwitch, portNumber, link, ""));
        }
    }

    /**
     * A node's header as ibnetdiscover's {@code --diff} prints it: a blank line, its vendid, devid, sysimgguid and GUID
     * lines, each after {@code idPrefix}, then its detail line after {@code detailPrefix}, each with its newline.
     */
    String header(Node node, String idPrefix, String detailPrefix) {
        StringBuilder out = new StringBuilder(160);
        appendHeader(out, null, node, node.isSwitch(), idPrefix, detailPrefix, null);
        return out.toString();
    }

    /** A node's detail line ({@code Switch\t8 "S-…"\t\t# …} or {@code Ca\t2 "H-…"\t\t# "…"}) after {@code prefix}, without its newline. */
    String detail(Node node, String prefix) {
        StringBuilder out = new StringBuilder(96);
        appendDetail(out, node, node.isSwitch(), prefix);
        return out.toString();
    }

    /** Port {@code portNumber}'s line after {@code prefix}, with its newline; the port has a link in {@code topology}. */
    String port(Topology topology, Node node, int portNumber, String prefix) {
        StringBuilder out = new StringBuilder(128);
        appendPort(out, topology, node, node.isSwitch(), portNumber, topology.link(node.id(), portNumber).orElseThrow(),
                prefix);
        return out.toString();
    }

    /**
     * {@code chassisNote}: after the SystemImageGUID of a node in a chassis; null for a node in none. {@code asSwitch}:
     * written as a switch (an adapter in a Voltaire line slot too: its GUID line then names the port it is cabled by,
     * which {@code topology} gives).
     */
    private void appendHeader(StringBuilder out, Topology topology, Node node, boolean asSwitch, String idPrefix,
                              String detailPrefix, String chassisNote) {
        out.append('\n').append(idPrefix).append("vendid=0x").append(hex(node.vendorId())).append('\n').append(idPrefix)
                .append("devid=0x").append(hex(node.deviceId())).append('\n');
        if (node.systemImageGuid() != 0) {
            out.append(idPrefix).append("sysimgguid=0x").append(hex(node.systemImageGuid()))
                    .append(chassisNote == null ? "\n" : chassisNote + "\n");
        } else if (chassisNote != null) { // a Voltaire board need not have one: the note stands alone
            out.append(chassisNote).append('\n');
        }
        out.append(idPrefix);
        if (asSwitch) {
            long portGuid = node.isSwitch() ? switchNodeInfoPortGuids.applyAsLong(node) : cabledPortGuid(topology, node);
            out.append("switchguid=0x").append(hex(node.nodeGuid())).append('(').append(hex(portGuid))
                    .append(')').append(grouped ? "\t# " + boardComment(node, chassisNote != null) + "\n" : "\n");
        } else {
            out.append(node.type().guidKey()).append("=0x").append(hex(node.nodeGuid())).append('\n');
        }
        appendDetail(out, node, asSwitch, detailPrefix);
        out.append('\n');
    }

    /** The GUID of a non-switch's first cabled port: the one its NodeInfo was read through, on a spine's port. */
    private static long cabledPortGuid(Topology topology, Node node) {
        for (int p = 1; p <= node.portCount(); p++) {
            if (topology.link(node.id(), p).isPresent()) {
                return node.portGuid(p);
            }
        }
        return node.nodeGuid();
    }

    /** A board's chassis type and slot ({@code IS5300 Line 1 Chip 1}, {@code ISR9288 Spine 2 Chip 3}) in a chassis; else nothing. */
    private String boardComment(Node node, boolean inChassis) {
        if (!inChassis) {
            return "";
        }
        return slot(node).map(s -> s.systemType() + " " + s.text()).orElseGet(() -> voltaire.boardText(node));
    }

    private void appendDetail(StringBuilder out, Node node, boolean asSwitch, String prefix) {
        out.append(prefix);
        if (asSwitch) {
            Port port0 = node.isSwitch() ? node.ports().get(0) : null; // an adapter has no port 0: LID and LMC 0
            out.append("Switch\t").append(node.portCount()).append(" \"").append(node.guidName()).append("\"\t\t# \"")
                    .append(names.apply(node)).append(node.enhancedPort0() ? "\" enhanced port 0 lid " : "\" base port 0 lid ")
                    .append(port0 == null ? 0 : port0.lid()).append(" lmc ").append(port0 == null ? 0 : port0.lmc());
        } else {
            out.append(node.type().keyword()).append('\t').append(node.portCount()).append(" \"").append(node.guidName())
                    .append("\"\t\t# \"").append(node.description()).append('"');
            if (grouped && ChassisRules.isXsigoHca(node.nodeGuid())) {
                out.append(" (scp)");
            }
        }
    }

    /** {@code asSwitch}: in a switch's form (an adapter in a Voltaire line slot too, whose port 0 speed is unknown: ???). */
    private void appendPort(StringBuilder out, Topology topology, Node node, boolean asSwitch, int portNumber, Link link,
                            String prefix) {
        Link.End far = link.other(new Link.End(node.id(), portNumber));
        Node remote = topology.requireNode(far.node());
        Port remotePort = remote.addressablePort(far.port());
        out.append(prefix).append('[').append(portNumber).append(']').append(externalPort(node, portNumber));
        Port local = node.addressablePort(portNumber);
        if (!asSwitch) {
            out.append('(').append(hex(local.guid())).append(") ");
        }
        out.append("\t\"").append(remote.guidName()).append("\"[").append(far.port()).append(']')
                .append(externalPort(remote, far.port()));
        if (!remote.isSwitch()) {
            out.append(asSwitch ? "(" : " (").append(hex(remotePort.guid())).append(") ");
        }
        if (asSwitch) {
            out.append("\t\t# \"");
        } else {
            out.append("\t\t# lid ").append(local.lid()).append(" lmc ").append(local.lmc()).append(" \"");
        }
        out.append(names.apply(remote)).append("\" lid ").append(remotePort.lid()).append(' ');
        String rate = portRates.apply(node, portNumber);
        if (asSwitch && !node.isSwitch()) {
            out.append(link.width().text()).append("???");
        } else if (rate != null) {
            out.append(rate);
        } else {
            out.append(link.width().text()).append(link.speed().name());
        }
        out.append(portNotes.apply(node, portNumber));
        if (asSwitch) { // ibnetdiscover's note of a switch port cabled to an Xsigo adapter
            if (ChassisRules.isXsigoTca(remotePort.guid())) {
                out.append(" slot ").append(portNumber);
            } else if (ChassisRules.isXsigoHca(remotePort.guid())) {
                out.append(" (scp)");
            }
        }
        out.append('\n');
    }

    /** {@code %x}: lower-case hex without leading zeros. */
    private static String hex(long value) {
        return Long.toHexString(value);
    }
}
