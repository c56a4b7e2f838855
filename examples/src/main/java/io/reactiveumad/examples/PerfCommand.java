package io.reactiveumad.examples;

import io.reactiveumad.client.PerfClient;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.perf.PortCountersExtended;
import io.reactiveumad.mad.perf.PortRcvErrorDetails;
import io.reactiveumad.mad.perf.PortXmitDiscardDetails;
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
    private boolean xmitDiscards;
    private boolean rcvErrors;
    private boolean allPorts;
    private boolean resetAfterRead;
    private boolean resetOnly;
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
        d.flag("-D", "--xmtdisc").help("PortXmitDiscardDetails: why the port discarded packets it was to send "
                + "(as perfquery -D).").to(() -> xmitDiscards = true);
        d.flag("-E", "--rcverr").help("PortRcvErrorDetails: what its receive errors were (as perfquery -E).")
                .to(() -> rcvErrors = true);
        d.flag("-a", "--all_ports").help("All ports summed: PortSelect 255, where the PMA has AllPortSelect "
                + "(as perfquery -a).").to(() -> allPorts = true);
        d.flag("-r", "--reset_after_read").help("Reset the counters read, after reading them (as perfquery -r).")
                .to(() -> resetAfterRead = true);
        d.flag("-R", "--Reset_only").help("Reset the counters without reading them; prints nothing (as perfquery -R).")
                .to(() -> resetOnly = true);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        if ((extended ? 1 : 0) + (xmitDiscards ? 1 : 0) + (rcvErrors ? 1 : 0) > 1) {
            throw new UsageException("-x, -D and -E read different attributes: give one");
        }
        if (allPorts && portNumber != null && portNumber != PortCounters.ALL_PORTS) {
            throw new UsageException("-a and PORT " + portNumber + " name the port two ways: give one");
        }
        String attribute = extended ? "PortCountersExtended" : xmitDiscards ? "PortXmitDiscardDetails"
                : rcvErrors ? "PortRcvErrorDetails" : "PortCounters";
        Record counters = null;
        try (Connection connection = transport.connect(err())) {
            int port = allPorts ? PortCounters.ALL_PORTS : portNumber != null ? portNumber
                    : await(defaultPort(connection), "NodeInfo of lid " + lid);
            String what = attribute + " of lid " + lid + " port " + port;
            PerfClient perf = PerfClient.of(connection.port());
            try {
                if (!resetOnly) {
                    counters = await(read(perf, port), what);
                }
                if (resetOnly || resetAfterRead) {
                    await(reset(perf, port), "reset of " + what);
                }
            } finally {
                perf.dispose();
            }
        }
        if (counters != null) {
            out().print(Fields.render(counters, json));
        }
        return 0;
    }

    private Mono<Record> read(PerfClient perf, int port) {
        return (extended ? perf.portCountersExtended(lid, port) : xmitDiscards ? perf.portXmitDiscardDetails(lid, port)
                : rcvErrors ? perf.portRcvErrorDetails(lid, port) : perf.portCounters(lid, port)).cast(Record.class);
    }

    /**
     * Resets every counter of the attribute read, as perfquery -r and -R do; PortXmitWait where the PMA's
     * ClassPortInfo says it counts it (its reset bit is in CounterSelect2).
     */
    private Mono<?> reset(PerfClient perf, int port) {
        if (extended) {
            return perf.resetPortCountersExtended(lid, port, PortCountersExtended.SELECT_ALL, 0);
        }
        if (xmitDiscards) {
            return perf.resetPortXmitDiscardDetails(lid, port, PortXmitDiscardDetails.SELECT_ALL);
        }
        if (rcvErrors) {
            return perf.resetPortRcvErrorDetails(lid, port, PortRcvErrorDetails.SELECT_ALL);
        }
        return perf.classPortInfo(lid).flatMap(cpi -> perf.resetPortCounters(lid, port, PortCounters.SELECT_ALL,
                (cpi.capabilityMask() & ClassPortInfo.PERF_CAP_XMIT_WAIT_SUPPORTED) != 0
                        ? PortCounters.SELECT2_PORT_XMIT_WAIT : 0));
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
