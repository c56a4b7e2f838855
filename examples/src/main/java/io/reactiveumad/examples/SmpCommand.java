package io.reactiveumad.examples;

import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.service.Routes;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import reactor.core.publisher.Mono;

final class SmpCommand {
    static final CommandInfo INFO = CommandInfo.of(SmpCommand.class, "smp",
            "Query a node's SMP attributes (as smpquery), LID-routed or along a directed route (-D).")
            .withSubcommands(NodeInfoQuery.INFO, NodeDescQuery.INFO, PortInfoQuery.INFO, SwitchInfoQuery.INFO);

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

        @Override
        public Integer call() {
            if (guid && directed) {
                throw new IllegalArgumentException("-G and -D name the target two ways: give one");
            }
            if (guid) {
                long portGuid = Guids.parse(target);
                Record answer = query(c -> SmpClient.of(c.port()), smp -> Guids.lidOf(smp.port(), portGuid)
                        .flatMap(lid -> query(smp, SmpRoute.lid(lid))), spec.name() + " of port GUID " + target);
                out().print(Fields.render(answer, json));
                return 0;
            }
            SmpRoute route = Routes.target(target, directed);
            Record answer = query(c -> SmpClient.of(c.port()), smp -> query(smp, route), spec.name() + " " + route);
            out().print(Fields.render(answer, json));
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
}
