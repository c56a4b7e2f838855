package io.reactiveumad.examples;

import io.reactiveumad.client.PerfClient;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import reactor.core.publisher.Mono;

final class PerfCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(PerfCommand.class, "perf",
            "Read a port's performance counters (PerfMgt PortCounters, as perfquery).");

    private int lid;
    private Integer portNumber;
    private boolean extended;
    private boolean json;

    PerfCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        d.parameter("LID").help("The node's LID.").to(Values::integer, v -> lid = v);
        d.parameter("PORT").optional()
                .help("The port number (default: 0 on a switch, its management port, as perfquery; 1 on a CA, whose "
                        + "PMA has no port 0; 255: all ports, where supported).")
                .to(Values::integer, v -> portNumber = v);
        d.flag("-x", "--extended").help("PortCountersExtended (64-bit counters).").to(() -> extended = true);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
    }

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
