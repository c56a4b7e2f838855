package io.reactiveumad.poll;

import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.spi.channel.EventExecutor;

/**
 * An {@link EventExecutor} that also polls file descriptors: the epoll loop, one thread per device.
 * Registration, interest changes and cancellation may be called from any thread; they take effect on
 * the loop thread. Handlers always run on the loop thread.
 */
public interface PollLoop extends EventExecutor, AutoCloseable {
    /** Readable (epoll's EPOLLIN). */
    int READ = 0x001;
    /** Writable (EPOLLOUT). */
    int WRITE = 0x004;

    /**
     * Watches {@code fd} for {@code interest} ({@link #READ} and/or {@link #WRITE}, possibly none).
     * The loop never closes an fd it did not open: the caller closes {@code fd} after cancelling.
     */
    FdRegistration register(int fd, int interest, FdHandler handler);

    /**
     * Loop thread only: runs {@code task} once in this pass of the loop, after its tasks, timers and ready fds
     * and before it next waits for fds. A channel queues what it sends during a pass and sends it all here,
     * in one system call. Exceptions are logged and isolated, as a task's are.
     */
    void beforeWait(Runnable task);

    /** Closes every registration (handlers see no more events), closes the loop's own fds, joins the thread. */
    @Override
    void close();

    /** Called on the loop thread when a registered fd is ready. */
    interface FdHandler {
        /** {@code readyOps} is a mask of {@link #READ}/{@link #WRITE}. Exceptions are logged and isolated. */
        void onReady(int readyOps);

        /**
         * EPOLLERR/EPOLLHUP on the fd: typically a {@link DeviceGoneException}. The registration is cancelled
         * first; if the same wakeup also reported data for the handler's interest, {@link #onReady} ran just
         * before, so what was queued can still be drained.
         */
        void onError(NativeIoException error);
    }

    /** A watched fd. */
    interface FdRegistration {
        int fd();

        /** Replaces the interest set (e.g. READ off when the consumer has no demand). Any thread. */
        void interest(int interest);

        /** Stops watching; no handler call happens after this takes effect on the loop. Idempotent. */
        void cancel();
    }
}
