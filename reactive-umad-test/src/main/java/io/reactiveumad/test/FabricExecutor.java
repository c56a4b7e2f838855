package io.reactiveumad.test;

import io.reactiveumad.poll.EventExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.scheduler.Scheduler;

/**
 * The embedded fabric's event loop: an {@link EventExecutor} over one {@link Scheduler.Worker}, so the
 * whole fabric runs serially on it and, over a {@code VirtualTimeScheduler}, in virtual time.
 * "In the loop" means "inside a task of this executor", whichever thread runs it: a virtual-time worker
 * runs tasks on the thread that advances time. The fabric's own API also runs its work "in the loop"
 * synchronously from any thread ({@link #runExclusive}): every task holds one lock, so such a call
 * waits for a running task and excludes the next, without queueing behind a virtual clock that only
 * the calling thread could advance.
 */
final class FabricExecutor implements EventExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(FabricExecutor.class);

    private final Scheduler scheduler;
    private final Scheduler.Worker worker;
    private final String name;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile Thread runner;

    FabricExecutor(Scheduler scheduler, String name) {
        this.scheduler = scheduler;
        this.worker = scheduler.createWorker();
        this.name = name;
    }

    @Override
    public boolean inEventLoop() {
        return runner == Thread.currentThread();
    }

    @Override
    public void execute(Runnable task) {
        worker.schedule(wrap(task));
    }

    @Override
    public Cancellable schedule(Runnable task, long delay, TimeUnit unit) {
        Disposable handle = worker.schedule(wrap(task), delay, unit);
        return () -> {
            boolean pending = !handle.isDisposed();
            handle.dispose();
            return pending;
        };
    }

    @Override
    public long nanoTime() {
        return scheduler.now(TimeUnit.NANOSECONDS);
    }

    @Override
    public String name() {
        return name;
    }

    /** Fails unless called from a task of this executor: the channel contract, enforced as MockConsumer does. */
    void checkInLoop(String what) {
        if (!inEventLoop()) {
            throw new IllegalStateException(what + " must be called on the fabric's executor (" + name + "), not on "
                    + Thread.currentThread().getName() + ": use executor().execute(...)");
        }
    }

    void dispose() {
        worker.dispose();
    }

    /** Runs {@code task} now on the calling thread as a task of this executor, excluding every other task. */
    <T> T runExclusive(Supplier<T> task) {
        lock.lock();
        Thread previous = runner;
        runner = Thread.currentThread();
        try {
            return task.get();
        } finally {
            runner = previous;
            lock.unlock();
        }
    }

    private Runnable wrap(Runnable task) {
        return () -> {
            try {
                runExclusive(() -> {
                    task.run();
                    return null;
                });
            } catch (Throwable t) {
                // One failing task must not stop the fabric, as a loop thread would survive it.
                LOG.warn("embedded fabric task failed", t);
            }
        };
    }
}
