package io.reactiveumad.test.ibsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Umad;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.discovery.FabricDiscovery;
import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.test.topology.FatTree;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Signal;
import reactor.core.scheduler.Schedulers;

/**
 * ibsim killed (SIGKILL) while a discovery of a 12x6x16 fat tree (210 nodes) runs, one SMP at a time so it
 * is still running when the kill lands: the discovery ends by its deadline with the typed error of a dead
 * transport ({@link PortClosedException} caused by {@link DeviceGoneException}), never hangs, and the port
 * knows it is closed.
 */
class DiscoveryUnderKillIT {
    private static final Duration WITHIN = Duration.ofSeconds(20);

    @Test
    void aDiscoveryWhoseSimulatorIsKilledEndsTypedByItsDeadline() {
        try (IbsimFabric fabric = IbsimFabric.builder().topology(FatTree.generate(12, 6, 16)).smNode("host-1")
                .startTimeout(Duration.ofSeconds(120)).start()) {
            MadPort port = Umad.open(fabric.transport("host-2"), new PortSpec("host-2", 1)).block(WITHIN);
            AtomicBoolean killed = new AtomicBoolean();
            AtomicInteger nodesAtKill = new AtomicInteger();
            DiscoveryOptions oneAtATime = DiscoveryOptions.defaults().withOutstanding(1).withProgress(progress -> {
                if (progress.nodes() >= 10 && killed.compareAndSet(false, true)) {
                    nodesAtKill.set(progress.nodes());
                    // Killing waits for the process: not on the thread that reports progress.
                    Schedulers.boundedElastic().schedule(fabric::killSimulator);
                }
            });
            long started = System.nanoTime();
            Signal<DiscoveredFabric> end = FabricDiscovery.discover(port, oneAtATime).materialize().block(WITHIN);
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            System.out.printf("DiscoveryUnderKillIT: killed at %d nodes, the discovery ended after %d ms with %s%n",
                    nodesAtKill.get(), took.toMillis(), end);

            assertThat(killed).as("the simulator was killed during the discovery").isTrue();
            assertThat(end).isNotNull();
            assertThat(end.isOnError()).as("the discovery failed, %s", end).isTrue();
            assertThat(end.getThrowable()).isInstanceOf(PortClosedException.class).hasCauseInstanceOf(DeviceGoneException.class);
            assertThat(port.isDisposed()).isTrue();
        }
    }
}
