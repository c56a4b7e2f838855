package io.reactiveumad.operators;

import reactor.core.Disposable;
import reactor.core.scheduler.Scheduler;

import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs tasks one at a time, in submission order, on whichever thread submits while no one else is
 * draining (a trampoline), and runs delayed tasks the same way when their timer fires. The RMPP state
 * machines keep all their state behind one of these, so inbound MADs and timers never race and a
 * reentrant call (a transmit that loops straight back) is queued instead of recursing.
 */
final class SerialExecutor {
    private final Queue<Runnable> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger wip = new AtomicInteger();
    private final Scheduler.Worker timers;
    private final Consumer<Throwable> onTaskFailure;

    /** {@code onTaskFailure} gets whatever a task throws; draining goes on with the next task. */
    SerialExecutor(Scheduler scheduler, Consumer<Throwable> onTaskFailure) {
        this.timers = scheduler.createWorker();
        this.onTaskFailure = onTaskFailure;
    }

    void execute(Runnable task) {
        queue.offer(task);
        if (wip.getAndIncrement() != 0) {
            return;
        }
        int missed = 1;
        do {
            Runnable next;
            while ((next = queue.poll()) != null) {
                try {
                    next.run();
                } catch (Throwable t) {
                    onTaskFailure.accept(t);
                }
            }
            missed = wip.addAndGet(-missed);
        } while (missed != 0);
    }

    /** Runs {@code task} through {@link #execute} after {@code delay}; dispose the result to cancel. */
    Disposable schedule(Runnable task, Duration delay) {
        return timers.schedule(() -> execute(task), delay.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Cancels every pending timer; no timer task runs afterwards. */
    void dispose() {
        timers.dispose();
    }
}
