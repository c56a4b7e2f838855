package io.reactiveumad.internal;

import io.reactiveumad.poll.EventExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.scheduler.Scheduler;

/**
 * An {@link EventExecutor} seen as a Reactor {@link Scheduler}: tasks and timers run on the loop thread,
 * and {@link #now} is the loop's clock (virtual when the loop is). Disposing the scheduler does not stop
 * the loop: the transport owns it.
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
        Task t = new Task(task);
        loop.execute(t);
        return t;
    }

    @Override
    public Disposable schedule(Runnable task, long delay, TimeUnit unit) {
        Task t = new Task(task);
        EventExecutor.Cancellable timer = loop.schedule(t, delay, unit);
        return () -> {
            t.dispose();
            timer.cancel();
        };
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

    /** A task that does nothing once disposed. */
    private static final class Task extends AtomicBoolean implements Runnable, Disposable {
        private static final long serialVersionUID = 1L;
        private final transient Runnable body;

        Task(Runnable body) {
            this.body = body;
        }

        @Override
        public void run() {
            if (compareAndSet(false, true)) {
                body.run();
            }
        }

        @Override
        public void dispose() {
            set(true);
        }

        @Override
        public boolean isDisposed() {
            return get();
        }
    }

    private final class LoopWorker implements Worker {
        private final Disposable.Composite tasks = Disposables.composite();

        @Override
        public Disposable schedule(Runnable task) {
            return track(LoopScheduler.this.schedule(task));
        }

        @Override
        public Disposable schedule(Runnable task, long delay, TimeUnit unit) {
            return track(LoopScheduler.this.schedule(task, delay, unit));
        }

        private Disposable track(Disposable d) {
            if (!tasks.add(d)) {
                d.dispose();
            }
            return d;
        }

        @Override
        public void dispose() {
            tasks.dispose();
        }

        @Override
        public boolean isDisposed() {
            return tasks.isDisposed();
        }
    }
}
