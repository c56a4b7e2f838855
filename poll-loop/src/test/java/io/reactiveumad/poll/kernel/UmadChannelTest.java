package io.reactiveumad.poll.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.poll.EpollEventLoop;
import io.reactiveumad.poll.Errors;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadFrame;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** UmadChannel on a real epoll loop, with a socketpair standing in for the umad fd. */
class UmadChannelTest {
    private static final long AWAIT_SECONDS = 10;
    private static final AgentRegistration SA_CLIENT = new AgentRegistration(1, 0x03, 2, 0, 0, 0, 1, false);
    private static final AgentRegistration VENDOR_SERVER =
            new AgentRegistration(1, 0x30, 1, 1L << 1 | 1L << 6, 1L << 3, 0x001405, 0, true);
    private static final MadAddress FROM = new MadAddress(0x21, 1, MadAddress.GSI_QKEY, 3, 1, 2,
            new MadAddress.Grh(new Gid(0xfe80_0000_0000_0000L, 0x0002_c903_0000_4242L), 1, 64, 7, 0xabcde));

    @TempDir
    Path root;
    private EpollEventLoop loop;
    private FakeUmadDevice device;
    private final List<String> opened = new CopyOnWriteArrayList<>();
    private UmadChannel channel;
    private final BlockingQueue<MadFrame> frames = new LinkedBlockingQueue<>();
    private final CompletableFuture<Throwable> error = new CompletableFuture<>();
    private final List<Throwable> errors = new CopyOnWriteArrayList<>();

    @BeforeEach
    void open() {
        loop = EpollEventLoop.start("umad-test");
        device = new FakeUmadDevice();
        UmadHost host = new UmadHost(new UmadSysfs(FakeSysfs.build(root.resolve("sys"))), root.resolve("dev"),
                (path, nonBlocking) -> {
                    opened.add(path + (nonBlocking ? " O_NONBLOCK" : ""));
                    return device;
                });
        channel = host.openChannel(loop, host.sysfs().ports().get(2));
    }

    @AfterEach
    void close() {
        channel.close();
        device.hangUp();
        loop.close();
    }

    @Test
    void opensTheUmadFileOfItsPortNonBlocking() {
        assertThat(opened).containsExactly(root.resolve("dev/umad2") + " O_NONBLOCK");
        assertThat(channel.executor()).isSameAs(loop);
        assertThat(channel.port().device()).isEqualTo("mlx5_1");
        assertThat(channel.port().lid()).isEqualTo(FakeSysfs.lid(1, 1));
    }

    @Test
    void registersWithRegisterAgent2CarryingEveryField() throws Exception {
        int first = onLoop(() -> channel.registerAgent(SA_CLIENT));
        int second = onLoop(() -> channel.registerAgent(VENDOR_SERVER));

        assertThat(first).isNotEqualTo(second);
        assertThat(device.ioctlLog).containsExactly(
                "REGISTER_AGENT2 qpn=1 class=0x03 version=2 flags=0 mask=0:0 oui=0x000000 rmpp=1",
                "REGISTER_AGENT2 qpn=1 class=0x30 version=1 flags=1 mask=8:42 oui=0x001405 rmpp=0");
    }

    @Test
    void fallsBackToEnablePkeyAndRegisterAgentWhenTheKernelLacksRegisterAgent2() throws Exception {
        device.agent2Supported = false;

        onLoop(() -> channel.registerAgent(VENDOR_SERVER));
        onLoop(() -> channel.registerAgent(SA_CLIENT));

        // User RMPP is rmpp_version 0 in the old call; ENABLE_PKEY only once, before the first agent.
        assertThat(device.ioctlLog).containsExactly(
                "ENABLE_PKEY",
                "REGISTER_AGENT qpn=1 class=0x30 version=1 mask=8:42 oui=001405 rmpp=0",
                "REGISTER_AGENT qpn=1 class=0x03 version=2 mask=0:0 oui=000000 rmpp=1");
    }

    @Test
    void registeringAgainAfterUnregisteringReusesTheArgumentBuffer() throws Exception {
        int first = onLoop(() -> channel.registerAgent(SA_CLIENT));
        onLoop(() -> {
            channel.unregisterAgent(first);
            return null;
        });

        int second = onLoop(() -> channel.registerAgent(VENDOR_SERVER));

        assertThat(second).isNotEqualTo(first);
        assertThat(device.ioctlLog).hasSize(3).last().asString().startsWith("REGISTER_AGENT2 qpn=1 class=0x30");
    }

    @Test
    void aRejectedRegistrationIsATypedErrorCarryingBothAttempts() {
        device.registrationErrno = Errors.EINVAL;

        assertThatThrownBy(() -> onLoop(() -> channel.registerAgent(SA_CLIENT)))
                .isInstanceOf(NativeIoException.class)
                .satisfies(e -> assertThat(((NativeIoException) e).errno()).isEqualTo(Errors.EINVAL))
                .satisfies(e -> assertThat(e.getSuppressed()).hasSize(1));
    }

    @Test
    void sendWritesTheHeaderAndTheMad() throws Exception {
        int agent = onLoop(() -> channel.registerAgent(SA_CLIENT));
        byte[] mad = mad(256, 0x5a);

        onLoop(() -> {
            channel.send(new MadFrame(agent, 0, 200, 3, FROM, mad));
            return null;
        });

        ByteBuffer written = device.takeWritten();
        assertThat(written.remaining()).isEqualTo(UmadHeader.SIZE + 256);
        UmadHeader header = new UmadHeader().wrap(written);
        assertThat(header.agentId()).isEqualTo(agent);
        assertThat(header.status()).isZero();
        assertThat(header.timeoutMs()).isEqualTo(200);
        assertThat(header.retries()).isEqualTo(3);
        assertThat(header.address()).isEqualTo(FROM);
        // Network-order fields are big-endian on the wire whatever the host order.
        assertThat(written.get(UmadHeader.LID_OFFSET)).isEqualTo((byte) 0);
        assertThat(written.get(UmadHeader.LID_OFFSET + 1)).isEqualTo((byte) 0x21);
        byte[] body = new byte[256];
        written.get(UmadHeader.SIZE, body);
        assertThat(body).isEqualTo(mad);
    }

    @Test
    void aFrameWithoutAddressIsRejected() throws Exception {
        int agent = onLoop(() -> channel.registerAgent(SA_CLIENT));

        assertThatThrownBy(() -> onLoop(() -> {
            channel.send(new MadFrame(agent, 0, 0, 0, null, mad(256, 1)));
            return null;
        })).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("address");
    }

    @Test
    void receivedMadsArriveAsFramesWithTheirSource() throws Exception {
        start();
        byte[] first = mad(256, 1);
        byte[] second = mad(256, 2);

        device.deliver(4, 0, FROM, first);
        device.deliver(4, 0, FROM, second);

        MadFrame one = nextFrame();
        MadFrame two = nextFrame();
        assertThat(one.agentId()).isEqualTo(4);
        assertThat(one.status()).isZero();
        assertThat(one.address()).isEqualTo(FROM);
        assertThat(one.mad()).isEqualTo(first);
        assertThat(two.mad()).isEqualTo(second);
        assertThat(two.address()).isEqualTo(FROM);
    }

    @Test
    void aTimeoutRecordArrivesWithStatusEtimedoutAndTheCommonHeader() throws Exception {
        start();
        byte[] commonHeader = mad(24, 9);

        device.deliver(1, Errors.ETIMEDOUT, MadAddress.gsi(5), commonHeader);

        MadFrame record = nextFrame();
        assertThat(record.isTimeoutRecord()).isTrue();
        assertThat(record.status()).isEqualTo(MadFrame.ETIMEDOUT);
        assertThat(record.mad()).isEqualTo(commonHeader);
    }

    @Test
    void aKernelRmppMessageLongerThanTheBufferIsReadWholeAfterEnospc() throws Exception {
        start();
        byte[] large = mad(40 + 8000, 3);
        byte[] small = mad(256, 4);

        device.deliver(2, 0, FROM, large);
        device.deliver(2, 0, FROM, small);

        assertThat(nextFrame().mad()).isEqualTo(large);
        assertThat(nextFrame().mad()).isEqualTo(small);
        assertThat(errors).isEmpty();
    }

    @Test
    void withoutReadInterestMadsStayQueuedUntilItReturns() throws Exception {
        onLoop(() -> {
            channel.readInterest(false);
            channel.start(listener());
            return null;
        });

        device.deliver(1, 0, FROM, mad(256, 1));
        device.deliver(1, 0, FROM, mad(256, 2));
        loopRoundTrips(5);
        assertThat(frames).isEmpty();

        onLoop(() -> {
            channel.readInterest(true);
            return null;
        });
        assertThat(nextFrame().mad()[0]).isEqualTo((byte) 1);
        assertThat(nextFrame().mad()[0]).isEqualTo((byte) 2);
    }

    @Test
    void turningReadInterestOffFromTheListenerStopsAtThatFrame() throws Exception {
        onLoop(() -> {
            channel.start(listener(() -> channel.readInterest(false)));
            return null;
        });

        for (int i = 1; i <= 3; i++) {
            device.deliver(1, 0, FROM, mad(256, i));
        }
        assertThat(nextFrame().mad()[0]).isEqualTo((byte) 1);
        loopRoundTrips(5);
        assertThat(frames).isEmpty();

        onLoop(() -> {
            channel.readInterest(true);
            return null;
        });
        assertThat(nextFrame().mad()[0]).isEqualTo((byte) 2);
    }

    @Test
    void aHangupEndsTheChannelWithDeviceGoneOnce() throws Exception {
        start();

        device.hangUp();

        assertThat(error.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isInstanceOf(DeviceGoneException.class);
        loopRoundTrips(3);
        assertThat(errors).hasSize(1);
    }

    @Test
    void eioFromReadIsDeviceGone() throws Exception {
        start();
        device.nextReadError = Errors.newException("read", Errors.EIO);

        device.deliver(1, 0, FROM, mad(256, 1));

        assertThat(error.get(AWAIT_SECONDS, TimeUnit.SECONDS)).isInstanceOf(DeviceGoneException.class)
                .satisfies(e -> assertThat(((NativeIoException) e).errno()).isEqualTo(Errors.EIO));
        assertThat(frames).isEmpty();
    }

    @Test
    void closeUnregistersEveryAgentAndClosesTheFdOnce() throws Exception {
        int a = onLoop(() -> channel.registerAgent(SA_CLIENT));
        int b = onLoop(() -> channel.registerAgent(VENDOR_SERVER));
        onLoop(() -> {
            channel.unregisterAgent(a);
            return null;
        });
        start();

        channel.close();
        channel.close();

        assertThat(device.isClosed()).isTrue();
        assertThat(device.ioctlLog).filteredOn(s -> s.startsWith("UNREGISTER"))
                .containsExactly("UNREGISTER_AGENT " + a, "UNREGISTER_AGENT " + b);
        assertThatThrownBy(() -> onLoop(() -> channel.registerAgent(SA_CLIENT)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    @Test
    void closeAfterTheLoopIsGoneStillReleasesTheFd() {
        loop.close();

        channel.close();

        assertThat(device.isClosed()).isTrue();
    }

    @Test
    void unregisteringAnUnknownAgentIsRejected() {
        assertThatThrownBy(() -> onLoop(() -> {
            channel.unregisterAgent(17);
            return null;
        })).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("17");
    }

    @Test
    void useOffTheLoopThreadIsRejected() {
        assertThatThrownBy(() -> channel.registerAgent(SA_CLIENT)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("loop thread");
        assertThatThrownBy(() -> channel.readInterest(true)).isInstanceOf(IllegalStateException.class);
    }

    // ---- helpers ----

    private void start() throws Exception {
        onLoop(() -> {
            channel.start(listener());
            return null;
        });
    }

    private FrameListener listener() {
        return listener(() -> { });
    }

    /** Records frames and errors; {@code afterFrame} runs on the loop after each frame. */
    private FrameListener listener(Runnable afterFrame) {
        return new FrameListener() {
            @Override
            public void onFrame(int agentId, int status, MadAddress source, byte[] mad) {
                MadFrame frame = new MadFrame(agentId, status, 0, 0, source, mad);
                frames.add(frame);
                afterFrame.run();
            }

            @Override
            public void onError(Throwable e) {
                errors.add(e);
                error.complete(e);
            }
        };
    }

    private MadFrame nextFrame() throws InterruptedException {
        MadFrame frame = frames.poll(AWAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(frame).as("a frame within %d s", AWAIT_SECONDS).isNotNull();
        return frame;
    }

    private <T> T onLoop(Callable<T> action) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        loop.execute(() -> {
            try {
                result.complete(action.call());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        try {
            return result.get(AWAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw (Exception) e.getCause();
        }
    }

    /** Several loop iterations, each of which would have read from the fd if EPOLLIN were on. */
    private void loopRoundTrips(int n) throws Exception {
        for (int i = 0; i < n; i++) {
            onLoop(() -> null);
        }
    }

    private static byte[] mad(int length, int seed) {
        byte[] mad = new byte[length];
        for (int i = 0; i < length; i++) {
            mad[i] = (byte) (seed + i * 31);
        }
        mad[0] = (byte) seed;
        return mad;
    }
}
