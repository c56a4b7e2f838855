package io.reactiveumad.fabric;

import io.reactiveumad.MadPort;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredLink;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.discovery.FabricDiscovery;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import reactor.core.publisher.Flux;

/**
 * Every port's link as iblinkinfo reports it: each switch port (cabled or not) and each CA port discovery
 * reached, with width, speed, state and physical state from its {@link io.reactiveumad.mad.attr.PortInfo}, and the port at
 * the other end.
 * Discovery already reads all of that, so a link report costs no MAD beyond the discovery.
 */
public final class Links {
    private Links() {
    }

    /** Discovers the fabric from {@code port} and emits its ports' links, node by node in iblinkinfo's order. */
    public static Flux<PortLink> links(MadPort port, DiscoveryOptions discovery) {
        return FabricDiscovery.discover(port, discovery).flatMapIterable(Links::of);
    }

    /**
     * The ports' links of a discovered fabric, node by node as iblinkinfo lists them (the last found first:
     * {@link DiscoveredFabric#nodesLastFoundFirst()}), ports in number order.
     */
    public static List<PortLink> of(DiscoveredFabric fabric) {
        Map<Long, DiscoveredNode> nodes = fabric.byGuid();
        Map<End, End> peers = new HashMap<>();
        for (DiscoveredLink l : fabric.links()) {
            peers.put(new End(l.nodeGuidA(), l.portA()), new End(l.nodeGuidB(), l.portB()));
            peers.put(new End(l.nodeGuidB(), l.portB()), new End(l.nodeGuidA(), l.portA()));
        }
        List<PortLink> out = new ArrayList<>();
        for (DiscoveredNode node : fabric.nodesLastFoundFirst()) {
            // The ports discovery read, and those a cable reaches whose PortInfo went unanswered.
            SortedSet<Integer> ports = new TreeSet<>(node.ports().keySet());
            ports.remove(0);
            for (int p = 1; p <= node.nodeInfo().numPorts(); p++) {
                if (peers.containsKey(new End(node.guid(), p))) {
                    ports.add(p);
                }
            }
            for (int port : ports) {
                Optional<LinkEnd> remote = Optional.ofNullable(peers.get(new End(node.guid(), port)))
                        .flatMap(peer -> Optional.ofNullable(nodes.get(peer.nodeGuid()))
                                .map(far -> LinkEnd.cabled(far, peer.port())));
                out.add(new PortLink(LinkEnd.cabled(node, port), remote));
            }
        }
        return out;
    }

    private record End(long nodeGuid, int port) {
    }
}
