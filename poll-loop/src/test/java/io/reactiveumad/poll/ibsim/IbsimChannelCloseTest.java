package io.reactiveumad.poll.ibsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.poll.EpollEventLoop;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.SocketAddress;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Closing a channel detaches it from ibsim (DISCONNECT, and ibsim's reply), a control call that waits behind any
 * other thread's. Against a simulator of our own over UDP (ibsim's remote mode) that answers CONNECT and holds the
 * first control call after it for as long as the test says.
 */
class IbsimChannelCloseTest {
    private static final long AWAIT_SECONDS = 20;

    private EpollEventLoop loop;
    private HoldingSimulator simulator;

    @BeforeEach
    void start() throws SocketException {
        loop = EpollEventLoop.start("ibsim-close");
        simulator = new HoldingSimulator();
    }

    @AfterEach
    void stop() {
        simulator.release();
        loop.close();
        simulator.close();
    }

    /**
     * The loop would otherwise wait for the other call, up to the control timeout (a minute here), and then for ibsim.
     * The channel is released (its data socket closed, {@code onClosed} run) once it has detached, as it is when nothing
     * holds the control socket: a port reopened after its close finds its client slot free.
     */
    @Test
    void closingOnTheLoopDoesNotWaitForAnotherThreadsControlCall() throws Exception {
        CountDownLatch released = new CountDownLatch(1);
        IbsimChannel channel = simulator.open(loop, released::countDown);
        CompletableFuture<Object> portRead = CompletableFuture.supplyAsync(() -> {
            try {
                return channel.port();
            } catch (RuntimeException e) {
                return e;
            }
        });
        assertThat(simulator.awaitCall(type -> type != SimCtl.TYPE_CONNECT)).as("the other thread's call, held").isTrue();

        CompletableFuture<Void> closedOnLoop = new CompletableFuture<>();
        loop.execute(() -> {
            channel.close();
            closedOnLoop.complete(null);
        });

        closedOnLoop.get(AWAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(portRead).as("the other thread's call, still held").isNotDone();
        assertThat(released.getCount()).as("released before it detached").isOne();

        simulator.release();
        portRead.get(AWAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(simulator.awaitCall(type -> type == SimCtl.TYPE_DISCONNECT)).as("detached once the other call ended").isTrue();
        assertThat(released.await(AWAIT_SECONDS, TimeUnit.SECONDS)).as("then released on the loop").isTrue();
    }

    @Test
    void closingOnTheLoopWithNoOtherCallHasDetachedAndReleasedWhenItReturns() throws Exception {
        simulator.release();
        CountDownLatch released = new CountDownLatch(1);
        IbsimChannel channel = simulator.open(loop, released::countDown);

        CompletableFuture<Long> releasedWhenClosed = new CompletableFuture<>();
        loop.execute(() -> {
            channel.close();
            releasedWhenClosed.complete(released.getCount());
        });

        assertThat(releasedWhenClosed.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isZero();
        assertThat(simulator.calls).contains(SimCtl.TYPE_DISCONNECT);
    }

    @Test
    void closingOffTheLoopHasDetachedWhenItReturns() throws Exception {
        simulator.release();
        CountDownLatch released = new CountDownLatch(1);
        IbsimChannel channel = simulator.open(loop, released::countDown);

        channel.close();

        assertThat(simulator.calls).contains(SimCtl.TYPE_DISCONNECT);
        assertThat(released.await(AWAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
    }

    /**
     * ibsim's control protocol on a UDP socket: CONNECT gets client slot 0 on node "held"; the first other call waits
     * until {@link #release()}, then it and every later one get a reply of zeroed data.
     */
    private static final class HoldingSimulator implements AutoCloseable {
        final BlockingQueue<Integer> calls = new LinkedBlockingQueue<>();
        private final DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress());
        private final CountDownLatch released = new CountDownLatch(1);
        private final Thread thread = new Thread(this::serve, "holding-ibsim");

        HoldingSimulator() throws SocketException {
            thread.setDaemon(true);
            thread.start();
        }

        IbsimChannel open(EpollEventLoop loop, Runnable onClosed) {
            IbsimEndpoint endpoint = IbsimEndpoint.remote("127.0.0.1", socket.getLocalPort())
                    .withControlTimeout(Duration.ofMinutes(1));
            return IbsimChannel.open(endpoint, null, loop, onClosed);
        }

        void release() {
            released.countDown();
        }

        /** Takes calls in order until one is of the {@code wanted} type. */
        boolean awaitCall(IntPredicate wanted) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(AWAIT_SECONDS);
            for (Integer call; (call = calls.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) != null; ) {
                if (wanted.test(call)) {
                    return true;
                }
            }
            return false;
        }

        private void serve() {
            byte[] datagram = new byte[SimCtl.SIZE];
            try {
                while (true) {
                    DatagramPacket packet = new DatagramPacket(datagram, datagram.length);
                    socket.receive(packet);
                    ByteBuffer call = ByteBuffer.wrap(datagram).order(ByteOrder.nativeOrder());
                    int type = call.getInt(8);
                    calls.add(type);
                    if (type == SimCtl.TYPE_CONNECT) {
                        call.putInt(SimCtl.INFO_ID_OFFSET, 0);
                        call.put(SimCtl.INFO_NODE_ID_OFFSET, "held\0".getBytes(StandardCharsets.US_ASCII));
                    } else {
                        released.await();
                        call.put(SimCtl.DATA_OFFSET, new byte[SimCtl.DATA_SIZE]);
                    }
                    reply(datagram, packet.getSocketAddress());
                }
            } catch (Exception closed) {
                // The test closed the socket.
            }
        }

        private void reply(byte[] datagram, SocketAddress to) throws IOException {
            socket.send(new DatagramPacket(datagram, datagram.length, to));
        }

        @Override
        public void close() {
            socket.close();
        }
    }
}
