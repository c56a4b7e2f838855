package io.reactiveumad.examples;

import io.reactiveumad.client.SmpClient;
import io.reactiveumad.fabric.Endpoint;
import io.reactiveumad.fabric.RouteTrace;
import io.reactiveumad.fabric.Routing;
import io.reactiveumad.fabric.TraceHop;
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

    private String source;
    private String destination;
    private boolean json;
    private final NodeNames nodeNames = new NodeNames();

    TraceCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        d.parameter("SRCLID").help("The source LID.").to(Values::text, v -> source = v);
        d.parameter("DSTLID").help("The destination LID.").to(Values::text, v -> destination = v);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
        nodeNames.declare(d);
    }

    @Override
    public Integer call() {
        int from = Lids.parse(source);
        int to = Lids.parse(destination);
        NodeNameMap names = nodeNames.load(context, err());
        RouteTrace trace = query(c -> SmpClient.of(c.port()), smp -> Routing.trace(smp, from, to),
                "trace from lid " + from + " to lid " + to);
        out().print(json ? Json.pretty(json(trace)) + "\n" : text(trace, names));
        return 0;
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
        List<Map<String, Object>> hops = new ArrayList<>();
        for (TraceHop hop : trace.hops()) {
            Map<String, Object> h = new LinkedHashMap<>();
            h.put("egressPort", hop.egressPort());
            h.putAll(node(hop.node(), hop.ingressPort()));
            hops.add(h);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("from", node(trace.from(), trace.fromPort()));
        out.put("hops", hops);
        out.put("to", node(trace.to(), trace.toPort()));
        return out;
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
