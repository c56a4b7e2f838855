package io.reactiveumad.examples;

import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.NodeDescription;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * infiniband-diags' node name map: friendlier names for nodes, by node GUID, in place of their
 * NodeDescription. A line is {@code GUID "name"} (the GUID in C's notation: 0x hex, a leading 0 octal, else
 * decimal; the name up to a quote or {@code #}), blank and {@code #} lines are skipped, and a GUID's first line is
 * the one that counts. A node the map does not name keeps its description, cleaned as the tools
 * print it: at most 63 characters, each unprintable one a space.
 */
final class NodeNameMap {
    /** Where the tools read the map when none is named, under /etc (rdma-core's IBDIAG_NODENAME_MAP_PATH). */
    static final String DEFAULT = "rdma/ib-node-name-map";

    private static final NodeNameMap NONE = new NodeNameMap(Map.of());
    private static final int DESCRIPTION_MAX = 63;

    private final Map<Long, String> names;
    /**
     * The NodeDescription each node this map renamed answered, by node GUID: the tools read some rules from it after
     * naming the node (a Mellanox board's slot, {@link #answeredDescription}). Filled by {@link #rename}; a map that
     * names nothing never fills it.
     */
    private final Map<Long, String> answered = new java.util.concurrent.ConcurrentHashMap<>();

    private NodeNameMap(Map<Long, String> names) {
        this.names = Map.copyOf(names);
    }

    static NodeNameMap none() {
        return NONE;
    }

    /**
     * Reads {@code file}. A line that does not start with a GUID is an {@link IllegalArgumentException} naming
     * the file, the line number and the line (the tools warn and drop the whole map); an unreadable file an
     * {@link UncheckedIOException}.
     */
    static NodeNameMap read(Path file) {
        List<String> lines;
        try {
            // UTF-8, as the names print (a byte that is not UTF-8 becomes U+FFFD rather than failing the map).
            lines = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the node name map " + file + ": " + Errors.describe(e), e);
        }
        Map<Long, String> names = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int start = skipSpaces(line, 0);
            if (start == line.length() || line.charAt(start) == '#') {
                continue;
            }
            int end = start;
            while (end < line.length() && !Character.isWhitespace(line.charAt(end)) && line.charAt(end) != '#') {
                end++;
            }
            long guid;
            try {
                guid = guid(line.substring(start, end));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(String.format("%s line %d: not a GUID: %s", file, i + 1, line.strip()), e);
            }
            String name = name(line.substring(skipSpaces(line, end)));
            if (name != null) {
                names.putIfAbsent(guid, name);
            }
        }
        return new NodeNameMap(names);
    }

    /** The map's name for the node, else its description as the tools print it. */
    String name(long nodeGuid, String description) {
        String mapped = names.get(nodeGuid);
        return mapped != null ? mapped : clean(description);
    }

    /** The fabric with each node's description replaced by its {@link #name}, for the text the tools print. */
    DiscoveredFabric rename(DiscoveredFabric fabric) {
        return new DiscoveredFabric(fabric.nodes().stream().map(this::rename).toList(), fabric.links(),
                fabric.fromNodeGuid(), fabric.fromPort(), fabric.smpsSent(), fabric.problems(), fabric.cables());
    }

    DiscoveredNode rename(DiscoveredNode node) {
        if (names.containsKey(node.guid())) {
            answered.put(node.guid(), node.description());
        }
        return node.withDescription(name(node.guid(), node.description()));
    }

    /** The NodeDescription {@code node} answered, before this map renamed it (else its description as it is). */
    String answeredDescription(DiscoveredNode node) {
        return answered.getOrDefault(node.guid(), node.description());
    }

    /** strtoull(text, 0): 0x hex, a leading 0 octal, else decimal; 64 bits unsigned. */
    private static long guid(String text) {
        if (text.startsWith("0x") || text.startsWith("0X")) {
            return Long.parseUnsignedLong(text.substring(2), 16);
        }
        if (text.length() > 1 && text.startsWith("0")) {
            return Long.parseUnsignedLong(text.substring(1), 8);
        }
        return Long.parseUnsignedLong(text, 10);
    }

    private static int skipSpaces(String line, int from) {
        int at = from;
        while (at < line.length() && Character.isWhitespace(line.charAt(at))) {
            at++;
        }
        return at;
    }

    /**
     * What follows the GUID: the first run of characters that are neither a quote nor {@code #}, as the tools'
     * strtok takes it (an unquoted name keeps the spaces before a comment); null if none.
     */
    private static String name(String rest) {
        int start = 0;
        while (start < rest.length() && (rest.charAt(start) == '"' || rest.charAt(start) == '#')) {
            start++;
        }
        int end = start;
        while (end < rest.length() && rest.charAt(end) != '"' && rest.charAt(end) != '#') {
            end++;
        }
        return end > start ? rest.substring(start, end) : null;
    }

    /**
     * The description as the tools print it: its first 63 bytes on the wire (UTF-8, or whatever bytes the node
     * sent: {@link Wire#checkText} gives them back exactly), each byte that is not printable ASCII a space, so an
     * "é" is two spaces as in their output.
     */
    static String clean(String description) {
        byte[] bytes = Wire.checkText(description, NodeDescription.SIZE);
        StringBuilder cleaned = new StringBuilder(Math.min(bytes.length, DESCRIPTION_MAX));
        for (int i = 0; i < bytes.length && i < DESCRIPTION_MAX; i++) {
            int b = bytes[i] & 0xFF;
            cleaned.append(b >= 0x20 && b < 0x7f ? (char) b : ' ');
        }
        return cleaned.toString();
    }
}
