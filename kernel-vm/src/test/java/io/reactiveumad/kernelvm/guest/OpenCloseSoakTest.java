package io.reactiveumad.kernelvm.guest;

import static io.reactiveumad.kernelvm.guest.VendorMads.CLASS;
import static io.reactiveumad.kernelvm.guest.VendorMads.GET;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.RmppMode;
import io.reactiveumad.Umad;
import io.reactiveumad.KernelTransport;
import io.reactiveumad.Transport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.core.publisher.Mono;

/**
 * Open/close cycles of the kernel transport give back what each took: every cycle opens two ports of
 * rxe0 (two umad fds), registers a server and a client agent, sends one request answered by the server,
 * and closes both ports, awaited. After the cycles the process's open fds and threads are where they were
 * after the first (a leaked fd, agent or loop per cycle would add hundreds), and rxe0 still takes the
 * same registrations (the kernel released every agent). Under TCG a cycle takes about 0.4 s, so the suite
 * runs 50; the long soak is {@code mvn verify -pl kernel-vm -Dumad.vm.cycles=1000 -Dumad.testTimeout=30m}
 * (docs/RELIABILITY.md), its own time limit 0.75 s a cycle.
 */
@Order(60)
class OpenCloseSoakTest {
    private static final int CYCLES = Integer.getInteger("umad.vm.cycles", 50);
    /** Threads that come and go on their own (boundedElastic workers, which open ports, idle out after 60 s). */
    private static final int THREAD_SLACK = 4;
    private static final int FD_SLACK = 2;

    private final Transport transport = KernelTransport.system();

    @Test
    @Timeout(value = 1, unit = TimeUnit.DAYS) // the suite's 90 s default would cut a long soak; bounded below instead
    void openCloseCyclesGiveBackEveryFdThreadAndAgent() {
        assertTimeoutPreemptively(Duration.ofMillis(750L * CYCLES + 30_000), this::cycles);
    }

    private void cycles() {
        cycle();
        long fds = openFds();
        int threads = ManagementFactory.getThreadMXBean().getThreadCount();
        long started = System.nanoTime();
        for (int i = 1; i < CYCLES; i++) {
            cycle();
        }
        System.out.printf("vm soak: %d open/close cycles in %.1f s; fds %d -> %d, threads %d -> %d%n", CYCLES,
                (System.nanoTime() - started) / 1e9, fds, openFds(), threads,
                ManagementFactory.getThreadMXBean().getThreadCount());
        assertThat(openFds()).as("open fds after %d cycles", CYCLES).isBetween(fds - FD_SLACK, fds + FD_SLACK);
        assertThat(ManagementFactory.getThreadMXBean().getThreadCount()).as("threads after %d cycles", CYCLES)
                .isBetween(threads - THREAD_SLACK, threads + THREAD_SLACK);
    }

    private void cycle() {
        MadPort serving = Umad.open(transport, KernelPorts.RXE0).block(FrameProbe.DEADLINE);
        MadPort asking = Umad.open(transport, KernelPorts.RXE0).block(FrameProbe.DEADLINE);
        try {
            MadAgent server = KernelPorts.agent(serving, CLASS, RmppMode.KERNEL, GET);
            MadAgent client = KernelPorts.agent(asking, CLASS, RmppMode.KERNEL);
            server.serve(req -> Mono.just(VendorMads.response(req.mad(), VendorMads.SINGLE_MAD_DATA, false)));
            assertThat(client.request(VendorMads.get(CLASS, 0), InVm.selfGsi()).block(FrameProbe.DEADLINE))
                    .as("the answer").isNotNull();
        } finally {
            asking.close().block(FrameProbe.DEADLINE);
            serving.close().block(FrameProbe.DEADLINE);
        }
    }

    private static long openFds() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
