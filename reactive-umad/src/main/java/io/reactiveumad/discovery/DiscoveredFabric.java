package io.reactiveumad.discovery;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link FabricDiscovery} found: nodes in discovery order, links, where it started, and what could
 * not be read (requests that failed after every retry leave their node or port out, as ibnetdiscover does).
 *
 * @param nodes        the nodes in the order libibnetdisc (ibnetdiscover) finds them, whatever order the answers
 *                     came in: the same on every run of the same fabric
 * @param links        the cables, each once, as libibnetdisc links them: where two nodes answer with one node GUID
 *                     (one node to the tools), that node's port is cabled where the tools' scan reached it last
 * @param fromNodeGuid the local node
 * @param fromPort     the local port discovery started from
 * @param smpsSent     SMP requests issued (not counting transport retries)
 * @param problems     one line per request that failed for good
 * @param cables       every cable a NodeInfo answer arrived by, each once: the links, and where two nodes answer with
 *                     one node GUID the cables of theirs the tools' scan linked elsewhere (what a replay of that scan
 *                     needs to find them where it did)
 */
public record DiscoveredFabric(List<DiscoveredNode> nodes, List<DiscoveredLink> links, long fromNodeGuid, int fromPort,
                               long smpsSent, List<String> problems, List<DiscoveredLink> cables) {
    public DiscoveredFabric {
        nodes = List.copyOf(nodes);
        links = List.copyOf(links);
        problems = List.copyOf(problems);
        cables = links.equals(cables) ? links : List.copyOf(cables);
    }

    /** A fabric whose every cable is one of its links (no node GUID answered from two nodes). */
    public DiscoveredFabric(List<DiscoveredNode> nodes, List<DiscoveredLink> links, long fromNodeGuid, int fromPort,
                            long smpsSent, List<String> problems) {
        this(nodes, links, fromNodeGuid, fromPort, smpsSent, problems, links);
    }

    /**
     * The nodes last found first: the order infiniband-diags' tools list them in (ibnetdiscover within each
     * node type, iblinkinfo and ibqueryerrors as they are), libibnetdisc adding each new node at the head of
     * its lists.
     */
    public List<DiscoveredNode> nodesLastFoundFirst() {
        List<DiscoveredNode> reversed = new ArrayList<>(nodes);
        Collections.reverse(reversed);
        return Collections.unmodifiableList(reversed);
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
