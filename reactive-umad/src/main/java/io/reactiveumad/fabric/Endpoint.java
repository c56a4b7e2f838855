package io.reactiveumad.fabric;

import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;

/**
 * What answers at a LID: its node, the addressed port and its description, as ibroute and ibtracert name
 * a destination.
 *
 * @param lid         the LID asked for
 * @param nodeInfo    NodeInfo (its port GUID is the addressed port's)
 * @param portInfo    PortInfo of the addressed port (port 0 of a switch): base LID and LMC
 * @param description NodeDescription
 */
public record Endpoint(int lid, NodeInfo nodeInfo, PortInfo portInfo, String description) {
}
