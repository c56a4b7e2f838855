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
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;

final class LinksCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(LinksCommand.class, "links",
            "Every port's link (as iblinkinfo): width, speed, state and physical state, and the port at the other "
                    + "end, node by node, from one discovery with many SMPs in flight.");

    private int outstanding;
    private boolean downOnly;
    private final WalkTimeout walk = new WalkTimeout();
    private final NodeNames nodeNames = new NodeNames();
    private boolean json;

    LinksCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        d.option("-o", "--outstanding").label("N").defaultValue("" + DiscoveryOptions.DEFAULT_OUTSTANDING)
                .help("SMPs on the wire at once (default: ${DEFAULT-VALUE}).")
                .to(Values.atLeast(1), v -> outstanding = v);
        d.flag("-d", "--down").help("Only ports whose link is down.").to(() -> downOnly = true);
        walk.declare(d);
        nodeNames.declare(d);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        NodeNameMap names = nodeNames.load(context, err());
        List<PortLink> links;
        try (Connection connection = transport.connect(err())) {
            links = Links.links(connection.port(), DiscoveryOptions.defaults().withOutstanding(outstanding))
                    .filter(l -> !downOnly || l.local().portInfo().portState() == PortInfo.STATE_DOWN)
                    .collectList().block(walk.timeout);
        }
        if (links == null) {
            throw new IllegalStateException("the link report ended without a result");
        }
        out().print(json ? Json.pretty(json(links)) + "\n" : text(links, names));
        return 0;
    }

    private static String text(List<PortLink> links, NodeNameMap names) {
        StringBuilder out = new StringBuilder();
        DiscoveredNode current = null;
        for (PortLink shown : links) {
            PortLink link = names.rename(shown);
            DiscoveredNode node = link.local().node();
            if (current == null || node.guid() != current.guid()) {
                current = node;
                out.append(node.isSwitch() ? String.format("Switch: 0x%016x %s:%n", node.guid(), node.description())
                        : String.format("%s: "
                                + "%s:%n", node.nodeInfo().nodeType() == 3 ? "Router" : "CA", node.description()));
            }
            LinkEnd local = link.local();
            out.append(node.isSwitch() ? "      " : String.format("      0x%016x "
                    + "", local.node().portGuid(local.port())));
            out.append(String.format("%6d %4d[  ] ==%s==>  ", local.lid(), local.port(), LinkText.link(link)));
            out.append(LinkText.remote(link, false));
        }
        return out.toString();
    }

    private static Map<String, Object> json(List<PortLink> links) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (PortLink link : links) {
            Map<String, Object> l = new LinkedHashMap<>();
            l.put("from", end(link.local()));
            PortInfo info = link.local().portInfo();
            l.put("width", PortNames.width(info.linkWidthActive()));
            l.put("speed", LinkText.speed(link.local()));
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
