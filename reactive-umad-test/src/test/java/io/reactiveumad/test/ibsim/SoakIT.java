package io.reactiveumad.test.ibsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Transport;
import io.reactiveumad.Umad;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.topology.Topology;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Flux;

/**
 * Soak and leak checks. In the suite they run short; the long run is one command (docs/RELIABILITY.md):
 * {@code -Dumad.soak.mads=10000000 -Dumad.soak.cycles=1000}.
 *
 * <ul>
 *   <li>MADs through one ibsim port (SMP Get(NodeInfo), 64 in flight), in ten slices; after each, the
 *       heap in use after a GC, the open fds and the live threads are sampled and printed. From the
 *       second sample on (the first is the warm-up) fds, threads and the heap stay within small bounds:
 *       a leak per MAD would grow them slice after slice.</li>
 *   <li>Open/close cycles on ibsim and on the embedded fabric: open the port, register an agent, one SMP,
 *       close. Afterwards fds and threads are back where they were, and on ibsim nine clients attach at
 *       once (all of ibsim's ten slots but OpenSM's): a cycle that leaked a slot would leave fewer.</li>
 * </ul>
 */
class SoakIT {
    static final long MADS = Long.getLong("umad.soak.mads", 200_000);
    static final int CYCLES = Integer.getInteger("umad.soak.cycles", 100);
    private static final int WINDOW = 64;
    private static final int SLICES = 10;
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    /** Heap in use after a GC may wander by this much between samples (caches, JIT, the GC's own choices). */
    private static final long HEAP_SLACK = 24L << 20;
    /** Threads that come and go on their own (boundedElastic workers live 60 s after their last task). */
    private static final int THREAD_SLACK = 4;
    /**
     * The fds are the whole JVM's, and its other threads open and close their own (a jar read for a class
     * loaded late, surefire's channel): one came and went between samples in CI. A leak per MAD or per
     * cycle would add thousands or a hundred.
     */
    private static final int FD_SLACK = 2;

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1"));

    record Sample(long mads, long heapBytes, long fds, int threads) {
        static Sample take(long mads) {
            System.gc();
            long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
                return new Sample(mads, heap, fds.count(), ManagementFactory.getThreadMXBean().getThreadCount());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public String toString() {
            return String.format("mads=%d heap=%.1fMB fds=%d threads=%d", mads, heapBytes / 1e6, fds, threads);
        }
    }

    @Test
    void madsThroughOnePortLeaveHeapFdsAndThreadsFlat() {
        Transport sim = FABRIC.fabric().transport("host2");
        MadPort port = Umad.open(sim, new PortSpec("host2", 1)).block(PATIENCE);
        try {
            SmpClient smp = SmpClient.of(port);
            int target = FABRIC.fabric().lidsByPortGuid().values().stream().filter(lid -> lid != port.attributes().lid())
                    .findFirst().orElseThrow();
            long slice = Math.max(1, MADS / SLICES);
            List<Sample> samples = new ArrayList<>();
            long done = 0;
            long started = System.nanoTime();
            for (int s = 0; s < SLICES; s++) {
                Long answered = Flux.range(0, (int) slice)
                        .flatMap(i -> smp.nodeInfo(SmpRoute.lid(target)), WINDOW)
                        .count().block(Duration.ofMinutes(30));
                assertThat(answered).isEqualTo(slice);
                done += slice;
                Sample sample = Sample.take(done);
                samples.add(sample);
                System.out.printf("soak: %s after %.0f s%n", sample, (System.nanoTime() - started) / 1e9);
            }
            System.out.printf("soak: %d MADs answered, port stats %s%n", done, port.stats());
            Sample warm = samples.get(0);
            for (Sample later : samples.subList(1, samples.size())) {
                assertThat(later.fds()).as("open fds, %s vs warm-up %s", later, warm).isBetween(warm.fds() - FD_SLACK,
                        warm.fds() + FD_SLACK);
                assertThat(later.threads()).as("threads, %s vs warm-up %s", later, warm).isBetween(warm.threads() - THREAD_SLACK,
                        warm.threads() + THREAD_SLACK);
                assertThat(later.heapBytes()).as("heap after GC, %s vs warm-up %s", later, warm)
                        .isLessThan(warm.heapBytes() + HEAP_SLACK);
            }
            assertThat(port.stats().inFlight()).as("requests still in flight").isZero();
        } finally {
            port.close().block(PATIENCE);
        }
    }

    @Test
    void openCloseCyclesOnIbsimGiveBackEverySlotFdAndThread() {
        Transport sim = FABRIC.fabric().transport("host2");
        cycles("ibsim", () -> Umad.open(sim, new PortSpec("host2", 1)).block(PATIENCE));
        // Every slot came back: nine clients (all but OpenSM's) attach at once.
        List<MadPort> all = new ArrayList<>();
        try {
            for (int i = 0; i < 9; i++) {
                all.add(Umad.open(sim, new PortSpec("host3", 1)).block(PATIENCE));
            }
        } finally {
            all.forEach(p -> p.close().block(PATIENCE));
        }
    }

    @Test
    void openCloseCyclesOnTheEmbeddedFabricGiveBackEveryFdAndThread() {
        try (EmbeddedFabric fabric = EmbeddedFabric.start(Topology.defaultTopology())) {
            cycles("embedded", () -> Umad.open(fabric.transport(), fabric.port("host2", 1)).block(PATIENCE));
        }
    }

    private static void cycles(String transport, java.util.function.Supplier<MadPort> open) {
        AgentSpec server = AgentSpec.server(MgmtClass.SUBN_ADM, 2, Method.REPORT);
        Sample before = null;
        long started = System.nanoTime();
        for (int cycle = 0; cycle < CYCLES; cycle++) {
            MadPort port = open.get();
            try {
                assertThat(port.agent(server).block(PATIENCE)).as("cycle %d", cycle).isNotNull();
                int smLid = port.attributes().smLid();
                assertThat(SmpClient.of(port).nodeInfo(SmpRoute.lid(smLid)).block(PATIENCE)).as("cycle %d", cycle).isNotNull();
            } finally {
                port.close().block(PATIENCE);
            }
            if (cycle == 0) {
                before = Sample.take(0);
            }
        }
        Sample after = Sample.take(CYCLES);
        System.out.printf("soak: %s %d open/close cycles in %.1f s: after the first %s, after the last %s%n",
                transport, CYCLES, (System.nanoTime() - started) / 1e9, before, after);
        assertThat(after.fds()).as("open fds after %d cycles", CYCLES).isLessThanOrEqualTo(before.fds() + FD_SLACK);
        assertThat(after.threads()).as("threads after %d cycles", CYCLES).isLessThanOrEqualTo(before.threads() + THREAD_SLACK);
    }
}
