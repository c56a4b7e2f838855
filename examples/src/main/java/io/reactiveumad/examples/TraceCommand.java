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
import io.reactiveumad.examples.cli.Command;
import io.reactiveumad.examples.cli.Option;
import io.reactiveumad.examples.cli.Parameters;

@Command(name = TraceCommand.NAME, description = "The route from one LID to another through the switches' forwarding tables (as ibtracert), "
                + "hop by hop with the ports and nodes it passes.")
final class TraceCommand extends FabricCommand {
    /** The subcommand's name, a constant so {@link UmadCli} can pick it without reading annotations. */
    static final String NAME = "trace";

    @Parameters(index = 0, paramLabel = "SRCLID", description = "The source LID.")
    String source;

    @Parameters(index = 1, paramLabel = "DSTLID", description = "The destination LID.")
    String destination;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() {
        int from = Lids.parse(source);
        int to = Lids.parse(destination);
        RouteTrace trace = query(c -> SmpClient.of(c.port()), smp -> Routing.trace(smp, from, to),
                "trace from lid " + from + " to lid " + to);
        out().print(json ? Json.pretty(json(trace)) + "\n" : text(trace));
        return 0;
    }

    private static String text(RouteTrace trace) {
        StringBuilder out = new StringBuilder();
        out.append(endLine("From", trace.from(), trace.fromPort()));
        for (TraceHop hop : trace.hops()) {
            Endpoint n = hop.node();
            out.append(String.format("[%d] -> %s port {0x%016x}[%d] lid %s \"%s\"%n", hop.egressPort(),
                    shortType(n.nodeInfo()), n.nodeInfo().portGuid(), hop.ingressPort(), lidRange(n), n.description()));
        }
        out.append(endLine("To", trace.to(), trace.toPort()));
        return out.toString();
    }

    private static String endLine(String prompt, Endpoint e, int port) {
        return String.format("%s %s {0x%016x} portnum %d lid %s \"%s\"%n", prompt, shortType(e.nodeInfo()),
                e.nodeInfo().nodeGuid(), port, lidRange(e), e.description());
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
