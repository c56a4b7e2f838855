package io.reactiveumad.poll;

import java.util.HashMap;
import java.util.Map;

/**
 * One event loop per device, shared by the device's ports: the first port to open starts it, the last
 * to close stops it. Thread-safe.
 */
public final class LoopGroup {
    private final String prefix;
    private final Map<String, Shared> loops = new HashMap<>();

    private static final class Shared {
        final PollLoop loop;
        int users;

        Shared(PollLoop loop) {
            this.loop = loop;
        }
    }

    /** @param prefix names the loops: {@code prefix + device} */
    public LoopGroup(String prefix) {
        this.prefix = prefix;
    }

    /** The loop of {@code device}, started on first use; pair every call with {@link #release}. */
    public synchronized PollLoop acquire(String device) {
        Shared shared = loops.computeIfAbsent(device, d -> new Shared(EpollEventLoop.start(prefix + d)));
        shared.users++;
        return shared.loop;
    }

    /** Gives back one use of {@code device}'s loop; the last one closes it (off the loop thread, so it can join). */
    public void release(String device) {
        PollLoop toClose = null;
        synchronized (this) {
            Shared shared = loops.get(device);
            if (shared != null && --shared.users == 0) {
                loops.remove(device);
                toClose = shared.loop;
            }
        }
        if (toClose != null) {
            PollLoop loop = toClose;
            if (loop.inEventLoop()) {
                Thread closer = new Thread(loop::close, "umad-loop-closer");
                closer.setDaemon(true);
                closer.start();
            } else {
                loop.close();
            }
        }
    }
}
