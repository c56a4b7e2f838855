package io.reactiveumad.examples;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "perf", mixinStandardHelpOptions = true, description = "Read a port's performance counters (PerfMgt).")
final class PerfCommand extends FabricCommand {
    @Parameters(index = "0", paramLabel = "LID", description = "The node's LID.")
    int lid;

    @Parameters(index = "1", paramLabel = "PORT", description = "The port number (255: all ports, where supported).")
    int portNumber;

    @Option(names = "--extended", description = "PortCountersExtended (64-bit counters).")
    boolean extended;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() {
        throw new UnsupportedOperationException("perf: not built yet");
    }
}
