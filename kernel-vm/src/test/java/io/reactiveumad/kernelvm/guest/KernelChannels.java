package io.reactiveumad.kernelvm.guest;

import io.reactiveumad.poll.EpollEventLoop;
import io.reactiveumad.poll.channel.AgentRegistration;
import io.reactiveumad.poll.channel.FrameListener;
import io.reactiveumad.poll.channel.MadChannel;
import io.reactiveumad.poll.channel.MadFrame;
import io.reactiveumad.poll.kernel.UmadHost;
import io.reactiveumad.poll.kernel.UmadPortRef;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Opens kernel channels on rxe0 port 1 (each its own umad fd) and calls them on their loop thread as
 * the {@link MadChannel} contract asks, rethrowing their typed errors on the test thread. Closing
 * closes every channel it opened.
 */
final class KernelChannels implements AutoCloseable {
    private final UmadHost host = UmadHost.system();
    private final List<MadChannel> opened = new ArrayList<>();
    /** One loop for every channel, as all ports of a device share one. */
    private EpollEventLoop loop;

    /** A started channel whose frames go to {@code listener}. */
    MadChannel open(FrameListener listener) {
        MadChannel channel = openChannel();
        onLoop(channel, () -> {
            channel.start(listener);
            return null;
        });
        return channel;
    }

    int register(MadChannel channel, int mgmtClass, long methodMask, int rmppVersion, boolean userRmpp) {
        AgentRegistration registration = new AgentRegistration(1, mgmtClass, VendorMads.CLASS_VERSION, methodMask, 0,
                VendorMads.OUI, rmppVersion, userRmpp);
        return onLoop(channel, () -> channel.registerAgent(registration));
    }

    void unregister(MadChannel channel, int agentId) {
        onLoop(channel, () -> {
            channel.unregisterAgent(agentId);
            return null;
        });
    }

    void send(MadChannel channel, MadFrame frame) {
        onLoop(channel, () -> {
            channel.send(frame);
            return null;
        });
    }

    void readInterest(MadChannel channel, boolean enabled) {
        onLoop(channel, () -> {
            channel.readInterest(enabled);
            return null;
        });
    }

    /**
     * Runs {@code call} on the channel's loop and returns its result, or rethrows what it threw. On the
     * loop already (an RMPP operator reacting to a frame) it runs at once.
     */
    static <T> T onLoop(MadChannel channel, Supplier<T> call) {
        if (channel.executor().inEventLoop()) {
            return call.get();
        }
        try {
            return CompletableFuture.supplyAsync(call, channel.executor()).get(FrameProbe.DEADLINE.toMillis(),
                    TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("the channel's loop did not run the call within " + FrameProbe.DEADLINE, e);
        }
    }

    @Override
    public void close() {
        opened.forEach(MadChannel::close);
        if (loop != null) {
            loop.close();
        }
    }

    private MadChannel openChannel() {
        UmadPortRef port = host.sysfs().find(InVm.DEVICE, InVm.PORT)
                .orElseThrow(() -> new IllegalStateException("sysfs lists no umad device for rxe0 port 1"));
        if (loop == null) {
            loop = EpollEventLoop.start(InVm.DEVICE);
        }
        MadChannel channel = host.openChannel(loop, port);
        opened.add(channel);
        return channel;
    }
}
