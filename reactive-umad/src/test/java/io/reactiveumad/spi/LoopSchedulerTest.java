package io.reactiveumad.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.Scannable;
import reactor.core.scheduler.Scheduler;
import reactor.test.scheduler.VirtualTimeScheduler;

/** The loop seen as a Reactor scheduler, over a virtual-time loop. */
class LoopSchedulerTest {
    final VirtualTimeScheduler vts = VirtualTimeScheduler.create();
    final SchedulerExecutor loop = new SchedulerExecutor(vts, "test-loop");
    final LoopScheduler scheduler = new LoopScheduler(loop);
    final List<String> ran = new ArrayList<>();

    @AfterEach
    void stop() {
        loop.shutdown();
        vts.dispose();
    }

    @Test
    void aLongLivedWorkerForgetsTheTasksThatRanOrWereCancelled() {
        Scheduler.Worker worker = scheduler.createWorker();
        for (int i = 0; i < 1000; i++) {
            worker.schedule(() -> ran.add("now"));
            worker.schedule(() -> ran.add("later"), 1, TimeUnit.SECONDS);
            worker.schedule(() -> ran.add("never"), 1, TimeUnit.SECONDS).dispose();
        }
        worker.schedule(() -> ran.add("pending"), 1, TimeUnit.HOURS);
        vts.advanceTimeBy(Duration.ofSeconds(1));
        assertThat(ran).hasSize(2000).doesNotContain("never");
        assertThat(Scannable.from(worker).scanUnsafe(Scannable.Attr.BUFFERED)).as("only the pending timer is tracked").isEqualTo(1);
        worker.dispose();
    }

    @Test
    void aCancelledTimerSaysSoAndNeverRuns() {
        Disposable timer = scheduler.schedule(() -> ran.add("timer"), 1, TimeUnit.SECONDS);
        assertThat(timer.isDisposed()).isFalse();
        timer.dispose();
        assertThat(timer.isDisposed()).isTrue();
        vts.advanceTimeBy(Duration.ofSeconds(2));
        assertThat(ran).isEmpty();
    }

    @Test
    void disposingAWorkerCancelsItsPendingTasksAndRefusesNewOnes() {
        Scheduler.Worker worker = scheduler.createWorker();
        worker.schedule(() -> ran.add("pending"), 1, TimeUnit.SECONDS);
        worker.dispose();
        Disposable late = worker.schedule(() -> ran.add("late"));
        vts.advanceTimeBy(Duration.ofSeconds(2));
        assertThat(ran).isEmpty();
        assertThat(late.isDisposed()).isTrue();
    }

    @Test
    void nestedTasksUnderVirtualTimeRunOnTheLoopInSubmissionOrder() {
        loop.execute(() -> {
            ran.add("outer " + loop.inEventLoop());
            loop.execute(() -> ran.add("nested " + loop.inEventLoop()));
            ran.add("outer again " + loop.inEventLoop());
        });
        assertThat(ran).containsExactly("outer true", "outer again true", "nested true");
        assertThat(loop.inEventLoop()).isFalse();
    }

    @Test
    void anImmediateSchedulerCannotBeALoopBecauseItRunsNestedTasksReentrantly() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new SchedulerExecutor(reactor.core.scheduler.Schedulers.immediate(), "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("immediate");
    }

    /** Flux.interval on the loop's scheduler, as a user writes it: ticks every period by the loop's clock. */
    @Test
    void fluxIntervalTicksOnTheLoop() {
        List<Long> ticks = new ArrayList<>();
        Disposable interval = reactor.core.publisher.Flux.interval(Duration.ZERO, Duration.ofSeconds(1), scheduler)
                .subscribe(ticks::add);
        assertThat(ticks).containsExactly(0L);
        vts.advanceTimeBy(Duration.ofMillis(2500));
        assertThat(ticks).containsExactly(0L, 1L, 2L);
        interval.dispose();
        vts.advanceTimeBy(Duration.ofSeconds(5));
        assertThat(ticks).hasSize(3);
    }

    /** Each run is planned from the first: a run that takes time does not push the next ones back. */
    @Test
    void aPeriodicTaskKeepsItsRateWhenARunTakesTime() {
        List<Long> at = new ArrayList<>();
        Disposable task = scheduler.schedulePeriodically(() -> {
            at.add(scheduler.now(TimeUnit.MILLISECONDS));
            if (at.size() == 2) {
                // A slow run: the loop's clock moves 400 ms while it runs.
                vts.advanceTimeBy(Duration.ofMillis(400));
            }
        }, 100, 1000, TimeUnit.MILLISECONDS);
        vts.advanceTimeBy(Duration.ofMillis(3200));
        task.dispose();
        long start = at.get(0);
        assertThat(at).containsExactly(start, start + 1000, start + 2000, start + 3000);
    }

    @Test
    void aWorkersPeriodicTaskEndsWithTheWorker() {
        Scheduler.Worker worker = scheduler.createWorker();
        worker.schedulePeriodically(() -> ran.add("tick"), 0, 1, TimeUnit.SECONDS);
        vts.advanceTimeBy(Duration.ofMillis(1500));
        assertThat(ran).hasSize(2);
        assertThat(Scannable.from(worker).scanUnsafe(Scannable.Attr.BUFFERED)).isEqualTo(1);
        worker.dispose();
        vts.advanceTimeBy(Duration.ofSeconds(5));
        assertThat(ran).hasSize(2);
        Disposable late = worker.schedulePeriodically(() -> ran.add("late"), 0, 1, TimeUnit.SECONDS);
        vts.advanceTimeBy(Duration.ofSeconds(2));
        assertThat(late.isDisposed()).isTrue();
        assertThat(ran).hasSize(2);
    }

    /** A run that throws ends the task, as Reactor's own periodic tasks end. */
    @Test
    void aPeriodicTaskThatThrowsRunsNoMore() {
        Disposable task = scheduler.schedulePeriodically(() -> {
            ran.add("run");
            throw new IllegalStateException("boom");
        }, 0, 1, TimeUnit.SECONDS);
        vts.advanceTimeBy(Duration.ofSeconds(3));
        assertThat(ran).containsExactly("run");
        assertThat(task.isDisposed()).isTrue();
    }
}
