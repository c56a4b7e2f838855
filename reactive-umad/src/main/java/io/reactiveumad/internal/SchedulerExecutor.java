package io.reactiveumad.internal;

import io.reactiveumad.poll.EventExecutor;
import java.util.concurrent.TimeUnit;
import reactor.core.Disposable;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * An {@link EventExecutor} over one worker of a Reactor {@link Scheduler}: the event loop of transports
 * that have no fd (the embedded fabric, test doubles). With a {@code VirtualTimeScheduler} the loop
 * runs in virtual time. The worker must run tasks one at a time, in order, and a task submitted by a
 * running task after it, not inside it: the workers of {@code single}, {@code parallel},
 * {@code boundedElastic}, {@code newSingle} and {@code VirtualTimeScheduler} do. {@code immediate()}
 * (nested tasks run inline) is refused; {@code fromExecutor} over a thread pool (tasks run concurrently)
 * must not be used.
 */
public final class SchedulerExecutor implements EventExecutor {
    private final Scheduler scheduler;
    private final Scheduler.Worker worker;
    private final String name;
    private volatile Thread running;

    public SchedulerExecutor(Scheduler scheduler, String name) {
        if (scheduler == Schedulers.immediate()) {
            throw new IllegalArgumentException("Schedulers.immediate() runs a nested task inside the running one,"
                    + " so it cannot serialise a loop: use a single-threaded or virtual-time scheduler");
        }
        this.scheduler = scheduler;
        this.worker = scheduler.createWorker();
        this.name = name;
    }

    @Override
    public boolean inEventLoop() {
        return running == Thread.currentThread();
    }

    @Override
    public void execute(Runnable task) {
        worker.schedule(() -> runMarked(task));
    }

    @Override
    public Cancellable schedule(Runnable task, long delay, TimeUnit unit) {
        Disposable d = worker.schedule(() -> runMarked(task), delay, unit);
        return () -> {
            boolean wasPending = !d.isDisposed();
            d.dispose();
            return wasPending;
        };
    }

    /** Runs {@code task} with {@link #inEventLoop()} true, even when tasks nest (virtual time runs them inline). */
    private void runMarked(Runnable task) {
        Thread previous = running;
        running = Thread.currentThread();
        try {
            task.run();
        } finally {
            running = previous;
        }
    }

    @Override
    public long nanoTime() {
        return scheduler.now(TimeUnit.NANOSECONDS);
    }

    @Override
    public String name() {
        return name;
    }

    /** Stops running tasks; the scheduler itself stays the caller's. */
    public void shutdown() {
        worker.dispose();
    }
}
