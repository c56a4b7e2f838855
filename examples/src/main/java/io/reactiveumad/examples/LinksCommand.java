package io.reactiveumad.examples;

import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.fabric.LinkEnd;
import io.reactiveumad.fabric.Links;
import io.reactiveumad.fabric.PortLink;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.service.FabricJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

@Command(name = LinksCommand.NAME, mixinStandardHelpOptions = true,
        description = "Every port's link (as iblinkinfo): width, speed, state and physical state, and the port at "
                + "the other end, node by node, from one discovery with many SMPs in flight.")
final class LinksCommand extends FabricCommand {
    /** The subcommand's name, a constant so {@link UmadCli} can pick it without reading annotations. */
    static final String NAME = "links";

    @Option(names = {"-o", "--outstanding"}, paramLabel = "N", defaultValue = "" + DiscoveryOptions.DEFAULT_OUTSTANDING,
            description = "SMPs on the wire at once (default: ${DEFAULT-VALUE}).")
    int outstanding;

    @Option(names = {"-d", "--down"}, description = "Only ports whose link is down.")
    boolean downOnly;

    @Mixin
    WalkTimeout walk;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() {
        if (outstanding < 1) {
            throw new ParameterException(spec.commandLine(), "--outstanding must be at least 1: " + outstanding);
        }
        List<PortLink> links;
        try (Connection connection = transport.connect(err())) {
            links = Links.links(connection.port(), DiscoveryOptions.defaults().withOutstanding(outstanding))
                    .filter(l -> !downOnly || l.local().portInfo().portState() == PortInfo.STATE_DOWN)
                    .collectList().block(walk.timeout);
        }
        if (links == null) {
            throw new IllegalStateException("the link report ended without a result");
        }
        out().print(json ? Json.pretty(json(links)) + "\n" : text(links));
        return 0;
    }

    private static String text(List<PortLink> links) {
        StringBuilder out = new StringBuilder();
        DiscoveredNode current = null;
        for (PortLink link : links) {
            DiscoveredNode node = link.local().node();
            if (node != current) {
                current = node;
                out.append(node.isSwitch() ? String.format("Switch: 0x%016x %s:%n", node.guid(), node.description())
                        : String.format("%s: %s:%n", node.nodeInfo().nodeType() == 3 ? "Router" : "CA", node.description()));
            }
            LinkEnd local = link.local();
            out.append(node.isSwitch() ? "      " : String.format("      0x%016x ", local.node().portGuid(local.port())));
            out.append(String.format("%6d %4d[  ] ==%s==>  ", local.lid(), local.port(), linkText(link)));
            if (link.remote().isPresent()) {
                LinkEnd remote = link.remote().get();
                String[] could = couldBe(link);
                out.append(String.format("%6d %4d[  ] \"%s\" (%s %s)%n", remote.lid(), remote.port(),
                        remote.node().description(), could[0], could[1]));
            } else {
                out.append("           [  ] \"\" ( )\n");
            }
        }
        return out.toString();
    }

    private static String linkText(PortLink link) {
        PortInfo info = link.local().portInfo();
        String state = PortNames.state(info.portState());
        String phys = PortNames.physicalState(info.portPhysicalState());
        if (info.portState() == PortInfo.STATE_DOWN) {
            return String.format("(              %6s/%8s)", state, phys);
        }
        return String.format("(%3s %18s %6s/%8s)", PortNames.width(info.linkWidthActive()), speed(link.local()), state,
                phys);
    }

    /** The extended speed when both the port's capabilities and its PortInfo have one, else the base speed. */
    private static String speed(LinkEnd end) {
        PortInfo info = end.portInfo();
        if ((capabilities(end) & PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED) != 0 && info.linkSpeedExtActive() != 0) {
            return PortNames.extendedSpeed(info.linkSpeedExtActive());
        }
        return PortNames.speed(info.linkSpeedActive());
    }

    /** A switch's capabilities are its port 0's. */
    private static long capabilities(LinkEnd end) {
        Optional<PortInfo> info = end.node().isSwitch() ? end.node().port(0) : Optional.of(end.portInfo());
        return info.map(PortInfo::capabilityMask).orElse(0L);
    }

    /** iblinkinfo's hints: the widest width and fastest speed both ends support, when the link runs below them. */
    private static String[] couldBe(PortLink link) {
        PortInfo a = link.local().portInfo();
        PortInfo b = link.remote().orElseThrow().portInfo();
        String width = "";
        int maxWidth = widest(a.linkWidthSupported() & b.linkWidthSupported());
        if ((maxWidth & a.linkWidthActive()) == 0) {
            width = "Could be " + PortNames.width(maxWidth);
        }
        String speed = "";
        long extended = PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED;
        boolean bothExtended = (capabilities(link.local()) & extended) != 0
                && (capabilities(link.remote().get()) & extended) != 0 && a.linkSpeedExtSupported() != 0
                && b.linkSpeedExtSupported() != 0;
        if (bothExtended) {
            int max = Integer.highestOneBit(a.linkSpeedExtSupported() & b.linkSpeedExtSupported());
            if ((max & a.linkSpeedExtActive()) == 0) {
                speed = "Could be " + PortNames.extendedSpeed(max);
            }
        } else {
            int max = Integer.highestOneBit(a.linkSpeedSupported() & b.linkSpeedSupported());
            if ((max & a.linkSpeedActive()) == 0) {
                speed = "Could be " + PortNames.speed(max);
            }
        }
        return new String[] {width, speed};
    }

    /** The widest of a LinkWidthSupported mask: 12X, 8X, 4X, then 2X, else 1X (libibmad's order). */
    private static int widest(int supported) {
        for (int w : new int[] {8, 4, 2, 16}) {
            if ((supported & w) != 0) {
                return w;
            }
        }
        return 1;
    }

    private static Map<String, Object> json(List<PortLink> links) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (PortLink link : links) {
            Map<String, Object> l = new LinkedHashMap<>();
            l.put("from", end(link.local()));
            PortInfo info = link.local().portInfo();
            l.put("width", PortNames.width(info.linkWidthActive()));
            l.put("speed", speed(link.local()));
            l.put("state", PortNames.state(info.portState()));
            l.put("physicalState", PortNames.physicalState(info.portPhysicalState()));
            l.put("to", link.remote().map(LinksCommand::end).orElse(null));
            list.add(l);
        }
        return Map.of("links", list);
    }

    private static Map<String, Object> end(LinkEnd end) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("nodeType", NodeTypes.name(end.node().nodeInfo().nodeType()));
        e.put("nodeGuid", FabricJson.hex(end.node().guid()));
        e.put("portGuid", FabricJson.hex(end.node().portGuid(end.port())));
        e.put("description", end.node().description());
        e.put("lid", end.lid());
        e.put("port", end.port());
        return e;
    }
}
