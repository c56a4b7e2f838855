package io.reactiveumad.bench;

import io.reactiveumad.PortSpec;
import io.reactiveumad.Transport;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.poll.EpollEventLoop;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.EventExecutor;
import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.spi.channel.MadFrame;
import io.reactiveumad.spi.channel.PortAttributes;
import java.util.ArrayDeque;
import java.util.List;

/**
 * A channel with no wire, on a real {@link EpollEventLoop}, so a benchmark measures the core and the loop
 * rather than a transport: every request sent is answered (a copy with the R bit set, as a peer's GetResp
 * arrives in a fresh array), the answers of one loop pass arriving together as a burst of reads would;
 * and {@link #inject} hands the port unsolicited MADs as if read. Allocation per MAD is what a real
 * transport pays too: one array and one frame.
 */
final class InMemoryChannel implements MadChannel, Transport {
    static final PortSpec SPEC = new PortSpec("memory0", 1);
    /** Where answers and injected MADs come from; a real channel keeps its peers' addresses too. */
    private static final MadAddress PEER = MadAddress.smp(2);

    private final EpollEventLoop loop = EpollEventLoop.start("in-memory");
    private final ArrayDeque<MadFrame> arrivals = new ArrayDeque<>();
    private final Runnable deliverArrivals = this::deliverArrivals;
    private FrameListener listener;
    private int agents;

    // ---- Transport: opens this one channel ----

    @Override
    public String name() {
        return "in-memory";
    }

    @Override
    public List<PortSpec> ports() {
        return List.of(SPEC);
    }

    @Override
    public MadChannel open(PortSpec spec) {
        return this;
    }

    // ---- MadChannel ----

    @Override
    public EventExecutor executor() {
        return loop;
    }

    @Override
    public PortAttributes port() {
        return new PortAttributes(SPEC.device(), 1, 0x1234, 1, 0, 1, 0, PortAttributes.STATE_ACTIVE, 5, "InfiniBand",
                List.of(new Gid(0xfe80_0000_0000_0000L, 0x1234)), List.of(0xFFFF));
    }

    @Override
    public int registerAgent(AgentRegistration registration) {
        return agents++;
    }

    @Override
    public void unregisterAgent(int agentId) {
    }

    /** Answers at once: the answer arrives in this loop pass, after the tasks already queued. */
    @Override
    public void send(MadFrame frame) {
        byte[] answer = frame.mad().clone();
        answer[MadHeader.METHOD_OFFSET] |= (byte) MadHeader.RESPONSE_BIT;
        arrive(new MadFrame(frame.agentId(), 0, 0, 0, PEER, answer));
    }

    /** Loop thread: {@code count} copies of {@code mad} for agent {@code agentId}, as unsolicited arrivals. */
    void inject(int agentId, byte[] mad, int count) {
        for (int i = 0; i < count; i++) {
            arrive(new MadFrame(agentId, 0, 0, 0, PEER, mad.clone()));
        }
    }

    private void arrive(MadFrame frame) {
        arrivals.add(frame);
        if (arrivals.size() == 1) {
            loop.execute(deliverArrivals);
        }
    }

    private void deliverArrivals() {
        for (MadFrame frame = arrivals.poll(); frame != null; frame = arrivals.poll()) {
            listener.onFrame(frame);
        }
    }

    @Override
    public void start(FrameListener frameListener) {
        listener = frameListener;
    }

    @Override
    public void readInterest(boolean enabled) {
    }

    /** The port closes it on the loop; the loop itself is the benchmark's to {@link #stop}. */
    @Override
    public void close() {
    }

    /** Stops the loop, once the port is closed. */
    void stop() {
        loop.close();
    }

    /** The id of the agent registered last. */
    int lastAgentId() {
        return agents - 1;
    }
}
