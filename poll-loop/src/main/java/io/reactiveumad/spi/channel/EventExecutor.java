package io.reactiveumad.spi.channel;

import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * A single thread that serialises every action on the resources it owns: tasks submitted from any
 * thread run on it in submission order, timers fire on it. The epoll loop is one; the embedded
 * fabric builds one over a Reactor scheduler so tests can drive it in virtual time.
 */
public interface EventExecutor extends Executor {

    /** True when called from this executor's own thread. */
    boolean inEventLoop();

    /** Runs {@code task} on the loop thread; safe from any thread, including the loop itself. */
    @Override
    void execute(Runnable task);

    /** Runs {@code task} on the loop thread after {@code delay}; the handle cancels it if not yet run. */
    Cancellable schedule(Runnable task, long delay, TimeUnit unit);

    /** The executor's clock in nanoseconds: monotonic, and virtual when the executor is. */
    long nanoTime();

    /** A human-readable name; also the loop thread's name. */
    String name();

    /** A scheduled task that has not run yet can be cancelled; cancelling twice is harmless. */
    @FunctionalInterface
    interface Cancellable {
        /** Returns true if this call prevented the task from running. */
        boolean cancel();
    }
}
