package io.reactiveumad.kernelvm.guest;

import io.reactiveumad.mad.MadAddress;
import static org.assertj.core.api.Assertions.fail;

import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadFrame;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A {@link FrameListener} that queues what a channel delivers, for a test thread to await with a deadline. */
final class FrameProbe implements FrameListener {
    /** Generous for a loopback MAD under TCG, short enough that a lost MAD fails fast. */
    static final Duration DEADLINE = Duration.ofSeconds(10);

    private final String name;
    private final BlockingQueue<MadFrame> frames = new LinkedBlockingQueue<>();
    private final BlockingQueue<Throwable> errors = new LinkedBlockingQueue<>();

    FrameProbe(String name) {
        this.name = name;
    }

    @Override
    public void onFrame(int agentId, int status, MadAddress source, byte[] mad) {
        MadFrame frame = new MadFrame(agentId, status, 0, 0, source, mad);
        frames.add(frame);
    }

    @Override
    public void onError(Throwable error) {
        errors.add(error);
    }

    /** The next frame, failing the test if none arrives within {@link #DEADLINE}. */
    MadFrame next() throws InterruptedException {
        return next(DEADLINE);
    }

    MadFrame next(Duration deadline) throws InterruptedException {
        MadFrame frame = frames.poll(deadline.toMillis(), TimeUnit.MILLISECONDS);
        if (frame == null) {
            fail("%s: no frame within %s", name, deadline);
        }
        return frame;
    }

    /**
     * Frames until one matches {@code last} (included), failing if it does not come within
     * {@link #DEADLINE}.
     */
    List<MadFrame> until(Predicate<MadFrame> last) throws InterruptedException {
        List<MadFrame> seen = new ArrayList<>();
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            MadFrame frame = frames.poll(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (frame == null) {
                fail("%s: the awaited frame did not come within %s; got %s", name, DEADLINE, seen);
            }
            seen.add(frame);
            if (last.test(frame)) {
                return seen;
            }
        }
    }

    /** The frames delivered so far and not taken, without waiting. */
    List<MadFrame> drain() {
        List<MadFrame> out = new ArrayList<>();
        frames.drainTo(out);
        return out;
    }

    /** The channel's terminal error, failing the test if none comes within {@link #DEADLINE}. */
    Throwable error() throws InterruptedException {
        Throwable error = errors.poll(DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
        if (error == null) {
            fail("%s: no channel error within %s", name, DEADLINE);
        }
        return error;
    }
}
