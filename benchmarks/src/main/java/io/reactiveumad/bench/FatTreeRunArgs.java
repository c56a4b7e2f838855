package io.reactiveumad.bench;

import io.reactiveumad.test.topology.FatTree;
import io.reactiveumad.test.topology.Topology;

/**
 * The command line the fat-tree comparisons share: {@code --umad PATH} (the launcher), {@code --leaves 32
 * --spines 8 --hosts 30} (1000 nodes), {@code --warm-runs N}, {@code --cold-runs N} (1..6: ibsim's client slots).
 */
record FatTreeRunArgs(String umad, int leaves, int spines, int hosts, int warmRuns, int coldRuns) {

    /** Parses {@code args} over the defaults; {@code program} and the defaults name themselves in the usage line. */
    static FatTreeRunArgs parse(String program, int defaultWarmRuns, String[] args) {
        String umad = null;
        int leaves = 32;
        int spines = 8;
        int hosts = 30;
        int warmRuns = defaultWarmRuns;
        int coldRuns = 3;
        for (int i = 0; i + 1 < args.length; i += 2) {
            String value = args[i + 1];
            switch (args[i]) {
                case "--umad" -> umad = java.nio.file.Path.of(value).toAbsolutePath().toString();
                case "--leaves" -> leaves = Integer.parseInt(value);
                case "--spines" -> spines = Integer.parseInt(value);
                case "--hosts" -> hosts = Integer.parseInt(value);
                case "--warm-runs" -> warmRuns = Integer.parseInt(value);
                case "--cold-runs" -> coldRuns = Integer.parseInt(value);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (umad == null || args.length % 2 != 0 || coldRuns > 6 || coldRuns < 1 || warmRuns < 1) {
            throw new IllegalArgumentException("usage: " + program + " --umad PATH [--leaves 32 --spines 8 --hosts 30] "
                    + "[--warm-runs " + defaultWarmRuns + "] [--cold-runs 3 (1..6: ibsim's client slots)]");
        }
        return new FatTreeRunArgs(umad, leaves, spines, hosts, warmRuns, coldRuns);
    }

    Topology tree() {
        return FatTree.generate(leaves, spines, hosts);
    }
}
