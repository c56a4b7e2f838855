package io.reactiveumad.examples;

import io.reactiveumad.MadPort;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredLink;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.fabric.LinkEnd;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import reactor.core.publisher.Mono;

/**
 * The node an infiniband-diags command line names by a port, {@code -G}/{@code -S GUID} or {@code -D PATH}, as
 * the tools' partial scans see it (ibqueryerrors, iblinkinfo): the node holding that port, with all its ports
 * when it is a switch and only that port when it is a CA or router (they do not forward, so a scan that enters
 * by one port finds no other).
 */
final class NamedNode {
    private NamedNode() {
    }

    /** The port GUID named: {@code guid}, or the one NodeInfo answers along {@code path}; empty when neither is given. */
    static Mono<Long> portGuid(MadPort port, Long guid, SmpRoute.Directed path) {
        if (guid != null) {
            return Mono.just(guid);
        }
        if (path == null) {
            return Mono.empty();
        }
        return Mono.using(() -> SmpClient.of(port), smp -> smp.nodeInfo(path), SmpClient::dispose).map(NodeInfo::portGuid);
    }

    /** The fabric's nodes holding port {@code portGuid}, each {@linkplain #reachedBy reached by it}; last found first. */
    static List<DiscoveredNode> holding(DiscoveredFabric fabric, long portGuid) {
        return fabric.nodesLastFoundFirst().stream().filter(n -> n.portGuids().containsValue(portGuid))
                .map(n -> reachedBy(n, portGuid)).toList();
    }

    /**
     * The far end the tools print for the port of a CA or router they were pointed at: none when named by GUID
     * (their scan enters by that port and goes no further); when named by {@code path}, the node one hop back
     * along it, at the port the path entered that node by (their partial scan links the two that way, whatever
     * the cable), and none when that node is the local one (it was entered by no port); for the local node
     * itself ({@code -D 0}), which they scan outward as usual, the link as discovered ({@code discovered}).
     */
    static Optional<LinkEnd> farEnd(DiscoveredFabric fabric, SmpRoute.Directed path, Optional<LinkEnd> discovered) {
        if (path == null) {
            return Optional.empty();
        }
        int[] hops = path.ports();
        if (hops.length == 0) {
            return discovered;
        }
        if (hops.length == 1) {
            return Optional.empty();
        }
        Map<Long, DiscoveredNode> nodes = fabric.byGuid();
        DiscoveredNode node = nodes.get(fabric.fromNodeGuid());
        int entered = 0;
        for (int i = 0; i < hops.length - 1 && node != null; i++) {
            long from = node.guid();
            int out = hops[i];
            DiscoveredLink cable = fabric.links().stream()
                    .filter(l -> l.nodeGuidA() == from && l.portA() == out || l.nodeGuidB() == from && l.portB() == out)
                    .findFirst().orElse(null);
            if (cable == null) {
                return Optional.empty();
            }
            boolean aSide = cable.nodeGuidA() == from && cable.portA() == out;
            node = nodes.get(aSide ? cable.nodeGuidB() : cable.nodeGuidA());
            entered = aSide ? cable.portB() : cable.portA();
        }
        return node == null ? Optional.empty() : LinkEnd.of(node, entered);
    }

    /** The node as a scan entering by {@code portGuid} finds it: a switch whole, a CA or router with that port only. */
    static DiscoveredNode reachedBy(DiscoveredNode node, long portGuid) {
        if (node.isSwitch()) {
            return node;
        }
        SortedMap<Integer, PortInfo> ports = new TreeMap<>();
        SortedMap<Integer, Long> guids = new TreeMap<>();
        node.portGuids().forEach((number, guid) -> {
            if (guid == portGuid) {
                guids.put(number, guid);
                node.port(number).ifPresent(info -> ports.put(number, info));
            }
        });
        return new DiscoveredNode(node.nodeInfo(), node.description(), node.switchInfo(), ports, guids, node.path());
    }
}
