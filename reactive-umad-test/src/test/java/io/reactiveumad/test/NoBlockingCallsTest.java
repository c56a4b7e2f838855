package io.reactiveumad.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.poll.EpollEventLoop;
import io.reactiveumad.spi.SchedulerExecutor;
import io.reactiveumad.spi.channel.EventExecutor;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * BlockHound is installed in this module's tests (blockhound-junit-platform) and {@link NoBlockingCalls}
 * fails any test in which a loop or delivery thread blocked. Here a loop blocks on purpose, and the
 * extension's verdict is asked for inside the test (which also clears it for the automatic one).
 */
class NoBlockingCallsTest {
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    @Test
    void aSleepOnAnEpollLoopThreadFailsTheTest() throws Exception {
        EpollEventLoop loop = EpollEventLoop.start("blocking-probe");
        try {
            assertBlockingIsCaught(loop, "umad-loop-blocking-probe");
        } finally {
            loop.close();
        }
    }

    @Test
    void aSleepOnTheEmbeddedFabricsThreadFailsTheTest() throws Exception {
        SchedulerExecutor loop = SchedulerExecutor.onOwnThread("embedded-probe");
        try {
            assertBlockingIsCaught(loop, "embedded-probe");
        } finally {
            loop.shutdown();
        }
    }

    @Test
    void aSleepOnTheTestThreadIsAllowed() throws Exception {
        Thread.sleep(1);
        new NoBlockingCalls().afterEach(null);
    }

    private static void assertBlockingIsCaught(EventExecutor loop, String thread) throws Exception {
        CountDownLatch ran = new CountDownLatch(1);
        loop.execute(() -> {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                ran.countDown();
            }
        });
        assertThat(ran.await(PATIENCE.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThatThrownBy(() -> new NoBlockingCalls().afterEach(null))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("1 blocking call(s)")
                .hasMessageContaining(thread)
                .hasMessageContaining("java.lang.Thread.sleep");
    }
}
