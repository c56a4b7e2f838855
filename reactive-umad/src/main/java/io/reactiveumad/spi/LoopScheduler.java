package io.reactiveumad.spi;

import io.reactiveumad.spi.channel.EventExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.Scannable;
import reactor.core.scheduler.Scheduler;
import reactor.util.annotation.Nullable;

/**
 * An {@link EventExecutor} seen as a Reactor {@link Scheduler}: tasks and timers run on the loop thread,
 * and {@link #now} is the loop's clock (virtual when the loop is; monotonic, not wall-clock time).
 * Disposing the scheduler does not stop the loop: the transport owns it. A worker tracks only the tasks
 * still to run, and once disposed runs nothing more, not even what is scheduled on it afterwards.
 */
public final class LoopScheduler implements Scheduler {
    private final EventExecutor loop;

    public LoopScheduler(EventExecutor loop) {
        this.loop = loop;
    }

    public EventExecutor loop() {
        return loop;
    }

    @Override
    public Disposable schedule(Runnable task) {
        return submit(new Task(task, null), 0, null);
    }

    @Override
    public Disposable schedule(Runnable task, long delay, TimeUnit unit) {
        return submit(new Task(task, null), delay, unit);
    }

    /** Hands {@code t} to the loop, at once ({@code unit} null) or after {@code delay}. */
    private Task submit(Task t, long delay, @Nullable TimeUnit unit) {
        if (unit == null) {
            loop.execute(t);
        } else {
            t.timer = loop.schedule(t, delay, unit);
        }
        return t;
    }

    @Override
    public Disposable schedulePeriodically(Runnable task, long initialDelay, long period, TimeUnit unit) {
        return new Periodic(task, null, initialDelay, period, unit).start();
    }

    @Override
    public long now(TimeUnit unit) {
        return unit.convert(loop.nanoTime(), TimeUnit.NANOSECONDS);
    }

    @Override
    public Worker createWorker() {
        return new LoopWorker();
    }

    @Override
    public String toString() {
        return "LoopScheduler(" + loop.name() + ")";
    }

    /** A task that runs at most once and not at all once disposed; it leaves its worker when it ends either way. */
    private static final class Task extends AtomicBoolean implements Runnable, Disposable {
        private static final long serialVersionUID = 1L;
        private final transient Runnable body;
        @Nullable
        private final transient Disposable.Composite worker;
        @Nullable
        transient volatile EventExecutor.Cancellable timer;

        Task(Runnable body, @Nullable Disposable.Composite worker) {
            this.body = body;
            this.worker = worker;
        }

        @Override
        public void run() {
            if (compareAndSet(false, true)) {
                try {
                    body.run();
                } finally {
                    leaveWorker();
                }
            }
        }

        @Override
        public void dispose() {
            if (compareAndSet(false, true)) {
                EventExecutor.Cancellable t = timer;
                if (t != null) {
                    t.cancel();
                }
                leaveWorker();
            }
        }

        private void leaveWorker() {
            if (worker != null) {
                worker.remove(this);
            }
        }

        @Override
        public boolean isDisposed() {
            return get();
        }
    }

    /**
     * A task that runs after {@code initialDelay} and then every {@code period}, each time planned from the first (a
     * late run does not push the later ones back; a run later than a whole period is followed at once by the next);
     * with a period of 0 or less, again as soon as it ends. A run that throws ends it, as Reactor's own periodic
     * tasks end. Disposed, it runs no more.
     */
    private final class Periodic implements Runnable, Disposable {
        private final Runnable body;
        @Nullable
        private final Disposable.Composite worker;
        private final long initialDelayNanos;
        private final long periodNanos;
        private final AtomicBoolean disposed = new AtomicBoolean();
        /** Loop thread only, after start. */
        private long firstRun;
        private long runs;
        @Nullable
        private volatile EventExecutor.Cancellable timer;

        Periodic(Runnable body, @Nullable Disposable.Composite worker, long initialDelay, long period, TimeUnit unit) {
            this.body = body;
            this.worker = worker;
            this.initialDelayNanos = Math.max(0, unit.toNanos(initialDelay));
            this.periodNanos = unit.toNanos(period);
        }

        Periodic start() {
            firstRun = loop.nanoTime() + initialDelayNanos;
            timer = loop.schedule(this, initialDelayNanos, TimeUnit.NANOSECONDS);
            return this;
        }

        @Override
        public void run() {
            if (disposed.get()) {
                return;
            }
            try {
                body.run();
            } catch (Throwable e) {
                dispose();
                throw e;
            }
            if (disposed.get()) {
                return;
            }
            if (periodNanos <= 0) {
                loop.execute(this);
                return;
            }
            runs++;
            long next = firstRun + runs * periodNanos;
            timer = loop.schedule(this, Math.max(0, next - loop.nanoTime()), TimeUnit.NANOSECONDS);
        }

        @Override
        public void dispose() {
            if (disposed.compareAndSet(false, true)) {
                EventExecutor.Cancellable t = timer;
                if (t != null) {
                    t.cancel();
                }
                if (worker != null) {
                    worker.remove(this);
                }
            }
        }

        @Override
        public boolean isDisposed() {
            return disposed.get();
        }
    }

    private final class LoopWorker implements Worker, Scannable {
        private final Disposable.Composite tasks = Disposables.composite();

        @Override
        public Disposable schedule(Runnable task) {
            return schedule(task, 0, null);
        }

        @Override
        public Disposable schedule(Runnable task, long delay, @Nullable TimeUnit unit) {
            Task t = new Task(task, tasks);
            // Tracked before it is handed over, so a disposed worker never lets a task through.
            if (!tasks.add(t)) {
                t.dispose();
                return t;
            }
            return submit(t, delay, unit);
        }

        @Override
        public Disposable schedulePeriodically(Runnable task, long initialDelay, long period, TimeUnit unit) {
            Periodic p = new Periodic(task, tasks, initialDelay, period, unit);
            if (!tasks.add(p)) {
                p.dispose();
                return p;
            }
            return p.start();
        }

        @Override
        public void dispose() {
            tasks.dispose();
        }

        @Override
        public boolean isDisposed() {
            return tasks.isDisposed();
        }

        @Override
        @Nullable
        public Object scanUnsafe(Attr key) {
            if (key == Attr.BUFFERED) {
                return tasks.size();
            }
            if (key == Attr.TERMINATED || key == Attr.CANCELLED) {
                return isDisposed();
            }
            return null;
        }
    }
}
