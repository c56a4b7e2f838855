package io.reactiveumad.examples;

import io.reactiveumad.PortClosedException;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.fabric.Routing;
import io.reactiveumad.fabric.SwitchMulticastRoutes;
import io.reactiveumad.fabric.SwitchRoutes;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.service.Routes;
import java.util.List;
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
        transport.declareMKey(d);
        transport.declareSmPort(d);
        d.parameter("LID|PATH").help("The switch's LID, or with -D its directed route.")
                .to(Values::text, v -> target = v);
        d.parameter("STARTLID").optional().help("First LID to show (default 0; with -M 0xc000).")
                .to(Values::text, v -> startLid = v);
        d.parameter("ENDLID").optional()
                .help("Last LID to show (default: LinearFDBTop; with -M MulticastFDBTop, else the capacity).")
                .to(Values::text, v -> endLid = v);
        d.flag("-M", "--multicast", "--Multicast").help("The multicast forwarding table: the ports each MLID goes to.")
                .to(() -> multicast = true);
        d.flag("-D", "--directed", "--Direct").help("The switch is a directed route from the local port.")
                .to(() -> directed = true);
        d.flag("-G", "--Guid").help("The switch is a port GUID, resolved to its LID through the SA (as ibroute -G).")
                .to(() -> guid = true);
        d.flag("-L", "--Lid").help("The switch is a LID (the default; as ibroute -L).").to(() -> { });
        d.flag("-a", "--all").help("Show every LID, even those without a valid egress port.").to(() -> all = true);
        d.flag("-n", "--no-dests", "--no_dests").help("Do not resolve the destinations (with -M: port masks in hex).")
                .to(() -> noDestinations = true);
        d.option("--outstanding").label("N").defaultValue("16")
                .help("SMPs on the wire at once (default: ${DEFAULT-VALUE}; ibroute sends one at a time).")
                .to(Values.atLeast(1), v -> outstanding = v);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
        nodeNames.declare(d);
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
                : transport.lidOf(smp.port(), portGuid).map(SmpRoute::lid);
        String what = portGuid == null ? given.toString() : String.format("port GUID 0x%016x", portGuid);
        NodeNameMap names = nodeNames.load(context, err());
        if (multicast) {
            return multicast(route, what, names);
        }
        int first = startLid == null ? 0 : Lids.parse(startLid);
        record Answer(SmpRoute route, SwitchRoutes routes, List<UnicastTable.Row> rows) {
        }
        Answer answer = query(c -> transport.smp(c.port()), smp -> route.apply(smp).flatMap(r -> Routing.switchRoutes(
                smp, r, outstanding).flatMap(routes -> rows(smp, routes, first).map(rows -> new Answer(r, routes, rows)))),
                "routes of " + what);
        int last = lastLid(answer.routes());
        if (json) {
            out().println(Json.pretty(UnicastTable.json(answer.routes(), first, last, answer.rows())));
        } else {
            out().print(UnicastTable.text(SmpCommand.portId(answer.route()), answer.routes(), first, last, answer.rows(), all,
                    noDestinations, "unknown node and type", names));
            List<UnicastTable.Row> leftOut = UnicastTable.leftOut(answer.rows(), last);
            if (!leftOut.isEmpty()) {
                out().flush();
                err().println(spec.qualifiedName() + ": " + UnicastTable.leftOutNote(leftOut, "ibroute"));
            }
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
        Answer answer = query(c -> transport.smp(c.port()), smp -> route.apply(smp).flatMap(r -> Routing.multicastRoutes(
                smp, r, start, last, all, outstanding).map(routes -> new Answer(r, routes))), "multicast routes of " + what);
        SwitchMulticastRoutes routes = answer.routes();
        out().print(json ? Json.pretty(MulticastTable.json(routes, all)) + "\n"
                : MulticastTable.text(SmpCommand.portId(answer.route()), routes, names.name(routes.nodeInfo().nodeGuid(),
                        routes.description()), all, noDestinations));
        return 0;
    }

    private int lastLid(SwitchRoutes routes) {
        int top = routes.egressPorts().size() - 1;
        int end = endLid == null ? 0 : Lids.parse(endLid);
        return end == 0 || end > top ? top : end;
    }

    private Mono<List<UnicastTable.Row>> rows(SmpClient smp, SwitchRoutes routes, int first) {
        List<Integer> shown = UnicastTable.shown(routes, first, lastLid(routes), all);
        if (noDestinations) {
            return Mono.just(shown.stream().map(lid -> new UnicastTable.Row(lid, routes.egressPort(lid), routes.routes(lid),
                    Optional.<UnicastTable.Destination>empty())).toList());
        }
        return reactor.core.publisher.Flux.fromIterable(shown)
                .flatMapSequential(lid -> (routes.routes(lid) && lid > 0
                                ? Routing.endpoint(smp, lid).map(e -> Optional.of(UnicastTable.Destination.of(e)))
                                        .onErrorResume(e -> !PortClosedException.endsThePort(e),
                                                e -> Mono.just(Optional.empty()))
                                : Mono.just(Optional.<UnicastTable.Destination>empty()))
                        .map(destination -> new UnicastTable.Row(lid, routes.egressPort(lid), routes.routes(lid), destination)),
                        outstanding, 1)
                .collectList();
    }
}
