package io.reactiveumad.examples;

import io.reactiveumad.MadPort;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.discovery.LibibnetdiscScan;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.service.Routes;
import io.reactiveumad.examples.cli.UsageException;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.fabric.LinkEnd;
import io.reactiveumad.fabric.Links;
import io.reactiveumad.fabric.PortLink;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.service.FabricJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;

final class LinksCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(LinksCommand.class, "links",
            "Every port's link (as iblinkinfo): width, speed, state and physical state, and the port at the other "
                    + "end, node by node, from one discovery with many SMPs in flight.");

    private int outstanding;
    private boolean downOnly;
    private String portGuid;
    private String directRoute;
    private boolean switchesOnly;
    private boolean casOnly;
    private boolean lineMode;
    private boolean additional;
    private boolean allNodes;
    private int hops;
    private final WalkTimeout walk = new WalkTimeout();
    private final NodeNames nodeNames = new NodeNames();
    private final CacheFiles cache = new CacheFiles();
    private boolean json;
    /** --filterdownports's cache, or null. */
    private Path downBeforeFile;
    /** What --diff compares. */
    private Set<LinkDiff.Check> diffChecks = LinkDiff.Check.DEFAULT;

    LinksCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        d.option("-o", "--outstanding", "--outstanding_smps").label("N").defaultValue("" + DiscoveryOptions.DEFAULT_OUTSTANDING)
                .help("SMPs on the wire at once (default: ${DEFAULT-VALUE}).")
                .to(Values.atLeast(1), v -> outstanding = v);
        d.flag("-d", "--down").help("Only ports whose link is down.").to(() -> downOnly = true);
        // iblinkinfo takes the diag tools' common -s and passes no SM to anything; -G finds its GUID in the scan here.
        d.option("-s", "--sm_port").label("LID")
                .help("Taken as iblinkinfo takes it, and as there changes nothing: the scan asks no SA.")
                .to(Values.between(1, 0xBFFF), v -> { });
        d.option("-G", "--port-guid", "-S", "--switch").label("GUID")
                .help("Only the node holding this port GUID (-S and --switch as iblinkinfo; a CA with that port only).")
                .to(Values::text, v -> portGuid = v);
        d.option("-D", "--Direct").label("PATH")
                .help("Only the node at this directed route from the local port (e.g. 0,1,3).")
                .to(Values::text, v -> directRoute = v);
        d.flag("-a", "--all").help("With -G or -D: every node the partial scan from that node finds, not only that node "
                + "(as iblinkinfo -a).").to(() -> allNodes = true);
        d.option("-n", "--hops").label("N").help("How far the partial scan from -G or -D goes (default: 1), or without "
                + "them, from the local port (as iblinkinfo -n: one hop count for the whole scan).")
                .to(Values.atLeast(0), v -> hops = v);
        d.flag("--switches-only").help("Only switches.").to(() -> switchesOnly = true);
        d.flag("--cas-only").help("Only channel adapters.").to(() -> casOnly = true);
        d.flag("-l", "--line").help("One line per link, each naming its node and the far port's GUID (iblinkinfo -l).")
                .to(() -> lineMode = true);
        d.flag("-p", "--additional").help("Add each port's HOQ lifetime and VL stall count, where the link is not down "
                + "(iblinkinfo -p).").to(() -> additional = true);
        cache.declareLoad(d);
        cache.declareDiff(d);
        d.option("--filterdownports").label("FILE").help("No line for a port that is down and was down in this "
                + "ibnetdiscover cache too (as iblinkinfo --filterdownports).").to(Values::path, v -> downBeforeFile = v);
        d.option("--diffcheck").label("KEYS").split(",").help("What --diff compares, keys separated by commas: port (the "
                + "ports' connections), state, lid, nodedesc (default: port,state).")
                .toList(Values.enumeration(LinkDiff.Check.class), v -> diffChecks = EnumSet.copyOf(v));
        walk.declare(d);
        nodeNames.declare(d);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        if (portGuid != null && directRoute != null) {
            throw new UsageException("-G and -D name the node two ways: give one");
        }
        if (switchesOnly && casOnly) {
            throw new UsageException("--switches-only and --cas-only leave nothing: give one");
        }
        Long guid = portGuid == null ? null : value("-G", () -> Guids.parse(portGuid));
        SmpRoute.Directed path = directRoute == null ? null : value("-D", () -> Routes.parse(directRoute));
        NodeNameMap names = nodeNames.load(context, err());
        DiscoveredFabric before = cache.diffBase();
        if (before != null && (portGuid != null || directRoute != null || allNodes || hops != 0 || downOnly || json)) {
            throw new UsageException("--diff compares whole fabrics in iblinkinfo's text: not with -G, -D, -a, -n, -d or "
                    + "--json");
        }
        Shown shown;
        if (cache.loads()) {
            if (path != null) {
                throw new UsageException("--load-cache and -D: a cache keeps no routes to follow (name the node with -G)");
            }
            DiscoveredFabric fabric = cache.load().fabric();
            print(cachedLinks(json ? fabric : names.rename(fabric), guid), before, names);
            return 0;
        }
        // Discovery's callbacks only record answers (for block() here): they run where the answers are read.
        try (Connection connection = transport.connect(err(), Schedulers.immediate())) {
            MadPort port = connection.port();
            // The text names the nodes as the map does: the fabric is renamed once, JSON keeps the descriptions.
            shown = transport.discover(port, transport.discovery().withOutstanding(outstanding))
                    .map(fabric -> json ? fabric : names.rename(fabric))
                    // With -a no node is picked out, so the tools send no NodeInfo along -D first: a route that
                    // leads nowhere makes a scan that finds nothing.
                    .flatMap(fabric -> (allNodes ? Mono.<Long>empty() : NamedNode.portGuid(transport, port, guid, path))
                            .map(Optional::of).defaultIfEmpty(Optional.empty())
                            .map(named -> shownLinks(fabric, named, guid, path)))
                    .block(walk.timeout);
        }
        if (shown == null) {
            throw new IllegalStateException("the link report ended without a result");
        }
        print(shown, before, names);
        return warnIfIncomplete(shown.of());
    }

    /** The links shown, and the fabric they are of (a partial scan's, where one ran): its chassis number their ports. */
    private record Shown(List<PortLink> links, DiscoveredFabric of) {
    }

    private void print(Shown shown, DiscoveredFabric before, NodeNameMap names) {
        if (json) {
            out().print(Json.pretty(json(shown.links())) + "\n");
            return;
        }
        ChassisPorts ports = before != null ? ChassisPorts.of(names, before, shown.of()) : ChassisPorts.of(names, shown.of());
        out().print(before != null ? diff(before, shown.links(), names, ports) : text(shown.links(), ports));
        ports.note("links").ifPresent(err()::println);
    }

    /** iblinkinfo --diff's text: the links of the cached fabric {@code before} against {@code now}'s. */
    private String diff(DiscoveredFabric before, List<PortLink> now, NodeNameMap names, ChassisPorts ports) {
        return LinkDiff.write(chosen(Links.of(names.rename(before))), now, diffChecks, lines(ports));
    }

    /**
     * The links of the ports shown, of the types and states asked for: of every node, from the whole discovery; or,
     * once a node is named ({@code -G} {@code guid} or {@code -D} {@code path}: {@code named} is its port GUID) or a
     * hop count given, as the tools' partial scan from there finds them ({@link LibibnetdiscScan}): every node it
     * finds with -a or without a name, else the one named.
     */
    private Shown shownLinks(DiscoveredFabric fabric, Optional<Long> named, Long guid, SmpRoute.Directed path) {
        boolean startsAtANode = guid != null || path != null;
        if (!startsAtANode && hops == 0) {
            return new Shown(chosen(Links.of(fabric)), fabric);
        }
        // As the tools: a scan from a named node goes one hop unless told otherwise.
        int limit = startsAtANode ? Math.max(hops, 1) : hops;
        DiscoveredFabric scanned = (guid != null ? LibibnetdiscScan.fromPortGuid(fabric, guid, limit)
                : LibibnetdiscScan.fromRoute(fabric, path == null ? SmpRoute.directed() : path, limit)).found();
        List<PortLink> links = Links.of(scanned);
        String from = guid != null ? String.format("-G 0x%016x", guid) : path != null ? "-D " + directRoute : "here";
        if (scanned.nodes().isEmpty()) {
            err().println("umad links: the partial scan from " + from + " found no node");
        } else if (named.isPresent()) {
            Optional<DiscoveredNode> node = scanned.nodesLastFoundFirst().stream()
                    .filter(n -> n.portGuids().containsValue(named.get())).findFirst();
            if (node.isEmpty()) {
                err().printf("umad links: the partial scan from %s did not find port 0x%016x%n", from, named.get());
            }
            links = links.stream().filter(l -> node.isPresent() && l.local().node().guid() == node.get().guid()).toList();
        }
        return new Shown(chosen(links), scanned);
    }

    /**
     * The links of a fabric read from a cache: every node's, or (-G, without -a) those of the node holding port
     * {@code guid}, all its ports the cache holds (the tools pick it from the whole fabric: no scan runs).
     */
    private Shown cachedLinks(DiscoveredFabric fabric, Long guid) {
        List<PortLink> links = Links.of(fabric);
        if (guid != null && !allNodes) {
            Optional<DiscoveredNode> named = fabric.nodesLastFoundFirst().stream()
                    .filter(n -> n.portGuids().containsValue(guid)).findFirst();
            if (named.isEmpty()) {
                err().printf("umad links: the cache holds no port 0x%016x%n", guid);
            }
            links = links.stream().filter(l -> named.isPresent() && l.local().node().guid() == named.get().guid()).toList();
        }
        return new Shown(chosen(links), fabric);
    }

    /** Of {@code links}, those of the node types and states asked for. */
    private List<PortLink> chosen(List<PortLink> links) {
        return links.stream()
                .filter(l -> !switchesOnly || l.local().node().isSwitch())
                .filter(l -> !casOnly || l.local().node().nodeInfo().nodeType() == NodeInfo.TYPE_CHANNEL_ADAPTER)
                .filter(l -> !downOnly || l.local().portInfo().portState() == PortInfo.STATE_DOWN)
                .toList();
    }

    /** How iblinkinfo's lines are written: -l, -p and --filterdownports, the chassis' port numbers from {@code ports}. */
    private LinkLines lines(ChassisPorts ports) {
        return new LinkLines(lineMode, additional,
                downBeforeFile == null ? null : CacheFiles.read("--filterdownports", downBeforeFile).fabric(), ports);
    }

    /** iblinkinfo's text: a header per node then a line per port, or with -l a line per port alone. */
    private String text(List<PortLink> links, ChassisPorts ports) {
        LinkLines lines = lines(ports);
        StringBuilder out = new StringBuilder();
        DiscoveredNode current = null;
        for (PortLink link : links) {
            DiscoveredNode node = link.local().node();
            if (current == null || node.guid() != current.guid()) {
                out.append(lines.header(node, ""));
            }
            current = node;
            out.append(lines.port(link, ""));
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
            l.put("state", PortInfo.stateName(info.portState()));
            l.put("physicalState", PortNames.physicalState(info.portPhysicalState()));
            l.put("hoqLife", info.hoqLife());
            l.put("vlStallCount", info.vlStallCount());
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
