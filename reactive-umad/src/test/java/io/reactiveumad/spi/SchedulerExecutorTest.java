package io.reactiveumad.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import reactor.test.scheduler.VirtualTimeScheduler;

/** The shutdown of a loop that has no fd: what it accepted runs, what comes later is refused. */
class SchedulerExecutorTest {

    @Test
    void aTaskAcceptedBeforeTheShutdownStillRunsAndALaterOneIsRejected() {
        VirtualTimeScheduler time = VirtualTimeScheduler.create();
        SchedulerExecutor loop = new SchedulerExecutor(time, "test-loop");
        List<String> ran = new ArrayList<>();
        try {
            // Queued behind the running task, then the loop shuts down from inside it: the port's
            // "terminate" queued just before its fabric closed was silently dropped this way.
            loop.execute(() -> {
                loop.execute(() -> ran.add("accepted"));
                loop.shutdown();
                ran.add("shut down");
            });
            assertThat(ran).containsExactly("shut down", "accepted");
            assertThatThrownBy(() -> loop.execute(() -> ran.add("late")))
                    .isInstanceOf(RejectedExecutionException.class).hasMessageContaining("test-loop is shut down");
            assertThat(ran).doesNotContain("late");
        } finally {
            time.dispose();
        }
    }

    @Test
    void anExecutorOnItsOwnThreadStopsThatThreadAfterItsLastTask() {
        SchedulerExecutor loop = SchedulerExecutor.onOwnThread("own-thread-loop");
        List<String> ran = new ArrayList<>();
        loop.execute(() -> ran.add(Thread.currentThread().getName()));
        loop.shutdown();
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith("own-thread-loop")));
        assertThat(ran).singleElement().asString().startsWith("own-thread-loop");
    }
}
