package io.reactiveumad.poll.ibsim;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.poll.DatagramBatch;
import io.reactiveumad.poll.Errors;
import io.reactiveumad.spi.channel.EventExecutor;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.poll.PollLoop;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.spi.channel.MadFrame;
import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.spi.channel.PortAttributes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A port of a simulated node, spoken to with ibsim's own client protocol (what umad2sim does inside
 * an LD_PRELOADed process, without the preload): a control socket for {@code struct sim_ctl} calls
 * and a data socket carrying one {@code struct sim_request} per MAD, registered on a {@link PollLoop}.
 *
 * <p>ibsim has no agents, so this channel plays the kernel's part:
 * <ul>
 *   <li>A request's TID bits 63..32 are replaced by the sending agent's 16-bit tag (bits 47..32;
 *       ibsim itself writes its client slot into bits 63..48 and routes the response back by them).
 *       A response is routed to the agent whose tag it carries; one for an unknown or unregistered
 *       tag is dropped.</li>
 *   <li>An unsolicited MAD goes to the agent registered for its class, class version and method. An
 *       unclaimed GSI Get or Set is answered with status 0x000C (unsupported method/attribute), as
 *       the kernel answers it; anything else unclaimed is dropped.</li>
 *   <li>ibsim hands a request it drops (no route, or a port's error rate) back to its sender with
 *       status 110. umad2sim gives such a MAD to libibumad as an {@code ETIMEDOUT} record, and so
 *       does this channel, to the sending agent. {@code timeoutMs} and {@code retries} of a frame are
 *       ignored (as umad2sim ignores them: nothing resends); there is no kernel RMPP, user RMPP only.</li>
 * </ul>
 *
 * <p>ibsim forwards unsolicited requests only to the one client per node that attached as its
 * request receiver (see {@link IbsimEndpoint#acceptRequests()}); {@link #acceptsRequests()} says
 * whether this channel is it. Each channel is one of ibsim's ten client slots.
 *
 * <p>Threading: as {@link MadChannel} says, everything but {@link #port()}, {@link #executor()} and
 * {@link #close()} runs on the loop thread; calls from elsewhere fail with {@link IllegalStateException}.
 */
public final class IbsimChannel implements MadChannel {
    private static final Logger log = LoggerFactory.getLogger(IbsimChannel.class);

    /** Linux pids stay below 2^22 (PID_MAX_LIMIT): ids from here never meet umad2sim's pid-named sockets. */
    private static final int FIRST_ID = 1 << 22;
    private static final AtomicInteger NEXT_ID =
            new AtomicInteger(FIRST_ID + ThreadLocalRandom.current().nextInt(1 << 28));
    private static final int BIND_ATTEMPTS = 64;
    /**
     * Datagrams read per wakeup, in one recvmmsg; the loop is level-triggered and comes back for the rest. Also
     * the most sends one sendmmsg carries: the sends of one loop pass go out together when it ends.
     */
    private static final int BATCH = 64;

    /**
     * How often a port that hears nothing asks the simulator for its attributes: ibsim's sockets are datagram
     * sockets, which hear nothing when ibsim dies, so a port that only listens (a ping server, a notice
     * watcher) would wait forever. One control round trip per quiet interval; a busy port is never asked.
     */
    private static final Duration PEER_CHECK_INTERVAL = Duration.ofSeconds(2);

    private static final int MAX_AGENTS = 32;
    private static final int AGENT_SLOT_MASK = MAX_AGENTS - 1;
    private static final int TAG_MASK = 0xFFFF;

    private final PollLoop loop;
    private final IbsimEndpoint endpoint;
    private final SimControl control;
    private final SimSocket data;
    private final SimControl.Attachment attachment;
    private final Runnable onClosed;
    /** Loop thread only: what the last recvmmsg read; {@link #nextInbound} .. {@link #inboundCount} not yet dispatched. */
    private final DatagramBatch inbound = new DatagramBatch(BATCH, SimRequest.SIZE);
    private final SimRequest[] inboundSlots = slots(inbound);
    private int inboundCount;
    private int nextInbound;
    /** Loop thread only: the sends of this loop pass ({@link #queued} of them), sent by {@link #flush} before it waits. */
    private final DatagramBatch outbound = new DatagramBatch(BATCH, SimRequest.SIZE);
    private final SimRequest[] outboundSlots = slots(outbound);
    private int queued;
    private boolean flushScheduled;
    private final Runnable flushTask = this::flush;
    private final Runnable drainTask = this::readAvailable;
    private final Agent[] agents = new Agent[MAX_AGENTS];
    private final ArrayDeque<Outbound> backlog = new ArrayDeque<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private int tagGeneration;
    private PollLoop.FdRegistration registration;
    private FrameListener listener;
    private boolean reading = true;
    /** Loop thread only: READ is in the interest the loop applies; it lags {@link #reading} going off (see readInterest). */
    private boolean readArmed = true;
    private long droppedBySimulator;
    /** Loop thread only: the source of the last MAD read. */
    private MadAddress lastSource;

    private record Agent(AgentRegistration registration, int tag) {
    }

    private static SimRequest[] slots(DatagramBatch batch) {
        SimRequest[] slots = new SimRequest[batch.capacity()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = new SimRequest(batch.slot(i));
        }
        return slots;
    }

    /** A MAD waiting for the data socket to take it, and the TID it goes out with. */
    private record Outbound(int dlid, int dqp, int sqp, byte[] mad, long tid) {
    }

    private IbsimChannel(PollLoop loop, IbsimEndpoint endpoint, SimControl control, SimSocket data,
                         SimControl.Attachment attachment, Runnable onClosed) {
        this.loop = loop;
        this.endpoint = endpoint;
        this.control = control;
        this.data = data;
        this.attachment = attachment;
        this.onClosed = onClosed;
    }

    /**
     * Attaches to {@code nodeId} ({@code null}: ibsim's default node, the first port of its net file)
     * and connects the data socket. Blocks for the control round trips: call it off the loop.
     *
     * @param onClosed run once after {@link #close()} released everything (e.g. to release the loop)
     * @throws IbsimException     when ibsim refuses the node (unknown, or all client slots taken)
     * @throws NativeIoException  when no simulator listens ({@code ECONNREFUSED}) or a socket call fails
     */
    public static IbsimChannel open(IbsimEndpoint endpoint, String nodeId, PollLoop loop, Runnable onClosed) {
        Sockets sockets = endpoint.isRemote() ? bindInet(endpoint) : bindUnix(endpoint);
        try {
            try {
                if (endpoint.isRemote()) {
                    sockets.ctl.connectInet(endpoint.controlAddress());
                } else {
                    sockets.ctl.connectAbstract(endpoint.controlName());
                }
            } catch (NativeIoException e) {
                // Said where the user set it: a bare "Connection refused" names neither the simulator nor the setting.
                throw new NativeIoException("connect", e.errno(), "no simulator answers at " + endpoint + " ("
                        + (endpoint.isRemote() ? IbsimEndpoint.ENV_SERVER_NAME + ", " + IbsimEndpoint.ENV_SERVER_PORT
                        : IbsimEndpoint.ENV_SOCKET_NAME) + "): " + Errors.describe(e.errno()));
            }
            SimControl control = new SimControl(sockets.ctl, endpoint.toString(), endpoint.controlTimeout().toMillis());
            SimControl.Attachment attachment = control.connect(sockets.id, nodeId, endpoint.acceptRequests());
            try {
                if (endpoint.isRemote()) {
                    sockets.data.connectInet(endpoint.dataAddress(attachment.clientId()));
                } else {
                    sockets.data.connectAbstract(endpoint.dataName(attachment.clientId()));
                }
            } catch (RuntimeException e) {
                control.disconnect();
                throw e;
            }
            log.debug("{}: attached to node \"{}\" as client {}{}", endpoint, attachment.nodeId(),
                    attachment.clientId(), attachment.acceptsRequests() ? " (request receiver)" : "");
            return new IbsimChannel(loop, endpoint, control, sockets.data, attachment, onClosed);
        } catch (RuntimeException e) {
            sockets.close();
            throw e;
        }
    }

    /** Our two sockets, bound, and the id ibsim will know them by. */
    private record Sockets(SimSocket ctl, SimSocket data, int id) {
        void close() {
            closeQuietly(ctl);
            closeQuietly(data);
        }
    }

    /** UDP: both sockets on ephemeral ports; the id is the data socket's port, where ibsim answers. */
    private static Sockets bindInet(IbsimEndpoint endpoint) {
        SimSocket ctl = SimSocket.open(true);
        SimSocket data = null;
        try {
            ctl.bindAnyInet();
            data = SimSocket.open(true);
            return new Sockets(ctl, data, data.bindAnyInet());
        } catch (RuntimeException e) {
            new Sockets(ctl, data, 0).close();
            throw e;
        }
    }

    /** AF_UNIX: binds {@code <base>:ctl<id>} and {@code <base>:in<id>} for a fresh id, both or neither. */
    private static Sockets bindUnix(IbsimEndpoint endpoint) {
        for (int attempt = 0; attempt < BIND_ATTEMPTS; attempt++) {
            int id = NEXT_ID.getAndUpdate(n -> n == Integer.MAX_VALUE ? FIRST_ID : n + 1);
            SimSocket ctl = SimSocket.open(false);
            SimSocket in = null;
            try {
                ctl.bindAbstract(endpoint.socketName() + ":ctl" + id);
                in = SimSocket.open(false);
                in.bindAbstract(endpoint.socketName() + ":in" + id);
                return new Sockets(ctl, in, id);
            } catch (NativeIoException e) {
                new Sockets(ctl, in, id).close();
                if (e.errno() != Errors.EADDRINUSE) {
                    throw e;
                }
            }
        }
        throw new IllegalStateException("no free client id for " + endpoint + " after " + BIND_ATTEMPTS + " attempts");
    }

    /** The node ibsim attached this channel to. */
    public String nodeId() {
        return attachment.nodeId();
    }

    /** The ibsim client slot, 0..9. */
    public int clientId() {
        return attachment.clientId();
    }

    /** True when ibsim forwards this node's unsolicited requests (and traps) to this channel. */
    public boolean acceptsRequests() {
        return attachment.acceptsRequests();
    }

    /** MADs ibsim handed back as dropped (status 110) since the channel opened; loop thread only. */
    public long droppedBySimulator() {
        checkLoop();
        return droppedBySimulator;
    }

    /** Sets or clears IsSM in the port's CapabilityMask (SET_ISSM). Blocks briefly: call it off the loop. */
    public void setIsSm(boolean isSm) {
        control.setIsSm(isSm);
    }

    /** The node's vendor as GET_VENDOR reports it. Blocks briefly: call it off the loop. */
    public IbsimVendor vendor() {
        return control.vendor(c -> new IbsimVendor(c.dataInt(SimCtl.VENDOR_ID_OFFSET),
                c.dataInt(SimCtl.VENDOR_PART_ID_OFFSET), c.dataInt(SimCtl.VENDOR_HW_VERSION_OFFSET),
                c.dataLong(SimCtl.VENDOR_FW_VERSION_OFFSET)));
    }

    @Override
    public EventExecutor executor() {
        return loop;
    }

    /**
     * Reads the port's attributes over the control socket. A simulator that went away fails the whole
     * channel here (its listener hears {@link DeviceGoneException}), not just this call: a port that only
     * listens sends nothing on its data socket, so this periodic read is often the first to find out.
     */
    @Override
    public PortAttributes port() {
        return controlled(() -> SimAttributes.decode(attachment.nodeId(), nodeGuid(), control.get(SimCtl.TYPE_GET_GID),
                control.get(SimCtl.TYPE_GET_NODEINFO), control.portInfo(), control.get(SimCtl.TYPE_GET_PKEYS)));
    }

    /**
     * The attached node as a device, read over the control socket as {@link #port()} is, with its vendor's firmware
     * and hardware versions: what umad2sim writes into its sysfs for ibstat.
     */
    public DeviceAttributes device() {
        return controlled(() -> SimAttributes.device(attachment.nodeId(), nodeGuid(), control.get(SimCtl.TYPE_GET_GID),
                control.get(SimCtl.TYPE_GET_NODEINFO), control.portInfo(), control.get(SimCtl.TYPE_GET_PKEYS),
                vendor()));
    }

    private long nodeGuid() {
        return ByteBuffer.wrap(control.get(SimCtl.TYPE_GET_GUID)).order(ByteOrder.nativeOrder()).getLong(0);
    }

    /** Runs control calls; a simulator that went away fails the whole channel. */
    private <T> T controlled(Supplier<T> calls) {
        try {
            return calls.get();
        } catch (NativeIoException e) {
            NativeIoException error = gone(e);
            if (error instanceof DeviceGoneException) {
                failFromAnyThread(error);
            }
            throw error;
        }
    }

    @Override
    public Optional<Duration> peerCheckInterval() {
        return Optional.of(PEER_CHECK_INTERVAL);
    }

    private void failFromAnyThread(NativeIoException error) {
        if (loop.inEventLoop()) {
            fail(error);
            return;
        }
        try {
            loop.execute(() -> fail(error));
        } catch (RuntimeException loopClosed) {
            // The loop stopped: the channel was closed with it, and its listener already heard why.
        }
    }

    @Override
    public int registerAgent(AgentRegistration registration) {
        checkOpen();
        List<AgentRegistration> registered = new ArrayList<>();
        for (Agent agent : agents) {
            if (agent != null) {
                registered.add(agent.registration);
            }
        }
        Optional<String> refused = registration.refusal(registered);
        if (refused.isPresent()) {
            throw new NativeIoException("register_agent", Errors.EINVAL, refused.get());
        }
        if (registration.rmppVersion() != 0 && !registration.userRmpp()) {
            throw new UnsupportedOperationException("ibsim has no kernel RMPP: register with user RMPP");
        }
        if (registration.mgmtClass() != 0 && servesAnyMethod(registration) && !attachment.acceptsRequests()) {
            // ibsim forwards a node's unsolicited MADs to its one request receiver only: such an agent
            // would be registered but never receive. The kernel refuses a method another agent owns alike.
            throw new NativeIoException("register_agent", Errors.EINVAL, String.format(
                    "class 0x%02x serves methods, but another client of ibsim is the request receiver of node"
                    + " \"%s\" (OpenSM on that node, another program serving it, or a slot a killed program"
                    + " still holds), so this port cannot receive unsolicited MADs", registration.mgmtClass(),
                    attachment.nodeId()));
        }
        int free = -1;
        for (int slot = 0; slot < MAX_AGENTS; slot++) {
            if (agents[slot] == null) {
                free = slot;
                break;
            }
        }
        if (free < 0) {
            throw new NativeIoException("register_agent", Errors.ENOMEM, "all " + MAX_AGENTS + " agents in use");
        }
        tagGeneration = (tagGeneration + 1) & (TAG_MASK >>> 5);
        agents[free] = new Agent(registration, tagGeneration << 5 | free);
        return free;
    }

    private static boolean servesAnyMethod(AgentRegistration r) {
        return r.methodMaskLo() != 0 || r.methodMaskHi() != 0;
    }

    @Override
    public void unregisterAgent(int agentId) {
        checkLoop();
        if (agentId < 0 || agentId >= MAX_AGENTS || agents[agentId] == null) {
            throw new NativeIoException("unregister_agent", Errors.EINVAL, "no agent " + agentId);
        }
        agents[agentId] = null;
    }

    @Override
    public void send(int agentId, int timeoutMs, int retries, MadAddress to, byte[] mad, long tid) {
        checkOpen();
        Agent agent = agentId >= 0 && agentId < MAX_AGENTS ? agents[agentId] : null;
        if (agent == null) {
            throw new NativeIoException("write", Errors.EINVAL, "no agent " + agentId);
        }
        if (mad.length < MadHeader.SIZE || mad.length > SimRequest.MAD_SIZE) {
            throw new IllegalArgumentException("ibsim carries MADs of " + MadHeader.SIZE + ".." + SimRequest.MAD_SIZE
                    + " bytes, got " + mad.length);
        }
        boolean request = (mad[MadHeader.METHOD_OFFSET] & MadHeader.RESPONSE_BIT) == 0;
        // Copied straight from the frame's bytes into the datagram, the frame's TID written there (a request's
        // high bits being our agent's tag), never in the frame's array, which is shared and immutable; only a
        // MAD that has to wait is copied again.
        long wireTid = request ? (long) agent.tag << 32 | (tid & 0xFFFF_FFFFL) : tid;
        queue(to.lid(), to.qpn(), agent.registration.qpn(), mad, wireTid);
    }

    /**
     * Queues one MAD to go out with {@code tid}, behind everything queued before it: into this pass's batch, sent
     * when the loop is about to wait (or at once when the batch is full), or into the backlog while the socket is
     * full. {@code mad} is not copied there: a frame's bytes are immutable, and an answer's are the channel's own.
     */
    private void queue(int dlid, int dqp, int sqp, byte[] mad, long tid) {
        if (!backlog.isEmpty()) {
            backlog.add(new Outbound(dlid, dqp, sqp, mad, tid));
            return;
        }
        fill(outboundSlots[queued++], dlid, dqp, sqp, mad, tid);
        if (queued == BATCH) {
            flush();
        } else if (!flushScheduled) {
            flushScheduled = true;
            loop.beforeWait(flushTask);
        }
    }

    private static void fill(SimRequest datagram, int dlid, int dqp, int sqp, byte[] mad, long tid) {
        // ibsim fills in our LID for a slid of 0; directed-route SMPs travel from the permissive LID.
        datagram.dlid(dlid).slid(dlid == MadAddress.PERMISSIVE_LID ? MadAddress.PERMISSIVE_LID : 0)
                .dqp(dqp).sqp(sqp).status(0).length(SimRequest.MAD_SIZE).mad(mad).tid(tid);
    }

    /**
     * Sends this pass's batch in one sendmmsg; what the socket does not take waits in the backlog, in order,
     * until the socket is writable again.
     */
    private void flush() {
        flushScheduled = false;
        int count = queued;
        queued = 0;
        int sent = sendBatch(count);
        if (sent < 0 || sent == count) {
            return;
        }
        for (int i = sent; i < count; i++) {
            SimRequest waiting = outboundSlots[i];
            backlog.add(new Outbound(waiting.dlid(), waiting.dqp(), waiting.sqp(), waiting.mad(), waiting.tid()));
        }
        updateInterest();
    }

    /**
     * Sends slots 0..count-1 of the batch; how many went out before the socket filled up, or -1 when the
     * channel failed (a simulator that went away fails it).
     */
    private int sendBatch(int count) {
        if (count == 0) {
            return 0;
        }
        try {
            return data.send(outbound, 0, count);
        } catch (NativeIoException e) {
            fail(gone(e));
            return -1;
        }
    }

    @Override
    public void start(FrameListener frameListener) {
        checkOpen();
        if (listener != null) {
            throw new IllegalStateException("already started");
        }
        listener = frameListener;
        registration = loop.register(data.fd(), interest(), new PollLoop.FdHandler() {
            @Override
            public void onReady(int readyOps) {
                if ((readyOps & PollLoop.WRITE) != 0) {
                    flushBacklog();
                }
                if ((readyOps & PollLoop.READ) != 0) {
                    readAvailable();
                }
            }

            @Override
            public void onError(NativeIoException error) {
                fail(gone(error));
            }
        });
    }

    @Override
    public void readInterest(boolean enabled) {
        checkLoop();
        reading = enabled;
        // Reads go off lazily: nothing is read meanwhile, and READ leaves the epoll set only if a datagram
        // arrives that nobody wants. One request at a time then costs no epoll_ctl on and off per round trip.
        if (enabled && !readArmed) {
            updateInterest();
        }
        if (enabled && nextInbound < inboundCount) {
            // Datagrams already read wait for no fd event: they are dispatched in this loop pass.
            loop.beforeWait(drainTask);
        }
    }

    private int interest() {
        return (readArmed ? PollLoop.READ : 0) | (backlog.isEmpty() ? 0 : PollLoop.WRITE);
    }

    private void updateInterest() {
        readArmed = reading;
        if (registration != null && !closed.get()) {
            registration.interest(interest());
        }
    }

    /** The socket is writable again: the backlog goes out in batches, in order, until it fills up again. */
    private void flushBacklog() {
        // Nothing enters this pass's batch while the backlog waits, so the batch is free here.
        while (!backlog.isEmpty() && !closed.get()) {
            int count = 0;
            for (Outbound out : backlog) {
                if (count == BATCH) {
                    break;
                }
                fill(outboundSlots[count++], out.dlid, out.dqp, out.sqp, out.mad, out.tid);
            }
            int sent = sendBatch(count);
            for (int i = 0; i < sent; i++) {
                backlog.poll();
            }
            if (sent < count) {
                break;
            }
        }
        updateInterest();
    }

    /**
     * Dispatches what the last recvmmsg read and nobody wanted yet, then reads one more batch. Reads follow
     * demand: what is read but not dispatched when reading goes off waits here, in order, for it to come back on.
     */
    private void readAvailable() {
        if (!reading) {
            updateInterest();
            return;
        }
        dispatchInbound();
        if (!reading || closed.get()) {
            return;
        }
        int count;
        try {
            count = data.receive(inbound);
        } catch (NativeIoException e) {
            fail(gone(e));
            return;
        }
        if (count > 0) {
            inboundCount = count;
            nextInbound = 0;
            dispatchInbound();
        }
    }

    private void dispatchInbound() {
        while (nextInbound < inboundCount && reading && !closed.get()) {
            int slot = nextInbound++;
            int length = inbound.length(slot);
            if (length != SimRequest.SIZE) {
                log.warn("{}: ignoring a {}-byte datagram (expected {})", endpoint, length, SimRequest.SIZE);
                continue;
            }
            dispatch(inboundSlots[slot]);
        }
    }

    private void dispatch(SimRequest inbound) {
        if (inbound.status() != 0) {
            handedBack(inbound);
            return;
        }
        byte[] mad = inbound.mad();
        if (mad.length < MadHeader.SIZE) {
            log.debug("{}: dropping a {}-byte MAD, shorter than its header", endpoint, mad.length);
            return;
        }
        MadHeader header = new MadHeader().wrap(mad);
        if (header.baseVersion() != MadHeader.BASE_VERSION) {
            log.debug("{}: dropping a MAD with base version {}", endpoint, header.baseVersion());
            return;
        }
        MadAddress source = sourceOf(inbound.slid(), inbound.sqp());
        int agentId = header.isResponse() ? responseAgent(header) : requestAgent(header);
        if (agentId >= 0) {
            listener.onFrame(agentId, 0, source, mad);
        } else if (!header.isResponse()) {
            answerUnclaimed(header, mad, source);
        }
    }

    /**
     * ibsim handed back a MAD it could not deliver (status 110: no route, a port down, a reply that could not come
     * back). When its TID is one of our requests' (the request itself, or the reply it got), it goes to that agent as
     * an ETIMEDOUT record, as umad2sim gives it to libibumad: that attempt is lost now, not when its timer runs out.
     * A response of ours that ibsim could not deliver concerns no request of ours and is only counted.
     */
    private void handedBack(SimRequest inbound) {
        droppedBySimulator++;
        byte[] mad = inbound.mad();
        if (mad.length < MadHeader.SIZE) {
            log.debug("{}: ibsim dropped a MAD we sent (status {})", endpoint, inbound.status());
            return;
        }
        MadHeader header = new MadHeader().wrap(mad);
        log.debug("{}: ibsim dropped a MAD we sent (status {}, TID 0x{})", endpoint, inbound.status(),
                Long.toHexString(header.tid()));
        int agentId = agentOfTid(header.tid());
        if (agentId >= 0 && inbound.status() == MadFrame.ETIMEDOUT) {
            // Where the request went: the reply ibsim could not bring back has the two ends swapped.
            MadAddress peer = header.isResponse() ? sourceOf(inbound.slid(), inbound.sqp())
                    : sourceOf(inbound.dlid(), inbound.dqp());
            listener.onFrame(agentId, MadFrame.ETIMEDOUT, peer, mad);
        }
    }

    /**
     * The address of {@code slid}'s QP {@code qpn}: a sender's, or where a MAD handed back was going. The last one is
     * kept, since a burst of answers comes from one peer.
     */
    private MadAddress sourceOf(int slid, int qpn) {
        MadAddress last = lastSource;
        if (last == null || last.lid() != slid || last.qpn() != qpn) {
            last = new MadAddress(slid, qpn, qpn == 0 ? 0 : MadAddress.GSI_QKEY, 0, 0, 0, null);
            lastSource = last;
        }
        return last;
    }

    private int responseAgent(MadHeader header) {
        int agentId = agentOfTid(header.tid());
        if (agentId < 0) {
            log.debug("{}: dropping a response for unknown agent tag 0x{}", endpoint,
                    Integer.toHexString((int) (header.tid() >>> 32) & TAG_MASK));
        }
        return agentId;
    }

    /** The agent whose requests carry {@code tid}'s tag (TID bits 47..32), or -1 when no open agent has it. */
    private int agentOfTid(long tid) {
        int tag = (int) (tid >>> 32) & TAG_MASK;
        Agent agent = agents[tag & AGENT_SLOT_MASK];
        return agent != null && agent.tag == tag ? tag & AGENT_SLOT_MASK : -1;
    }

    private int requestAgent(MadHeader header) {
        for (int slot = 0; slot < MAX_AGENTS; slot++) {
            Agent agent = agents[slot];
            if (agent != null && agent.registration.mgmtClass() == header.mgmtClass()
                    && agent.registration.classVersion() == header.classVersion()
                    && agent.registration.servesMethod(header.method())) {
                return slot;
            }
        }
        return -1;
    }

    /** The kernel's answer to a GSI Get/Set nobody registered for: GetResp, unsupported method/attribute. */
    private void answerUnclaimed(MadHeader header, byte[] mad, MadAddress source) {
        if (MgmtClass.isSmp(header.mgmtClass()) || (header.method() != Method.GET && header.method() != Method.SET)) {
            log.debug("{}: dropping an unclaimed MAD, class 0x{} method 0x{}", endpoint,
                    Integer.toHexString(header.mgmtClass()), Integer.toHexString(header.methodByte()));
            return;
        }
        header.methodByte(Method.GET_RESP).status(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE);
        queue(source.lid(), source.qpn(), 1, mad, header.tid());
    }

    private NativeIoException gone(NativeIoException e) {
        int errno = e.errno();
        if (e instanceof DeviceGoneException) {
            return e;
        }
        if (errno == Errors.ECONNREFUSED || errno == Errors.ECONNRESET || errno == Errors.ENOTCONN) {
            return new DeviceGoneException(endpoint.toString(), errno, "ibsim went away ("
                    + e.syscall() + ": " + Errors.describe(errno) + ")");
        }
        return e;
    }

    private void fail(Throwable error) {
        if (closed.get()) {
            return;
        }
        FrameListener l = listener;
        // A simulator found gone is not asked to detach us: waiting for its reply (up to a second, after any other
        // control call still waiting for its own) would hold the loop, and with it every other port the loop serves.
        close(!(error instanceof DeviceGoneException));
        if (l != null) {
            l.onError(error);
        }
    }

    /**
     * Detaches from ibsim and closes both sockets; the data socket is closed on the loop, and then {@code onClosed} runs.
     * Idempotent. Called on the loop while another thread is in a control call (a port refresh, which may wait up to
     * the control timeout), the detach waits for it on a thread of its own, and the rest follows it: the loop, and
     * every other port it serves, never waits for another thread's call to the simulator.
     */
    @Override
    public void close() {
        close(true);
    }

    private void close(boolean detach) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (registration != null) {
            registration.cancel();
        }
        if (!detach) {
            control.close();
        } else if (!loop.inEventLoop()) {
            control.disconnect();
            control.close();
        } else if (control.tryDisconnect()) {
            control.close();
        } else {
            // Not a daemon: a process that ends meanwhile still frees its client slot, one of ibsim's ten.
            new Thread(() -> {
                control.disconnect();
                control.close();
                releaseOnLoop();
            }, "umad-ibsim-detach-" + attachment.clientId()).start();
            return;
        }
        releaseOnLoop();
    }

    private void releaseOnLoop() {
        if (loop.inEventLoop()) {
            release();
        } else {
            try {
                loop.execute(this::release);
            } catch (RuntimeException loopClosed) {
                release();
            }
        }
    }

    private void release() {
        // What this loop pass queued still goes out (an answer sent just before closing), as a write would have.
        flush();
        data.close();
        onClosed.run();
    }

    private void checkLoop() {
        if (!loop.inEventLoop()) {
            throw new IllegalStateException("IbsimChannel used outside its loop thread " + loop.name());
        }
    }

    private void checkOpen() {
        checkLoop();
        if (closed.get()) {
            throw new DeviceGoneException(endpoint.toString(), Errors.ENOTCONN, "channel closed");
        }
    }

    private static void closeQuietly(SimSocket socket) {
        if (socket != null) {
            try {
                socket.close();
            } catch (NativeIoException ignored) {
                // Closing while already failing: the first error is the one to report.
            }
        }
    }

    @Override
    public String toString() {
        return "IbsimChannel[" + endpoint + " node=" + attachment.nodeId() + " client=" + attachment.clientId() + "]";
    }
}
