package io.reactiveumad.bench;

import io.reactiveumad.IbsimTransport;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Umad;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.poll.EpollEventLoop;
import io.reactiveumad.poll.ibsim.IbsimEndpoint;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import reactor.core.publisher.Flux;

/**
 * The Java side of the ibsim request/response comparison: {@code count} SMP Get(NodeInfo), LID-routed to
 * {@code lid}, with {@code window} in flight ({@code flatMap(..., window)}), through {@code SmpClient} over
 * {@link IbsimTransport} as a user would write it. It starts nothing: it attaches to the ibsim that
 * {@code IBSIM_SOCKNAME} (and {@code SIM_HOST} for the node) name, as umad2sim would.
 *
 * <pre>
 *   java -cp ... io.reactiveumad.bench.IbsimRoundTrips --window 64 --count 20000 --lid 5 [--runs 2] [--warmup 20000]
 * </pre>
 *
 * Prints one line per run, {@code window=W count=N seconds=S per_second=R}, after an untimed warm-up
 * run that lets the JIT compile the path (a C client has no such phase to pay).
 */
public final class IbsimRoundTrips {
    private IbsimRoundTrips() {
    }

    public static void main(String[] args) {
        int window = 1;
        int count = 20_000;
        int lid = -1;
        int runs = 1;
        int warmup = -1;
        String delivery = "default";
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--window" -> window = Integer.parseInt(value);
                case "--count" -> count = Integer.parseInt(value);
                case "--lid" -> lid = Integer.parseInt(value);
                case "--runs" -> runs = Integer.parseInt(value);
                case "--warmup" -> warmup = Integer.parseInt(value);
                case "--delivery" -> delivery = value;
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + " (usage: --window W --count N --lid L [--runs R] [--warmup N])");
            }
            i++;
        }
        if (lid < 1 || window < 1 || count < 1) {
            throw new IllegalArgumentException("--lid L (>= 1), --window W (>= 1) and --count N (>= 1) are required");
        }
        // A pure client: it needs no unsolicited requests, so it leaves the node's request-receiver role free.
        IbsimTransport transport = IbsimTransport.create(
                IbsimEndpoint.fromEnvironment(System.getenv()).withAcceptRequests(false), System.getenv(IbsimEndpoint.ENV_NODE));
        PortSpec spec = transport.ports().get(0);
        PortOptions options = switch (delivery) {
            case "default" -> PortOptions.defaults();
            case "immediate" -> new PortOptions(reactor.core.scheduler.Schedulers.immediate());
            case "single" -> new PortOptions(reactor.core.scheduler.Schedulers.single());
            default -> throw new IllegalArgumentException("--delivery default|immediate|single");
        };
        MadPort port = Umad.open(transport, spec, options).block(Duration.ofSeconds(30));
        try {
            SmpClient smp = SmpClient.of(port);
            roundTrips(smp, lid, window, warmup < 0 ? count : warmup);
            for (int run = 0; run < runs; run++) {
                long cpuStart = processCpuNanos();
                long switchesStart = contextSwitches();
                long start = System.nanoTime();
                long done = roundTrips(smp, lid, window, count);
                double seconds = (System.nanoTime() - start) / 1e9;
                double cpuMicros = (processCpuNanos() - cpuStart) / 1e3 / done;
                double switches = (double) (contextSwitches() - switchesStart) / done;
                System.out.printf(Locale.ROOT, "window=%d count=%d seconds=%.3f per_second=%.0f cpu_us_per_op=%.2f"
                        + " switches_per_op=%.2f%n", window, done, seconds, done / seconds, cpuMicros, switches);
            }
            smp.dispose();
        } finally {
            port.dispose();
            awaitLoopsStopped();
        }
    }

    /**
     * Waits until the port's event loop has stopped, which it does once the port's channel has detached
     * from ibsim: exiting before that would leave ibsim holding one of its ten client slots.
     */
    private static void awaitLoopsStopped() {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith(EpollEventLoop.THREAD_PREFIX)) {
                try {
                    thread.join(Duration.ofSeconds(10).toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** CPU time of this whole process (every thread, JIT and GC included): robust when other work shares the cores. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** Context switches of the live threads of this process, voluntary and not (Linux /proc; 0 elsewhere). */
    private static long contextSwitches() {
        long total = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path task : tasks) {
                try {
                    for (String line : Files.readAllLines(task.resolve("status"))) {
                        if (line.contains("ctxt_switches:")) {
                            total += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                        }
                    }
                } catch (IOException threadEnded) {
                    // A thread that ended meanwhile no longer counts.
                }
            }
        } catch (IOException notLinux) {
            return 0;
        }
        return total;
    }

    private static long roundTrips(SmpClient smp, int lid, int window, int count) {
        SmpRoute target = SmpRoute.lid(lid);
        Long done = Flux.range(0, count)
                .flatMap(i -> smp.nodeInfo(target), window)
                .count()
                .block(Duration.ofMinutes(5));
        return done == null ? 0 : done;
    }
}
