package io.reactiveumad.examples;

import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.fabric.LinkEnd;
import io.reactiveumad.fabric.PortLink;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * iblinkinfo's {@code --diff}: the links of a cached fabric against the fabric's now, {@code "< "} before the cache's lines and
 * {@code "> "} before today's. A node only one side has is written whole; a node both have, at each port whose connection
 * differs (there on one side only, linked on one side only, linked to another port GUID), whose state differs, with
 * {@link Check#LID} whose far end's LID differs, with {@link Check#NODEDESC} whose far end's description differs, both
 * sides' lines under the node's header; with LID a switch's own LID, with NODEDESC its description, as both headers;
 * a node whose port count changed, both counts.
 */
final class LinkDiff {
    /** What iblinkinfo's {@code --diffcheck} keys name. */
    enum Check {
        PORT, STATE, LID, NODEDESC;

        static final Set<Check> DEFAULT = Set.of(PORT, STATE);
    }

    private final LinkLines lines;
    private final StringBuilder out = new StringBuilder();

    private LinkDiff(LinkLines lines) {
        this.lines = lines;
    }

    /** The diff of {@code cached} against {@code current}: each a fabric's port lines, node by node, in the tool's order. */
    static String write(List<PortLink> cached, List<PortLink> current, Set<Check> checks, LinkLines lines) {
        LinkDiff diff = new LinkDiff(lines);
        Map<Long, Map<Integer, PortLink>> before = byNode(cached);
        Map<Long, Map<Integer, PortLink>> now = byNode(current);
        diff.pass(before, now, checks, "< ", "> ");
        // Then the nodes only the fabric has now: what both have was compared above.
        diff.pass(now, before, Set.of(), "> ", "< ");
        return diff.out.toString();
    }

    private static Map<Long, Map<Integer, PortLink>> byNode(List<PortLink> links) {
        Map<Long, Map<Integer, PortLink>> nodes = new LinkedHashMap<>();
        for (PortLink link : links) {
            nodes.computeIfAbsent(link.local().node().guid(), g -> new TreeMap<>()).put(link.local().port(), link);
        }
        return nodes;
    }

    private void pass(Map<Long, Map<Integer, PortLink>> one, Map<Long, Map<Integer, PortLink>> other, Set<Check> checks,
                      String onePrefix, String otherPrefix) {
        for (Map<Integer, PortLink> ports : one.values()) {
            DiscoveredNode node = ports.values().iterator().next().local().node();
            Map<Integer, PortLink> counterparts = other.get(node.guid());
            if (counterparts == null) {
                out.append(lines.header(node, onePrefix));
                ports.values().forEach(link -> out.append(lines.port(link, onePrefix)));
            } else if (!checks.isEmpty()) {
                compare(node, ports, counterparts, checks, onePrefix, otherPrefix);
            }
        }
    }

    private void compare(DiscoveredNode node, Map<Integer, PortLink> ports, Map<Integer, PortLink> counterparts,
                         Set<Check> checks, String onePrefix, String otherPrefix) {
        DiscoveredNode counterpart = counterparts.values().iterator().next().local().node();
        boolean headed = false;
        if (node.isSwitch() && checks.contains(Check.LID) && node.lid() != counterpart.lid()
                || checks.contains(Check.NODEDESC) && !node.description().equals(counterpart.description())) {
            out.append(lines.header(node, onePrefix)).append(lines.header(counterpart, otherPrefix));
            headed = true;
        }
        if (node.nodeInfo().numPorts() != counterpart.nodeInfo().numPorts()) {
            if (!headed) {
                out.append(lines.header(node, ""));
            }
            out.append(onePrefix).append("numports = ").append(node.nodeInfo().numPorts()).append('\n')
                    .append(otherPrefix).append("numports = ").append(counterpart.nodeInfo().numPorts()).append('\n');
            return;
        }
        for (int p = 1; p <= node.nodeInfo().numPorts(); p++) {
            PortLink mine = ports.get(p);
            PortLink theirs = counterparts.get(p);
            if (mine == null && theirs == null) {
                continue;
            }
            if (differs(mine, theirs, checks)) {
                if (!headed) {
                    out.append(lines.header(node, ""));
                    headed = true;
                }
                if (mine != null) {
                    out.append(lines.port(mine, onePrefix));
                }
                if (theirs != null) {
                    out.append(lines.port(theirs, otherPrefix));
                }
            }
        }
    }

    private static boolean differs(PortLink mine, PortLink theirs, Set<Check> checks) {
        boolean both = mine != null && theirs != null;
        Optional<LinkEnd> far = mine == null ? Optional.empty() : mine.remote();
        Optional<LinkEnd> theirFar = theirs == null ? Optional.empty() : theirs.remote();
        boolean bothLinked = far.isPresent() && theirFar.isPresent();
        if (checks.contains(Check.PORT) && (!both || far.isPresent() != theirFar.isPresent()
                || bothLinked && guid(far.get()) != guid(theirFar.get()))) {
            return true;
        }
        if (checks.contains(Check.STATE) && both
                && mine.local().portInfo().portState() != theirs.local().portInfo().portState()) {
            return true;
        }
        if (checks.contains(Check.PORT) && checks.contains(Check.LID) && bothLinked
                && far.get().portInfo().lid() != theirFar.get().portInfo().lid()) {
            return true;
        }
        return checks.contains(Check.PORT) && checks.contains(Check.NODEDESC) && bothLinked
                && !Objects.equals(far.get().node().description(), theirFar.get().node().description());
    }

    private static long guid(LinkEnd end) {
        return end.node().portGuid(end.port());
    }
}
