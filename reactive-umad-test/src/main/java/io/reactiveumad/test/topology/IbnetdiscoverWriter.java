package io.reactiveumad.test.topology;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

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

    public String write(Topology topology) {
        StringBuilder out = new StringBuilder(256 * topology.nodes().size() + 128);
        out.append("#\n# Topology file: generated ")
                .append(generatedOn == null ? "by reactive-umad\n" : "on " + CTIME.format(generatedOn) + "\n")
                .append("#\n");
        if (fromNode != null) {
            out.append(String.format("# Initiated from node %016x port %016x\n", fromNode.nodeGuid(), fromPortGuid));
        }
        for (NodeType type : new NodeType[] {NodeType.SWITCH, NodeType.CA, NodeType.ROUTER}) {
            for (Node node : topology.nodes(type)) {
                writeNode(out, topology, node);
            }
        }
        return out.toString();
    }

    private static void writeNode(StringBuilder out, Topology topology, Node node) {
        out.append(String.format("\nvendid=0x%x\ndevid=0x%x\n", node.vendorId(), node.deviceId()));
        if (node.systemImageGuid() != 0) {
            out.append(String.format("sysimgguid=0x%x\n", node.systemImageGuid()));
        }
        if (node.isSwitch()) {
            Port port0 = node.ports().get(0);
            out.append(String.format("switchguid=0x%x(%x)\n", node.nodeGuid(), port0.guid()));
            out.append(String.format("Switch\t%d \"%s\"\t\t# \"%s\" base port 0 lid %d lmc %d\n", node.portCount(),
                    node.guidName(), node.description(), port0.lid(), port0.lmc()));
        } else {
            out.append(String.format("%s=0x%x\n", node.type().guidKey(), node.nodeGuid()));
            out.append(String.format("%s\t%d \"%s\"\t\t# \"%s\"\n", node.type().keyword(), node.portCount(), node.guidName(),
                    node.description()));
        }
        for (int p = 1; p <= node.portCount(); p++) {
            int portNumber = p;
            topology.link(node.id(), p).ifPresent(link -> writePort(out, topology, node, portNumber, link));
        }
    }

    private static void writePort(StringBuilder out, Topology topology, Node node, int portNumber, Link link) {
        Link.End far = link.other(new Link.End(node.id(), portNumber));
        Node remote = topology.requireNode(far.node());
        Port remotePort = remote.addressablePort(far.port());
        String rate = link.width().text() + link.speed().name();
        out.append('[').append(portNumber).append(']');
        Port local = node.addressablePort(portNumber);
        if (!node.isSwitch()) {
            out.append(String.format("(%x) ", local.guid()));
        }
        out.append(String.format("\t\"%s\"[%d]", remote.guidName(), far.port()));
        if (!remote.isSwitch()) {
            out.append(String.format(node.isSwitch() ? "(%x) " : " (%x) ", remotePort.guid()));
        }
        if (node.isSwitch()) {
            out.append(String.format("\t\t# \"%s\" lid %d %s\n", remote.description(), remotePort.lid(), rate));
        } else {
            out.append(String.format("\t\t# lid %d lmc %d \"%s\" lid %d %s\n", local.lid(), local.lmc(), remote.description(),
                    remotePort.lid(), rate));
        }
    }
}
