package io.reactiveumad.spi;

import io.reactiveumad.spi.channel.EventExecutor;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
 *
 * <p>"In the loop" means "inside a task of this executor", whichever thread runs it: a virtual-time
 * worker runs tasks on the thread that advances time. {@link #call} runs work "in the loop" from any
 * thread and returns its result; on an executor {@link #onOwnThread} the caller waits for the loop, never
 * the loop for a caller (its thread must not block: BlockHound in the tests checks it). A task that
 * throws is logged and the loop goes on, as the epoll loop does. After {@link #shutdown()} new tasks are
 * rejected ({@code RejectedExecutionException}) and the tasks accepted before still run, as on the epoll
 * loop: a dropped task could leave a request waiting or a port unreleased forever, a rejected one becomes
 * a typed "port closed". Timers still pending at the shutdown are cancelled.
 */
public final class SchedulerExecutor implements EventExecutor {
    private static final Logger log = LoggerFactory.getLogger(SchedulerExecutor.class);

    private final Scheduler scheduler;
    private final Scheduler.Worker worker;
    private final String name;
    /** The scheduler to dispose once the last task ran, when this executor created it; else null. */
    private final Scheduler owned;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile Thread running;
    /** Set by {@link #shutdown()}: from then on every submission is rejected. */
    private volatile boolean shutDown;
    /** Tasks accepted by {@link #execute} that have not run yet: the shutdown waits for them (see {@link #shutdown()}). */
    private final AtomicInteger accepted = new AtomicInteger();

    public SchedulerExecutor(Scheduler scheduler, String name) {
        this(scheduler, name, null);
    }

    /** An executor on a new daemon thread named {@code name}, which it stops once it has {@link #shutdown()}. */
    public static SchedulerExecutor onOwnThread(String name) {
        Scheduler thread = Schedulers.newSingle(name, true);
        return new SchedulerExecutor(thread, name, thread);
    }

    private SchedulerExecutor(Scheduler scheduler, String name, Scheduler owned) {
        if (scheduler == Schedulers.immediate()) {
            throw new IllegalArgumentException("Schedulers.immediate() runs a nested task inside the running one,"
                    + " so it cannot serialise a loop: use a single-threaded or virtual-time scheduler");
        }
        this.scheduler = scheduler;
        this.worker = scheduler.createWorker();
        this.name = name;
        this.owned = owned;
    }

    @Override
    public boolean inEventLoop() {
        return running == Thread.currentThread();
    }

    /** Fails unless called from a task of this executor: the channel contract, enforced as MockConsumer does. */
    public void checkInLoop(String what) {
        if (!inEventLoop()) {
            throw new IllegalStateException(what + " must be called on the executor " + name + ", not on "
                    + Thread.currentThread().getName() + ": use executor().execute(...)");
        }
    }

    /** @throws RejectedExecutionException naming this executor once it is {@link #shutdown()} */
    @Override
    public void execute(Runnable task) {
        // Counted before the check: a shutdown that finds no task counted rejects every later submission.
        accepted.incrementAndGet();
        if (shutDown) {
            accepted.decrementAndGet();
            throw shutDown(null);
        }
        try {
            worker.schedule(() -> {
                try {
                    runIsolated(task);
                } finally {
                    accepted.decrementAndGet();
                }
            });
        } catch (RejectedExecutionException e) {
            accepted.decrementAndGet();
            throw shutDown(e);
        }
    }

    /** @throws RejectedExecutionException naming this executor once it is {@link #shutdown()} */
    @Override
    public Cancellable schedule(Runnable task, long delay, TimeUnit unit) {
        Disposable d;
        if (shutDown) {
            throw shutDown(null);
        }
        try {
            d = worker.schedule(() -> runIsolated(task), delay, unit);
        } catch (RejectedExecutionException e) {
            throw shutDown(e);
        }
        return () -> {
            boolean wasPending = !d.isDisposed();
            d.dispose();
            return wasPending;
        };
    }

    /**
     * Runs {@code task} as a task of this executor and returns its result or throws its exception. Inside a
     * task it runs at once. On an executor {@link #onOwnThread} the caller queues it and waits, so the loop
     * never waits for a caller. On a scheduler passed in, the caller runs it itself, excluding every task
     * (they wait for it): a virtual-time scheduler runs its tasks on the thread that advances the clock,
     * which may be this very caller, so queueing there could wait forever.
     *
     * @throws RejectedExecutionException once this executor is {@link #shutdown()}
     */
    public <T> T call(Supplier<T> task) {
        if (inEventLoop()) {
            return task.get();
        }
        if (owned == null) {
            if (shutDown) {
                throw shutDown(null);
            }
            return runAsTask(task);
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        execute(() -> {
            try {
                result.complete(task.get());
            } catch (RuntimeException | Error e) {
                result.completeExceptionally(e);
            }
        });
        try {
            return result.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw (Error) e.getCause();
        }
    }

    /** Runs {@code task} now on the calling thread as a task of this executor, excluding every other task. */
    private <T> T runAsTask(Supplier<T> task) {
        lock.lock();
        Thread previous = running;
        running = Thread.currentThread();
        try {
            return task.get();
        } finally {
            running = previous;
            lock.unlock();
        }
    }

    private void runIsolated(Runnable task) {
        try {
            runAsTask(() -> {
                task.run();
                return null;
            });
        } catch (RuntimeException | Error e) {
            // One failing task must not stop the loop, as the epoll loop's thread survives it too.
            log.warn("task on {} failed", name, e);
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

    /** Reactor says only "Scheduler unavailable"; this says whose loop it was and why. */
    private RejectedExecutionException shutDown(RejectedExecutionException reactors) {
        return new RejectedExecutionException(name + (shutDown || worker.isDisposed() ? " is shut down"
                : ": its scheduler was disposed"), reactors);
    }

    /**
     * Rejects every later submission, runs the tasks already accepted, then stops (and stops the thread
     * of {@link #onOwnThread}); any thread, and from a task of this executor. Pending timers are cancelled.
     * A scheduler passed to the constructor stays the caller's.
     */
    public void shutdown() {
        if (shutDown) {
            return;
        }
        shutDown = true;
        try {
            worker.schedule(this::stopAfterAcceptedTasks);
        } catch (RejectedExecutionException schedulerAlreadyDisposed) {
            stop();
        }
    }

    /**
     * Queued after the tasks accepted so far; while any accepted task has not run yet (one a submitter
     * counted but had not queued when this was), it queues itself again behind them. Once none is left
     * nobody can queue any more (every later submission sees the shutdown), so it stops.
     */
    private void stopAfterAcceptedTasks() {
        if (accepted.get() > 0) {
            worker.schedule(this::stopAfterAcceptedTasks);
            return;
        }
        stop();
    }

    private void stop() {
        worker.dispose();
        if (owned != null) {
            owned.dispose();
        }
    }
}
