package io.reactiveumad.service;

import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.test.topology.DiscoveredTopology;
import io.reactiveumad.test.topology.Link;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.Topology;
import java.util.List;
import java.util.Map;

/**
 * The JSON of {@code umad discover --format json} and of the service's {@code /api/nodes} and {@code /api/links}:
 * the topology (nodes, their addressing port, links with rate) plus the directed route each node was reached by. GUIDs are {@code 0x}-hex strings: JSON numbers lose 64-bit precision.
 */
public record FabricJson(String fromNode, int fromPort, List<NodeJson> nodes, List<LinkJson> links, List<String> problems) {

    public record NodeJson(String type, String id, String guid, String description, int ports, String systemImageGuid,
                    String vendorId, String deviceId, List<PortJson> addressablePorts, String route) {
    }

    public record PortJson(int number, String guid, int lid, int lmc) {
    }

    public record LinkJson(EndJson a, EndJson b, String width, String speed) {
    }

    public record EndJson(String node, int port) {
    }

    public static FabricJson of(DiscoveredFabric fabric) {
        Topology topology = DiscoveredTopology.of(fabric);
        Map<Long, DiscoveredNode> found = fabric.byGuid();
        List<NodeJson> nodes = topology.nodes().stream()
                .map(n -> node(n, Routes.format(found.get(n.nodeGuid()).path())))
                .toList();
        List<LinkJson> links = topology.links().stream().map(FabricJson::link).toList();
        return new FabricJson(hex(fabric.fromNodeGuid()), fabric.fromPort(), nodes, links, fabric.problems());
    }

    private static NodeJson node(Node n, String route) {
        return new NodeJson(n.type().name().toLowerCase(java.util.Locale.ROOT), n.id(), hex(n.nodeGuid()), n.description(),
                n.portCount(), hex(n.systemImageGuid()), String.format("0x%06x", n.vendorId()),
                String.format("0x%04x", n.deviceId()),
                n.ports().stream().map(p -> new PortJson(p.number(), hex(p.guid()), p.lid(), p.lmc())).toList(), route);
    }

    private static LinkJson link(Link l) {
        return new LinkJson(new EndJson(l.a().node(), l.a().port()), new EndJson(l.b().node(), l.b().port()),
                l.width().text(), l.speed().name());
    }

    public static String hex(long guid) {
        return String.format("0x%016x", guid);
    }
}
