package io.reactiveumad.kernelvm.guest;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.poll.EpollEventLoop;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.spi.channel.MadFrame;
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
    /**
     * The kernel-side timeout of the requests the tests send (no resends): long enough for the answering
     * test code on a loaded single-vCPU TCG guest, since the kernel drops an answer that comes later.
     */
    static final int ANSWER_WAIT_MS = 10_000;

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

    /** A client and a server of the vendor class's Get, each on a fd of its own. */
    record ClientServer(MadChannel client, int clientAgent, MadChannel server, int serverAgent) {
    }

    /**
     * Opens a client and a server channel with one agent each; {@code userRmpp} registers that side with
     * the USER_RMPP flag, else the kernel does RMPP for it.
     */
    ClientServer clientAndServer(FrameListener clientFrames, boolean clientUserRmpp, FrameListener serverFrames,
                                 boolean serverUserRmpp) {
        MadChannel client = open(clientFrames);
        MadChannel server = open(serverFrames);
        return new ClientServer(client, register(client, VendorMads.CLASS, 0, 1, clientUserRmpp),
                server, register(server, VendorMads.CLASS, 1L << VendorMads.GET, 1, serverUserRmpp));
    }

    /** A request from {@code agentId} to {@code to} whose answer the kernel awaits {@link #ANSWER_WAIT_MS}. */
    static MadFrame request(int agentId, MadAddress to, Mad mad) {
        return new MadFrame(agentId, 0, ANSWER_WAIT_MS, 0, to, mad.toByteArray());
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
