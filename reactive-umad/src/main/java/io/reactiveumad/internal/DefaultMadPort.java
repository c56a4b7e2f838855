package io.reactiveumad.internal;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.PortOptions;
import io.reactiveumad.PortSpec;
import io.reactiveumad.PortStats;
import io.reactiveumad.RmppMode;
import io.reactiveumad.Transport;
import io.reactiveumad.internal.LoopCounters.Count;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.operators.RmppOptions;
import io.reactiveumad.poll.Errors;
import io.reactiveumad.poll.LoopThread;
import io.reactiveumad.spi.LoopScheduler;
import io.reactiveumad.spi.channel.EventExecutor;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.spi.channel.PortAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * A port over one {@link MadChannel}. Invariant: every field below marked "loop" is touched only on the
 * channel's event loop; user calls hop there with {@link EventExecutor#execute}. The loop reads the
 * channel only while someone needs it: an agent with a pending request, or a subscriber with demand.
 */
public final class DefaultMadPort implements MadPort, FrameListener {
    private static final Logger log = LoggerFactory.getLogger(DefaultMadPort.class);
    /** How long {@link #close()} waits for the releases registered with {@link #beforeClose}. */
    public static final Duration RELEASE_BOUND = Duration.ofSeconds(2);

    static {
        // Ports deliver on their loop thread by default (PortOptions): block() there must fail at once, as it
        // does on Reactor's parallel threads, instead of stalling every request of the port. BlockHound learns
        // the same predicate from LoopThreadsAreNonBlocking.
        Schedulers.registerNonBlockingThreadPredicate(LoopThread.class::isInstance);
    }

    private final Transport transport;
    private final PortSpec spec;
    private final MadChannel channel;
    private final EventExecutor loop;
    private final LoopScheduler loopScheduler;
    private final Scheduler delivery;
    private final Delivery requestEnds;
    private final RmppOptions rmpp;
    private final AtomicBoolean disposed = new AtomicBoolean();
    /** What {@link #close()} runs first, by owner: see {@link #beforeClose}. */
    private final Map<Object, Release> beforeClose = new ConcurrentHashMap<>();
    /** The first {@link #close()}, which every later one joins. */
    private final AtomicReference<Mono<Void>> closing = new AtomicReference<>();
    /** Completed once the channel is released; see {@link #onDispose()}. */
    private final Sinks.Empty<Void> released = Sinks.empty();
    private volatile PortAttributes attributes;

    /** Written on the loop only (under its lock, so {@link #stats()} can read it from anywhere). */
    private final Map<Integer, DefaultMadAgent> agents = new HashMap<>();
    /** loop: the same agents as an array, which {@link #updateReadInterest} (every request's start and end) walks without an iterator. */
    private DefaultMadAgent[] loopAgents = new DefaultMadAgent[0];
    /** loop: whether the channel is currently reading. */
    private boolean reading = true;
    /** Set on the loop once the channel failed (device gone) or the port closed; read anywhere. */
    private volatile Throwable terminal;
    /** loop: whether a frame arrived since the last peer check ({@link MadChannel#peerCheckInterval()}). */
    private boolean heardSinceCheck;
    /** The peer checks, when the channel asks for them; disposed when the port ends. */
    private volatile Disposable peerCheck = Disposables.disposed();

    /** loop: the frames read for no agent of this port (each agent counts its own). */
    private final LoopCounters own = new LoopCounters();
    /**
     * The counts of agents already closed, so the port's totals never go down (written on the loop under
     * the agents lock, in the same step that drops the agent from the table).
     */
    private final LoopCounters closedAgents = new LoopCounters();
    private final LongAdder droppedByClosedAgents = new LongAdder();

    private final PortOptions options;

    private DefaultMadPort(Transport transport, PortSpec spec, MadChannel channel, PortAttributes attributes,
                           PortOptions options) {
        this.transport = transport;
        // The port the channel opened: a switch's is port 0, which ibsim attaches to when asked for a node's first port.
        this.spec = attributes.port() == spec.port() ? spec : new PortSpec(spec.device(), attributes.port());
        this.channel = channel;
        this.loop = channel.executor();
        this.loopScheduler = new LoopScheduler(loop);
        this.delivery = options.delivery();
        this.requestEnds = new Delivery(delivery);
        this.rmpp = options.rmpp();
        this.options = options;
        this.attributes = attributes;
    }

    @Override
    public PortOptions options() {
        return options;
    }

    /** Opens {@code spec} on {@code transport}; blocking (channel open, attribute read): call off the loop. */
    public static DefaultMadPort open(Transport transport, PortSpec spec, PortOptions options) {
        MadChannel channel = transport.open(spec);
        try {
            DefaultMadPort port = new DefaultMadPort(transport, spec, channel, channel.port(), options);
            ExitHook.portOpened(port);
            port.loop.execute(() -> {
                try {
                    channel.start(port);
                } catch (RuntimeException e) {
                    // Asynchronous to open(): the port closes, and every call on it fails with this cause.
                    port.onError(e);
                    return;
                }
                port.updateReadInterest();
            });
            channel.peerCheckInterval().ifPresent(port::checkPeerEvery);
            log.debug("opened port {} on {}", spec, transport.name());
            return port;
        } catch (RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * Reads the port's attributes every {@code interval} in which no frame arrived: over a channel that hears
     * nothing when its peer dies, that read is what fails the channel, and so ends every stream of the port.
     */
    private void checkPeerEvery(Duration interval) {
        peerCheck = Mono.delay(interval, loopScheduler)
                .filter(tick -> quietSinceLastCheck())
                .flatMap(quiet -> refresh()
                        .onErrorResume(e -> {
                            log.debug("port {}: peer check failed: {}", spec, e.toString());
                            return Mono.empty();
                        }))
                .repeat(() -> terminal == null)
                .subscribe();
        if (terminal != null) {
            peerCheck.dispose();
        }
    }

    /** loop */
    private boolean quietSinceLastCheck() {
        boolean quiet = !heardSinceCheck;
        heardSinceCheck = false;
        return quiet;
    }

    @Override
    public PortSpec spec() {
        return spec;
    }

    @Override
    public Transport transport() {
        return transport;
    }

    @Override
    public PortAttributes attributes() {
        return attributes;
    }

    @Override
    public Mono<PortAttributes> refresh() {
        return Mono.<PortAttributes>create(sink -> {
            AtomicBoolean cancelled = new AtomicBoolean();
            sink.onCancel(() -> cancelled.set(true));
            if (terminal != null) {
                sink.error(closedException());
                return;
            }
            try {
                sink.success(channel.port());
            } catch (RuntimeException e) {
                // A closed port says so, as every other call on it does; a read that raced the close and found the
                // channel's sockets closed (EBADF) is the same news. A read nobody waits for any more (the peer
                // check, which the close cancels) ends quietly: its error would only reach Reactor's dropped-error log.
                if (!cancelled.get()) {
                    sink.error(terminal != null && !(e instanceof PortClosedException) ? closedException() : e);
                }
            }
        }).subscribeOn(Schedulers.boundedElastic()).doOnNext(a -> attributes = a);
    }

    @Override
    public Mono<MadAgent> agent(AgentSpec agentSpec) {
        Objects.requireNonNull(agentSpec, "agentSpec");
        return Mono.defer(() -> {
            Handoff<MadAgent> handoff = new Handoff<>();
            return handoff.deliver(Mono.<MadAgent>create(sink -> execute(() -> {
                if (terminal != null) {
                    sink.error(closedException());
                    return;
                }
                if (handoff.abandoned()) {
                    return;
                }
                try {
                    if (agentSpec.qpn() == 0 && attributes().isEthernet()) {
                        // The kernel refuses the registration with EPROTONOSUPPORT, which names nothing.
                        throw new NativeIoException("register_agent", Errors.EPROTONOSUPPORT, "port " + spec
                                + " is a RoCE port (link layer Ethernet): it has no QP0, so no SMPs (classes 0x01 and "
                                + "0x81); subnet management runs on InfiniBand ports");
                    }
                    int id = channel.registerAgent(registration(agentSpec));
                    DefaultMadAgent agent = new DefaultMadAgent(this, id, agentSpec);
                    synchronized (agents) {
                        agents.put(id, agent);
                        loopAgents = agents.values().toArray(DefaultMadAgent[]::new);
                    }
                    updateReadInterest();
                    if (handoff.offer(agent)) {
                        sink.success(agent);
                    }
                } catch (RuntimeException e) {
                    sink.error(e);
                }
            }, sink::error)).publishOn(delivery));
        });
    }

    private static AgentRegistration registration(AgentSpec s) {
        return new AgentRegistration(s.qpn(), s.mgmtClass(), s.classVersion(), s.methodMaskLo(), s.methodMaskHi(),
                s.oui(), s.rmpp() == RmppMode.KERNEL ? 1 : 0, s.rmpp() == RmppMode.USER);
    }

    @Override
    public PortStats stats() {
        LoopCounters sum = new LoopCounters();
        long dropped;
        synchronized (agents) {
            sum.addAll(own);
            sum.addAll(closedAgents);
            dropped = droppedByClosedAgents.sum();
            for (DefaultMadAgent a : agents.values()) {
                sum.addAll(a.counters());
                dropped += a.droppedOverflow();
            }
        }
        return sum.portStats(dropped);
    }

    @Override
    public List<MadAgent> agents() {
        return List.copyOf(agentsSnapshot());
    }

    private List<DefaultMadAgent> agentsSnapshot() {
        synchronized (agents) {
            return new ArrayList<>(agents.values());
        }
    }

    @Override
    public Scheduler loopScheduler() {
        return loopScheduler;
    }

    // ---- loop side ------------------------------------------------------------------------------------

    EventExecutor loop() {
        return loop;
    }

    /**
     * Runs {@code task} on the loop. Once the loop has stopped (the kernel transport closes it with the
     * device's last port) nothing can run there any more: {@code ifStopped} hears that the port is closed.
     */
    void execute(Runnable task, Consumer<? super PortClosedException> ifStopped) {
        try {
            loop.execute(task);
        } catch (RejectedExecutionException e) {
            ifStopped.accept(closedException());
        }
    }

    PortClosedException closedException() {
        return new PortClosedException("port " + spec + " is closed", terminal);
    }

    MadChannel channel() {
        return channel;
    }

    Scheduler delivery() {
        return delivery;
    }

    RmppOptions rmppOptions() {
        return rmpp;
    }

    /** loop: {@code request} ended with {@code outcome} (its response or a Throwable); its subscriber hears it on the delivery scheduler. */
    void deliver(PendingRequest request, Object outcome) {
        requestEnds.signal(request, outcome);
    }

    @Override
    public void onFrame(int agentId, int status, MadAddress source, byte[] mad) {
        heardSinceCheck = true;
        DefaultMadAgent agent = agents.get(agentId);
        if (agent == null) {
            own.increment(Count.RECEIVED);
            own.increment(Count.UNCLAIMED);
            log.debug("port {}: frame for unknown agent {} dropped", spec, agentId);
            return;
        }
        agent.onFrame(status, source, mad);
    }

    @Override
    public void onError(Throwable error) {
        if (error instanceof PortClosedException) {
            // The transport closed the channel on purpose (its fabric or loop was closed): nothing failed.
            log.debug("port {}: the transport closed it: {}", spec, error.toString());
        } else {
            // Not a warning: every agent's stream ends with it (PortClosedException, this its cause), which is where
            // a user sees it; a command that prints it too would show it twice.
            log.info("port {}: channel failed, closing its agents: {}", spec, error.toString());
        }
        terminate(error);
    }

    /** loop: reads on while any agent needs them; the kernel queue buffers otherwise. */
    void updateReadInterest() {
        if (terminal != null) {
            return;
        }
        boolean want = false;
        for (DefaultMadAgent a : loopAgents) {
            if (a.wantsReads()) {
                want = true;
                break;
            }
        }
        if (want != reading) {
            reading = want;
            try {
                channel.readInterest(want);
            } catch (RuntimeException e) {
                // epoll_ctl failing means the fd is unusable: end everything typed rather than leave requests unread.
                onError(e);
            }
        }
    }

    /** loop: an agent closed by its user. */
    void removeAgent(DefaultMadAgent agent) {
        forget(agent);
        if (terminal == null) {
            try {
                channel.unregisterAgent(agent.id());
            } catch (RuntimeException e) {
                log.warn("port {}: unregistering agent {} failed: {}", spec, agent.id(), e.toString());
            }
            updateReadInterest();
        }
    }

    private void terminate(Throwable cause) {
        if (terminal != null) {
            return;
        }
        terminal = cause;
        disposed.set(true);
        peerCheck.dispose();
        for (DefaultMadAgent a : agentsSnapshot()) {
            a.terminate(cause);
            forget(a);
        }
        channel.close();
        // A channel releases on its loop (the embedded one through its fabric's serial executor): a task
        // queued behind that release runs after it. A loop already stopped has released everything.
        execute(this::onReleased, stopped -> onReleased());
    }

    private void onReleased() {
        ExitHook.portClosed(this);
        beforeClose.clear();
        released.tryEmitEmpty();
    }

    /**
     * Has {@link #close()} subscribe to {@code release.get()} and wait for it (at most
     * {@link #RELEASE_BOUND}) before the port closes, until {@link #forgetBeforeClose} with the same
     * {@code owner}: what needs the port open to be given back (the notices' Subscribe=0 at the SA).
     * A plain {@link #dispose()} does not wait for it. {@code what} names it in the warning of a release that
     * failed or did not end in time.
     */
    public void beforeClose(Object owner, String what, Supplier<Mono<Void>> release) {
        beforeClose.put(owner, new Release(what, release));
    }

    public void forgetBeforeClose(Object owner) {
        beforeClose.remove(owner);
    }

    /**
     * Runs the releases registered with {@link #beforeClose} (bounded, so a dead peer cannot hold a close
     * up), then disposes the port and completes once the channel is released. JVM exit closes ports this way.
     */
    @Override
    public Mono<Void> close() {
        return Mono.defer(() -> {
            Mono<Void> underWay = closing.get();
            if (underWay != null) {
                // A second close (the user's, while the exit hook closes; or the other way round) joins the
                // first: taken alone it would find the releases already taken and dispose the port under them.
                return underWay;
            }
            Mono<Void> mine = closeOnce().cache();
            return closing.compareAndSet(null, mine) ? mine : closing.get();
        });
    }

    private Mono<Void> closeOnce() {
        return Mono.defer(() -> {
            if (disposed.get() || beforeClose.isEmpty()) {
                dispose();
                return onDispose();
            }
            List<Mono<Void>> releases = beforeClose.values().stream().map(this::bounded).toList();
            return Mono.when(releases)
                    .then(Mono.fromRunnable(this::dispose))
                    .then(onDispose());
        });
    }

    /** {@code release}, at most {@link #RELEASE_BOUND}; a failure or a timeout is logged and ends it. */
    private Mono<Void> bounded(Release release) {
        return Mono.defer(release.give()).timeout(RELEASE_BOUND).onErrorResume(e -> {
            log.warn("port {}: closing without giving back {}: {}", spec, release.what(), e instanceof TimeoutException
                    ? "no answer within " + RELEASE_BOUND.toSeconds() + " s" : e.toString());
            return Mono.empty();
        });
    }

    /** What the port gives back before it closes, and what it is called in a warning. */
    private record Release(String what, Supplier<Mono<Void>> give) {
    }

    @Override
    public Mono<Void> onDispose() {
        return released.asMono();
    }

    /** loop: drops {@code agent} from the table, keeping its drop count in the port's total in the same step. */
    private void forget(DefaultMadAgent agent) {
        synchronized (agents) {
            agents.remove(agent.id());
            loopAgents = agents.values().toArray(DefaultMadAgent[]::new);
            closedAgents.addAll(agent.counters());
            droppedByClosedAgents.add(agent.droppedOverflow());
        }
    }

    @Override
    public void dispose() {
        if (disposed.compareAndSet(false, true)) {
            execute(() -> terminate(new PortClosedException("port " + spec + " was closed")), alreadyClosed -> onReleased());
        }
    }

    @Override
    public boolean isDisposed() {
        return disposed.get();
    }

    @Override
    public String toString() {
        return "MadPort(" + spec + " on " + transport.name() + ")";
    }
}
