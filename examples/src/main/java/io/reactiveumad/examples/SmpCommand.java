package io.reactiveumad.examples;

import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.service.Routes;
import io.reactiveumad.examples.cli.Command;
import io.reactiveumad.examples.cli.Option;
import io.reactiveumad.examples.cli.Parameters;
import reactor.core.publisher.Mono;

@Command(name = SmpCommand.NAME, description = "Query a node's SMP attributes (as smpquery), LID-routed or along a directed route (-D).",
        subcommands = {SmpCommand.NodeInfoQuery.class, SmpCommand.NodeDescQuery.class, SmpCommand.PortInfoQuery.class,
                SmpCommand.SwitchInfoQuery.class})
final class SmpCommand {
    /** The subcommand's name, a constant so {@link UmadCli} can pick it without reading annotations. */
    static final String NAME = "smp";


    /** One SMP Get: the target (a LID, or a directed route with -D) and how to print the answer. */
    abstract static class Query extends FabricCommand {
        @Parameters(index = 0, paramLabel = "LID|PATH|GUID",
                description = "The target's LID, with -D its directed route (e.g. 0,1,3), with -G its port GUID.")
        String target;

        @Option(names = {"-D", "--directed"}, description = "The target is a directed route from the local port (0 is the local node).")
        boolean directed;

        @Option(names = {"-G", "--guid"}, description = "The target is a port GUID, resolved to its LID through the SA.")
        boolean guid;

        @Option(names = "--json", description = "Print JSON.")
        boolean json;

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

    @Command(name = "nodeinfo", aliases = "NI", description = "NodeInfo (attribute 0x0011).")
    static final class NodeInfoQuery extends Query {
        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.nodeInfo(route);
        }
    }

    @Command(name = "nodedesc", aliases = "ND", description = "NodeDescription (attribute 0x0010).")
    static final class NodeDescQuery extends Query {
        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.nodeDescription(route);
        }
    }

    @Command(name = "portinfo", aliases = "PI", description = "PortInfo (attribute 0x0015) of PORT.")
    static final class PortInfoQuery extends Query {
        @Parameters(index = 1, optional = true, paramLabel = "PORT", defaultValue = "0",
                description = "The port (default: ${DEFAULT-VALUE}: a switch's port 0, or the port a CA is reached by).")
        int portNumber;

        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.portInfo(route, portNumber);
        }
    }

    @Command(name = "switchinfo", aliases = "SI", description = "SwitchInfo (attribute 0x0012).")
    static final class SwitchInfoQuery extends Query {
        @Override
        Mono<? extends Record> query(SmpClient smp, SmpRoute route) {
            return smp.switchInfo(route);
        }
    }
}
