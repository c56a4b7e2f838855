package io.reactiveumad.test;

import io.reactiveumad.NoSuchPortException;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Transport;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.mad.mlnx.GeneralInfo;
import io.reactiveumad.spi.SchedulerExecutor;
import io.reactiveumad.spi.channel.EventExecutor;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.test.topology.Link;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.NodeType;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.scheduler.Scheduler;

/**
 * An InfiniBand fabric inside the JVM: the nodes and links of a {@link Topology}, an SM that assigns
 * LIDs and min-hop routes, an SMA and a PMA on every node, an SA at the SM's port, and MADs delivered
 * hop by hop — all on one Reactor {@link Scheduler} worker, so a test that passes a
 * {@code VirtualTimeScheduler} runs timeouts, retries and RMPP in virtual time.
 *
 * <p>It is a transport like the kernel's: {@link #transport()} opens CA ports for {@code Umad.open}, and
 * the same public API runs on it unchanged. The test drives the fabric through this class: cut and
 * restore links, add and remove nodes, set counters, inject faults ({@link #faults()}).
 *
 * <pre>{@code
 * VirtualTimeScheduler time = VirtualTimeScheduler.create();
 * try (EmbeddedFabric fabric = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(time).build()) {
 *     MadChannel channel = fabric.transport().open(new PortSpec("host2", 1));
 *     ...
 * }
 * }</pre>
 *
 * Every method may be called from any thread; it runs as a task of the fabric's executor and returns
 * when done.
 */
public final class EmbeddedFabric implements AutoCloseable {
    /**
     * The SM's SM_Key, OpenSM's default (sm_key 0x1), which its SA takes as the key of a trusted requester: a
     * P_KeyTableRecord query without it is refused, as OpenSM refuses it.
     */
    public static final long SM_KEY = 1L;

    private final FabricEngine engine;
    private final SubnetAdministrator sa;
    private final MlnxVendorAgent mlnxVendor;
    private final TrapRepressor trapRepressor;
    private final Transport transport;
    private final AtomicBoolean closed = new AtomicBoolean();

    private EmbeddedFabric(Builder b) {
        SchedulerExecutor executor = b.scheduler == null ? SchedulerExecutor.onOwnThread("embedded-fabric")
                : new SchedulerExecutor(b.scheduler, "embedded-fabric");
        String smNode = b.smNode != null ? b.smNode : b.topology.nodes(NodeType.CA).stream().findFirst()
                .orElseThrow(() -> new IllegalArgumentException("the topology has no CA to run the SM on")).id();
        this.engine = new FabricEngine(executor, b.topology, smNode, b.smPort, b.hopDelay, b.kernelResends, b.partitions);
        Sma sma = new Sma(engine);
        this.sa = new SubnetAdministrator(engine, sma, b.reportTimeout, b.reportRetries);
        engine.addService(sma);
        engine.addService(new Pma(engine));
        engine.addService(new CongestionControlAgent(engine));
        this.mlnxVendor = new MlnxVendorAgent(engine);
        engine.addService(mlnxVendor);
        engine.addService(sa);
        this.trapRepressor = new TrapRepressor(engine);
        engine.addService(trapRepressor);
        this.transport = new EmbeddedTransport(engine);
        engine.run(engine::sweep);
    }

    /** A fabric on {@code topology} with the defaults (own single-thread scheduler, SM on the first CA). */
    public static EmbeddedFabric start(Topology topology) {
        return builder(topology).build();
    }

    public static Builder builder(Topology topology) {
        return new Builder(topology);
    }

    /** The transport to hand to {@code Umad.open}. */
    public Transport transport() {
        return transport;
    }

    /** The executor every channel of this fabric shares. */
    public EventExecutor executor() {
        return engine.executor;
    }

    /** The current topology (links cut by {@link #unlink} absent), ports carrying the LIDs the SM assigned. */
    public Topology topology() {
        return engine.call(engine::topologyWithLids);
    }

    /** Fault injection; rules apply to MADs delivered from now on. */
    public Faults faults() {
        return engine.faults;
    }

    /**
     * A {@link PortSpec} for {@code node}'s {@code port}.
     *
     * @throws NoSuchPortException as opening it would: the fabric has no such CA, or the CA no such port
     */
    public PortSpec port(String node, int port) {
        engine.run(() -> engine.caPort(node, port));
        return new PortSpec(node, port);
    }

    /** The base LID of {@code node}:{@code port} (port 0 for a switch), 0 when out of service. */
    public int lid(String node, int port) {
        return engine.call(() -> engine.node(node).addressable(Math.max(port, 1)).lid);
    }

    /** The LID of the SM (and SA). */
    public int smLid() {
        return engine.call(() -> engine.smNode().ports[engine.smPort()].lid);
    }

    /** Cuts the cable at {@code node}:{@code port}; the SM re-sweeps (ports go down, traps 65/128 follow). */
    public void unlink(String node, int port) {
        engine.run(() -> engine.unlink(node, port));
    }

    /** Restores a cable cut by {@link #unlink}; the SM re-sweeps (traps 64/128 follow). */
    public void relink(String node, int port) {
        engine.run(() -> engine.relink(node, port));
    }

    /** Adds a node cabled by {@code links}; the SM sweeps it in. */
    public void addNode(Node node, Link... links) {
        engine.run(() -> engine.addNode(node, List.of(links)));
    }

    /** Removes a node and its cables; its open channels fail with {@link io.reactiveumad.mad.DeviceGoneException}. */
    public void removeNode(String id) {
        engine.run(() -> engine.removeNode(id));
    }

    /**
     * Changes {@code node}'s NodeDescription (ibsim's console can't; real hosts do when renamed) and sends
     * trap 144 (local changes, NodeDescription changed) from its {@code port} to subscribers.
     */
    public void setNodeDescription(String node, int port, String description) {
        engine.run(() -> {
            FabricNode n = engine.node(node);
            n.node.checkPort(port);
            n.description = description;
            sa.localChanges(n, port, TrapDetails.LocalChanges.NODE_DESCRIPTION_CHANGE);
        });
    }

    /**
     * Protects {@code node}'s SMA with {@code mKey} (0 lifts it), as an SM does with MKeyProtectBits 3: an SMP that
     * does not carry the key is discarded unanswered, a Get as well as a Set; with it, PortInfo shows the key and the
     * bits. (The embedded SM reaches its nodes without SMPs, so the fabric stays swept.)
     */
    public void protectWithMKey(String node, long mKey) {
        engine.run(() -> engine.node(node).mKey = mKey);
    }

    /**
     * Restarts the SM and SA in place, as killing and restarting OpenSM does: the SA forgets every
     * InformInfo subscription, ServiceRecord and multicast group, and the SM sets PortInfo:ClientReregister
     * on every in-service CA port, telling clients to register again. LIDs stay (OpenSM keeps its guid2lid).
     */
    public void restartSm() {
        engine.run(() -> {
            sa.reset();
            engine.requestReregistration();
        });
    }

    /**
     * Moves the SM and SA to {@code node}:{@code port}, as a standby SM taking over does: a new SM LID on
     * every port, an SA that knows no subscriptions, ClientReregister set on every in-service CA port.
     */
    public void moveSm(String node, int port) {
        engine.run(() -> {
            sa.reset();
            engine.moveSm(node, port);
            engine.requestReregistration();
        });
    }

    /** Reports the SA has sent, resends included. */
    public long reportsSent() {
        return engine.call(sa::reportsSent);
    }

    /** InformInfo subscriptions the SA holds. */
    public int subscriptions() {
        return engine.call(sa::subscriptionCount);
    }

    /** How many traps SMAs sent the SM, each answered with a TrapRepress. */
    public long trapsRepressed() {
        return engine.call(trapRepressor::repressed);
    }

    /**
     * Sets the firmware version a Mellanox node's GeneralInfo reports (vendor class 0x0A, what vendstat -N prints;
     * 01.00.00 until set). An InfiniScale III reports a byte per number.
     */
    public void setFirmware(String node, GeneralInfo.Version firmware) {
        Objects.requireNonNull(firmware, "firmware");
        engine.run(() -> mlnxVendor.setFirmware(engine.node(node), firmware));
    }

    /** Reads a performance counter of {@code node}:{@code port}. */
    public long counter(String node, int port, PortCounter counter) {
        return engine.call(() -> portOf(node, port).counters.get(counter));
    }

    /** Sets a performance counter (then a PerfMgt Get reports it). */
    public void setCounter(String node, int port, PortCounter counter, long value) {
        engine.run(() -> portOf(node, port).counters.set(counter, value));
    }

    /** Adds {@code delta} to a performance counter. */
    public void addCounter(String node, int port, PortCounter counter, long delta) {
        engine.run(() -> portOf(node, port).counters.add(counter, delta));
    }

    /** MADs the fabric could not deliver (no route, no agent, rejected directed route), faults not counted. */
    public long undeliverable() {
        return engine.call(engine::undeliverable);
    }

    /**
     * Closes every channel (a port still open on one hears {@link PortClosedException} and closes), runs
     * what its executor already accepted and, if the fabric created its thread, stops it. Idempotent; afterwards
     * every method fails with {@link PortClosedException} ("the embedded fabric is closed"), and so does
     * opening a port on its transport.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        engine.run(engine::dispose);
    }

    private FabricPort portOf(String node, int port) {
        FabricNode n = engine.node(node);
        n.node.checkPort(port);
        return n.ports[port];
    }

    /** Options of an {@link EmbeddedFabric}. */
    public static final class Builder {
        private final Topology topology;
        private Scheduler scheduler;
        private String smNode;
        private int smPort = 1;
        private Duration hopDelay = Duration.ZERO;
        private Duration reportTimeout = Duration.ofSeconds(1);
        private int reportRetries = 3;
        private boolean kernelResends;
        private Partitions partitions = Partitions.NONE;

        private Builder(Topology topology) {
            this.topology = Objects.requireNonNull(topology, "topology");
        }

        /** Where the fabric runs; a {@code VirtualTimeScheduler} in tests. Default: a new single thread it owns. */
        public Builder scheduler(Scheduler value) {
            this.scheduler = Objects.requireNonNull(value, "scheduler");
            return this;
        }

        /** The CA whose port runs the SM and SA. Default: the first CA of the topology, port 1. */
        public Builder sm(String node, int port) {
            this.smNode = Objects.requireNonNull(node, "node");
            this.smPort = port;
            return this;
        }

        /** Latency added per link crossed (default none: delivery is the next executor task). */
        public Builder hopDelay(Duration value) {
            if (value.isNegative()) {
                throw new IllegalArgumentException("hop delay must not be negative: " + value);
            }
            this.hopDelay = value;
            return this;
        }

        /** How long the SA waits for a ReportResp before resending a Report, and how often it resends (1 s, 3). */
        public Builder reports(Duration timeout, int retries) {
            if (timeout.isNegative() || timeout.isZero() || retries < 0) {
                throw new IllegalArgumentException("report timeout must be positive and retries >= 0: " + timeout + ", "
                        + retries);
            }
            this.reportTimeout = timeout;
            this.reportRetries = retries;
            return this;
        }

        /**
         * Whether channels resend requests themselves and report ETIMEDOUT, as the kernel's umad does (so the
         * core hands retries to them), or leave retries to the core's timers, as ibsim does (default).
         */
        public Builder kernelResends(boolean enabled) {
            this.kernelResends = enabled;
            return this;
        }

        /**
         * The partitions the SM makes, as OpenSM's partitions.conf says ({@link Partitions}): the ports' P_Key tables,
         * the IPoIB broadcast groups, what the SA shows whom. Default: none, as OpenSM without the file: every port a
         * full member of the default partition, its IPoIB broadcast group.
         */
        public Builder partitions(Partitions value) {
            this.partitions = Objects.requireNonNull(value, "partitions");
            return this;
        }

        public EmbeddedFabric build() {
            return new EmbeddedFabric(this);
        }
    }
}
