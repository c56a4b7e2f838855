package io.reactiveumad.examples;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "watch", mixinStandardHelpOptions = true,
        description = "Subscribe to traps at the SA and print one line per notice.")
final class WatchCommand extends FabricCommand {
    @Option(names = "--traps", split = ",", paramLabel = "N", defaultValue = "64,65,66,67,128,144",
            description = "Trap numbers to subscribe to (default: ${DEFAULT-VALUE}).")
    List<Integer> traps;

    @Option(names = "--count", paramLabel = "N", description = "Exit after N notices (default: run until interrupted).")
    Long count;

    @Option(names = "--json", description = "One JSON object per line.")
    boolean json;

    @Override
    public Integer call() {
        throw new UnsupportedOperationException("watch: not built yet");
    }
}
