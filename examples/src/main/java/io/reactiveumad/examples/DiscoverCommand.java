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
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import reactor.core.scheduler.Schedulers;

final class DiscoverCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(DiscoverCommand.class, "discover",
            "Discover the fabric with directed-route SMPs, many on the wire at once, and print it as ibnetdiscover "
                    + "does (or as JSON). Progress goes to stderr.");

    enum Format { IBNETDISCOVER, JSON }

    /** Progress lines at most this often, so a big fabric does not flood the terminal. */
    private static final long PROGRESS_EVERY_NANOS = Duration.ofSeconds(1).toNanos();

    private int outstanding;
    private Format format;
    private final WalkTimeout walk = new WalkTimeout();
    private final NodeNames nodeNames = new NodeNames();

    DiscoverCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        d.option("--outstanding").label("N").defaultValue("" + DiscoveryOptions.DEFAULT_OUTSTANDING)
                .help("SMPs on the wire at once (default: ${DEFAULT-VALUE}; ibnetdiscover keeps 2).")
                .to(Values.atLeast(1), v -> outstanding = v);
        d.option("--format").label("FORMAT").defaultValue("ibnetdiscover")
                .help("ibnetdiscover or json (default: ${DEFAULT-VALUE}).")
                .to(Values.enumeration(Format.class), v -> format = v);
        walk.declare(d);
        nodeNames.declare(d);
    }

    @Override
    public Integer call() {
        PrintWriter err = err();
        NodeNameMap names = nodeNames.load(context, err);
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
        out().print(format == Format.JSON ? Json.pretty(FabricJson.of(fabric)) + "\n" : DiscoveredTopology.toIbnetdiscover(
                // ibnetdiscover prints every description cleaned, and the map's names where it applies one.
                NodeNameMap.none().rename(fabric), node -> names.name(node.nodeGuid(), node.description())));
        return fabric.complete() ? 0 : UmadCli.EXIT_FAILED;
    }

    /** Called on the event loop: the line is written elsewhere, so a stalled stderr cannot stall the loop. */
    static void report(PrintWriter err, DiscoveryProgress progress, AtomicLong lastReport) {
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
