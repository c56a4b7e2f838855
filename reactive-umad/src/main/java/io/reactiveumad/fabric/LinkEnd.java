package io.reactiveumad.fabric;

import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.mad.attr.PortInfo;
import java.util.Optional;

/**
 * One end of a link: a node's port and its PortInfo as discovery read it.
 *
 * @param node     the node
 * @param port     the port number
 * @param portInfo the port's PortInfo (width, speed, state, physical state)
 * @param lid      the LID that reaches the port: a switch's port 0 LID, a CA port's own
 */
public record LinkEnd(DiscoveredNode node, int port, PortInfo portInfo, int lid) {
    /** Port {@code port} of {@code node}, if discovery read its PortInfo. */
    public static Optional<LinkEnd> of(DiscoveredNode node, int port) {
        int lid = node.addressingPort(port).map(PortInfo::lid).orElse(0);
        return node.port(port).map(info -> new LinkEnd(node, port, info, lid));
    }

    /**
     * Port {@code port} of {@code node}, which a cable is known to reach, with an all-zero PortInfo where its own went
     * unanswered (and LID 0 where the LID's did): what libibnetdisc keeps of such a port, and the tools print.
     */
    static LinkEnd cabled(DiscoveredNode node, int port) {
        return of(node, port).orElseGet(() -> new LinkEnd(node, port, UNREAD, node.addressingPort(port).map(PortInfo::lid)
                .orElse(0)));
    }

    /** The PortInfo of a port whose own went unanswered: all zero. */
    private static final PortInfo UNREAD = PortInfo.decode(java.nio.ByteBuffer.allocate(PortInfo.SIZE), 0);
}
