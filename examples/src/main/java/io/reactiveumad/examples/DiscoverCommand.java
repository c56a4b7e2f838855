package io.reactiveumad.examples;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "discover", mixinStandardHelpOptions = true,
        description = "Discover the fabric with directed-route SMPs, many on the wire at once, and print it as ibnetdiscover does.")
final class DiscoverCommand extends FabricCommand {
    enum Format { IBNETDISCOVER, JSON }

    @Option(names = "--outstanding", paramLabel = "N", defaultValue = "32",
            description = "SMPs on the wire at once (default: ${DEFAULT-VALUE}; ibnetdiscover keeps 2).")
    int outstanding;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "ibnetdiscover",
            description = "ibnetdiscover or json (default: ${DEFAULT-VALUE}).")
    Format format;

    @Override
    public Integer call() {
        throw new UnsupportedOperationException("discover: not built yet");
    }
}
