package io.reactiveumad.test.ibsim;

import io.reactiveumad.test.topology.Link;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.NodeType;
import io.reactiveumad.test.topology.Topology;

/**
 * Writes a {@link Topology} in ibsim's own net format, so the simulator names every node by its
 * topology id (what {@code SIM_HOST} and the console commands use) and keeps the topology's GUIDs,
 * descriptions, widths and speeds:
 *
 * <pre>
 * switchguid=0x200000
 * Switch	36 "leaf-1"	# "leaf-1"
 * [1]	"host-1"[1]	# "host-1 HCA-1" lid 0 4xQDR
 * </pre>
 */
public final class IbsimNetWriter {
    private IbsimNetWriter() {
    }

    public static String write(Topology topology) {
        StringBuilder out = new StringBuilder(128 * topology.nodes().size());
        out.append("# ibsim net file written by reactive-umad\n");
        for (NodeType type : new NodeType[] {NodeType.SWITCH, NodeType.CA, NodeType.ROUTER}) {
            for (Node node : topology.nodes(type)) {
                out.append(String.format("\n%s=0x%x\n%s\t%d \"%s\"\t# \"%s\"\n", type.guidKey(), node.nodeGuid(),
                        type.keyword(), node.portCount(), node.id(), node.description()));
                for (int p = 1; p <= node.portCount(); p++) {
                    Link.End local = new Link.End(node.id(), p);
                    topology.link(node.id(), p).ifPresent(link -> {
                        Link.End far = link.other(local);
                        out.append(String.format("[%d]\t\"%s\"[%d]\t# \"%s\" lid 0 %s%s\n", local.port(), far.node(),
                                far.port(), topology.requireNode(far.node()).description(), link.width().text(),
                                link.speed().name()));
                    });
                }
            }
        }
        return out.toString();
    }
}
