package io.reactiveumad.discovery;

import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One node found by {@link FabricDiscovery}, with what it answered (as ibnetdiscover queries it: NodeInfo,
 * NodeDescription, SwitchInfo on switches, PortInfo on port 0 and every external port of a switch and on
 * the port of a CA or router the discovery arrived through).
 *
 * @param nodeInfo    the NodeInfo of the first answer (its PortGUID and LocalPortNum are the first arrival's)
 * @param description NodeDescription, empty if it did not answer
 * @param switchInfo  SwitchInfo of a switch; {@code null} for CAs and routers or if it did not answer
 * @param ports       PortInfo by port number
 * @param portGuids   port GUIDs by port number, as NodeInfo reported them on each arrival
 * @param path        the directed route the node was first reached by
 */
public record DiscoveredNode(NodeInfo nodeInfo, String description, SwitchInfo switchInfo,
                             SortedMap<Integer, PortInfo> ports, SortedMap<Integer, Long> portGuids, SmpRoute.Directed path) {
    public DiscoveredNode {
        ports = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(ports));
        portGuids = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(portGuids));
    }

    public long guid() {
        return nodeInfo.nodeGuid();
    }

    public boolean isSwitch() {
        return nodeInfo.isSwitch();
    }

    public Optional<PortInfo> port(int number) {
        return Optional.ofNullable(ports.get(number));
    }

    /** The GUID of port {@code number}: a switch's ports all share port 0's; 0 if never seen. */
    public long portGuid(int number) {
        return portGuids.getOrDefault(isSwitch() ? 0 : number, 0L);
    }

    /** The PortInfo that holds {@code number}'s LID and LMC: port 0's on a switch. */
    public Optional<PortInfo> addressingPort(int number) {
        return port(isSwitch() ? 0 : number);
    }

}
