package io.reactiveumad.examples;

import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.fabric.Endpoint;
import io.reactiveumad.fabric.Routing;
import io.reactiveumad.fabric.SwitchMulticastRoutes;
import io.reactiveumad.fabric.SwitchRoutes;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.service.FabricJson;
import io.reactiveumad.service.Routes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import reactor.core.publisher.Mono;

final class RoutesCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(RoutesCommand.class, "routes",
            "A switch's unicast forwarding table (as ibroute): every LID's egress port and the node behind it, the "
                    + "table's blocks and the destinations read with many SMPs in flight. With -M its multicast "
                    + "forwarding table (as ibroute -M).");

    private String target;
    private String startLid;
    private String endLid;
    private boolean multicast;
    private boolean directed;
    private boolean guid;
    private boolean all;
    private boolean noDestinations;
    private int outstanding;
    private boolean json;
    private final NodeNames nodeNames = new NodeNames();

    RoutesCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        d.parameter("LID|PATH").help("The switch's LID, or with -D its directed route.")
                .to(Values::text, v -> target = v);
        d.parameter("STARTLID").optional().help("First LID to show (default 0; with -M 0xc000).")
                .to(Values::text, v -> startLid = v);
        d.parameter("ENDLID").optional()
                .help("Last LID to show (default: LinearFDBTop; with -M MulticastFDBTop, else the capacity).")
                .to(Values::text, v -> endLid = v);
        d.flag("-M", "--multicast").help("The multicast forwarding table: the ports each MLID goes to.")
                .to(() -> multicast = true);
        d.flag("-D", "--directed").help("The switch is a directed route from the local port.")
                .to(() -> directed = true);
        d.flag("-G", "--Guid").help("The switch is a port GUID, resolved to its LID through the SA (as ibroute -G).")
                .to(() -> guid = true);
        d.flag("-L", "--Lid").help("The switch is a LID (the default; as ibroute -L).").to(() -> { });
        d.flag("-a", "--all").help("Show every LID, even those without a valid egress port.").to(() -> all = true);
        d.flag("-n", "--no-dests").help("Do not resolve the destinations (with -M: port masks in hex).")
                .to(() -> noDestinations = true);
        d.option("--outstanding").label("N").defaultValue("16")
                .help("SMPs on the wire at once (default: ${DEFAULT-VALUE}; ibroute sends one at a time).")
                .to(Values.atLeast(1), v -> outstanding = v);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
        nodeNames.declare(d);
    }

    /** One shown LID: its egress port and, when resolved, what answers there (empty: nothing did). */
    private record Row(int lid, int port, boolean valid, Optional<Endpoint> destination) {
    }

    @Override
    public Integer call() {
        if (guid && directed) {
            throw new IllegalArgumentException("-G and -D name the switch two ways: give one");
        }
        Long portGuid = guid ? value("LID|PATH", () -> Guids.parse(target)) : null;
        SmpRoute given = guid ? null : Routes.target(target, directed);
        // A switch named by a port GUID is reached at the LID the SA gives, on the same port as the routes.
        Function<SmpClient, Mono<SmpRoute>> route = smp -> portGuid == null ? Mono.just(given)
                : Guids.lidOf(smp.port(), portGuid).map(SmpRoute::lid);
        String what = portGuid == null ? given.toString() : String.format("port GUID 0x%016x", portGuid);
        NodeNameMap names = nodeNames.load(context, err());
        if (multicast) {
            return multicast(route, what, names);
        }
        int first = startLid == null ? 0 : Lids.parse(startLid);
        record Answer(SmpRoute route, SwitchRoutes routes, List<Row> rows) {
        }
        Answer answer = query(c -> SmpClient.of(c.port()), smp -> route.apply(smp).flatMap(r -> Routing.switchRoutes(
                smp, r, outstanding).flatMap(routes -> rows(smp, routes, first).map(rows -> new Answer(r, routes, rows)))),
                "routes of " + what);
        int last = lastLid(answer.routes());
        if (json) {
            out().println(Json.pretty(json(answer.routes(), first, last, answer.rows())));
        } else {
            out().print(text(answer.route(), answer.routes(), first, last, answer.rows(), names));
        }
        return 0;
    }

    private int multicast(Function<SmpClient, Mono<SmpRoute>> route, String what, NodeNameMap names) {
        int first = startLid == null ? MulticastForwardingTable.FIRST_MLID : Lids.parse(startLid);
        if (first < MulticastForwardingTable.FIRST_MLID) {
            // As ibroute: a start below the multicast range starts the range.
            first = MulticastForwardingTable.FIRST_MLID;
        }
        int start = first;
        int last = endLid == null ? 0 : Lids.parse(endLid);
        record Answer(SmpRoute route, SwitchMulticastRoutes routes) {
        }
        Answer answer = query(c -> SmpClient.of(c.port()), smp -> route.apply(smp).flatMap(r -> Routing.multicastRoutes(
                smp, r, start, last, all, outstanding).map(routes -> new Answer(r, routes))), "multicast routes of " + what);
        SwitchMulticastRoutes routes = answer.routes();
        out().print(json ? Json.pretty(MulticastTable.json(routes, all)) + "\n"
                : MulticastTable.text(where(answer.route()), routes, names.name(routes.nodeInfo().nodeGuid(),
                        routes.description()), all, noDestinations));
        return 0;
    }

    /**
     * ibroute's name for the switch (libibmad's portid2str): its LID, or the directed route with its DrSLID and
     * DrDLID, both the permissive LID on a route that is directed from end to end.
     */
    private static String where(SmpRoute route) {
        return route instanceof SmpRoute.Directed dr ? "DR path slid 65535; dlid 65535; " + Routes.format(dr)
                : "Lid " + ((SmpRoute.LidRouted) route).lid();
    }

    private int lastLid(SwitchRoutes routes) {
        int top = routes.egressPorts().size() - 1;
        int end = endLid == null ? 0 : Lids.parse(endLid);
        return end == 0 || end > top ? top : end;
    }

    private Mono<List<Row>> rows(SmpClient smp, SwitchRoutes routes, int first) {
        int last = lastLid(routes);
        List<Integer> shown = new ArrayList<>();
        for (int lid = first; lid <= last; lid++) {
            if (all || routes.routes(lid)) {
                shown.add(lid);
            }
        }
        if (noDestinations) {
            return Mono.just(shown.stream().map(lid -> new Row(lid, routes.egressPort(lid), routes.routes(lid),
                    Optional.<Endpoint>empty())).toList());
        }
        return reactor.core.publisher.Flux.fromIterable(shown)
                .flatMapSequential(lid -> (routes.routes(lid) && lid > 0 ? Routing.endpoint(smp, lid).map(Optional::of)
                                .onErrorReturn(Optional.empty()) : Mono.just(Optional.<Endpoint>empty()))
                        .map(destination -> new Row(lid, routes.egressPort(lid), routes.routes(lid), destination)),
                        outstanding, 1)
                .collectList();
    }

    private String text(SmpRoute route, SwitchRoutes routes, int first, int last, List<Row> rows, NodeNameMap names) {
        StringBuilder out = new StringBuilder();
        out.append(String.format("Unicast lids [0x%x-0x%x] of switch %s guid 0x%016x "
                + "(%s):%n", first, last, where(route),
                routes.nodeInfo().nodeGuid(), names.name(routes.nodeInfo().nodeGuid(), routes.description())));
        out.append("  Lid  Out   Destination\n");
        out.append("       Port     Info \n");
        // ibroute's own state, kept across the rows as it keeps it: the LID range of the last LMC > 0 port
        // printed (starting at 0..0, so LID 0 counts as a path of nothing) and that port's GUID.
        int baseLid = 0;
        int lastPortLid = 0;
        long portGuid = 0;
        for (Row row : rows) {
            out.append(String.format("0x%04x %03d ", row.lid(), row.port()));
            if (noDestinations) {
                out.append('\n');
                continue;
            }
            if (row.lid() <= lastPortLid) {
                if (!row.valid()) {
                    out.append(String.format(": (path #%d - illegal port)%n", row.lid() - baseLid));
                } else {
                    out.append(String.format(": (path #%d out of %d", row.lid() - baseLid + 1, lastPortLid - baseLid + 1))
                            .append(portGuid == 0 ? "" : String.format(": portguid 0x%016x", portGuid)).append(")\n");
                }
            } else if (!row.valid()) {
                out.append(": (illegal port)\n");
            } else if (row.destination().isEmpty()) {
                portGuid = 0;
                out.append(": (unknown node and type)\n");
            } else {
                Endpoint d = row.destination().get();
                portGuid = d.nodeInfo().portGuid();
                out.append(String.format(": (%s portguid 0x%016x: '%s')%n", NodeTypes.name(d.nodeInfo().nodeType()),
                        portGuid, names.name(d.nodeInfo().nodeGuid(), d.description())));
                if (d.portInfo().lmc() > 0) {
                    baseLid = d.portInfo().lid();
                    lastPortLid = baseLid + (1 << d.portInfo().lmc()) - 1;
                }
            }
        }
        out.append(String.format("%d %slids dumped %n", rows.size(), all ? "" : "valid "));
        return out.toString();
    }

    private static Map<String, Object> json(SwitchRoutes routes, int first, int last, List<Row> rows) {
        Map<String, Object> sw = new LinkedHashMap<>();
        sw.put("nodeGuid", FabricJson.hex(routes.nodeInfo().nodeGuid()));
        sw.put("description", routes.description());
        sw.put("linearFdbTop", routes.switchInfo().linearFdbTop());
        List<Map<String, Object>> entries = new ArrayList<>();
        for (Row row : rows) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("lid", row.lid());
            entry.put("port", row.port());
            row.destination().ifPresent(d -> {
                Map<String, Object> destination = new LinkedHashMap<>();
                destination.put("nodeType", NodeTypes.name(d.nodeInfo().nodeType()));
                destination.put("nodeGuid", FabricJson.hex(d.nodeInfo().nodeGuid()));
                destination.put("portGuid", FabricJson.hex(d.nodeInfo().portGuid()));
                destination.put("description", d.description());
                entry.put("destination", destination);
            });
            entries.add(entry);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("switch", sw);
        out.put("firstLid", first);
        out.put("lastLid", last);
        out.put("routes", entries);
        return out;
    }
}
