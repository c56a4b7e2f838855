package io.reactiveumad.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.FakeChannel;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.NativeIoException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Hooks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * A refresh reads the port's attributes on another thread. The peer check is one, and the close cancels it; closing
 * the channel then makes the read fail (EBADF on ibsim's socket). Nobody waits for that read any more: it ends without
 * an error for Reactor's dropped-error log, which a clean-clone run showed at the end of a failed
 * {@code umad trace --ports-file}. Real threads: the read blocks in the channel while the port closes.
 */
class DefaultMadPortRefreshTest {
    private static final Duration DEADLINE = Duration.ofSeconds(5);

    @Test
    void aRefreshTheCloseCancelledEndsWithoutADroppedError() throws Exception {
        List<Throwable> dropped = new CopyOnWriteArrayList<>();
        CountDownLatch reading = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        CountDownLatch readEnded = new CountDownLatch(1);
        Scheduler loop = Schedulers.newSingle("fake-loop");
        Hooks.onErrorDropped(dropped::add);
        Schedulers.onScheduleHook("refresh-ended", task -> () -> {
            try {
                task.run();
            } finally {
                readEnded.countDown();
            }
        });
        try {
            FakeChannel channel = new FakeChannel(loop);
            MadPort port = Umad.open(channel.transport(), new PortSpec("fake0", 1)).block(DEADLINE);
            channel.portReader(() -> {
                reading.countDown();
                try {
                    closed.await(DEADLINE.toSeconds(), TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new NativeIoException("read", 9, "the socket was closed");
            });
            Disposable check = port.refresh().subscribe();
            assertThat(reading.await(DEADLINE.toSeconds(), TimeUnit.SECONDS)).isTrue();

            check.dispose();
            port.dispose();
            Awaitility.await().atMost(DEADLINE).until(port::isDisposed);
            closed.countDown();

            assertThat(readEnded.await(DEADLINE.toSeconds(), TimeUnit.SECONDS)).isTrue();
            assertThat(dropped).isEmpty();
            assertThatThrownBy(() -> port.refresh().block(DEADLINE)).isInstanceOf(PortClosedException.class);
        } finally {
            Schedulers.resetOnScheduleHook("refresh-ended");
            Hooks.resetOnErrorDropped();
            loop.dispose();
        }
    }
}
