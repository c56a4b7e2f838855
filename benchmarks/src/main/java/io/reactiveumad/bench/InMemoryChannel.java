package io.reactiveumad.bench;

import io.reactiveumad.PortSpec;
import io.reactiveumad.Transport;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.poll.EpollEventLoop;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.spi.channel.EventExecutor;
import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.spi.channel.PortAttributes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

/**
 * A channel with no wire, on a real {@link EpollEventLoop}, so a benchmark measures the core and the loop
 * rather than a transport: every request sent is answered (a copy with the R bit set, as a peer's GetResp
 * arrives in a fresh array), the answers of one loop pass arriving together as a burst of reads would;
 * and {@link #inject} hands the port unsolicited MADs as if read. Allocation per MAD is what a real
 * transport pays too: one array.
 */
final class InMemoryChannel implements MadChannel, Transport {
    static final PortSpec SPEC = new PortSpec("memory0", 1);
    /** Where answers and injected MADs come from; a real channel keeps its peers' addresses too. */
    private static final MadAddress PEER = MadAddress.smp(2);
    private static final VarHandle TID = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final EpollEventLoop loop = EpollEventLoop.start("in-memory");
    /** The MADs of this loop pass, in order, with their agents (as a transport reads them: an array each). */
    private byte[][] arrivals = new byte[64][];
    private int[] arrivalAgents = new int[64];
    private int arrived;
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

    @Override
    public List<DeviceAttributes> devices() {
        PortAttributes port = port();
        return List.of(new DeviceAttributes(SPEC.device(), 1, "in-memory", "", "", port.nodeGuid(), port.nodeGuid(),
                List.of(port)));
    }

    // ---- MadChannel ----

    @Override
    public EventExecutor executor() {
        return loop;
    }

    @Override
    public PortAttributes port() {
        return new PortAttributes(SPEC.device(), 1, 0x1234, 1, 0, 1, 0, PortAttributes.STATE_ACTIVE, 5, "InfiniBand",
                List.of(new Gid(0xfe80_0000_0000_0000L, 0x1234)), List.of(0xFFFF), 0, "10 Gb/sec (4X SDR)");
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
    public void send(int agentId, int timeoutMs, int retries, MadAddress to, byte[] mad, long tid) {
        byte[] answer = mad.clone();
        // As a transport writes the TID into its own send buffer: in place, no buffer object.
        TID.set(answer, MadHeader.TID_OFFSET, tid);
        answer[MadHeader.METHOD_OFFSET] |= (byte) MadHeader.RESPONSE_BIT;
        arrive(agentId, answer);
    }

    /** Loop thread: {@code count} copies of {@code mad} for agent {@code agentId}, as unsolicited arrivals. */
    void inject(int agentId, byte[] mad, int count) {
        for (int i = 0; i < count; i++) {
            arrive(agentId, mad.clone());
        }
    }

    private void arrive(int agentId, byte[] mad) {
        if (arrived == arrivals.length) {
            arrivals = Arrays.copyOf(arrivals, arrived * 2);
            arrivalAgents = Arrays.copyOf(arrivalAgents, arrived * 2);
        }
        arrivals[arrived] = mad;
        arrivalAgents[arrived] = agentId;
        if (arrived++ == 0) {
            loop.execute(deliverArrivals);
        }
    }

    /** Hands over every MAD of this pass, and those the listener's sends add meanwhile. */
    private void deliverArrivals() {
        for (int i = 0; i < arrived; i++) {
            byte[] mad = arrivals[i];
            arrivals[i] = null;
            listener.onFrame(arrivalAgents[i], 0, PEER, mad);
        }
        arrived = 0;
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
