package io.reactiveumad.bench;

import io.reactiveumad.IbsimTransport;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.topology.FatTree;
import io.reactiveumad.test.topology.Topology;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Side-by-side request/response on one ibsim fabric: the C libibumad client (under umad2sim) and
 * {@link MadRoundTrips} (over {@code IbsimTransport}), each in its own process attached to the same node,
 * SMP Get(NodeInfo) LID-routed to the same target across a spine, at each window, best of {@code --runs}
 * runs in one process. Prints a table with the Java/C ratios, then each client's CPU time and context switches per
 * round trip (Java's first run apart from its later ones). Started by {@code benchmarks/ibsim-roundtrips.sh}.
 *
 * <p>Arguments: {@code --c-client PATH} (the built mad_roundtrips), {@code --count N} (20 000),
 * {@code --runs R} (2), {@code --windows 1,8,64}, and {@code --java-option OPT} (repeatable: given to the
 * Java client's JVM alone, as a user would start theirs; none by default, which is what the figures quote).
 */
public final class IbsimRoundTripsComparison {
    /** 4 leaves, 2 spines, 4 hosts per leaf: every request crosses leaf, spine, leaf. */
    static final int LEAVES = 4;
    static final int SPINES = 2;
    static final int HOSTS_PER_LEAF = 4;
    static final String SM_NODE = "host-1";
    static final String CLIENT_NODE = "host-2";
    static final String TARGET_NODE = "host-" + LEAVES * HOSTS_PER_LEAF;
    private static final Duration RUN_LIMIT = Duration.ofMinutes(5);

    private IbsimRoundTripsComparison() {
    }

    public static void main(String[] args) {
        String cClient = null;
        int count = 20_000;
        int runs = 2;
        List<Integer> windows = List.of(1, 8, 64);
        List<String> javaOptions = new ArrayList<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--c-client" -> cClient = java.nio.file.Path.of(args[i + 1]).toAbsolutePath().toString();
                case "--count" -> count = Integer.parseInt(args[i + 1]);
                case "--runs" -> runs = Integer.parseInt(args[i + 1]);
                case "--windows" -> windows = parseWindows(args[i + 1]);
                case "--java-option" -> javaOptions.add(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (cClient == null || args.length % 2 != 0) {
            throw new IllegalArgumentException("usage: IbsimRoundTripsComparison --c-client PATH [--count N] [--runs R] "
                    + "[--windows 1,8,64] [--java-option OPT]...");
        }
        run(cClient, count, runs, windows, javaOptions, System.out);
    }

    /** Starts the fabric, runs both clients at each window and prints the table to {@code out}. */
    static void run(String cClient, int count, int runs, List<Integer> windows, List<String> javaOptions,
                    PrintStream out) {
        Topology tree = FatTree.generate(LEAVES, SPINES, HOSTS_PER_LEAF);
        try (IbsimFabric fabric = IbsimFabric.builder().topology(tree).smNode(SM_NODE).sweepSeconds(0).start()) {
            int lid = fabric.lidsByPortGuid().get(tree.requireNode(TARGET_NODE).portGuid(1));
            out.printf(Locale.ROOT, "ibsim request/response: SMP Get(NodeInfo), LID-routed from %s to %s (LID %d) "
                    + "on a %dx%dx%d fat tree, %d round trips, best of %d%s%n%n", CLIENT_NODE, TARGET_NODE, lid,
                    LEAVES, SPINES, HOSTS_PER_LEAF, count, runs,
                    javaOptions.isEmpty() ? "" : ", Java started with " + String.join(" ", javaOptions));
            out.println("| window | C libibumad | reactive-umad | Java/C |");
            out.println("|---|---|---|---|");
            StringBuilder usage = new StringBuilder();
            for (int window : windows) {
                RoundTripRuns.Run c = RoundTripRuns.best(RoundTripRuns.runs(ChildProcess.run(fabric.attached(CLIENT_NODE,
                        List.of(cClient, "-w", "" + window, "-n", "" + count, "-r", "" + runs, "" + lid)), RUN_LIMIT), "c",
                        window, count));
                List<RoundTripRuns.Run> java = RoundTripRuns.runs(ChildProcess.run(ChildProcess.java(MadRoundTrips.class,
                        javaOptions, Map.of(IbsimTransport.ENV_SOCKET_NAME, fabric.socketName(), IbsimTransport.ENV_NODE, CLIENT_NODE),
                        List.of("--window", "" + window, "--count", "" + count, "--runs", "" + runs, "--lid", "" + lid)),
                        RUN_LIMIT), "java", window, count);
                out.println(RoundTripRuns.row(window, c.rate(), RoundTripRuns.best(java).rate()));
                usage.append(String.format(Locale.ROOT, "| %d | %s | %s | %s |%n", window, c.usage(), java.get(0).usage(),
                        java.size() > 1 ? RoundTripRuns.best(java.subList(1, java.size())).usage() : "-"));
            }
            out.printf(Locale.ROOT, "%nPer round trip, each client process's CPU time (Java: of which its JIT and GC threads) "
                    + "and context switches, which load barely moves; C's best run, Java's first run (a fresh JVM: JIT "
                    + "warm-up) and its best later run:%n%n");
            out.println("| window | C libibumad | reactive-umad first run | reactive-umad later runs |");
            out.println("|---|---|---|---|");
            out.print(usage);
        }
    }

    static List<Integer> parseWindows(String list) {
        List<Integer> windows = new ArrayList<>();
        for (String w : list.split(",")) {
            windows.add(Integer.parseInt(w.trim()));
        }
        return windows;
    }
}
