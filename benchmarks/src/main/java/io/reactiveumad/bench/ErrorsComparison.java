package io.reactiveumad.bench;

import io.reactiveumad.MadPort;
import io.reactiveumad.Umad;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.discovery.FabricDiscovery;
import io.reactiveumad.fabric.ErrorSweep;
import io.reactiveumad.fabric.ErrorSweepOptions;
import io.reactiveumad.fabric.NodeErrors;
import io.reactiveumad.fabric.PortErrors;
import io.reactiveumad.IbsimTransport;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimInstallation;
import io.reactiveumad.test.topology.Topology;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fabric-wide error sweep of a generated fat tree in ibsim, three ways from the same node, after error
 * counters were set on a host port, a leaf's up-link and a spine port: {@code ibqueryerrors} (under
 * umad2sim) as a whole process, warm in-JVM {@link ErrorSweep} (discovery included, on one open port) and
 * cold {@code ./umad errors} as a whole process. Every run's bad ports (port GUID, port, counters) are
 * compared with ibqueryerrors', and the table gives best and median wall-clock times with their ratio to
 * ibqueryerrors'. Started by {@code benchmarks/ibsim-errors.sh}.
 *
 * <p>Arguments: {@code --umad PATH} (the launcher), {@code --leaves 32 --spines 8 --hosts 30} (1000 nodes),
 * {@code --warm-runs 5}, {@code --cold-runs 3} (at most 6: ibsim's client slots).
 */
public final class ErrorsComparison {
    private static final Duration LIMIT = Duration.ofMinutes(10);
    /** A shell's exit code above this is 128 + the signal that ended the command. */
    private static final int SIGNALLED = 128;
    private static final int RETRIES_AFTER_A_CRASH = 2;
    private static final Pattern HEADER = Pattern.compile("^Errors for .*$");
    private static final Pattern PORT = Pattern.compile("^   GUID (0x[0-9a-f]+) port (\\w+):(.*)$");

    private ErrorsComparison() {
    }

    public static void main(String[] args) {
        FatTreeRunArgs run = FatTreeRunArgs.parse("ErrorsComparison", 5, args);
        run(run.umad(), run.tree(), run.warmRuns(), run.coldRuns(), System.out);
    }

    /**
     * Starts the fabric, sets the counters, sweeps it the three ways, compares and prints the table.
     *
     * @param umad the launcher for the cold runs; null leaves them out
     */
    static void run(String umad, Topology tree, int warmRuns, int coldRuns, PrintStream out) {
        try (IbsimFabric fabric = IbsimFabric.builder().topology(tree).smNode(DiscoveryComparison.SM_NODE)
                .sweepSeconds(0).startTimeout(LIMIT).diagTimeout(LIMIT).start()) {
            String host = tree.nodes().stream().filter(n -> !n.isSwitch()).reduce((a, b) -> b).orElseThrow().id();
            fabric.performanceSet(host, 1, "PortCounters.SymbolErrorCounter", 7);
            String leaf = tree.nodes().stream().filter(n -> n.id().startsWith("leaf-")).findFirst().orElseThrow().id();
            fabric.performanceSet(leaf, tree.requireNode(leaf).portCount(), "PortCounters.LinkDownedCounter", 3);
            tree.nodes().stream().filter(n -> n.id().startsWith("spine-")).findFirst().ifPresent(spine ->
                    fabric.performanceSet(spine.id(), 1, "PortCounters.PortXmitDiscards", 11));
            out.printf(Locale.ROOT, "error sweep of a %d-node fat tree (%d links) in ibsim, from %s; the SM on %s%n%n",
                    tree.nodes().size(), tree.links().size(), DiscoveryComparison.LOCAL_NODE, DiscoveryComparison.SM_NODE);

            List<Duration> theirsTimes = new ArrayList<>();
            List<Duration> theirsCpu = new ArrayList<>();
            List<String> crashes = new ArrayList<>();
            Set<String> theirs = null;
            for (int r = 0; r < coldRuns; r++) {
                ChildProcess run = ibqueryerrors(fabric);
                // Under umad2sim the tool now and then dies of a signal (SIGSEGV seen): that run is taken again, and
                // said, rather than ending the comparison.
                for (int again = 0; run.exitCode() > SIGNALLED && again < RETRIES_AFTER_A_CRASH; again++) {
                    crashes.add(String.format(Locale.ROOT, "ibqueryerrors run %d died of signal %d; taken again", r + 1,
                            run.exitCode() - SIGNALLED));
                    run = ibqueryerrors(fabric);
                }
                theirsTimes.add(run.elapsed());
                theirsCpu.add(run.cpu());
                theirs = badPorts(run);
            }

            List<Duration> warm = new ArrayList<>();
            List<Duration> discoveryOnly = new ArrayList<>();
            List<Duration> countersOnly = new ArrayList<>();
            List<String> diffs = new ArrayList<>();
            MadPort port = Umad.open(fabric.transport(DiscoveryComparison.LOCAL_NODE)).block(LIMIT);
            try {
                for (int r = 0; r < warmRuns; r++) {
                    long start = System.nanoTime();
                    List<NodeErrors> nodes = ErrorSweep.sweep(port, DiscoveryOptions.defaults(),
                            ErrorSweepOptions.defaults()).collectList().block(LIMIT);
                    warm.add(Duration.ofNanos(System.nanoTime() - start));
                    diffs.add(compare("warm run " + (r + 1), badPorts(nodes), theirs));
                }
                for (int r = 0; r < warmRuns; r++) {
                    long start = System.nanoTime();
                    DiscoveredFabric found = FabricDiscovery.discover(port).block(LIMIT);
                    long discovered = System.nanoTime();
                    List<NodeErrors> nodes = ErrorSweep.sweep(port, found, ErrorSweepOptions.defaults())
                            .collectList().block(LIMIT);
                    countersOnly.add(Duration.ofNanos(System.nanoTime() - discovered));
                    discoveryOnly.add(Duration.ofNanos(discovered - start));
                    diffs.add(compare("split run " + (r + 1), badPorts(nodes), theirs));
                }
            } finally {
                port.dispose();
            }

            List<Duration> cold = new ArrayList<>();
            List<Duration> coldCpu = new ArrayList<>();
            for (int r = 0; umad != null && r < coldRuns; r++) {
                ProcessBuilder pb = new ProcessBuilder(umad, "errors", "--transport", "ibsim", "--sim-host",
                        DiscoveryComparison.LOCAL_NODE);
                pb.environment().put(IbsimTransport.ENV_SOCKET_NAME, fabric.socketName());
                ChildProcess run = ChildProcess.run(pb, LIMIT);
                cold.add(run.elapsed());
                coldCpu.add(run.cpu());
                diffs.add(compare("cold run " + (r + 1), badPorts(run), theirs));
            }

            out.printf(Locale.ROOT, "| error sweep | best | median | median / ibqueryerrors' | CPU (user+sys), median "
                    + "| CPU / ibqueryerrors' |%n|---|---|---|---|---|---|%n");
            row(out, "ibqueryerrors (whole process, under umad2sim)", theirsTimes, theirsTimes,
                    DiscoveryComparison.cpu(theirsCpu, theirsCpu));
            row(out, "reactive-umad warm (ErrorSweep with discovery, in one JVM)", warm, theirsTimes, "| |");
            row(out, "  of which: discovery alone (FabricDiscovery)", discoveryOnly, theirsTimes, "| |");
            row(out, "  of which: counters alone (ErrorSweep of a discovered fabric)", countersOnly, theirsTimes, "| |");
            if (umad != null) {
                row(out, "reactive-umad cold (`./umad errors`, whole process)", cold, theirsTimes,
                        DiscoveryComparison.cpu(coldCpu, theirsCpu));
            }
            out.println();
            crashes.forEach(out::println);
            diffs.forEach(out::println);
        }
    }

    private static ChildProcess ibqueryerrors(IbsimFabric fabric) {
        return ChildProcess.run(fabric.attached(DiscoveryComparison.LOCAL_NODE,
                List.of(IbsimInstallation.find("ibqueryerrors").toString())), LIMIT);
    }

    private static void row(PrintStream out, String what, List<Duration> times, List<Duration> theirs, String cpuColumns) {
        out.printf(Locale.ROOT, "| %s | %d ms | %d ms | %.2fx %s%n", what, DiscoveryComparison.best(times).toMillis(),
                DiscoveryComparison.median(times).toMillis(),
                (double) DiscoveryComparison.median(times).toNanos() / DiscoveryComparison.median(theirs).toNanos(),
                cpuColumns);
    }

    /** The port lines of an ibqueryerrors-format report, as {@code GUID port: counters}. */
    static Set<String> badPorts(ChildProcess run) {
        if (run.exitCode() > 1) {
            throw new IllegalStateException(String.join(" ", run.command()) + " exited " + run.exitCode() + ": "
                    + run.stderr());
        }
        Set<String> ports = new TreeSet<>();
        for (String line : run.stdout().split("\n")) {
            Matcher m = PORT.matcher(line);
            if (m.matches()) {
                ports.add(m.group(1) + " " + m.group(2) + ":" + m.group(3));
            } else if (!line.isBlank() && !line.startsWith("##") && !HEADER.matcher(line).matches()) {
                throw new IllegalStateException("unexpected line from " + run.command() + ": " + line);
            }
        }
        return ports;
    }

    private static Set<String> badPorts(List<NodeErrors> nodes) {
        Set<String> ports = new TreeSet<>();
        for (NodeErrors node : nodes) {
            for (PortErrors p : node.errors()) {
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "0x%x %s:", p.portGuid(),
                        p.isAllPorts() ? "ALL" : Integer.toString(p.port())));
                p.exceeded().forEach((c, v) -> line.append(String.format(Locale.ROOT, " [%s == %d]", c.libibmadName(), v)));
                ports.add(line.toString());
            }
        }
        return ports;
    }

    private static String compare(String what, Set<String> ours, Set<String> theirs) {
        if (ours.equals(theirs)) {
            return String.format(Locale.ROOT, "%s: same %d port lines as ibqueryerrors", what, ours.size());
        }
        Set<String> oursOnly = new TreeSet<>(ours);
        oursOnly.removeAll(theirs);
        Set<String> theirsOnly = new TreeSet<>(theirs);
        theirsOnly.removeAll(ours);
        return String.format(Locale.ROOT, "%s: DIFFERS from ibqueryerrors: only ours %s, only theirs %s", what,
                oursOnly, theirsOnly);
    }
}
