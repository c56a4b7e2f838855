package io.reactiveumad.examples;

import io.reactiveumad.client.PerfClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "perf", mixinStandardHelpOptions = true,
        description = "Read a port's performance counters (PerfMgt PortCounters, as perfquery).")
final class PerfCommand extends FabricCommand {
    @Parameters(index = "0", paramLabel = "LID", description = "The node's LID.")
    int lid;

    @Parameters(index = "1", paramLabel = "PORT", description = "The port number (255: all ports, where supported).")
    int portNumber;

    @Option(names = {"-x", "--extended"}, description = "PortCountersExtended (64-bit counters).")
    boolean extended;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() {
        Record counters;
        try (Connection connection = transport.connect(err())) {
            PerfClient perf = PerfClient.of(connection.port());
            try {
                counters = extended
                        ? await(perf.portCountersExtended(lid, portNumber), "PortCountersExtended of lid " + lid + " port " + portNumber)
                        : await(perf.portCounters(lid, portNumber), "PortCounters of lid " + lid + " port " + portNumber);
            } finally {
                perf.dispose();
            }
        }
        out().print(Fields.render(counters, json));
        return 0;
    }
}
