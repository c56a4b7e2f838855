package io.reactiveumad.test;

import io.reactiveumad.PortClosedException;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.spi.channel.EventExecutor;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.spi.channel.MadFrame;
import io.reactiveumad.spi.channel.PortAttributes;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One opened CA port of the embedded fabric, behaving as the kernel's umad fd does: 32 agents, TID bits
 * 63..32 of requests replaced by the agent's key, transport resends every {@code timeoutMs} up to
 * {@code retries} times then an ETIMEDOUT record (when a frame asks for it), a receive queue that
 * buffers while reading is off (capped at the kernel's 200 000). Every method but {@link #executor},
 * {@link #port} and {@link #close} throws {@link IllegalStateException} off the executor, so a core
 * that breaks the threading contract fails here as it would corrupt state on a real loop.
 */
final class EmbeddedChannel implements MadChannel {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedChannel.class);
    static final int MAX_AGENTS = 32;
    static final int MAX_QUEUED = 200_000;
    private static final int EBADF = 9;
    private static final int ENOMEM = 12;
    private static final int EIO = 5;

    private final FabricEngine engine;
    private final FabricNode node;
    private final int port;
    private final AgentSlot[] slots = new AgentSlot[MAX_AGENTS];
    private final ArrayDeque<MadFrame> queue = new ArrayDeque<>();
    private final Map<Long, Outstanding> outstanding = new HashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private FrameListener listener;
    private boolean reading = true;
    private boolean draining;
    private boolean gone;

    /** A request the channel itself resends, as the kernel does when timeout_ms is set. */
    private static final class Outstanding {
        final AgentSlot slot;
        final MadFrame frame;
        final byte[] mad;
        int retriesLeft;
        EventExecutor.Cancellable timer;

        Outstanding(AgentSlot slot, MadFrame frame, byte[] mad) {
            this.slot = slot;
            this.frame = frame;
            this.mad = mad;
            this.retriesLeft = frame.retries();
        }
    }

    EmbeddedChannel(FabricEngine engine, FabricNode node, int port) {
        this.engine = engine;
        this.node = node;
        this.port = port;
    }

    /** As configured by {@code EmbeddedFabric.Builder#kernelResends}; frames with a timeout are resent either way. */
    @Override
    public boolean resendsRequests() {
        return engine.kernelResends;
    }

    FabricNode node() {
        return node;
    }

    @Override
    public EventExecutor executor() {
        return engine.executor;
    }

    @Override
    public PortAttributes port() {
        return engine.call(() -> engine.attributes(node, port, node.id()));
    }

    @Override
    public int registerAgent(AgentRegistration registration) {
        checkUsable("registerAgent");
        for (int id = 0; id < MAX_AGENTS; id++) {
            if (slots[id] == null) {
                int agentId = id;
                slots[id] = engine.register(node, port, id, registration, arrival -> receive(agentId, arrival));
                return id;
            }
        }
        throw new NativeIoException("ioctl(REGISTER_AGENT2)", ENOMEM, "all " + MAX_AGENTS + " agents of this fd are in use");
    }

    @Override
    public void unregisterAgent(int agentId) {
        checkUsable("unregisterAgent");
        AgentSlot slot = slot(agentId, "ioctl(UNREGISTER_AGENT)");
        engine.unregister(slot);
        slots[agentId] = null;
        outstanding.values().removeIf(o -> {
            if (o.slot == slot) {
                o.timer.cancel();
                return true;
            }
            return false;
        });
    }

    @Override
    public void send(int agentId, int timeoutMs, int retries, MadAddress to, byte[] sharedMad, long sentTid) {
        MadFrame frame = new MadFrame(agentId, 0, timeoutMs, retries, to, sharedMad, sentTid);
        checkUsable("send");
        AgentSlot slot = slot(frame.agentId(), "write");
        byte[] mad = frame.mad();
        if (mad == null || mad.length < MadHeader.SIZE) {
            throw FabricEngine.einval("write", "a MAD needs at least " + MadHeader.SIZE + " bytes");
        }
        mad = mad.clone();
        // The frame's bytes are shared and immutable; its TID goes out in our copy.
        ByteBuffer.wrap(mad).putLong(MadHeader.TID_OFFSET, frame.tid());
        int methodByte = mad[MadHeader.METHOD_OFFSET] & 0xFF;
        boolean request = !Method.isResponse(methodByte);
        if (request) {
            ByteBuffer.wrap(mad).putInt(MadHeader.TID_OFFSET, slot.key());
        }
        if (request && frame.timeoutMs() > 0 && Method.expectsResponse(methodByte)) {
            long tid = ByteBuffer.wrap(mad).getLong(MadHeader.TID_OFFSET);
            if (outstanding.containsKey(tid)) {
                throw FabricEngine.einval("write", String.format("TID 0x%016x is already outstanding", tid));
            }
            Outstanding o = new Outstanding(slot, frame, mad);
            outstanding.put(tid, o);
            arm(tid, o);
        }
        engine.send(node, port, frame.address(), mad);
    }

    @Override
    public void start(FrameListener frameListener) {
        checkUsable("start");
        if (listener != null) {
            throw new IllegalStateException("channel already started");
        }
        listener = frameListener;
        drain();
    }

    @Override
    public void readInterest(boolean enabled) {
        engine.executor.checkInLoop("readInterest");
        reading = enabled;
        if (enabled) {
            // As EPOLLIN turned back on: queued frames are read on the next loop turn, not re-entrantly.
            engine.executor.execute(this::drain);
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                engine.executor.execute(this::release);
            } catch (RejectedExecutionException e) {
                // The fabric closed first: its nodes and agents are gone with it, nothing left to release.
            }
        }
    }

    /**
     * The fabric closed under an open channel, as a loop that stops tells every fd still registered: the
     * port hears it, so its pending requests end typed (their timers die with the fabric's executor)
     * and it releases what it holds, instead of waiting forever.
     */
    void fabricClosed() {
        if (closed.compareAndSet(false, true)) {
            release();
            if (listener != null) {
                listener.onError(new PortClosedException("the embedded fabric was closed"));
            }
        }
    }

    /** The node was removed from the fabric: like EIO/EPOLLERR on the fd. */
    void deviceGone() {
        gone = true;
        release();
        if (listener != null) {
            listener.onError(new DeviceGoneException(node.id(), EIO, "node removed from the embedded fabric"));
        }
    }

    private void release() {
        for (int id = 0; id < MAX_AGENTS; id++) {
            if (slots[id] != null) {
                engine.unregister(slots[id]);
                slots[id] = null;
            }
        }
        outstanding.values().forEach(o -> o.timer.cancel());
        outstanding.clear();
        queue.clear();
        engine.closed(this);
    }

    private void receive(int agentId, Arrival arrival) {
        byte[] mad = arrival.mad();
        if (mad.length >= MadHeader.SIZE) {
            Outstanding o = outstanding.remove(ByteBuffer.wrap(mad).getLong(MadHeader.TID_OFFSET));
            if (o != null) {
                o.timer.cancel();
            }
        }
        enqueue(new MadFrame(agentId, 0, 0, 0, arrival.source(), mad));
    }

    private void enqueue(MadFrame frame) {
        if (queue.size() >= MAX_QUEUED) {
            LOG.debug("{}: receive queue full ({} MADs), dropped one as the kernel would", this, MAX_QUEUED);
            return;
        }
        queue.add(frame);
        drain();
    }

    private void drain() {
        if (draining || listener == null || closed.get()) {
            return;
        }
        draining = true;
        try {
            while (reading && !queue.isEmpty() && !closed.get()) {
                MadFrame frame = queue.poll();
                try {
                    listener.onFrame(frame);
                } catch (RuntimeException e) {
                    LOG.warn("frame listener failed; the channel goes on", e);
                }
            }
        } finally {
            draining = false;
        }
    }

    private void arm(long tid, Outstanding o) {
        o.timer = engine.executor.schedule(() -> expire(tid, o), o.frame.timeoutMs(), TimeUnit.MILLISECONDS);
    }

    private void expire(long tid, Outstanding o) {
        if (outstanding.get(tid) != o) {
            return;
        }
        if (o.retriesLeft > 0) {
            o.retriesLeft--;
            arm(tid, o);
            engine.send(node, port, o.frame.address(), o.mad.clone());
            return;
        }
        outstanding.remove(tid);
        enqueue(new MadFrame(o.frame.agentId(), MadFrame.ETIMEDOUT, 0, 0, o.frame.address(),
                Arrays.copyOf(o.mad, MadHeader.SIZE)));
    }

    private AgentSlot slot(int agentId, String syscall) {
        AgentSlot slot = agentId >= 0 && agentId < MAX_AGENTS ? slots[agentId] : null;
        if (slot == null) {
            throw FabricEngine.einval(syscall, "no agent " + agentId + " on this fd");
        }
        return slot;
    }

    private void checkUsable(String what) {
        engine.executor.checkInLoop(what);
        if (gone) {
            throw new DeviceGoneException(node.id(), EIO, "node removed from the embedded fabric");
        }
        if (closed.get()) {
            throw new NativeIoException(what, EBADF, "channel closed (EBADF)");
        }
    }

    @Override
    public String toString() {
        return "EmbeddedChannel[" + node.id() + ":" + port + "]";
    }
}
