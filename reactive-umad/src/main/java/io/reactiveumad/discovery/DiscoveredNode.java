package io.reactiveumad.discovery;

import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.attr.MlnxExtPortInfo;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One node found by {@link FabricDiscovery}, with what it answered (as ibnetdiscover queries it: NodeInfo,
 * NodeDescription, SwitchInfo on switches, PortInfo on port 0 and every external port of a switch and on
 * the port of a CA or router the discovery arrived through; MlnxExtPortInfo where libibnetdisc asks for it).
 *
 * @param nodeInfo    the NodeInfo of the first answer (its PortGUID and LocalPortNum are the first arrival's)
 * @param description NodeDescription, empty if it did not answer
 * @param switchInfo  SwitchInfo of a switch; {@code null} for CAs and routers or if it did not answer
 * @param ports       PortInfo by port number
 * @param portGuids   port GUIDs by port number, as NodeInfo reported them on each arrival
 * @param path        the directed route the node was first reached by
 * @param mlnxExtPorts MlnxExtPortInfo by port number, of the ports libibnetdisc asks it of (a Mellanox device's
 *                     port in LinkUp at QDR without an extended speed, where FDR10 would show); a query that went
 *                     unanswered is held as all zeros, as libibnetdisc holds it
 */
public record DiscoveredNode(NodeInfo nodeInfo, String description, SwitchInfo switchInfo,
                             SortedMap<Integer, PortInfo> ports, SortedMap<Integer, Long> portGuids, SmpRoute.Directed path,
                             SortedMap<Integer, MlnxExtPortInfo> mlnxExtPorts) {
    public DiscoveredNode {
        ports = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(ports));
        portGuids = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(portGuids));
        // Most nodes have none: no copy of an empty map for each (a cold 1000-node discovery makes a few thousand).
        mlnxExtPorts = mlnxExtPorts.isEmpty() ? java.util.Collections.emptySortedMap()
                : java.util.Collections.unmodifiableSortedMap(new TreeMap<>(mlnxExtPorts));
    }

    /** A node with no MlnxExtPortInfo: none of its ports was asked for it. */
    public DiscoveredNode(NodeInfo nodeInfo, String description, SwitchInfo switchInfo, SortedMap<Integer, PortInfo> ports,
                          SortedMap<Integer, Long> portGuids, SmpRoute.Directed path) {
        this(nodeInfo, description, switchInfo, ports, portGuids, path, new TreeMap<>());
    }

    /** This node under another description (a node name map's name). */
    public DiscoveredNode withDescription(String text) {
        return new DiscoveredNode(nodeInfo, text, switchInfo, ports, portGuids, path, mlnxExtPorts);
    }

    /** This node as reached by another directed route. */
    public DiscoveredNode withPath(SmpRoute.Directed route) {
        return new DiscoveredNode(nodeInfo, description, switchInfo, ports, portGuids, route, mlnxExtPorts);
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

    /**
     * The LID the node's agents (PMA, vendor classes) answer at: a switch's port 0's, else its first port's that has
     * one; 0 if no port has a LID.
     */
    public int lid() {
        if (isSwitch()) {
            return port(0).map(PortInfo::lid).orElse(0);
        }
        // A loop, not a stream: this runs once per node, in a cold `umad errors` still interpreted.
        for (PortInfo info : ports.values()) {
            if (info.lid() > 0) {
                return info.lid();
            }
        }
        return 0;
    }

    /** The GUID of port {@code number}: a switch's ports all share port 0's; 0 if never seen. */
    public long portGuid(int number) {
        return portGuids.getOrDefault(isSwitch() ? 0 : number, 0L);
    }

    /** The PortInfo that holds {@code number}'s LID and LMC: port 0's on a switch. */
    public Optional<PortInfo> addressingPort(int number) {
        return port(isSwitch() ? 0 : number);
    }

    /** The MlnxExtPortInfo of port {@code number}, if the discovery asked for it. */
    public Optional<MlnxExtPortInfo> mlnxExtPort(int number) {
        return Optional.ofNullable(mlnxExtPorts.get(number));
    }

    /** Whether port {@code number} runs at FDR10, as its MlnxExtPortInfo says where the discovery asked for it. */
    public boolean fdr10Active(int number) {
        return mlnxExtPort(number).map(MlnxExtPortInfo::fdr10Active).orElse(false);
    }

    /**
     * Port {@code number}'s LinkSpeedExtActive where the capability mask that speaks for it (port 0's on a switch,
     * the port's own elsewhere) says it has extended speeds, else 0: the extended speed the tools print.
     */
    public int linkSpeedExtActive(int number) {
        return port(number).map(p -> extendedSpeed(addressingPort(number).orElse(null), p)).orElse(0);
    }

    /** LinkSpeedExtActive of {@code port} where {@code capabilities} says extended speeds (libibnetdisc's rule). */
    static int extendedSpeed(PortInfo capabilities, PortInfo port) {
        boolean extended = capabilities != null
                && (capabilities.capabilityMask() & PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED) != 0;
        return extended ? port.linkSpeedExtActive() : 0;
    }

}
