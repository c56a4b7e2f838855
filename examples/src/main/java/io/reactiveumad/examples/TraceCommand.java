package io.reactiveumad.examples;

import io.reactiveumad.fabric.Endpoint;
import io.reactiveumad.fabric.MulticastTrace;
import io.reactiveumad.fabric.RouteTrace;
import io.reactiveumad.fabric.Routing;
import io.reactiveumad.fabric.TraceHop;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.service.FabricJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;

final class TraceCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(TraceCommand.class, "trace",
            "The route from one LID to another through the switches' forwarding tables (as ibtracert), hop by hop "
                    + "with the ports and nodes it passes.");
    /** The last multicast LID: 0xFFFF is the permissive LID. */
    private static final int LAST_MLID = 0xFFFE;

    private String source;
    private String destination;
    private boolean guids;
    private boolean simple;
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
        d.parameter("SRC").help("The source LID, with -G its port GUID.").to(Values::text, v -> source = v);
        d.parameter("DST").help("The destination LID, with -G its port GUID.").to(Values::text, v -> destination = v);
        d.flag("-G", "--Guid").help("The ends are port GUIDs, resolved to LIDs through the SA (as ibtracert -G).")
                .to(() -> guids = true);
        d.flag("-L", "--Lid").help("The ends are LIDs (the default; as ibtracert -L).").to(() -> guids = false);
        d.option("-m", "--mlid").label("MLID").help("Trace the multicast route of this MLID (0xc000 and up) through "
                + "the switches' multicast forwarding tables instead (as ibtracert -m).")
                .to(TraceCommand::multicastLid, v -> mlid = v);
        d.flag("-n", "--no_info").help("Only the GUIDs and ports of each hop (as ibtracert -n).").to(() -> simple = true);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
        nodeNames.declare(d);
    }

    @Override
    public Integer call() {
        NodeNameMap names = nodeNames.load(context, err());
        if (mlid != null) {
            return multicast(names);
        }
        RouteTrace trace;
        if (guids) {
            long from = value("SRC", () -> Guids.parse(source));
            long to = value("DST", () -> Guids.parse(destination));
            trace = query(c -> transport.smp(c.port()), smp -> Guids.lidOf(smp.port(), from)
                            .zipWith(Guids.lidOf(smp.port(), to)).flatMap(lids -> Routing.trace(smp, lids.getT1(), lids.getT2())),
                    String.format("trace from port GUID 0x%016x to port GUID 0x%016x", from, to));
        } else {
            int from = Lids.parse(source);
            int to = Lids.parse(destination);
            trace = query(c -> transport.smp(c.port()), smp -> Routing.trace(smp, from, to),
                    "trace from lid " + from + " to lid " + to);
        }
        out().print(json ? Json.pretty(json(trace)) + "\n" : simple ? simpleText(trace) : text(trace, names));
        return 0;
    }

    private static int multicastLid(String text) {
        int value = Values.integer(text);
        if (value < MulticastForwardingTable.FIRST_MLID || value > LAST_MLID) {
            throw new IllegalArgumentException("'" + text + "' is not a multicast LID (0xc000 to 0xfffe)");
        }
        return value;
    }

    /** ibtracert -m: the multicast route between two LIDs (or port GUIDs, with -G). */
    private int multicast(NodeNameMap names) {
        String what = String.format("multicast trace of MLID 0x%x from %s to %s", mlid, source, destination);
        MulticastTrace trace;
        if (guids) {
            long from = value("SRC", () -> Guids.parse(source));
            long to = value("DST", () -> Guids.parse(destination));
            trace = query(c -> transport.smp(c.port()), smp -> Guids.lidOf(smp.port(), from).zipWith(Guids.lidOf(smp.port(), to))
                    .flatMap(lids -> Routing.multicastTrace(smp, lids.getT1(), lids.getT2(), mlid)), what);
        } else {
            int from = Lids.parse(source);
            int to = Lids.parse(destination);
            trace = query(c -> transport.smp(c.port()), smp -> Routing.multicastTrace(smp, from, to, mlid), what);
        }
        out().print(json ? Json.pretty(json(trace)) + "\n" : text(trace, names, simple));
        return 0;
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

    /** ibtracert -n: each end by node GUID and port, each hop by egress port, port GUID and ingress port. */
    private static String simpleText(RouteTrace trace) {
        StringBuilder out = new StringBuilder(String.format("From {0x%016x}[%d]%n", trace.from().nodeInfo().nodeGuid(),
                trace.fromPort()));
        for (TraceHop hop : trace.hops()) {
            out.append(String.format("[%d] -> {0x%016x}[%d]%n", hop.egressPort(), hop.node().nodeInfo().portGuid(),
                    hop.ingressPort()));
        }
        return out.append(String.format("To {0x%016x}[%d]%n", trace.to().nodeInfo().nodeGuid(), trace.toPort()))
                .toString();
    }

    private static String text(RouteTrace trace, NodeNameMap names) {
        StringBuilder out = new StringBuilder();
        out.append(endLine("From", trace.from(), trace.fromPort(), names));
        for (TraceHop hop : trace.hops()) {
            Endpoint n = hop.node();
            out.append(String.format("[%d] -> %s port {0x%016x}[%d] lid %s \"%s\"%n", hop.egressPort(),
                    shortType(n.nodeInfo()), n.nodeInfo().portGuid(), hop.ingressPort(), lidRange(n),
                    names.name(n.nodeInfo().nodeGuid(), n.description())));
        }
        out.append(endLine("To", trace.to(), trace.toPort(), names));
        return out.toString();
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
