package io.reactiveumad;

import io.reactiveumad.spi.SchedulerExecutor;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.spi.channel.EventExecutor;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.spi.channel.MadFrame;
import io.reactiveumad.spi.channel.PortAttributes;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import reactor.core.scheduler.Scheduler;

/**
 * A kernel-like channel in memory, for testing the core: it enforces the loop-thread contract, rewrites
 * TID bits 63..32 of requests with the agent id (as the kernel does with its own tag), routes responses
 * back by them, queues arrivals while read interest is off (the kernel queue), and hands every sent
 * frame to a {@code peer} function that may answer.
 */
public final class FakeChannel implements MadChannel {
    static final int EINVAL = 22;

    private final SchedulerExecutor loop;
    private final Map<Integer, AgentRegistration> agents = new HashMap<>();
    private final Queue<MadFrame> kernelQueue = new ArrayDeque<>();
    public final Queue<MadFrame> sent = new ConcurrentLinkedQueue<>();
    final AtomicBoolean reading = new AtomicBoolean(true);
    final AtomicBoolean closed = new AtomicBoolean();
    /** Stop the loop when the channel closes, as the kernel transport does with the last port of a device. */
    volatile boolean stopLoopOnClose;
    /** Fault injection: {@code readInterest(true)} throws, as epoll_ctl on a broken fd would. */
    volatile boolean failReadInterest;
    /** Fault injection: {@code start} throws. */
    volatile boolean failStart;
    /** Whether the channel resends requests itself and reports their final timeout, as the kernel does. */
    volatile boolean resendsRequests;
    private volatile Function<MadFrame, List<MadFrame>> peer = f -> List.of();
    private volatile PortAttributes attributes = new PortAttributes("fake0", 1, 0x1234, 7, 0, 1, 0,
            PortAttributes.STATE_ACTIVE, 5, "InfiniBand", List.of(new Gid(0xfe80_0000_0000_0000L, 0x1234)),
            List.of(0xFFFF, 0x8001), PortInfo.CAP_IS_TRAP_SUPPORTED, "10 Gb/sec (4X SDR)");
    private volatile java.util.function.Supplier<PortAttributes> portReader;
    private FrameListener listener;
    private int nextAgent = 1;

    public FakeChannel(Scheduler scheduler) {
        this.loop = new SchedulerExecutor(scheduler, "fake-loop");
    }

    @Override
    public boolean resendsRequests() {
        return resendsRequests;
    }

    /** What answers each sent frame (on the loop thread); the answers are delivered as if received. */
    public void peer(Function<MadFrame, List<MadFrame>> answer) {
        this.peer = answer;
    }

    /** Delivers {@code frame} as if the fabric sent it; any thread. */
    public void inject(MadFrame frame) {
        loop.execute(() -> arrive(frame));
    }

    /** Fails the channel as a vanished device would; any thread. */
    public void fail(RuntimeException error) {
        loop.execute(() -> listener.onError(error));
    }

    /** Frames the kernel would still hold because nobody read them. */
    int queued() {
        return kernelQueue.size();
    }

    private void checkLoop() {
        if (!loop.inEventLoop()) {
            throw new IllegalStateException("channel used off its event loop by " + Thread.currentThread());
        }
    }

    @Override
    public EventExecutor executor() {
        return loop;
    }

    /** What {@link #port()} reports from now on (e.g. a new SM LID after a failover); any thread. */
    public void attributes(PortAttributes now) {
        this.attributes = now;
    }

    /** How {@link #port()} reads from now on, instead of returning {@link #attributes(PortAttributes)}'s; any thread. */
    public void portReader(java.util.function.Supplier<PortAttributes> reader) {
        this.portReader = reader;
    }

    @Override
    public PortAttributes port() {
        java.util.function.Supplier<PortAttributes> reader = portReader;
        return reader != null ? reader.get() : attributes;
    }

    @Override
    public int registerAgent(AgentRegistration registration) {
        checkLoop();
        for (AgentRegistration other : agents.values()) {
            if (other.mgmtClass() == registration.mgmtClass() && other.classVersion() == registration.classVersion()
                    && ((other.methodMaskLo() & registration.methodMaskLo()) != 0
                    || (other.methodMaskHi() & registration.methodMaskHi()) != 0)) {
                throw new NativeIoException("ioctl(IB_USER_MAD_REGISTER_AGENT2)", EINVAL, "method already owned");
            }
        }
        int id = nextAgent++;
        agents.put(id, registration);
        return id;
    }

    @Override
    public void unregisterAgent(int agentId) {
        checkLoop();
        agents.remove(agentId);
    }

    @Override
    public void send(int agentId, int timeoutMs, int retries, MadAddress to, byte[] sharedMad, long sentTid) {
        MadFrame frame = new MadFrame(agentId, 0, timeoutMs, retries, to, sharedMad, sentTid);
        checkLoop();
        byte[] bytes = frame.mad().clone();
        ByteBuffer buf = ByteBuffer.wrap(bytes);
        if (bytes.length >= MadHeader.TID_OFFSET + Long.BYTES) {
            buf.putLong(MadHeader.TID_OFFSET, frame.tid());
        }
        if (!Method.isResponse(bytes[MadHeader.METHOD_OFFSET] & 0xFF)) {
            buf.putInt(MadHeader.TID_OFFSET, frame.agentId());
        }
        MadFrame wire = new MadFrame(frame.agentId(), 0, frame.timeoutMs(), frame.retries(), frame.address(), bytes);
        sent.add(wire);
        for (MadFrame answer : peer.apply(wire)) {
            arrive(answer);
        }
    }

    /** A frame reaches the "kernel": routed to an agent by TID tag (responses) or by class/method. */
    private void arrive(MadFrame frame) {
        byte[] bytes = frame.mad();
        int agent = frame.agentId();
        if (agent == 0 && bytes.length >= MadHeader.SIZE) {
            boolean response = Method.isResponse(bytes[MadHeader.METHOD_OFFSET] & 0xFF) || frame.status() != 0;
            agent = response ? ByteBuffer.wrap(bytes).getInt(MadHeader.TID_OFFSET) : claim(bytes);
        }
        if (!agents.containsKey(agent)) {
            return;
        }
        kernelQueue.add(new MadFrame(agent, frame.status(), 0, 0, frame.address(), bytes));
        drain();
    }

    private int claim(byte[] bytes) {
        for (Map.Entry<Integer, AgentRegistration> e : agents.entrySet()) {
            AgentRegistration r = e.getValue();
            if (r.mgmtClass() == (bytes[MadHeader.MGMT_CLASS_OFFSET] & 0xFF)
                    && r.servesMethod(bytes[MadHeader.METHOD_OFFSET] & 0x7F)) {
                return e.getKey();
            }
        }
        return -1;
    }

    private void drain() {
        while (reading.get() && listener != null && !kernelQueue.isEmpty()) {
            listener.onFrame(kernelQueue.poll());
        }
    }

    @Override
    public void start(FrameListener frameListener) {
        checkLoop();
        if (failStart) {
            throw new NativeIoException("epoll_ctl(EPOLL_CTL_ADD)", 9, "bad file descriptor");
        }
        this.listener = frameListener;
        drain();
    }

    @Override
    public void readInterest(boolean enabled) {
        checkLoop();
        if (enabled && failReadInterest) {
            throw new NativeIoException("epoll_ctl(EPOLL_CTL_MOD)", 9, "bad file descriptor");
        }
        reading.set(enabled);
        drain();
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true) && stopLoopOnClose) {
            loop.shutdown();
        }
    }

    /** A transport with this one channel. */
    public Transport transport() {
        FakeChannel self = this;
        return new Transport() {
            @Override
            public String name() {
                return "fake";
            }

            @Override
            public List<PortSpec> ports() {
                return List.of(new PortSpec("fake0", 1));
            }

            @Override
            public List<DeviceAttributes> devices() {
                PortAttributes port = self.port();
                return List.of(new DeviceAttributes(port.device(), 1, "fake", "", "", port.nodeGuid(), port.nodeGuid(),
                        List.of(port)));
            }

            @Override
            public MadChannel open(PortSpec spec) {
                return self;
            }
        };
    }
}
