package io.reactiveumad.examples;

import io.reactiveumad.PortStats;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.discovery.DiscoveryOptions.DiscoveryProgress;
import io.reactiveumad.discovery.FabricDiscovery;
import io.reactiveumad.service.FabricJson;
import io.reactiveumad.test.topology.DiscoveredTopology;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import io.reactiveumad.examples.cli.Command;
import io.reactiveumad.examples.cli.Mixin;
import io.reactiveumad.examples.cli.Option;
import reactor.core.scheduler.Schedulers;

@Command(name = DiscoverCommand.NAME, description = "Discover the fabric with directed-route SMPs, many on the wire at once, and print it as "
                + "ibnetdiscover does (or as JSON). Progress goes to stderr.")
final class DiscoverCommand extends FabricCommand {
    /** The subcommand's name, a constant so {@link UmadCli} can pick it without reading annotations. */
    static final String NAME = "discover";

    enum Format { IBNETDISCOVER, JSON }

    /** Progress lines at most this often, so a big fabric does not flood the terminal. */
    private static final long PROGRESS_EVERY_NANOS = Duration.ofSeconds(1).toNanos();

    @Option(names = "--outstanding", paramLabel = "N", defaultValue = "" + DiscoveryOptions.DEFAULT_OUTSTANDING,
            description = "SMPs on the wire at once (default: ${DEFAULT-VALUE}; ibnetdiscover keeps 2).")
    int outstanding;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "ibnetdiscover",
            description = "ibnetdiscover or json (default: ${DEFAULT-VALUE}).")
    Format format;

    @Mixin
    WalkTimeout walk;

    @Override
    public Integer call() {
        PrintWriter err = err();
        AtomicLong lastReport = new AtomicLong(System.nanoTime());
        DiscoveryOptions options = DiscoveryOptions.defaults().withOutstanding(outstanding)
                .withProgress(p -> report(err, p, lastReport));
        DiscoveredFabric fabric;
        PortStats stats;
        long started;
        // The discovery's callbacks only record answers and send the next SMPs: they run where the answers are
        // read, with no hand-off between threads per answer; the result is printed from this thread.
        try (Connection connection = transport.connect(err, Schedulers.immediate())) {
            started = System.nanoTime();
            lastReport.set(started);
            fabric = FabricDiscovery.discover(connection.port(), options).block(walk.timeout);
            stats = connection.port().stats();
        }
        if (fabric == null) {
            throw new IllegalStateException("discovery ended without a result");
        }
        err.printf("umad discover: %d nodes, %d links, %d SMPs (%d timed out) in %d ms%n", fabric.nodes().size(),
                fabric.links().size(), fabric.smpsSent(), stats.timeouts(), Duration.ofNanos(System.nanoTime() - started).toMillis());
        fabric.problems().forEach(problem -> err.println("umad discover: warning: " + problem));
        out().print(format == Format.JSON ? Json.pretty(FabricJson.of(fabric)) + "\n" : DiscoveredTopology.toIbnetdiscover(fabric));
        return fabric.complete() ? 0 : UmadCli.EXIT_FAILED;
    }

    /** Called on the event loop: the line is written elsewhere, so a stalled stderr cannot stall the loop. */
    private static void report(PrintWriter err, DiscoveryProgress progress, AtomicLong lastReport) {
        long now = System.nanoTime();
        long last = lastReport.get();
        if (now - last >= PROGRESS_EVERY_NANOS && lastReport.compareAndSet(last, now)) {
            Schedulers.boundedElastic().schedule(() -> {
                err.printf("umad discover: %d nodes (%d switches), %d links, %d SMPs sent, %d on the wire%n",
                        progress.nodes(), progress.switches(), progress.links(), progress.smpsSent(), progress.inFlight());
                err.flush();
            });
        }
    }
}
