package io.reactiveumad.fabric;

import io.reactiveumad.mad.attr.LinearForwardingTable;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import java.util.List;

/**
 * A switch's unicast routes as its linear forwarding table holds them: the egress port of every LID
 * from 0 to LinearFDBTop (port 0 is the switch itself; a port beyond the switch's ports, usually 255,
 * means no route).
 *
 * @param nodeInfo    the switch's NodeInfo
 * @param description its NodeDescription
 * @param switchInfo  its SwitchInfo (LinearFDBTop bounds the table)
 * @param egressPorts the egress port of LID {@code i} at index {@code i}
 */
public record SwitchRoutes(NodeInfo nodeInfo, String description, SwitchInfo switchInfo, List<Integer> egressPorts) {
    public SwitchRoutes {
        egressPorts = List.copyOf(egressPorts);
    }

    /** The egress port for {@code lid}: {@link LinearForwardingTable#NO_ROUTE} beyond the table. */
    public int egressPort(int lid) {
        return lid >= 0 && lid < egressPorts.size() ? egressPorts.get(lid) : LinearForwardingTable.NO_ROUTE;
    }

    /** Whether the table sends {@code lid} somewhere: to one of the switch's ports or to itself (port 0). */
    public boolean routes(int lid) {
        return egressPort(lid) <= nodeInfo.numPorts();
    }
}
