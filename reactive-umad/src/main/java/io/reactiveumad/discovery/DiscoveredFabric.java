package io.reactiveumad.discovery;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link FabricDiscovery} found: nodes in discovery order, links, where it started, and what could
 * not be read (requests that failed after every retry leave their node or port out, as ibnetdiscover does).
 *
 * @param nodes        the nodes, in the order their first NodeInfo answered
 * @param links        the cables, each once
 * @param fromNodeGuid the local node
 * @param fromPort     the local port discovery started from
 * @param smpsSent     SMP requests issued (not counting transport retries)
 * @param problems     one line per request that failed for good
 */
public record DiscoveredFabric(List<DiscoveredNode> nodes, List<DiscoveredLink> links, long fromNodeGuid, int fromPort,
                               long smpsSent, List<String> problems) {
    public DiscoveredFabric {
        nodes = List.copyOf(nodes);
        links = List.copyOf(links);
        problems = List.copyOf(problems);
    }

    /** The nodes by node GUID. */
    public Map<Long, DiscoveredNode> byGuid() {
        Map<Long, DiscoveredNode> map = new LinkedHashMap<>();
        nodes.forEach(n -> map.put(n.guid(), n));
        return Collections.unmodifiableMap(map);
    }

    public Optional<DiscoveredNode> node(long nodeGuid) {
        return nodes.stream().filter(n -> n.guid() == nodeGuid).findFirst();
    }

    /** True if every request was answered. */
    public boolean complete() {
        return problems.isEmpty();
    }
}
