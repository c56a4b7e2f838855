package io.reactiveumad.examples;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.discovery.LibibnetdiscScan;
import io.reactiveumad.fabric.ErrorCounter;
import io.reactiveumad.fabric.ErrorSweep;
import io.reactiveumad.fabric.ErrorSweepOptions;
import io.reactiveumad.fabric.LinkEnd;
import io.reactiveumad.fabric.Links;
import io.reactiveumad.fabric.NodeErrors;
import io.reactiveumad.fabric.PortErrors;
import io.reactiveumad.fabric.PortLink;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.service.FabricJson;
import io.reactiveumad.service.Routes;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.examples.cli.UsageException;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

final class ErrorsCommand extends FabricCommand {
    /**
     * Where ibqueryerrors reads its thresholds when no file is named, under /etc: an operator's edits there apply
     * to both tools.
     */
    static final String DEFAULT_THRESHOLD_FILE = "infiniband-diags/error_thresholds";

    static final CommandInfo INFO = CommandInfo.of(ErrorsCommand.class, "errors",
            "Check every port's error counters fabric-wide (as ibqueryerrors): discover the fabric, read PortCounters "
                    + "with many requests in flight, print the ports over threshold grouped by node. Exit code 1 when "
                    + "some port is over threshold, as ibqueryerrors.");

    private int outstanding;
    private Map<String, Long> thresholds = new LinkedHashMap<>();
    private Path thresholdFile;
    private boolean clear;
    private boolean clearCounts;
    private boolean yes;
    private List<String> suppress = new ArrayList<>();

    /** Where -c came among the -s names (the "## Suppressed:" line keeps the command line's order); -1: no -c. */
    private int commonAt = -1;

    private boolean switches;
    private boolean cas;
    private boolean routers;
    private String portGuid;
    private String directRoute;
    private boolean reportPort;
    /** --skip-sl: every PMA query on SL 0, no PathRecords asked first. */
    private boolean skipSl;
    private boolean countersOnly;
    private boolean data;
    private boolean details;
    private final WalkTimeout walk = new WalkTimeout();
    private final NodeNames nodeNames = new NodeNames();
    private final CacheFiles cache = new CacheFiles();
    private boolean json;

    ErrorsCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        d.option("-o", "--outstanding", "--outstanding_smps").label("N").defaultValue("" + ErrorSweepOptions.DEFAULT_IN_FLIGHT)
                .help("SMPs (discovery) and nodes (counters) in flight at once (default: ${DEFAULT-VALUE}; "
                        + "ibqueryerrors: 2 SMPs, one PMA request).")
                .to(Values.atLeast(1), v -> outstanding = v);
        d.option("--threshold").label("NAME=VALUE")
                .help("Report a counter only above VALUE (default 0), e.g. SymbolErrorCounter=10; repeatable.")
                .toMap(Values::wholeNumber, v -> thresholds = v);
        d.option("--threshold-file").label("FILE")
                .help("Thresholds as ibqueryerrors reads them: NAME=VALUE lines, # comments (default: /etc/"
                        + DEFAULT_THRESHOLD_FILE + " where it exists, as ibqueryerrors).")
                .to(Values::path, v -> thresholdFile = v);
        d.flag("-k", "--clear", "--clear-errors").help("Reset every checked port's error counters after reading them (needs --yes: it "
                + "changes the whole fabric).")
                .to(() -> clear = true);
        d.flag("-K", "--clear-counts").help("Reset every checked port's data counters after reading them, "
                + "PortCountersExtended's too (needs --yes).")
                .to(() -> clearCounts = true);
        d.flag("--yes").help("Confirm --clear or --clear-counts.").to(() -> yes = true);
        d.option("-s", "--suppress").label("NAME").split(",")
                .help("Never report these error counters (libibmad names, e.g. SymbolErrorCounter,LinkDownedCounter).")
                .toList(Values::text, v -> suppress = v);
        d.flag("-c", "--suppress-common").help("Suppress the common errors, as ibqueryerrors -c "
                + "(PortRcvSwitchRelayErrors).")
                .to(() -> commonAt = suppress.size());
        d.flag("--switch").help("Check switches only (with --ca and --router: those types).").to(() -> switches = true);
        d.flag("--ca").help("Check channel adapters only (with --switch and --router: those types).")
                .to(() -> cas = true);
        d.flag("--router").help("Check routers only (with --switch and --ca: those types).").to(() -> routers = true);
        d.option("-G", "--port-guid", "-S").label("GUID")
                .help("Check only the node with this port GUID (-S as ibqueryerrors, for backward compatibility).")
                .to(Values::text, v -> portGuid = v);
        d.option("-D", "--Direct").label("PATH")
                .help("Check only the node at this directed route from the local port (e.g. 0,1,3).")
                .to(Values::text, v -> directRoute = v);
        d.flag("--skip-sl").help("Send every PMA query on SL 0 instead of on the SL of the path the SA gives to each "
                + "destination (as ibqueryerrors --skip-sl).").to(() -> skipSl = true);
        d.flag("-r", "--report-port").help("Add each reported port's link, as ibqueryerrors -r: width, speed, state "
                + "and the port at the other end.")
                .to(() -> reportPort = true);
        d.flag("--counters").help("Print every port's data counters instead of checking errors (as ibqueryerrors "
                + "--counters).")
                .to(() -> countersOnly = true);
        d.flag("--data").help("Add each reported port's data counters (as ibqueryerrors --data): 64-bit from "
                + "PortCountersExtended where the PMA has them.")
                .to(() -> data = true);
        d.flag("--details").help("Add the details of PortXmitDiscards and PortRcvErrors over threshold: "
                + "PortXmitDiscardDetails and PortRcvErrorDetails, their non-zero counters (as ibqueryerrors --details).")
                .to(() -> details = true);
        d.flag("-R", "--GNDN").help("Obsolete, does nothing (as in ibqueryerrors).").to(() -> { });
        walk.declare(d);
        cache.declareLoad(d);
        nodeNames.declare(d);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        if (clear && !yes) {
            throw new UsageException("--clear resets the error counters of every port of the fabric; add --yes to "
                    + "confirm");
        }
        if (clearCounts && !yes) {
            throw new UsageException("--clear-counts resets the data counters of every port of the fabric; add --yes "
                    + "to confirm");
        }
        if (portGuid != null && directRoute != null) {
            throw new UsageException("-G and -D name the node two ways: give one");
        }
        ErrorSweepOptions options = ErrorSweepOptions.defaults().withInFlight(outstanding).withClearErrors(clear)
                .withClearData(clearCounts).withDataCounters(data).withDataCountersOnly(countersOnly).withDetails(details);
        for (int i = 0; i <= suppress.size(); i++) {
            if (i == commonAt) {
                options = options.withSuppressed(ErrorSweepOptions.COMMON);
            }
            if (i < suppress.size()) {
                String name = suppress.get(i).trim();
                options = options.withSuppressed(List.of(value("--suppress", () -> ErrorCounter.byLibibmadName(name))));
            }
        }
        Long guid = portGuid == null ? null : value("-G", () -> Guids.parse(portGuid));
        SmpRoute.Directed path = directRoute == null ? null : value("-D", () -> Routes.parse(directRoute));
        Path fallback = context.etc().resolve(DEFAULT_THRESHOLD_FILE);
        Path thresholdsFrom = thresholdFile != null ? thresholdFile : Files.isRegularFile(fallback) ? fallback : null;
        Map<String, Long> all = new LinkedHashMap<>(thresholdsFrom == null ? Map.of() : readThresholds(thresholdsFrom));
        all.putAll(thresholds);
        for (var t : all.entrySet()) {
            ErrorCounter counter;
            try {
                counter = ErrorCounter.byLibibmadName(t.getKey());
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            options = options.withThreshold(counter, t.getValue());
        }
        NodeNameMap names = nodeNames.load(context, err());
        ErrorSweepOptions sweep = options;
        if (cache.loads() && path != null) {
            throw new UsageException("--load-cache and -D: a cache keeps no routes to follow (name the node with -G)");
        }
        // Read before the port opens: a file that is not a cache is a usage error, with nothing sent.
        DiscoveredFabric cached = cache.loads() ? cache.load().fabric() : null;
        Swept swept;
        // The sweep's callbacks only collect (for block() here): they run where the answers are read, with no
        // hand-off between threads per answer.
        try (Connection connection = transport.connect(err(), Schedulers.immediate())) {
            MadPort port = connection.port();
            // As perf without a LID: no PMA can answer a port without one (no SM has run), so the sweep would only
            // fail at every node; ibqueryerrors prints nothing there.
            connection.withOwnLid("no LID of its own to ask PMAs from");
            SaClient sa = transport.sa(connection);
            try {
                // A node named by -G/-S or -D is checked, its links reported, as ibqueryerrors' partial scan finds it.
                Mono<DiscoveredFabric> fabrics = cached != null ? Mono.just(cached)
                        : transport.discover(port, transport.discovery().withOutstanding(outstanding))
                                .map(fabric -> guid == null && path == null ? fabric : partialScan(fabric, guid, path));
                // The SA's paths (each destination's SL) need only this port's GID: asked while the walk runs, the
                // SA computes them while the nodes answer the walk's SMPs.
                swept = Mono.zip(fabrics.flatMap(fabric -> chosen(port, fabric, guid, path)
                                        .map(chosen -> new Chosen(fabric, chosen))), onPathServiceLevels(sa, sweep))
                        .flatMap(both -> ErrorSweep.sweep(port, both.getT1().nodes(), both.getT2()).collectList()
                                .map(checked -> new Swept(both.getT1().fabric(), checked)))
                        .block(walk.timeout);
            } finally {
                sa.dispose();
            }
        }
        if (swept == null) {
            throw new IllegalStateException("the sweep ended without a result");
        }
        List<NodeErrors> nodes = swept.nodes();
        Map<Long, Map<Integer, String>> links = new HashMap<>();
        if (reportPort && !json) { // the text's "Link info" lines; JSON has none
            DiscoveredFabric renamed = names.rename(swept.fabric());
            ChassisPorts ports = ChassisPorts.of(names, renamed);
            ports.note("errors").ifPresent(err()::println);
            for (PortLink l : Links.of(renamed)) {
                links.computeIfAbsent(l.local().node().guid(), g -> new HashMap<>()).put(l.local().port(),
                        linkInfo(l, ports));
            }
            // An enhanced switch port 0 has a link of its own to report (ibqueryerrors gives it a line, no far end).
            for (DiscoveredNode node : renamed.nodes()) {
                if (node.switchInfo() != null && node.switchInfo().enhancedPort0()) {
                    LinkEnd.of(node, 0).ifPresent(end -> links.computeIfAbsent(node.guid(), g -> new HashMap<>())
                            .put(0, linkInfo(new PortLink(end, Optional.empty()), ports)));
                }
            }
        }
        long badPorts = nodes.stream().mapToLong(NodeErrors::badPorts).sum();
        out().print(json ? Json.pretty(json(nodes, sweep)) + "\n" : text(nodes.stream().map(n -> new NodeErrors(
                names.rename(n.node()), n.lid(), n.errors(), n.portsChecked(), n.failures())).toList(), sweep, links));
        nodes.forEach(n -> n.failures().forEach(f -> err().println("umad errors: warning: \"" + n.node().description()
                + "\": " + f)));
        int discovery = warnIfIncomplete(swept.fabric());
        return badPorts == 0 ? discovery : UmadCli.EXIT_FAILED;
    }

    /**
     * The nodes to check, in ibqueryerrors' order: the one holding port {@code guid}, or the one at
     * {@code path}, or all; then only the types --switch, --ca and --router ask for (all when none does).
     */
    private Mono<List<DiscoveredNode>> chosen(MadPort port, DiscoveredFabric fabric, Long guid, SmpRoute.Directed path) {
        return NamedNode.portGuid(transport, port, guid, path).map(g -> {
                    // From a cache the node is picked from the whole fabric, all its ports: no scan runs.
                    List<DiscoveredNode> found = fabric.nodesLastFoundFirst().stream()
                            .filter(n -> n.portGuids().containsValue(g)).limit(1).toList();
                    if (found.isEmpty()) {
                        err().println(String.format("umad errors: the %s holds no port GUID 0x%016x",
                                cache.loads() ? "cache" : "partial scan", g));
                    }
                    return found;
                })
                .defaultIfEmpty(fabric.nodesLastFoundFirst())
                .map(nodes -> nodes.stream().filter(this::typeChosen).toList());
    }

    /** What ibqueryerrors' partial scan from the node named by -G ({@code guid}) or -D ({@code path}) finds: one hop. */
    private static DiscoveredFabric partialScan(DiscoveredFabric fabric, Long guid, SmpRoute.Directed path) {
        return (guid != null ? LibibnetdiscScan.fromPortGuid(fabric, guid, 1) : LibibnetdiscScan.fromRoute(fabric, path, 1))
                .found();
    }

    private boolean typeChosen(DiscoveredNode node) {
        if (!switches && !cas && !routers) {
            return true;
        }
        return switch (node.nodeInfo().nodeType()) {
            case NodeInfo.TYPE_SWITCH -> switches;
            case NodeInfo.TYPE_CHANNEL_ADAPTER -> cas;
            case NodeInfo.TYPE_ROUTER -> routers;
            default -> false;
        };
    }

    /** ibqueryerrors' threshold file: {@code Name=value} lines; blank lines and {@code #} comments skipped. */
    private Map<String, Long> readThresholds(Path file) {
        Map<String, Long> read = new LinkedHashMap<>();
        List<String> lines = NamedFiles.lines("--threshold-file", file);
        for (String line : lines) {
            String text = line.trim();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            int eq = text.indexOf('=');
            try {
                read.put(text.substring(0, eq).trim(), Long.decode(text.substring(eq + 1).trim()));
            } catch (RuntimeException e) {
                throw new UsageException("not NAME=VALUE in " + file + ": " + line);
            }
        }
        return read;
    }

    /** What the sweep found, and the discovery it checked (for -r's links). */
    private record Swept(DiscoveredFabric fabric, List<NodeErrors> nodes) {
    }

    /** The discovery, and the nodes of it to check. */
    private record Chosen(DiscoveredFabric fabric, List<DiscoveredNode> nodes) {
    }

    /** The "Link info" line of a port of {@code node}, when -r asked for the links (else empty). */
    private static String linkInfo(Map<Long, Map<Integer, String>> links, NodeErrors node, int port) {
        return links.getOrDefault(node.node().guid(), Map.of()).getOrDefault(port, "");
    }

    /**
     * ibqueryerrors' "Link info" line for {@code link}: the switch's LID or the CA port's, the port and its link, the
     * far end with its port GUID; the chassis' port numbers as {@code ports} gives them.
     */
    private static String linkInfo(PortLink link, ChassisPorts ports) {
        return String.format("       Link info: %6d%4d[%2s] ==%s==>  ", link.local().lid(), link.local().port(),
                ports.of(link.local()), LinkText.link(link)) + LinkText.remote(link, true, ports);
    }

    /**
     * The sweep on the SL of the SA's path to each destination, as ibqueryerrors asks PMAs, unless --skip-sl; an SA
     * that gives none (no SM) leaves SL 0 everywhere, said on stderr, where ibqueryerrors gives up.
     */
    private Mono<ErrorSweepOptions> onPathServiceLevels(SaClient sa, ErrorSweepOptions options) {
        if (skipSl) {
            return Mono.just(options);
        }
        // A closed port is no SA silence: the command ends (Ctrl-C closes it), and says so as every command does.
        return sa.serviceLevelsByLid().map(options::withServiceLevels)
                .onErrorResume(e -> !PortClosedException.endsThePort(e), e -> {
                    err().println("umad errors: no paths from the SA (" + Errors.describe(e) + "): every PMA query on "
                            + "SL 0, as with --skip-sl");
                    return Mono.just(options);
                });
    }

    private static String text(List<NodeErrors> nodes, ErrorSweepOptions options, Map<Long, Map<Integer, String>> links) {
        StringBuilder out = new StringBuilder();
        for (NodeErrors node : nodes) {
            if (options.dataCountersOnly()) {
                out.append(dataCounters(node, links));
                continue;
            }
            if (!node.isBad()) {
                continue;
            }
            long guid = node.node().portGuid(0);
            out.append(node.node().isSwitch() ? String.format("Errors for 0x%x "
                    + "\"%s\"%n", guid, node.node().description())
                    : String.format("Errors for \"%s\"%n", node.node().description()));
            for (PortErrors port : node.errors()) {
                out.append(String.format("   GUID 0x%x port %s:", port.portGuid(),
                        port.isAllPorts() ? "ALL" : Integer.toString(port.port())));
                port.exceeded().forEach((c, v) -> {
                    out.append(String.format(" [%s == %d]", c.libibmadName(), v));
                    // --details: after the counter, its details' non-zero counters (ibqueryerrors prints these under
                    // each other's names, the two attributes' field ranges swapped; these are the right ones).
                    port.details().getOrDefault(c, Map.of()).forEach((name, n) -> out.append(String.format(
                            " [%s == %d]", name, n)));
                });
                out.append(dataCounterText(port)).append('\n');
                if (!port.isAllPorts()) {
                    out.append(linkInfo(links, node, port.port()));
                }
            }
        }
        Summary s = Summary.of(nodes);
        out.append(String.format("%n## Summary: %d nodes checked, %d bad nodes found%n", s.nodes(), s.badNodes()));
        out.append(String.format("##          %d ports checked, %d ports have errors beyond threshold%n", s.ports(),
                s.badPorts()));
        out.append("## Thresholds: ");
        options.thresholds().forEach((c, v) -> out.append(String.format("[%s = %d]", c.libibmadName(), v)));
        out.append('\n');
        if (s.failures() > 0) {
            out.append(String.format("##          %d PMA query failures%n", s.failures()));
        }
        out.append("## Suppressed:");
        options.suppressed().forEach(c -> out.append(' ').append(c.libibmadName()));
        out.append('\n');
        return out.toString();
    }

    /** A node's data counters as ibqueryerrors --counters prints them: every one, under the node's GUID. */
    private static String dataCounters(NodeErrors node, Map<Long, Map<Integer, String>> links) {
        StringBuilder out = new StringBuilder();
        long guid = node.node().guid();
        for (PortErrors port : node.errors()) {
            if (out.isEmpty()) {
                out.append(String.format("Data Counters for 0x%x \"%s\"%n", guid, node.node().description()));
            }
            out.append(String.format("   GUID 0x%x port "
                    + "%d:", guid, port.port())).append(dataCounterText(port)).append('\n');
            out.append(linkInfo(links, node, port.port()));
        }
        return out.toString();
    }

    /** A port's data counters as ibqueryerrors prints them after its errors: {@code [PortXmitData == 5 (20.000B)]}. */
    private static String dataCounterText(PortErrors port) {
        StringBuilder out = new StringBuilder();
        port.dataCounters().forEach((name, v) -> out.append(String.format(" [%s == %d (%s)]", name, v,
                humanReadable(v, name.endsWith("Data")))));
        return out.toString();
    }

    /**
     * A count as infiniband-diags shows it beside the number ({@code %5.3f} and a unit): powers of 1024, and
     * for the data counters (in 4-byte words) bytes: B, KB, MB. Computed in float and rounded half to even
     * on the float's exact value, as C's printf does, so the digits are the tool's.
     */
    static String humanReadable(long count, boolean data) {
        long rest = count / 1024;
        int unit = 0;
        long divisor = 1;
        while (rest != 0) {
            unit++;
            rest /= 1024;
            divisor *= 1024;
        }
        float value = count;
        if (data) {
            value *= 4;
            if (value / divisor > 1024) {
                unit++;
                divisor *= 1024;
            }
        }
        value /= divisor;
        String digits = new BigDecimal(value).setScale(3, RoundingMode.HALF_EVEN).toPlainString();
        String[] units = data ? new String[] {"B", "KB", "MB", "GB", "TB", "PB", "EB"}
                : new String[] {"", "K", "M", "G", "T", "P", "E"};
        return String.format("%5s%s", digits, unit < units.length ? units[unit] : "");
    }

    private record Summary(int nodes, long badNodes, long ports, long badPorts, long failures) {
        static Summary of(List<NodeErrors> nodes) {
            return new Summary(nodes.size(), nodes.stream().filter(NodeErrors::isBad).count(),
                    nodes.stream().mapToLong(NodeErrors::portsChecked).sum(),
                    nodes.stream().mapToLong(NodeErrors::badPorts).sum(),
                    nodes.stream().mapToLong(n -> n.failures().size()).sum());
        }
    }

    private static Map<String, Object> json(List<NodeErrors> nodes, ErrorSweepOptions options) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (NodeErrors node : nodes) {
            Map<String, Object> n = new LinkedHashMap<>();
            n.put("nodeType", NodeTypes.name(node.node().nodeInfo().nodeType()));
            n.put("nodeGuid", FabricJson.hex(node.node().guid()));
            n.put("description", node.node().description());
            n.put("lid", node.lid());
            n.put("portsChecked", node.portsChecked());
            List<Map<String, Object>> ports = new ArrayList<>();
            for (PortErrors port : node.errors()) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("port", port.isAllPorts() ? "ALL" : port.port());
                p.put("portGuid", FabricJson.hex(port.portGuid()));
                Map<String, Long> counters = new LinkedHashMap<>();
                port.exceeded().forEach((c, v) -> counters.put(c.libibmadName(), v));
                p.put("counters", counters);
                if (options.details()) {
                    Map<String, Object> details = new LinkedHashMap<>();
                    port.details().forEach((c, fields) -> details.put(c.libibmadName(), fields));
                    p.put("details", details);
                }
                if (options.dataCounters() || options.dataCountersOnly()) {
                    p.put("dataCounters", port.dataCounters());
                }
                ports.add(p);
            }
            n.put("errors", ports);
            n.put("failures", node.failures());
            list.add(n);
        }
        Summary s = Summary.of(nodes);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("nodesChecked", s.nodes());
        summary.put("badNodes", s.badNodes());
        summary.put("portsChecked", s.ports());
        summary.put("badPorts", s.badPorts());
        summary.put("pmaQueryFailures", s.failures());
        Map<String, Long> thresholds = new LinkedHashMap<>();
        options.thresholds().forEach((c, v) -> thresholds.put(c.libibmadName(), v));
        summary.put("thresholds", thresholds);
        summary.put("suppressed", options.suppressed().stream().map(ErrorCounter::libibmadName).toList());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("nodes", list);
        out.put("summary", summary);
        return out;
    }
}
