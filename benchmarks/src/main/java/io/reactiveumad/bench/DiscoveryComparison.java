package io.reactiveumad.bench;

import io.reactiveumad.IbsimTransport;
import io.reactiveumad.MadPort;
import io.reactiveumad.Umad;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.FabricDiscovery;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimInstallation;
import io.reactiveumad.test.topology.DiscoveredTopology;
import io.reactiveumad.test.topology.Topology;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Discovery of a generated fat tree in ibsim, three ways from the same node: in one JVM
 * ({@link FabricDiscovery} on one open port, several runs, each diffed after the last), cold {@code ./umad discover} as a whole process,
 * and {@code ibnetdiscover} (under umad2sim) as a whole process. Every topology found is diffed against
 * ibnetdiscover's, order-insensitively (same nodes, same links), and the table gives best and median
 * wall-clock times with their ratios to ibnetdiscover's. Started by {@code benchmarks/ibsim-discovery.sh}.
 *
 * <p>Arguments: {@code --umad PATH} (the launcher), {@code --leaves 32 --spines 8 --hosts 30} (1000 nodes),
 * {@code --warm-runs 40} (the first ten and the last ten are reported), {@code --cold-runs 3}. ibsim has ten client slots, and a process that exits may
 * hold its slot until ibsim next writes to it: OpenSM, the warm port and the cold runs must fit.
 */
public final class DiscoveryComparison {
    static final String SM_NODE = "host-2";
    static final String LOCAL_NODE = "host-1";
    private static final Duration LIMIT = Duration.ofMinutes(5);
    /**
     * Runs per row of the warm table. A new JVM's C2 compiler needs two to three seconds of discoveries on two
     * CPUs (about 30 of 1000 nodes) before it is done with the path, so the first ten and the last ten differ.
     */
    private static final int STAGE = 10;

    private DiscoveryComparison() {
    }

    public static void main(String[] args) {
        FatTreeRunArgs run = FatTreeRunArgs.parse("DiscoveryComparison", 4 * STAGE, args);
        run(run.umad(), run.tree(), run.warmRuns(), run.coldRuns(), System.out);
    }

    /**
     * Starts the fabric, discovers it the three ways, diffs and prints the table to {@code out}.
     *
     * @param umad the launcher for the cold runs; null leaves them out
     */
    static void run(String umad, Topology tree, int warmRuns, int coldRuns, PrintStream out) {
        try (IbsimFabric fabric = IbsimFabric.builder().topology(tree).smNode(SM_NODE).sweepSeconds(0)
                .startTimeout(LIMIT).diagTimeout(LIMIT).start()) {
            out.printf(Locale.ROOT, "discovery of a %d-node fat tree (%d links) in ibsim, from %s; the SM on %s%n%n",
                    tree.nodes().size(), tree.links().size(), LOCAL_NODE, SM_NODE);

            List<Duration> ibnet = new ArrayList<>();
            List<Duration> ibnetCpu = new ArrayList<>();
            Topology theirs = null;
            for (int r = 0; r < coldRuns; r++) {
                ChildProcess run = ChildProcess.run(fabric.attached(LOCAL_NODE,
                        List.of(IbsimInstallation.find("ibnetdiscover").toString())), LIMIT).requireSuccess();
                ibnet.add(run.elapsed());
                ibnetCpu.add(run.cpu());
                theirs = Topology.parse(run.stdout());
            }

            List<Duration> warm = new ArrayList<>();
            List<String> diffs = new ArrayList<>();
            List<DiscoveredFabric> founds = new ArrayList<>();
            MadPort port = Umad.open(fabric.transport(LOCAL_NODE)).block(LIMIT);
            try {
                for (int r = 0; r < warmRuns; r++) {
                    long start = System.nanoTime();
                    DiscoveredFabric found = FabricDiscovery.discover(port).block(LIMIT);
                    Duration took = Duration.ofNanos(System.nanoTime() - start);
                    warm.add(took);
                    founds.add(found);
                }
            } finally {
                port.dispose();
            }
            // Diffed after the timed runs: the checking code would otherwise compete with the library for the JIT.
            for (int r = 0; r < founds.size(); r++) {
                diffs.add(diff("warm run " + (r + 1) + " (" + warm.get(r).toMillis() + " ms)",
                        DiscoveredTopology.of(founds.get(r)), theirs));
            }

            List<Duration> cold = new ArrayList<>();
            List<Duration> coldCpu = new ArrayList<>();
            for (int r = 0; umad != null && r < coldRuns; r++) {
                ProcessBuilder pb = new ProcessBuilder(umad, "discover", "--transport", "ibsim", "--sim-host", LOCAL_NODE);
                pb.environment().put(IbsimTransport.ENV_SOCKET_NAME, fabric.socketName());
                ChildProcess run = ChildProcess.run(pb, LIMIT).requireSuccess();
                cold.add(run.elapsed());
                coldCpu.add(run.cpu());
                diffs.add(diff("cold run " + (r + 1), Topology.parse(run.stdout()), theirs));
            }

            out.printf(Locale.ROOT, "| discovery | best | median | median / ibnetdiscover's | target | CPU (user+sys), "
                    + "median | CPU / ibnetdiscover's |%n|---|---|---|---|---|---|---|%n");
            row(out, "ibnetdiscover (whole process, under umad2sim)", ibnet, ibnet, "", cpu(ibnetCpu, ibnetCpu));
            int tenth = Math.min(STAGE, warm.size());
            row(out, "reactive-umad in one JVM, its first " + tenth + " discoveries (the JIT still compiling)",
                    warm.subList(0, tenth), ibnet, "", "| |");
            row(out, "reactive-umad warm, the last " + tenth + " of " + warm.size() + " discoveries in that JVM",
                    warm.subList(warm.size() - tenth, warm.size()), ibnet, "<= 0.30x", "| |");
            if (umad != null) {
                row(out, "reactive-umad cold (`./umad discover`, whole process)", cold, ibnet, "<= 1.00x",
                        cpu(coldCpu, ibnetCpu));
            }
            out.println();
            diffs.forEach(out::println);
        }
    }

    private static void row(PrintStream out, String what, List<Duration> times, List<Duration> ibnet, String target,
            String cpuColumns) {
        out.printf(Locale.ROOT, "| %s | %d ms | %d ms | %.2fx | %s %s%n", what, best(times).toMillis(),
                median(times).toMillis(), ratio(times, ibnet), target, cpuColumns);
    }

    /** The CPU columns: the median CPU time and its ratio to the C tool's (a loaded machine barely moves it). */
    static String cpu(List<Duration> cpu, List<Duration> theirCpu) {
        return String.format(Locale.ROOT, "| %d ms | %.2fx |", median(cpu).toMillis(), ratio(cpu, theirCpu));
    }

    private static double ratio(List<Duration> ours, List<Duration> theirs) {
        return (double) median(ours).toNanos() / Math.max(1, median(theirs).toNanos());
    }

    /** What {@code ours} has that ibnetdiscover's topology lacks and the other way round (nodes, links; any order). */
    static String diff(String what, Topology ours, Topology theirs) {
        int oursOnlyNodes = minus(ours.nodes(), theirs.nodes());
        int theirsOnlyNodes = minus(theirs.nodes(), ours.nodes());
        int oursOnlyLinks = minus(ours.links(), theirs.links());
        int theirsOnlyLinks = minus(theirs.links(), ours.links());
        if (oursOnlyNodes + theirsOnlyNodes + oursOnlyLinks + theirsOnlyLinks == 0) {
            return String.format(Locale.ROOT, "%s: same topology as ibnetdiscover (%d nodes, %d links)", what,
                    ours.nodes().size(), ours.links().size());
        }
        return String.format(Locale.ROOT, "%s: DIFFERS from ibnetdiscover: %d nodes and %d links only ours, %d nodes and "
                + "%d links only theirs", what, oursOnlyNodes, oursOnlyLinks, theirsOnlyNodes, theirsOnlyLinks);
    }

    private static <T> int minus(List<T> a, List<T> b) {
        Set<T> only = new HashSet<>(a);
        b.forEach(only::remove);
        return only.size();
    }

    static Duration best(List<Duration> times) {
        return times.stream().min(Duration::compareTo).orElseThrow();
    }

    static Duration median(List<Duration> times) {
        List<Duration> sorted = times.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }
}
