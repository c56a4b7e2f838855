package io.reactiveumad.examples;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.discovery.LibibnetdiscScan;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.fabric.Routing;
import io.reactiveumad.fabric.SwitchRoutes;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.service.Routes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Every switch's forwarding table, as dump_lfts and dump_mfts (infiniband-diags' dump_fts) print them: one
 * discovery, then each switch's table read along the route the tools' scan found it by, several switches and many
 * blocks at once, each destination named from the discovery (no SMP per LID).
 */
final class DumpFtsCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(DumpFtsCommand.class, "dump-fts", "Every switch's unicast "
            + "forwarding table (as dump_lfts), or with -M its multicast table (as dump_mfts), read after one discovery "
            + "with many SMPs in flight.").withAliases("dump-lfts");

    /** Switches whose tables are read at once; each reads its blocks {@link #outstanding} at a time. */
    private static final int SWITCHES_AT_ONCE = 4;
    /** Rows the text leaves out as dump_fts does (see UnicastTable.printed), from every switch: said once on stderr. */
    private final List<UnicastTable.Row> leftOut = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Routed rows whose port dump_fts cannot read (UnicastTable.asDumpFtsReadsThem): said once on stderr. */
    private final List<UnicastTable.Row> beyondPorts = new java.util.concurrent.CopyOnWriteArrayList<>();

    private String startLid;
    private String endLid;
    private boolean multicast;
    private boolean all;
    private boolean noDestinations;
    private int outstanding;
    private boolean json;
    private final WalkTimeout walk = new WalkTimeout();
    private final NodeNames nodeNames = new NodeNames();

    DumpFtsCommand(CliContext context) {
        super(context);
    }

    /** dump-fts with its defaults but {@code outstanding} blocks at once: lft-balance reads its tables' text. */
    DumpFtsCommand(CliContext context, int outstanding) {
        super(context);
        this.outstanding = outstanding;
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        d.parameter("STARTLID").optional().help("First LID to show (default 0; with -M 0xc000).")
                .to(Values::text, v -> startLid = v);
        d.parameter("ENDLID").optional()
                .help("Last LID to show (default: each switch's LinearFDBTop; with -M its MulticastFDBTop).")
                .to(Values::text, v -> endLid = v);
        d.flag("-M", "--Multicast").help("The multicast forwarding tables: the ports each MLID goes to (as dump_mfts).")
                .to(() -> multicast = true);
        d.flag("-a", "--all").help("Show every LID, even those without a valid egress port.").to(() -> all = true);
        d.flag("-n", "--no_dests").help("Do not name the destinations (with -M: port masks in hex).")
                .to(() -> noDestinations = true);
        d.option("--outstanding").label("N").defaultValue("16")
                .help("SMPs on the wire at once per switch (default: ${DEFAULT-VALUE}; dump_fts sends one at a time).")
                .to(Values.atLeast(1), v -> outstanding = v);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
        walk.declare(d);
        nodeNames.declare(d);
    }

    @Override
    public Integer call() {
        NodeNameMap names = nodeNames.load(context, err());
        int first = startLid == null ? 0 : Lids.parse(startLid);
        int last = endLid == null ? 0 : Lids.parse(endLid);
        SwitchTables tables = tables(this, walk, names, first, last);
        if (json) {
            out().println(Json.pretty(Map.of("switches", tables.tables())));
        } else {
            tables.tables().forEach(table -> out().print(table));
            if (!leftOut.isEmpty()) {
                out().flush();
                err().println(spec.qualifiedName() + ": " + UnicastTable.leftOutNote(leftOut, "dump_fts"));
            }
            if (!beyondPorts.isEmpty()) {
                out().flush();
                err().println(spec.qualifiedName() + ": " + UnicastTable.beyondDumpFtsPortsNote(beyondPorts));
            }
        }
        return tables.report(this);
    }

    /**
     * Every switch's table from {@code first} to {@code last} as this command's options print it, read for
     * {@code command} (this one, or lft-balance's dump-fts with its defaults) within {@code walk}'s deadline.
     */
    SwitchTables tables(FabricCommand command, WalkTimeout walk, NodeNameMap names, int first, int last) {
        Map<UnicastTable.Destination, String> described = new java.util.concurrent.ConcurrentHashMap<>();
        return read(command, walk, outstanding, (smp, destinations, sw) ->
                table(smp, destinations, described, sw, first, last, names));
    }

    /** How a command reads one switch's table: its text or JSON, from the fabric's LIDs and what answers at each. */
    interface TableReader {
        Mono<Object> read(SmpClient smp, Map<Integer, UnicastTable.Destination> destinations, DiscoveredNode sw);
    }

    /**
     * What {@link #read} read: the fabric as discovered, each switch's table in the tools' order, and a line for
     * each switch whose table could not be read.
     */
    record SwitchTables(DiscoveredFabric discovered, List<Object> tables, List<String> unread) {
        /** The unread switches said on stderr; the exit code: 1 when some switch or node was not read, else 0. */
        int report(FabricCommand command) {
            unread.forEach(command.err()::println);
            int discovery = command.warnIfIncomplete(discovered);
            return unread.isEmpty() ? discovery : UmadCli.EXIT_FAILED;
        }
    }

    /**
     * One discovery, then every switch's table read by {@code reader} along the route the tools' scan found it by, in
     * their order, {@link #SWITCHES_AT_ONCE} switches at once. A switch whose table cannot be read is said ({@link SwitchTables#unread}) and the others
     * still read; a closed port (Ctrl-C) ends the command instead.
     */
    private static SwitchTables read(FabricCommand command, WalkTimeout walk, int outstanding, TableReader reader) {
        TransportOptions transport = command.transport;
        List<String> unread = new java.util.concurrent.CopyOnWriteArrayList<>();
        AtomicReference<DiscoveredFabric> discovered = new AtomicReference<>();
        List<Object> tables;
        // The callbacks only collect (for block() here): they run where the answers are read.
        try (Connection connection = transport.connect(command.err(), Schedulers.immediate())) {
            MadPort port = connection.port();
            SmpClient smp = transport.smp(port);
            try {
                tables = transport.discover(port, transport.discovery().withOutstanding(outstanding))
                        .doOnNext(discovered::set)
                        // The tools name each switch by the route their scan found it by, and list them in its order.
                        .map(fabric -> LibibnetdiscScan.fromLocalPort(fabric, 0).found())
                        .flatMap(fabric -> {
                            Map<Integer, UnicastTable.Destination> destinations = UnicastTable.Destination.byLid(fabric);
                            return Flux.fromIterable(fabric.nodesLastFoundFirst())
                                    .filter(DiscoveredNode::isSwitch)
                                    .flatMapSequential(sw -> reader.read(smp, destinations, sw)
                                                    .onErrorResume(e -> !PortClosedException.endsThePort(e), e -> {
                                                        unread.add(String.format("%s: switch 0x%016x (%s) at route "
                                                                + "%s: %s", command.spec.qualifiedName(), sw.guid(),
                                                                sw.description(), Routes.format(sw.path()),
                                                                e.getMessage()));
                                                        return Mono.empty();
                                                    }),
                                            SWITCHES_AT_ONCE)
                                    .collectList();
                        })
                        .block(walk.timeout);
            } finally {
                smp.dispose();
            }
        }
        if (tables == null) {
            throw new IllegalStateException("the forwarding tables ended without a result");
        }
        return new SwitchTables(discovered.get(), tables, unread);
    }

    /** One switch's table: its text, or with --json its JSON map. */
    private Mono<Object> table(SmpClient smp, Map<Integer, UnicastTable.Destination> destinations,
                       Map<UnicastTable.Destination, String> described, DiscoveredNode sw, int first, int last,
                       NodeNameMap names) {
        SmpRoute.Directed route = sw.path();
        // libibnetdisc's routes start at the local port with DrSLID and DrDLID 0.
        String where = "DR path slid 0; dlid 0; " + Routes.format(route);
        if (multicast) {
            int start = Math.max(first, MulticastForwardingTable.FIRST_MLID);
            return Routing.multicastRoutes(smp, route, start, last, all, outstanding).map(routes -> json
                    ? MulticastTable.json(routes, all)
                    : MulticastTable.text(where, routes, names.name(routes.nodeInfo().nodeGuid(), routes.description()),
                            all, noDestinations));
        }
        return Routing.switchRoutes(smp, route, outstanding).map(routes -> {
            int top = routes.egressPorts().size() - 1;
            int end = last == 0 || last > top ? top : last;
            List<UnicastTable.Row> rows = UnicastTable.rows(routes, first, end, all, destinations);
            if (json) {
                return UnicastTable.json(routes, first, end, rows);
            }
            leftOut.addAll(UnicastTable.leftOut(rows, end));
            beyondPorts.addAll(UnicastTable.routedBeyondDumpFtsPorts(UnicastTable.printed(rows, end)));
            return UnicastTable.text(where, routes, first, end, UnicastTable.asDumpFtsReadsThem(rows, all), all,
                    noDestinations, "node info not available fabric scan", names,
                    d -> described.computeIfAbsent(d, key -> UnicastTable.described(key, names)));
        });
    }
}
