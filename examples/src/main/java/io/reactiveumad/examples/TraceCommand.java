package io.reactiveumad.examples;

import io.reactiveumad.client.SmpClient;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.fabric.Endpoint;
import io.reactiveumad.fabric.IncompleteTraceException;
import io.reactiveumad.fabric.MulticastTrace;
import io.reactiveumad.fabric.RouteTrace;
import io.reactiveumad.fabric.Routing;
import io.reactiveumad.fabric.TraceHop;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.service.FabricJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import reactor.core.Exceptions;
import reactor.core.publisher.Mono;

final class TraceCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(TraceCommand.class, "trace",
            "The route from one LID to another through the switches' forwarding tables (as ibtracert), hop by hop "
                    + "with the ports and nodes it passes.");
    /** The last multicast LID: 0xFFFF is the permissive LID. */
    private static final int LAST_MLID = 0xFFFE;

    private String source;
    private String destination;
    /** --ports-file: the pairs to trace, one a line, instead of SRC and DST. */
    private Path portsFile;
    private boolean guids;
    private boolean simple;
    /** -f: an end that does not answer is looked for by its LID along the tables. */
    private boolean force;
    private boolean verbose;
    private Integer mlid;
    private boolean json;
    private final NodeNames nodeNames = new NodeNames();

    TraceCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        transport.declareSmPort(d);
        d.parameter("SRC").optional().help("The source LID, with -G its port GUID.").to(Values::text, v -> source = v);
        d.parameter("DST").optional().help("The destination LID, with -G its port GUID.")
                .to(Values::text, v -> destination = v);
        d.option("--ports-file").label("FILE").help("Trace every pair in this file instead, \"SRC DST\" a line (blank "
                + "lines and lines starting with # skipped), then say how many (as ibtracert --ports-file).")
                .to(Values::path, v -> portsFile = v);
        d.flag("-G", "--Guid").help("The ends are port GUIDs, resolved to LIDs through the SA (as ibtracert -G).")
                .to(() -> guids = true);
        d.flag("-L", "--Lid").help("The ends are LIDs (the default; as ibtracert -L).").to(() -> guids = false);
        d.option("-m", "--mlid").label("MLID").help("Trace the multicast route of this MLID (0xc000 and up) through "
                + "the switches' multicast forwarding tables instead (as ibtracert -m).")
                .to(TraceCommand::multicastLid, v -> mlid = v);
        d.flag("-n", "--no_info").help("Only the GUIDs and ports of each hop (as ibtracert -n).").to(() -> simple = true);
        d.flag("-f", "--force").help("An end that does not answer is looked for along the tables all the same, up to a "
                + "port whose LIDs hold it, so a broken route is printed as far as it goes and the switch whose table "
                + "stops leading there is named (as ibtracert -f).").to(() -> force = true);
        d.flag("-v", "--verbose").help("First the hops from the local port to SRC, as ibtracert -v prints them on its way "
                + "there (the library's log: -d).").to(() -> verbose = true);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
        nodeNames.declare(d);
    }

    @Override
    public Integer call() {
        NodeNameMap names = nodeNames.load(context, err());
        List<Pair> pairs = pairs();
        List<Object> traced = new ArrayList<>();
        try (Connection connection = transport.connect(err())) {
            SmpClient smp = transport.smp(connection.port());
            try {
                for (Pair pair : pairs) {
                    Object trace;
                    try {
                        trace = trace(smp, pair.from(), pair.to());
                    } catch (RuntimeException e) {
                        if (!json && Exceptions.unwrap(e) instanceof IncompleteTraceException incomplete) {
                            out().print(soFar(incomplete, names));
                        }
                        if (portsFile == null) {
                            throw e;
                        }
                        throw new IllegalStateException(String.format("--ports-file %s line %d (%s %s): %s", portsFile,
                                pair.line(), pair.from(), pair.to(), Errors.describe(e)), e);
                    }
                    if (json) {
                        traced.add(trace instanceof RouteTrace route ? json(route) : json((MulticastTrace) trace));
                    } else {
                        if (verbose) {
                            out().print(hopsToSource(trace, names));
                        }
                        out().print(trace instanceof RouteTrace route ? text(route, names, true)
                                : text((MulticastTrace) trace, names, simple));
                    }
                }
            } finally {
                smp.dispose();
            }
        }
        if (json) {
            out().println(Json.pretty(portsFile == null ? traced.get(0) : traced));
        } else if (portsFile != null) {
            out().printf("%d lid/guid pairs processed from %s%n", pairs.size(), portsFile);
        }
        return 0;
    }

    /** The two ends of a trace, as given, and the --ports-file line they are on (0 for SRC and DST). */
    private record Pair(String from, String to, int line) {
    }

    /**
     * SRC and DST, or the pairs in --ports-file with their line numbers, checked before anything is opened: a line that
     * is not two words, or an end that is not a LID (a port GUID with -G), is bad usage naming the file and the line.
     */
    private List<Pair> pairs() {
        if (portsFile == null) {
            if (source == null || destination == null) {
                throw new UsageException("give SRC and DST, or --ports-file");
            }
            checkEnds("", source, destination, true);
            return List.of(new Pair(source, destination, 0));
        }
        if (source != null) {
            throw new UsageException("--ports-file names the pairs: not SRC and DST as well");
        }
        List<String> lines = NamedFiles.lines("--ports-file", portsFile);
        List<Pair> pairs = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] words = line.split("\\s+");
            String where = "--ports-file " + portsFile + " line " + (i + 1) + ": ";
            if (words.length < 2) {
                throw new UsageException(where + "not two ports: '" + line + "'");
            }
            checkEnds(where, words[0], words[1], false);
            pairs.add(new Pair(words[0], words[1], i + 1));
        }
        return pairs;
    }

    /**
     * Refuses an end that is not a LID (a port GUID with -G), naming it as SRC or DST after {@code where}; on the
     * command line also one that is not a unicast LID, as ibtracert cannot resolve it. A line of a ports file is
     * traced and fails there, as ibtracert's does, after the lines before it.
     */
    private void checkEnds(String where, String from, String to, boolean unicast) {
        String[][] ends = {{"SRC", from}, {"DST", to}};
        for (String[] end : ends) {
            try {
                if (guids) {
                    Guids.parse(end[1]);
                } else if (unicast) {
                    Lids.unicast(end[1]);
                } else {
                    Lids.parse(end[1]);
                }
            } catch (IllegalArgumentException e) {
                throw new UsageException(where + end[0] + ": " + e.getMessage());
            }
        }
    }

    /** The route, or with -m the multicast route, between two ends: LIDs, or port GUIDs the SA resolves with -G. */
    private Object trace(SmpClient smp, String from, String to) {
        Mono<int[]> lids = guids
                ? transport.lidOf(smp.port(), Guids.parse(from)).zipWith(transport.lidOf(smp.port(), Guids.parse(to)),
                        (a, b) -> new int[] {a, b})
                : Mono.just(new int[] {Lids.parse(from), Lids.parse(to)});
        if (mlid != null) {
            return await(lids.flatMap(l -> Routing.multicastTrace(smp, l[0], l[1], mlid)),
                    String.format("multicast trace of MLID 0x%x from %s to %s", mlid, from, to));
        }
        return await(lids.flatMap(l -> Routing.trace(smp, l[0], l[1], force)), "trace from " + from + " to " + to);
    }

    /**
     * ibtracert -v's first lines: it walks to SRC from the local port through the forwarding tables before it traces
     * from there, and says each hop of that walk (none where the local port is SRC).
     */
    private static String hopsToSource(Object trace, NodeNameMap names) {
        return hopLines(trace instanceof RouteTrace route ? route.approach() : ((MulticastTrace) trace).approach(),
                names);
    }

    private static String hopLines(List<TraceHop> hops, NodeNameMap names) {
        StringBuilder out = new StringBuilder();
        hops.forEach(hop -> out.append(hopLine(hop, names)));
        return out.toString();
    }

    /**
     * What ibtracert has printed when a trace stops short, before its error: with -v the walk towards SRC, then the
     * route from SRC as far as it went, without its "To" line.
     */
    private String soFar(IncompleteTraceException incomplete, NodeNameMap names) {
        String approach = verbose ? hopLines(incomplete.approach(), names) : "";
        return approach + incomplete.route().map(route -> text(route, names, false)).orElse("");
    }

    private static int multicastLid(String text) {
        int value = Values.integer(text);
        if (value < MulticastForwardingTable.FIRST_MLID || value > LAST_MLID) {
            throw new IllegalArgumentException("'" + text + "' is not a multicast LID (0xc000 to 0xfffe)");
        }
        return value;
    }

    /**
     * ibtracert -m's text: the switches its search reached twice (a loop in the tables), then the route from the
     * source, each hop by the port it leaves by, the node (by node GUID) and the port it enters by; with -n the
     * hops without LID and name.
     */
    private static String text(MulticastTrace trace, NodeNameMap names, boolean simple) {
        StringBuilder out = new StringBuilder();
        for (Endpoint loop : trace.loops()) {
            out.append(String.format("ERR: circle discovered at %s {0x%016x} portnum 0 lid %s \"%s\"%n",
                    shortType(loop.nodeInfo()), loop.nodeInfo().nodeGuid(), lidRange(loop), name(loop, names)));
        }
        out.append(multicastEnd("From", trace.from(), trace.fromPort(), names));
        for (TraceHop hop : trace.hops()) {
            Endpoint n = hop.node();
            out.append(simple
                    ? String.format("[%d] -> %s {0x%016x}[%d]%n", hop.egressPort(), shortType(n.nodeInfo()),
                            n.nodeInfo().nodeGuid(), hop.ingressPort())
                    : String.format("[%d] -> %s 0x%x[%d] lid %d \"%s\"%n", hop.egressPort(), shortType(n.nodeInfo()),
                            n.nodeInfo().nodeGuid(), hop.ingressPort(), n.portInfo().lid(), name(n, names)));
        }
        return out.append(multicastEnd("To", trace.to(), trace.toPort(), names)).toString();
    }

    private static String multicastEnd(String prompt, Endpoint e, int port, NodeNameMap names) {
        return String.format("%s %s 0x%x port %d lid %s \"%s\"%n", prompt, shortType(e.nodeInfo()), e.nodeInfo().nodeGuid(),
                port, lidRange(e), name(e, names));
    }

    private static String name(Endpoint e, NodeNameMap names) {
        return names.name(e.nodeInfo().nodeGuid(), e.description());
    }

    private static Map<String, Object> json(MulticastTrace trace) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("mlid", String.format("0x%04x", trace.mlid()));
        out.put("from", node(trace.from(), trace.fromPort()));
        out.put("hops", hops(trace.hops()));
        out.put("to", node(trace.to(), trace.toPort()));
        out.put("loops", trace.loops().stream().map(e -> node(e, 0)).toList());
        return out;
    }

    /**
     * ibtracert's route: the source, each hop, and the destination unless the trace stopped short of it
     * ({@code arrived} false); with -n each end by node GUID and port, each hop by egress port, port GUID and ingress
     * port.
     */
    private String text(RouteTrace trace, NodeNameMap names, boolean arrived) {
        StringBuilder out = new StringBuilder(simple
                ? String.format("From {0x%016x}[%d]%n", trace.from().nodeInfo().nodeGuid(), trace.fromPort())
                : endLine("From", trace.from(), trace.fromPort(), names));
        for (TraceHop hop : trace.hops()) {
            out.append(simple ? String.format("[%d] -> {0x%016x}[%d]%n", hop.egressPort(),
                    hop.node().nodeInfo().portGuid(), hop.ingressPort()) : hopLine(hop, names));
        }
        if (arrived) {
            out.append(simple ? String.format("To {0x%016x}[%d]%n", trace.to().nodeInfo().nodeGuid(), trace.toPort())
                    : endLine("To", trace.to(), trace.toPort(), names));
        }
        return out.toString();
    }

    private static String hopLine(TraceHop hop, NodeNameMap names) {
        Endpoint n = hop.node();
        return String.format("[%d] -> %s port {0x%016x}[%d] lid %s \"%s\"%n", hop.egressPort(), shortType(n.nodeInfo()),
                n.nodeInfo().portGuid(), hop.ingressPort(), lidRange(n), names.name(n.nodeInfo().nodeGuid(),
                        n.description()));
    }

    private static String endLine(String prompt, Endpoint e, int port, NodeNameMap names) {
        return String.format("%s %s {0x%016x} portnum %d lid %s \"%s\"%n", prompt, shortType(e.nodeInfo()),
                e.nodeInfo().nodeGuid(), port, lidRange(e), names.name(e.nodeInfo().nodeGuid(), e.description()));
    }

    /** The node types as ibtracert abbreviates them. */
    private static String shortType(NodeInfo info) {
        return switch (info.nodeType()) {
            case NodeInfo.TYPE_CHANNEL_ADAPTER -> "ca";
            case NodeInfo.TYPE_SWITCH -> "switch";
            case NodeInfo.TYPE_ROUTER -> "router";
            default -> "???";
        };
    }

    private static String lidRange(Endpoint e) {
        int lid = e.portInfo().lid();
        return lid + "-" + (lid + (1 << e.portInfo().lmc()) - 1);
    }

    private static Map<String, Object> json(RouteTrace trace) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("from", node(trace.from(), trace.fromPort()));
        out.put("hops", hops(trace.hops()));
        out.put("to", node(trace.to(), trace.toPort()));
        return out;
    }

    private static List<Map<String, Object>> hops(List<TraceHop> trace) {
        List<Map<String, Object>> hops = new ArrayList<>();
        for (TraceHop hop : trace) {
            Map<String, Object> h = new LinkedHashMap<>();
            h.put("egressPort", hop.egressPort());
            h.putAll(node(hop.node(), hop.ingressPort()));
            hops.add(h);
        }
        return hops;
    }

    private static Map<String, Object> node(Endpoint e, int port) {
        Map<String, Object> n = new LinkedHashMap<>();
        n.put("nodeType", NodeTypes.name(e.nodeInfo().nodeType()));
        n.put("nodeGuid", FabricJson.hex(e.nodeInfo().nodeGuid()));
        n.put("portGuid", FabricJson.hex(e.nodeInfo().portGuid()));
        n.put("port", port);
        n.put("lid", e.portInfo().lid());
        n.put("lmc", e.portInfo().lmc());
        n.put("description", e.description());
        return n;
    }
}
