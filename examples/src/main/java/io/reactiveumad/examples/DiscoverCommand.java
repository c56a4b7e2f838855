package io.reactiveumad.examples;

import io.reactiveumad.PortStats;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.LibibnetdiscScan;
import io.reactiveumad.fabric.LinkEnd;
import io.reactiveumad.fabric.Links;
import io.reactiveumad.fabric.PortLink;
import io.reactiveumad.mad.attr.PortInfo;
import java.util.HashMap;
import java.util.Map;
import java.util.EnumSet;
import java.util.Set;
import java.util.List;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.discovery.DiscoveryOptions.DiscoveryProgress;
import io.reactiveumad.service.FabricJson;
import io.reactiveumad.test.topology.DiscoveredTopology;
import io.reactiveumad.test.topology.DiffCheck;
import io.reactiveumad.test.topology.IbnetdiscoverWriter;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import reactor.core.scheduler.Schedulers;

final class DiscoverCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(DiscoverCommand.class, "discover",
            "Discover the fabric with directed-route SMPs, many on the wire at once, and print it as ibnetdiscover "
                    + "does (or as JSON). Progress goes to stderr.");

    enum Format { IBNETDISCOVER, JSON }

    /** Progress lines at most this often, so a big fabric does not flood the terminal. */
    private static final long PROGRESS_EVERY_NANOS = Duration.ofSeconds(1).toNanos();

    private int outstanding;
    private Format format;
    /** --json, as the other commands that print records take it: --format json. */
    private boolean json;
    private boolean portsReport;
    private boolean full;
    private boolean maxHops;
    private boolean show;
    private boolean grouping;
    /** The node types -l, -H, -S or -R lists (NodeInfo types), in ibnetdiscover's order; the last one given counts. */
    private List<Integer> listed = List.of();
    private static final List<Integer> ALL_TYPES = List.of(NodeInfo.TYPE_CHANNEL_ADAPTER, NodeInfo.TYPE_SWITCH,
            NodeInfo.TYPE_ROUTER);
    /** What --diff compares. */
    private Set<DiffCheck> diffChecks = DiffCheck.DEFAULT;
    private final WalkTimeout walk = new WalkTimeout();
    private final NodeNames nodeNames = new NodeNames();
    private final CacheFiles cache = new CacheFiles();

    DiscoverCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        d.option("-o", "--outstanding", "--outstanding_smps").label("N").defaultValue("" + DiscoveryOptions.DEFAULT_OUTSTANDING)
                .help("SMPs on the wire at once (default: ${DEFAULT-VALUE}; ibnetdiscover keeps 2).")
                .to(Values.atLeast(1), v -> outstanding = v);
        d.option("--format").label("FORMAT").defaultValue("ibnetdiscover")
                .help("ibnetdiscover or json (default: ${DEFAULT-VALUE}).")
                .to(Values.enumeration(Format.class), v -> format = v);
        d.flag("--json").help("Print JSON (the same as --format json).").to(() -> json = true);
        d.flag("-l", "--list").help("List the nodes, one line each, CAs, then switches, then routers (as ibnetdiscover -l).")
                .to(() -> listed = ALL_TYPES);
        d.flag("-H", "--Hca_list").help("List the CAs (as ibnetdiscover -H).")
                .to(() -> listed = List.of(NodeInfo.TYPE_CHANNEL_ADAPTER));
        d.flag("-S", "--Switch_list").help("List the switches (as ibnetdiscover -S).")
                .to(() -> listed = List.of(NodeInfo.TYPE_SWITCH));
        d.flag("-R", "--Router_list").help("List the routers (as ibnetdiscover -R).")
                .to(() -> listed = List.of(NodeInfo.TYPE_ROUTER));
        d.flag("-p", "--ports").help("A line per port: LID, port, GUID, width, speed and the port at the other end "
                + "(as ibnetdiscover -p; before -l, -H, -S and -R, as there).").to(() -> portsReport = true);
        d.flag("-f", "--full").help("End each port's line with its speed and width codes and VL capability "
                + "(s=, w=, v=; as ibnetdiscover -f).").to(() -> full = true);
        d.flag("-s", "--show").help("First a line per NodeInfo ibnetdiscover's scan has answered: route, new or known, "
                + "node, port (as ibnetdiscover -s; ours sends others, in another order).").to(() -> show = true);
        d.flag("-m", "--max_hops").help("Report the hops the scan reached and the SMPs ibnetdiscover's scan sends "
                + "for this fabric (as ibnetdiscover -m).").to(() -> maxHops = true);
        d.flag("-g", "--grouping").help("Group the nodes by chassis (as ibnetdiscover -g): Voltaire directors "
                + "around their spine boards, then nodes sharing a chassis GUID (by Topspin's, SilverStorm's and Xsigo's "
                + "rules too; Mellanox InfiniScale IV boards in their slots), the rest under \"Non-Chassis Nodes\".")
                .to(() -> grouping = true);
        cache.declareSave(d);
        cache.declareLoad(d);
        cache.declareDiff(d);
        d.option("--diffcheck").label("KEYS").split(",").help("What --diff compares, keys separated by commas: sw, ca, "
                + "router (the nodes), port (their ports' connections), lid, nodedesc (default: sw,ca,router,port).")
                .toList(Values.enumeration(DiffCheck.class), v -> diffChecks = EnumSet.copyOf(v));
        walk.declare(d);
        nodeNames.declare(d);
    }

    /**
     * ibnetdiscover -p: for every node as the tool orders them, its ports from the last, each with its LID (a
     * switch's), number, GUID, width and speed, and the port at the other end with both nodes' names.
     */
    private static String portsReport(DiscoveredFabric fabric, NodeNameMap names) {
        Map<Long, Map<Integer, PortLink>> byPort = new HashMap<>();
        for (PortLink link : Links.of(fabric)) {
            byPort.computeIfAbsent(link.local().node().guid(), g -> new HashMap<>()).put(link.local().port(), link);
        }
        StringBuilder out = new StringBuilder();
        for (DiscoveredNode node : fabric.nodesLastFoundFirst()) {
            String name = names.name(node.guid(), node.description());
            Map<Integer, PortLink> ports = byPort.getOrDefault(node.guid(), Map.of());
            for (int p = node.nodeInfo().numPorts(); p > 0; p--) {
                PortLink link = ports.get(p);
                if (link == null) {
                    continue;
                }
                LinkEnd local = link.local();
                PortInfo info = local.portInfo();
                out.append(String.format("%2s %5d %2d 0x%016x %s %s", shortType(node), local.lid(), p, node.portGuid(p),
                        PortNames.widthCompat(info.linkWidthActive()),
                        PortNames.speedCompat(info.linkSpeedActive(), LinkText.extendedSpeed(local),
                                LinkText.isFdr10(local))));
                if (link.remote().isPresent()) {
                    LinkEnd far = link.remote().get();
                    out.append(String.format(" - %2s %5d %2d 0x%016x ( '%s' - '%s' )%n", shortType(far.node()), far.lid(),
                            far.port(), far.node().portGuid(far.port()), name,
                            names.name(far.node().guid(), far.node().description())));
                } else {
                    out.append(String.format("%36s'%s'%n", "", name));
                }
            }
        }
        return out.toString();
    }

    private static String shortType(DiscoveredNode node) {
        return switch (node.nodeInfo().nodeType()) {
            case NodeInfo.TYPE_SWITCH -> "SW";
            case NodeInfo.TYPE_CHANNEL_ADAPTER -> "CA";
            case NodeInfo.TYPE_ROUTER -> "RT";
            default -> "??";
        };
    }

    /** ibnetdiscover's node list: a line per node of the types asked, each type's nodes as the tool orders them. */
    private String list(DiscoveredFabric fabric, NodeNameMap names) {
        StringBuilder out = new StringBuilder();
        for (int type : listed) {
            for (DiscoveredNode node : fabric.nodesLastFoundFirst()) {
                NodeInfo info = node.nodeInfo();
                if (info.nodeType() == type) {
                    out.append(String.format("%s\t : 0x%016x ports %d devid 0x%x vendid 0x%x \"%s\"%n",
                            NodeTypes.keyword(type), node.guid(), info.numPorts(), info.deviceId(), info.vendorId(),
                            names.name(node.guid(), node.description())));
                }
            }
        }
        return out.toString();
    }

    @Override
    public Integer call() {
        PrintWriter err = err();
        NodeNameMap names = nodeNames.load(context, err);
        AtomicLong lastReport = new AtomicLong(System.nanoTime());
        DiscoveryOptions options = transport.discovery().withOutstanding(outstanding)
                .withProgress(p -> report(err, p, lastReport));
        Format shown = json ? Format.JSON : format;
        DiscoveredFabric before = cache.diffBase();
        if (before != null && shown == Format.JSON) {
            throw new UsageException("--diff prints ibnetdiscover's text: not with JSON");
        }
        IbnetdiscoverCache.Loaded loaded = cache.loads() ? cache.load() : null;
        DiscoveredFabric fabric = loaded != null ? loaded.fabric() : discover(err, options, lastReport);
        if (show && loaded == null) {
            LibibnetdiscScan.fromLocalPort(fabric, 0).progress().forEach(out()::println);
        }
        cache.save(fabric);
        out().print(shown == Format.JSON ? Json.pretty(FabricJson.of(fabric)) + "\n" : portsReport
                ? portsReport(fabric, names) : !listed.isEmpty() ? list(fabric, names) : before != null
                ? DiscoveredTopology.ibnetdiscoverDiff(NodeNameMap.none().rename(before), NodeNameMap.none().rename(fabric),
                        diffChecks, node -> names.name(node.nodeGuid(), node.description()))
                : DiscoveredTopology.toIbnetdiscover(
                // ibnetdiscover prints every description cleaned, and the map's names where it applies one.
                NodeNameMap.none().rename(fabric), node -> names.name(node.nodeGuid(), node.description()),
                writer -> ibnetdiscoverOptions(writer, fabric, loaded)));
        return warnIfIncomplete(fabric);
    }

    /**
     * -f's port notes; -m's numbers, which are libibnetdisc's (its scan replayed: its SMPs, not ours, and the hops
     * as its one counter counts them); from a cache, the hops it holds and no SMPs, as the tool reports them.
     */
    private IbnetdiscoverWriter ibnetdiscoverOptions(IbnetdiscoverWriter writer, DiscoveredFabric fabric,
                                                     IbnetdiscoverCache.Loaded loaded) {
        if (full) {
            writer.portNotes(DiscoveredTopology.fullPortNotes(fabric));
        }
        if (grouping) {
            writer.grouped();
        }
        if (maxHops && loaded != null) {
            writer.maxHops(loaded.hopsReached(), 0);
        } else if (maxHops) {
            LibibnetdiscScan scan = LibibnetdiscScan.fromLocalPort(fabric, 0);
            writer.maxHops(scan.hopsReached(), scan.smps());
        }
        return writer;
    }

    private DiscoveredFabric discover(PrintWriter err, DiscoveryOptions options, AtomicLong lastReport) {
        DiscoveredFabric fabric;
        PortStats stats;
        long started;
        // The discovery's callbacks only record answers and send the next SMPs: they run where the answers are
        // read, with no hand-off between threads per answer; the result is printed from this thread.
        try (Connection connection = transport.connect(err, Schedulers.immediate())) {
            started = System.nanoTime();
            lastReport.set(started);
            fabric = transport.discover(connection.port(), options).block(walk.timeout);
            stats = connection.port().stats();
        }
        if (fabric == null) {
            throw new IllegalStateException("discovery ended without a result");
        }
        err.printf("umad discover: %d nodes, %d links, %d SMPs (%d timed out) in %d ms%n", fabric.nodes().size(),
                fabric.links().size(), fabric.smpsSent(), stats.timeouts(), Duration.ofNanos(System.nanoTime() - started).toMillis());
        return fabric;
    }

    /** Called on the event loop: the line is written elsewhere, so a stalled stderr cannot stall the loop. */
    static void report(PrintWriter err, DiscoveryProgress progress, AtomicLong lastReport) {
        long now = System.nanoTime();
        long last = lastReport.get();
        if (now - last >= PROGRESS_EVERY_NANOS && lastReport.compareAndSet(last, now)) {
            Schedulers.boundedElastic().schedule(() -> {
                err.printf("umad discover: %d nodes (%d switches), %d links, %d SMPs sent, %d on the wire%n",
                        progress.nodes(), progress.switches(), progress.links(), progress.smpsSent(), progress.inFlight());
                err.flush();
            });
        }
    }
}
