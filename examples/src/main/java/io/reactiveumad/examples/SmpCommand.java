package io.reactiveumad.examples;

import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.attr.GuidInfo;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import java.util.List;
import reactor.core.publisher.Flux;
import io.reactiveumad.service.Routes;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import reactor.core.publisher.Mono;

final class SmpCommand {
    static final CommandInfo INFO = CommandInfo.of(SmpCommand.class, "smp",
            "Query a node's SMP attributes (as smpquery), LID-routed or along a directed route (-D).")
            .withSubcommands(NodeInfoQuery.INFO, NodeDescQuery.INFO, PortInfoQuery.INFO, SwitchInfoQuery.INFO,
                    PKeyTableQuery.INFO, GuidInfoQuery.INFO);

    /** One SMP Get: the target (a LID, or a directed route with -D) and how to print the answer. */
    abstract static class Query extends FabricCommand {
        private String target;
        private boolean directed;
        private boolean guid;
        private boolean json;

        Query(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            d.parameter("LID|PATH|GUID")
                    .help("The target's LID, with -D its directed route (e.g. 0,1,3), with -G its port GUID.")
                    .to(Values::text, v -> target = v);
            d.flag("-D", "--directed").help("The target is a directed route from the local port (0 is the local node).")
                    .to(() -> directed = true);
            d.flag("-G", "--guid").help("The target is a port GUID, resolved to its LID through the SA.")
                    .to(() -> guid = true);
            d.flag("--json").help("Print JSON.").to(() -> json = true);
        }

        abstract Mono<? extends Record> query(SmpClient smp, SmpRoute route);

        /** The answer as text: its fields, one a line, unless the attribute has a layout of its own. */
        String text(Record answer) {
            return Fields.render(answer, false);
        }

        private String render(Record answer) {
            return json ? Fields.render(answer, true) : text(answer);
        }

        @Override
        public Integer call() {
            if (guid && directed) {
                throw new IllegalArgumentException("-G and -D name the target two ways: give one");
            }
            if (guid) {
                long portGuid = Guids.parse(target);
                Record answer = query(c -> SmpClient.of(c.port()), smp -> Guids.lidOf(smp.port(), portGuid)
                        .flatMap(lid -> query(smp, SmpRoute.lid(lid))), spec.name() + " of port GUID " + target);
                out().print(render(answer));
                return 0;
            }
            SmpRoute route = Routes.target(target, directed);
            Record answer = query(c -> SmpClient.of(c.port()), smp -> query(smp, route), spec.name() + " " + route);
            out().print(render(answer));
            return 0;
        }
    }

    static final class NodeInfoQuery extends Query {
        static final CommandInfo INFO = CommandInfo.of(NodeInfoQuery.class, "nodeinfo", "NodeInfo (attribute "
                + "0x0011).").withAliases("NI");

        NodeInfoQuery(CliContext context) {
            super(context);
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.nodeInfo(route);
        }
    }

    static final class NodeDescQuery extends Query {
        static final CommandInfo INFO = CommandInfo.of(NodeDescQuery.class, "nodedesc", "NodeDescription (attribute "
                + "0x0010).").withAliases("ND");

        NodeDescQuery(CliContext context) {
            super(context);
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.nodeDescription(route);
        }
    }

    static final class PortInfoQuery extends Query {
        static final CommandInfo INFO = CommandInfo.of(PortInfoQuery.class, "portinfo", "PortInfo (attribute 0x0015) "
                + "of PORT.").withAliases("PI");

        PortInfoQuery(CliContext context) {
            super(context);
        }

        private int portNumber;

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            d.parameter("PORT").optional().defaultValue("0")
                    .help("The port (default: ${DEFAULT-VALUE}: a switch's port 0, or the port a CA is reached by).")
                    .to(Values::integer, v -> portNumber = v);
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.portInfo(route, portNumber);
        }
    }

    static final class SwitchInfoQuery extends Query {
        static final CommandInfo INFO = CommandInfo.of(SwitchInfoQuery.class, "switchinfo", "SwitchInfo (attribute "
                + "0x0012).").withAliases("SI");

        SwitchInfoQuery(CliContext context) {
            super(context);
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.switchInfo(route);
        }
    }

    /** A port's P_Key table: the blocks that hold its {@code capacity} entries (PartitionCap), whole. */
    record PortPKeys(int port, int capacity, List<Integer> pKeys) {
    }

    /** A port's GUID table: the blocks that hold its {@code capacity} entries (GUIDCap), whole. */
    record PortGuids(int capacity, List<Long> guids) {
    }

    /**
     * smpquery's table layout: {@code perLine} entries a line after the first one's index, every line full (so up
     * to {@code capacity} rounded up to a whole line, as the tool prints them), then the capacity.
     */
    static String table(List<String> entries, int capacity, int perLine, String what) {
        StringBuilder out = new StringBuilder();
        int shown = Math.min(entries.size(), (capacity + perLine - 1) / perLine * perLine);
        for (int i = 0; i < shown; i++) {
            out.append(i % perLine == 0 ? String.format("%4d: ", i) : " ").append(entries.get(i));
            if (i % perLine == perLine - 1 || i == shown - 1) {
                out.append('\n');
            }
        }
        return out.append(capacity).append(' ').append(what).append(" capacity for this port\n").toString();
    }

    static final class PKeyTableQuery extends Query {
        static final CommandInfo INFO = CommandInfo.of(PKeyTableQuery.class, "pkeytable", "PKeyTable (attribute "
                + "0x0016) of PORT, every block the node holds (its PartitionCap; a switch's external port: its "
                + "PartitionEnforcementCap), as smpquery pkeys.").withAliases("PKeys");

        private int portNumber;

        PKeyTableQuery(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            d.parameter("PORT").optional().defaultValue("0").help("The port (default: ${DEFAULT-VALUE}).")
                    .to(Values.between(0, 254), v -> portNumber = v);
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            Mono<Integer> capacity = smp.nodeInfo(route).flatMap(info -> info.isSwitch() && portNumber != 0
                    ? smp.switchInfo(route).map(SwitchInfo::partitionEnforcementCap) : Mono.just(info.partitionCap()));
            return capacity.flatMap(n -> Flux.range(0, (n + PKeyTable.ENTRIES - 1) / PKeyTable.ENTRIES)
                    .concatMap(block -> smp.pKeyTable(route, portNumber, block))
                    .concatMapIterable(PKeyTable::pKeys).collectList()
                    .map(keys -> new PortPKeys(portNumber, n, keys)));
        }

        /** smpquery's layout: eight P_Keys a line. */
        @Override
        String text(Record answer) {
            PortPKeys table = (PortPKeys) answer;
            return table(table.pKeys().stream().map(k -> String.format("0x%04x", k)).toList(), table.capacity(), 8,
                    "pkeys");
        }
    }

    static final class GuidInfoQuery extends Query {
        static final CommandInfo INFO = CommandInfo.of(GuidInfoQuery.class, "guidinfo", "GUIDInfo (attribute "
                + "0x0014): every block of the port's GUIDCap, as smpquery guidinfo.").withAliases("GI");

        GuidInfoQuery(CliContext context) {
            super(context);
        }

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.portInfo(route, 0).map(PortInfo::guidCap).flatMap(n -> Flux.range(0,
                            (n + GuidInfo.ENTRIES - 1) / GuidInfo.ENTRIES)
                    .concatMap(block -> smp.guidInfo(route, block))
                    .concatMapIterable(GuidInfo::guids).collectList()
                    .map(guids -> new PortGuids(n, guids)));
        }

        /** smpquery's layout: two GUIDs a line. */
        @Override
        String text(Record answer) {
            PortGuids table = (PortGuids) answer;
            return table(table.guids().stream().map(g -> String.format("0x%016x", g)).toList(), table.capacity(), 2,
                    "guids");
        }
    }
}
