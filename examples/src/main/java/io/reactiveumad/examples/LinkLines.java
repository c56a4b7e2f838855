package io.reactiveumad.examples;

import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.fabric.LinkEnd;
import io.reactiveumad.fabric.PortLink;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import java.nio.charset.StandardCharsets;

/**
 * iblinkinfo's lines, each after a prefix ({@code --diff}'s {@code "< "} and {@code "> "}, else none): a node's header, and a port's
 * line; with {@code lineMode} (-l) no header, and each port's line starts with its GUID and its node's name
 * (right-aligned in 30) and gives the far port's GUID; with {@code additional} (-p) each link that is not down has its
 * port's HOQ lifetime and VL stall count after it; with {@code downBefore} (--filterdownports), no line for a port
 * that is down and was down there too (its node's header stays, as iblinkinfo prints it); the chassis' port numbers
 * in the brackets as {@code ports} gives them.
 */
record LinkLines(boolean lineMode, boolean additional, DiscoveredFabric downBefore, ChassisPorts ports) {

    /** The node's header line, with its newline; empty in line mode. */
    String header(DiscoveredNode node, String prefix) {
        if (lineMode) {
            return "";
        }
        return prefix + (node.isSwitch() ? String.format("Switch: 0x%016x %s:%n", node.portGuid(0), node.description())
                : String.format("%s: %s:%n", node.nodeInfo().nodeType() == NodeInfo.TYPE_ROUTER ? "Router" : "CA",
                        node.description()));
    }

    /** The port's line, with its newline; empty for a port --filterdownports hides. */
    String port(PortLink link, String prefix) {
        DiscoveredNode node = link.local().node();
        LinkEnd local = link.local();
        if (wasDownBefore(local)) {
            return "";
        }
        StringBuilder out = new StringBuilder(prefix);
        if (lineMode) {
            out.append(String.format("0x%016x \"%s\" ", node.portGuid(local.port()),
                    rightAligned(node.description(), 30)));
        } else {
            out.append(node.isSwitch() ? "      " : String.format("      0x%016x ", node.portGuid(local.port())));
        }
        PortInfo info = local.portInfo();
        String settings = additional && info.portState() != PortInfo.STATE_DOWN
                ? String.format(" (HOQ:%d VL_Stall:%d)", info.hoqLife(), info.vlStallCount()) : "";
        out.append(String.format("%6d %4d[%2s] ==%s%s==>  ", local.lid(), local.port(), ports.of(local),
                LinkText.link(link), settings));
        // A port that is up but whose far end was not reached (a CA named by -G: iblinkinfo's scan enters by that port
        // and goes no further) is "Port not available", as iblinkinfo prints it.
        out.append(link.remote().isEmpty() && info.portState() != PortInfo.STATE_DOWN
                ? "    \"Port not available\"\n" : LinkText.remote(link, lineMode, ports));
        return out.toString();
    }

    /** A down port that the --filterdownports cache has, down, on the same node (a port beyond its count is not there). */
    private boolean wasDownBefore(LinkEnd local) {
        if (downBefore == null || local.portInfo().portState() != PortInfo.STATE_DOWN) {
            return false;
        }
        return downBefore.node(local.node().guid())
                .filter(before -> local.port() <= before.nodeInfo().numPorts())
                .flatMap(before -> before.port(local.port()))
                .map(info -> info.portState() == PortInfo.STATE_DOWN).orElse(false);
    }

    /** {@code text} right-aligned in {@code width} bytes, as C's {@code %30s} pads it (UTF-8: a byte a column). */
    private static String rightAligned(String text, int width) {
        return " ".repeat(Math.max(0, width - text.getBytes(StandardCharsets.UTF_8).length)) + text;
    }
}
