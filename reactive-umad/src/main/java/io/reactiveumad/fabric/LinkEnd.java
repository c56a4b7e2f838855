package io.reactiveumad.fabric;

import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.mad.attr.PortInfo;

/**
 * One end of a link: a node's port and its PortInfo as discovery read it.
 *
 * @param node     the node
 * @param port     the port number
 * @param portInfo the port's PortInfo (width, speed, state, physical state)
 * @param lid      the LID that reaches the port: a switch's port 0 LID, a CA port's own
 */
public record LinkEnd(DiscoveredNode node, int port, PortInfo portInfo, int lid) {
}
