package io.reactiveumad.examples;

import io.reactiveumad.client.PerfClient;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.examples.cli.Command;
import io.reactiveumad.examples.cli.Option;
import io.reactiveumad.examples.cli.Parameters;
import reactor.core.publisher.Mono;

@Command(name = PerfCommand.NAME, description = "Read a port's performance counters (PerfMgt PortCounters, as perfquery).")
final class PerfCommand extends FabricCommand {
    /** The subcommand's name, a constant so {@link UmadCli} can pick it without reading annotations. */
    static final String NAME = "perf";

    @Parameters(index = 0, paramLabel = "LID", description = "The node's LID.")
    int lid;

    @Parameters(index = 1, optional = true, paramLabel = "PORT",
            description = "The port number (default: 0 on a switch, its management port, as perfquery; 1 on a CA, "
                    + "whose PMA has no port 0; 255: all ports, where supported).")
    Integer portNumber;

    @Option(names = {"-x", "--extended"}, description = "PortCountersExtended (64-bit counters).")
    boolean extended;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() {
        Record counters;
        try (Connection connection = transport.connect(err())) {
            int port = portNumber != null ? portNumber : await(defaultPort(connection), "NodeInfo of lid " + lid);
            String what = (extended ? "PortCountersExtended" : "PortCounters") + " of lid " + lid + " port " + port;
            PerfClient perf = PerfClient.of(connection.port());
            try {
                counters = await(extended ? perf.portCountersExtended(lid, port).cast(Record.class)
                        : perf.portCounters(lid, port).cast(Record.class), what);
            } finally {
                perf.dispose();
            }
        }
        out().print(Fields.render(counters, json));
        return 0;
    }

    /**
     * perfquery without a port asks PortSelect 0: a switch's management port. A CA's PMA has no port 0 (ibsim's
     * refuses it), so there the first port is read, which is what a user who names a host means.
     */
    private Mono<Integer> defaultPort(Connection connection) {
        SmpClient smp = SmpClient.of(connection.port());
        return smp.nodeInfo(SmpRoute.lid(lid)).map(info -> info.isSwitch() ? 0 : 1).doFinally(signal -> smp.dispose());
    }
}
