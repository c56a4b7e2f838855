package io.reactiveumad;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.spi.channel.MadChannel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/** Opening ports on real threads: the open blocks on boundedElastic, so a subscriber may leave meanwhile. */
class UmadTest {

    static boolean within(Duration limit, BooleanSupplier condition) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        return condition.getAsBoolean();
    }

    @Test
    void aPortWhoseSubscriberLeftWhileItOpenedIsClosed() throws Exception {
        Scheduler loop = Schedulers.newSingle("fake-loop");
        FakeChannel channel = new FakeChannel(loop);
        CountDownLatch opening = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Transport slow = new Transport() {
            @Override
            public String name() {
                return "slow";
            }

            @Override
            public List<PortSpec> ports() {
                return List.of(new PortSpec("fake0", 1));
            }

            @Override
            public List<DeviceAttributes> devices() {
                return List.of();
            }

            @Override
            public MadChannel open(PortSpec spec) {
                opening.countDown();
                // Like a sysfs read, the open finishes even if the cancelling subscriber interrupts it.
                boolean interrupted = false;
                while (true) {
                    try {
                        if (release.await(10, TimeUnit.SECONDS)) {
                            break;
                        }
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
                return channel;
            }
        };
        try {
            Disposable opened = Umad.open(slow, new PortSpec("fake0", 1)).subscribe();
            assertThat(opening.await(10, TimeUnit.SECONDS)).isTrue();
            opened.dispose(); // e.g. a timeout() upstream gave up
            release.countDown();
            assertThat(within(Duration.ofSeconds(10), channel.closed::get))
                    .as("nobody holds the port, so it must not keep its fd and loop").isTrue();
        } finally {
            loop.dispose();
        }
    }
}
