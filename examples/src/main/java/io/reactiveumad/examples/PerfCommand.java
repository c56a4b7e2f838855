package io.reactiveumad.examples;

import io.reactiveumad.client.PerfClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = PerfCommand.NAME, mixinStandardHelpOptions = true,
        description = "Read a port's performance counters (PerfMgt PortCounters, as perfquery).")
final class PerfCommand extends FabricCommand {
    /** The subcommand's name, a constant so {@link UmadCli} can pick it without reading annotations. */
    static final String NAME = "perf";

    @Parameters(index = "0", paramLabel = "LID", description = "The node's LID.")
    int lid;

    @Parameters(index = "1", arity = "0..1", paramLabel = "PORT", defaultValue = "1",
            description = "The port number (default ${DEFAULT-VALUE}, as perfquery; 255: all ports, where supported).")
    int portNumber;

    @Option(names = {"-x", "--extended"}, description = "PortCountersExtended (64-bit counters).")
    boolean extended;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() {
        String what = (extended ? "PortCountersExtended" : "PortCounters") + " of lid " + lid + " port " + portNumber;
        Record counters = query(c -> PerfClient.of(c.port()), perf -> extended ? perf.portCountersExtended(lid, portNumber).cast(Record.class)
                : perf.portCounters(lid, portNumber).cast(Record.class), what);
        out().print(Fields.render(counters, json));
        return 0;
    }
}
