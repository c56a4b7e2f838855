package io.reactiveumad.poll;

/**
 * The thread of an {@link EpollEventLoop}. Nothing may block on it: every channel, request timer and
 * RMPP timer of its device waits for it. Its own class, as Reactor's scheduler threads have theirs, so
 * a blocking-call detector (BlockHound, through the core's integration) can tell it apart.
 */
public final class LoopThread extends Thread {
    LoopThread(Runnable loop, String name) {
        super(loop, name);
    }
}
