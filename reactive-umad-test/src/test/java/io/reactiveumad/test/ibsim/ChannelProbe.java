package io.reactiveumad.test.ibsim;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.poll.EpollEventLoop;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadFrame;
import io.reactiveumad.spi.channel.PortAttributes;
import io.reactiveumad.poll.ibsim.IbsimChannel;
import io.reactiveumad.poll.ibsim.IbsimEndpoint;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One {@link IbsimChannel} on its own loop, driven synchronously from a test thread: register agents,
 * send a request and wait (bounded) for the response with the same low TID bits, or take the next
 * unsolicited frame.
 */
final class ChannelProbe implements AutoCloseable {
    private static final long ANSWER_MS = 2_000;
    private static final int ATTEMPTS = 3;

    private final EpollEventLoop loop;
    private final IbsimChannel channel;
    private final Map<Integer, CompletableFuture<MadFrame>> waiting = new ConcurrentHashMap<>();
    /**
     * Filled on the event loop, which BlockHound forbids to block: a lock-free queue, since a
     * LinkedBlockingQueue's offer parks on its lock when the test thread holds it, and BlockHound's error
     * thrown from inside that lock left the test thread waiting for the lock for ever.
     */
    private final BlockingQueue<MadFrame> unsolicited = new LinkedTransferQueue<>();
    private final AtomicInteger tids = new AtomicInteger(1);
    private volatile Throwable failure;

    /** Where this test's channels reach {@code fabric}'s ibsim: as its environment for {@code node} says. */
    static IbsimEndpoint endpoint(IbsimFabric fabric, String node) {
        return IbsimEndpoint.fromEnvironment(fabric.environment(node));
    }

    ChannelProbe(IbsimFabric fabric, String node) {
        IbsimEndpoint endpoint = endpoint(fabric, node);
        loop = EpollEventLoop.start("probe-" + node);
        try {
            channel = IbsimChannel.open(endpoint, node, loop, () -> { });
        } catch (RuntimeException e) {
            loop.close();
            throw e;
        }
        onLoop(() -> {
            channel.start(new FrameListener() {
                @Override
                public void onFrame(int agentId, int status, MadAddress source, byte[] mad) {
                    MadFrame frame = new MadFrame(agentId, status, 0, 0, source, mad);
                    MadHeader header = new MadHeader().wrap(frame.mad());
                    CompletableFuture<MadFrame> f = header.isResponse() ? waiting.remove(header.tidLow()) : null;
                    if (f != null) {
                        f.complete(frame);
                    } else {
                        unsolicited.add(frame);
                    }
                }

                @Override
                public void onError(Throwable error) {
                    failure = error;
                }
            });
            return null;
        });
    }

    IbsimChannel channel() {
        return channel;
    }

    PortAttributes port() {
        return channel.port();
    }

    /** A client agent (no unsolicited methods) for {@code mgmtClass}. */
    int client(int mgmtClass, int classVersion) {
        return register(new AgentRegistration(MgmtClass.isSmp(mgmtClass) ? 0 : 1, mgmtClass, classVersion, 0, 0, 0, 0,
                false));
    }

    int register(AgentRegistration registration) {
        return onLoop(() -> channel.registerAgent(registration));
    }

    /**
     * Sends {@code mad} with a fresh low TID and returns the response's MAD; resends (same TID) up to
     * {@value #ATTEMPTS} times, {@value #ANSWER_MS} ms apart, then fails.
     */
    byte[] request(int agentId, MadAddress to, byte[] mad) {
        int tid = tids.getAndIncrement();
        ByteBuffer.wrap(mad).putInt(MadHeader.TID_OFFSET + 4, tid);
        CompletableFuture<MadFrame> answer = new CompletableFuture<>();
        waiting.put(tid, answer);
        try {
            for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
                onLoop(() -> {
                    channel.send(MadFrame.send(agentId, to, mad.clone()));
                    return null;
                });
                try {
                    return answer.get(ANSWER_MS, TimeUnit.MILLISECONDS).mad();
                } catch (TimeoutException retry) {
                    // ibsim or OpenSM dropped it: resend with the same TID.
                }
            }
            throw new AssertionError("no response to " + io.reactiveumad.mad.Mad.of(mad) + " from " + to
                    + " after " + ATTEMPTS + " attempts" + (failure != null ? "; channel failed: " + failure : ""));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        } catch (ExecutionException e) {
            throw new AssertionError(e.getCause());
        } finally {
            waiting.remove(tid);
        }
    }

    /** Sends {@code mad} once and does not wait for anything. */
    void send(int agentId, MadAddress to, byte[] mad) {
        onLoop(() -> {
            channel.send(MadFrame.send(agentId, to, mad));
            return null;
        });
    }

    /** The next unsolicited frame, waiting at most {@code timeoutMs}. */
    MadFrame nextUnsolicited(long timeoutMs) throws InterruptedException {
        MadFrame frame = unsolicited.poll(timeoutMs, TimeUnit.MILLISECONDS);
        if (frame == null) {
            throw new AssertionError("no unsolicited MAD within " + timeoutMs + " ms");
        }
        return frame;
    }

    /** Runs {@code action} on the channel's loop and waits for it (channel calls are loop-only). */
    <T> T onLoop(Callable<T> action) {
        CompletableFuture<T> result = new CompletableFuture<>();
        loop.execute(() -> {
            try {
                result.complete(action.call());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        try {
            return result.get(5, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new AssertionError(e.getCause());
        } catch (InterruptedException | TimeoutException e) {
            throw new AssertionError("loop did not run the action", e);
        }
    }

    @Override
    public void close() {
        channel.close();
        loop.close();
    }
}
