package io.reactiveumad.test;

import io.reactiveumad.NoSuchPortException;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.spi.SchedulerExecutor;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.PortAttributes;
import io.reactiveumad.test.topology.Link;
import io.reactiveumad.test.topology.LinkSpeed;
import io.reactiveumad.test.topology.LinkWidth;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.Port;
import io.reactiveumad.test.topology.PortRates;
import io.reactiveumad.test.topology.Topology;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fabric's runtime: nodes and their port state, the SM, agents, and where a MAD goes once it arrives.
 * Every method runs as a fabric executor task; {@link #call} makes one from any thread.
 *
 * <p>A sent MAD crosses the fabric on the {@link Wire} (routed at once, handed to its destination node as a
 * separate executor task). At the destination a response goes to the agent named by its TID bits 63..32; a
 * request goes to the node's built-in service for its class, else to a channel agent registered for its class,
 * version and method, else (Get/Set) is answered with status 0x000C as the kernel does.
 */
final class FabricEngine {
    private static final Logger LOG = LoggerFactory.getLogger(FabricEngine.class);
    /** The subnet prefix every port's GID 0 carries. */
    static final long DEFAULT_GID_PREFIX = 0xfe80_0000_0000_0000L;

    final SchedulerExecutor executor;
    final Faults faults = new Faults();
    /** Whether channels tell the core they resend requests themselves, as the kernel's do. */
    final boolean kernelResends;
    private final Wire wire;
    private final SubnetManager sm = new SubnetManager();
    final PartitionManager partitions;
    private final Map<String, FabricNode> nodes = new LinkedHashMap<>();
    private final Map<Link.End, Link> unlinked = new HashMap<>();
    /** See {@link #speedActive(Link)}: by link, as it runs (a link retrained again leaves its entry). */
    private final Map<Link, Integer> speedsActiveUnderExtended = new HashMap<>();
    private final Map<Integer, AgentSlot> agents = new HashMap<>();
    private final List<LocalService> services = new ArrayList<>();
    private final List<EmbeddedChannel> channels = new ArrayList<>();
    private final List<Consumer<SubnetManager.SweepResult>> sweepListeners = new ArrayList<>();
    private Topology topology;
    private String smNodeId;
    private int smPort;
    private int nextAgentKey = 1;
    private long sweeps;
    /** Set by {@link #dispose()}, read by callers on any thread. */
    private volatile boolean disposed;

    FabricEngine(SchedulerExecutor executor, Topology topology, String smNodeId, int smPort, Duration hopDelay,
                 boolean kernelResends, Partitions partitions) {
        this.executor = executor;
        this.partitions = new PartitionManager(partitions);
        this.kernelResends = kernelResends;
        this.topology = topology;
        this.smNodeId = smNodeId;
        this.smPort = smPort;
        this.wire = new Wire(this, hopDelay);
        for (Node n : topology.nodes()) {
            nodes.put(n.id(), new FabricNode(n));
        }
        checkSmPort(topology, smNodeId, smPort);
    }

    private static void checkSmPort(Topology topology, String node, int port) {
        Node sm = topology.requireNode(node);
        if (sm.isSwitch()) {
            throw new IllegalArgumentException("the SM runs on a CA port, not on switch \"" + node + "\"");
        }
        sm.checkPort(port);
    }

    /** Moves the SM (and SA) to {@code node}:{@code port} and sweeps: every port learns the new SM LID. */
    void moveSm(String node, int port) {
        checkSmPort(topology, node, port);
        smNodeId = node;
        smPort = port;
        sweep();
    }

    /** Sets PortInfo:ClientReregister on every in-service CA port, as an SM does after it restarts. */
    void requestReregistration() {
        for (var e : sm.inService().entrySet()) {
            FabricNode n = e.getValue();
            if (!n.isSwitch()) {
                n.ports[n.node.portByGuid(e.getKey()).orElseThrow().number()].clientReregister = true;
            }
        }
    }

    // ---- running on the executor

    /** Runs {@code task} as a task of the fabric's loop and waits for it (see {@link SchedulerExecutor#call}); a closed fabric refuses, saying so. */
    <T> T call(Supplier<T> task) {
        if (disposed) {
            throw new PortClosedException("the embedded fabric is closed");
        }
        try {
            return executor.call(task);
        } catch (RejectedExecutionException e) {
            throw new PortClosedException("the embedded fabric is closed");
        }
    }

    void run(Runnable task) {
        call(() -> {
            task.run();
            return null;
        });
    }

    // ---- topology and SM

    void addService(LocalService service) {
        services.add(service);
    }

    void onSweep(Consumer<SubnetManager.SweepResult> listener) {
        sweepListeners.add(listener);
    }

    SubnetManager.SweepResult sweep() {
        sweeps++;
        SubnetManager.SweepResult result = sm.sweep(topology, nodes, smNode(), smPort);
        partitions.program(sm.inService(), smNode().node.portGuid(smPort));
        LOG.debug("sweep: {} in service, {} out of service, {} switches changed", result.inService().size(),
                result.outOfService().size(), result.linkStateChanged().size());
        sweepListeners.forEach(l -> l.accept(result));
        return result;
    }

    Topology topology() {
        return topology;
    }

    /** Sweeps run so far: SMInfo's ActCount. */
    long sweeps() {
        return sweeps;
    }

    /** The port the SM's last sweep first reached {@code node} by (a switch's LocalPortNum to the SM). */
    int sweptInBy(FabricNode node) {
        return sm.sweptInBy(node);
    }

    /** The topology with the LIDs the SM assigned and the current NodeDescriptions. */
    Topology topologyWithLids() {
        List<Node> current = new ArrayList<>();
        for (Node n : topology.nodes()) {
            FabricNode f = nodes.get(n.id());
            List<Port> ports = n.ports().stream().map(p -> new Port(p.number(), p.guid(), f.ports[p.number()].lid,
                    f.ports[p.number()].lmc)).toList();
            current.add(n.withPorts(ports).withDescription(f.description));
        }
        return Topology.of(current, topology.links());
    }

    FabricNode smNode() {
        return nodes.get(smNodeId);
    }

    int smPort() {
        return smPort;
    }

    Map<Long, FabricNode> inService() {
        return sm.inService();
    }

    /** Programs {@code mlid} into the switches' MFTs for the member ports {@code portGuids} (none: removes it). */
    void programMulticast(int mlid, Collection<Long> portGuids) {
        List<Map.Entry<FabricNode, Integer>> members = new ArrayList<>();
        for (long guid : portGuids) {
            FabricNode n = sm.inService().get(guid);
            if (n != null) {
                members.add(Map.entry(n, n.isSwitch() ? 0 : n.node.portByGuid(guid).orElseThrow().number()));
            }
        }
        SubnetManager.routeMulticast(nodes.values(), mlid, members);
    }

    FabricNode node(String id) {
        FabricNode n = nodes.get(id);
        if (n == null) {
            throw new IllegalArgumentException("no node \"" + id + "\" in the fabric");
        }
        return n;
    }

    Iterable<FabricNode> nodes() {
        return nodes.values();
    }

    /** The node owning LID {@code lid}, or null. */
    FabricNode nodeByLid(int lid) {
        for (FabricNode n : nodes.values()) {
            for (FabricPort p : n.ports) {
                if (p.ownsLid(lid)) {
                    return n;
                }
            }
        }
        return null;
    }

    void unlink(String node, int port) {
        Link link = topology.link(node(node).id(), port).orElseThrow(() -> new IllegalArgumentException(
                "port \"" + node + "\"[" + port + "] is not cabled"));
        topology = topology.withoutLink(node, port);
        unlinked.put(link.a(), link);
        unlinked.put(link.b(), link);
        nodes.get(link.a().node()).ports[link.a().port()].counters.add(PortCounter.LINK_DOWNED, 1);
        nodes.get(link.b().node()).ports[link.b().port()].counters.add(PortCounter.LINK_DOWNED, 1);
        sweep();
    }

    /** The link {@code node}:{@code port} lost by {@link #unlink}, or null. */
    Link unlinked(String node, int port) {
        return unlinked.get(new Link.End(node, port));
    }

    /** Whether {@code node}:{@code port} lost its cable by {@link #unlink} and can get it back by {@link #relink}. */
    boolean isUnlinked(String node, int port) {
        return unlinked(node, port) != null;
    }

    void relink(String node, int port) {
        Link link = unlinked.get(new Link.End(node, port));
        if (link == null) {
            throw new IllegalArgumentException("port \"" + node + "\"[" + port + "] was not unlinked");
        }
        unlinked.remove(link.a());
        unlinked.remove(link.b());
        topology = topology.withLink(link);
        sweep();
    }

    /**
     * The link run at {@code width} and {@code speed} from now on, its PortInfo LinkSpeedActive {@code speedActive} (a
     * PortInfo Set's enabled widths and speeds).
     */
    void retrain(Link link, LinkWidth width, LinkSpeed speed, int speedActive) {
        Link now = link;
        if (link.width() != width || link.speed() != speed) {
            now = new Link(link.a(), link.b(), width, speed);
            topology = topology.withoutLink(link.a().node(), link.a().port()).withLink(now);
        }
        speedsActiveUnderExtended.remove(link);
        if (speedActive != speed.speedActive()) {
            speedsActiveUnderExtended.put(now, speedActive);
        }
    }

    /**
     * The LinkSpeedActive both ends of {@code link} say: its speed's, unless a PortInfo Set of legacy speeds retrained
     * it under an extended speed, which ibsim keeps apart (a link at FDR set to SDR says SDR and FDR).
     */
    int speedActive(Link link) {
        return speedsActiveUnderExtended.getOrDefault(link, link.speed().speedActive());
    }

    /** {@code node}'s {@code port} enables {@code now} from now on (a PortInfo Set changed its masks). */
    void rates(String node, int port, PortRates now) {
        topology = topology.withRates(node, port, now);
    }

    void addNode(Node node, List<Link> links) {
        Topology t = topology.withNode(node);
        for (Link l : links) {
            t = t.withLink(l);
        }
        topology = t;
        nodes.put(node.id(), new FabricNode(node));
        sweep();
    }

    void removeNode(String id) {
        if (id.equals(smNodeId)) {
            throw new IllegalArgumentException("cannot remove the SM's node \"" + id + "\"");
        }
        FabricNode gone = node(id);
        topology = topology.withoutNode(id);
        nodes.remove(id);
        unlinked.keySet().removeIf(e -> e.node().equals(id));
        agents.values().removeIf(slot -> slot.node() == gone);
        for (EmbeddedChannel c : new ArrayList<>(channels)) {
            if (c.node() == gone) {
                c.deviceGone();
            }
        }
        sweep();
    }

    // ---- agents and channels

    EmbeddedChannel open(String device, int port) {
        FabricNode n = caPort(device, port);
        EmbeddedChannel channel = new EmbeddedChannel(this, n, port);
        channels.add(channel);
        return channel;
    }

    /** The CA whose {@code port} a channel can open, by node id or description; else NoSuchPortException. */
    FabricNode caPort(String device, int port) {
        FabricNode n = nodes.values().stream().filter(f -> f.id().equals(device)).findFirst()
                .or(() -> nodes.values().stream().filter(f -> f.description.equals(device)).findFirst())
                .orElseThrow(() -> new NoSuchPortException("no node \"" + device + "\" in the embedded fabric"));
        if (n.isSwitch()) {
            throw new NoSuchPortException("\"" + device + "\" is a switch: open a CA port");
        }
        if (port < 1 || port > n.node.portCount()) {
            throw new NoSuchPortException("node \"" + device + "\" has no port " + port + " (ports 1.."
                    + n.node.portCount() + ")");
        }
        return n;
    }

    void closed(EmbeddedChannel channel) {
        channels.remove(channel);
    }

    /**
     * Registers an agent at {@code node}:{@code port}; EINVAL where the kernel refuses it ({@link
     * AgentRegistration#refusal}, against the port's other agents) or where the fabric's own SMA, PMA or SA serves.
     */
    AgentSlot register(FabricNode node, int port, int agentId, AgentRegistration reg, Consumer<Arrival> endpoint) {
        List<AgentRegistration> onThePort = agents.values().stream()
                .filter(slot -> slot.node() == node && slot.port() == port).map(AgentSlot::registration).toList();
        reg.refusal(onThePort).ifPresent(why -> {
            throw einval("ioctl(REGISTER_AGENT2)", why);
        });
        for (int method = 0; method < 128; method++) {
            if (!reg.servesMethod(method)) {
                continue;
            }
            for (LocalService s : services) {
                if (s.serves(node, port, reg.mgmtClass(), method)) {
                    throw einval("ioctl(REGISTER_AGENT2)", String.format(
                            "class 0x%02x method 0x%02x is served by the fabric's own %s at %s:%d",
                            reg.mgmtClass(), method, s.getClass().getSimpleName().toUpperCase(Locale.ROOT),
                            node.id(), port));
                }
            }
        }
        AgentSlot slot = new AgentSlot(nextAgentKey++, node, port, agentId, reg, endpoint);
        agents.put(slot.key(), slot);
        return slot;
    }

    /** An agent for built-in senders (the SA's Reports): receives the responses to its requests. */
    AgentSlot registerInternal(FabricNode node, int port, int mgmtClass, int classVersion, Consumer<Arrival> endpoint) {
        AgentSlot slot = new AgentSlot(nextAgentKey++, node, port, -1,
                new AgentRegistration(MgmtClass.isSmp(mgmtClass) ? 0 : 1, mgmtClass, classVersion, 0, 0, 0, 0, false),
                endpoint);
        agents.put(slot.key(), slot);
        return slot;
    }

    void unregister(AgentSlot slot) {
        agents.remove(slot.key());
    }

    static NativeIoException einval(String syscall, String why) {
        return new NativeIoException(syscall, 22, why + " (EINVAL)");
    }

    private AgentSlot findAgent(FabricNode node, int port, int mgmtClass, int classVersion, int method) {
        for (AgentSlot slot : agents.values()) {
            AgentRegistration r = slot.registration();
            if (slot.node() == node && slot.port() == port && r.mgmtClass() == mgmtClass && r.classVersion() == classVersion
                    && r.servesMethod(method)) {
                return slot;
            }
        }
        return null;
    }

    PortAttributes attributes(FabricNode node, int port, String device) {
        FabricPort p = node.ports[port];
        List<Integer> pkeys = List.copyOf(p.pkeys);
        PortInfo info = Sma.portInfo(this, node, port);
        return new PortAttributes(device, port, node.node.nodeGuid(), p.lid, p.lmc, p.smLid, 0, p.state, p.physState,
                "InfiniBand", List.of(new Gid(DEFAULT_GID_PREFIX, node.node.portGuid(port))), pkeys,
                info.capabilityMask(), PortAttributes.rate(info));
    }

    // ---- sending and routing

    /** Sends {@code mad} (owned by the engine from now on) from {@code node}:{@code port} across the fabric ({@link Wire}). */
    void send(FabricNode node, int port, MadAddress to, byte[] mad) {
        wire.send(node, port, to, mad);
    }

    /** A MAD the wire delivered: a response to the agent its TID names, a request to whoever serves it. */
    void arrive(Arrival a) {
        if (nodes.get(a.node().id()) != a.node()) {
            return; // the node was removed while the MAD was on the wire
        }
        byte[] mad = a.mad();
        a.node().ports[a.port()].counters.add(PortCounter.RCV_PKTS, 1);
        a.node().ports[a.port()].counters.add(PortCounter.RCV_DATA, mad.length / 4);
        if (mad.length < MadHeader.SIZE || mad[MadHeader.BASE_VERSION_OFFSET] != MadHeader.BASE_VERSION) {
            wire.drop(a.node(), mad, "not a base version 1 MAD");
            return;
        }
        int methodByte = mad[MadHeader.METHOD_OFFSET] & 0xFF;
        int method = methodByte & ~MadHeader.RESPONSE_BIT;
        int mgmtClass = mad[MadHeader.MGMT_CLASS_OFFSET] & 0xFF;
        if (Method.isResponse(methodByte)) {
            int key = ByteBuffer.wrap(mad).getInt(MadHeader.TID_OFFSET);
            AgentSlot slot = agents.get(key);
            if (slot != null && slot.node() == a.node() && slot.port() == a.port()) {
                slot.endpoint().accept(a);
            } else {
                wire.drop(a.node(), mad, "response for no agent here (TID bits 63..32 = " + key + ")");
            }
            return;
        }
        for (LocalService s : services) {
            if (s.serves(a.node(), a.port(), mgmtClass, method)) {
                try {
                    s.onRequest(a);
                } catch (RuntimeException e) {
                    // A corrupted request must not take the service down; a real agent would drop it.
                    LOG.debug("{} dropped a request it could not handle: {}", s.getClass().getSimpleName(), e.toString());
                }
                return;
            }
        }
        AgentSlot slot = findAgent(a.node(), a.port(), mgmtClass, mad[MadHeader.CLASS_VERSION_OFFSET] & 0xFF, method);
        if (slot != null) {
            slot.endpoint().accept(a);
        } else if (method == Method.GET || method == Method.SET) {
            reply(a, status(a, MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE));
        } else {
            wire.drop(a.node(), mad, "unsolicited MAD nobody registered for");
        }
    }

    /** A response to {@code request}: its bytes with the response method and {@code status}. */
    static byte[] status(Arrival request, int status) {
        byte[] out = request.mad().clone();
        ByteBuffer.wrap(out).putShort(MadHeader.STATUS_OFFSET, (short) status);
        return out;
    }

    /** A successful response to {@code request} carrying {@code answer} at its class's data offset. */
    static byte[] answer(Arrival request, MadAttribute answer) {
        byte[] response = status(request, MadStatus.OK);
        answer.encode(ByteBuffer.wrap(response), MgmtClass.dataOffset(request.mad()[MadHeader.MGMT_CLASS_OFFSET] & 0xFF));
        return response;
    }

    /**
     * Sends {@code response} back to where {@code request} came from: the method becomes the response
     * method, the TID is the request's; directed route turns around (D bit) at the request's port.
     */
    void reply(Arrival request, byte[] response) {
        byte[] req = request.mad();
        response[MadHeader.METHOD_OFFSET] = (byte) Method.responseOf(request.method());
        System.arraycopy(req, MadHeader.TID_OFFSET, response, MadHeader.TID_OFFSET, 8);
        if ((req[MadHeader.MGMT_CLASS_OFFSET] & 0xFF) == MgmtClass.SUBN_DIRECTED_ROUTE) {
            DirectedRoute.setReturning(response);
            send(request.node(), request.port(), request.source(), response);
        } else {
            MadAddress to = request.source();
            send(request.node(), request.port(), new MadAddress(to.lid(), to.qpn(), to.qkey(), to.sl(), 0, 0, null), response);
        }
    }

    /** MADs the fabric could not deliver (no route, no agent, a rejected directed route), faults not counted. */
    long undeliverable() {
        return wire.undeliverable();
    }

    void dispose() {
        disposed = true;
        for (EmbeddedChannel c : new ArrayList<>(channels)) {
            try {
                c.fabricClosed();
            } catch (RuntimeException e) {
                // One listener's failure must not keep the others open or the executor running.
                LOG.warn("closing {} failed: {}", c, e.toString());
            }
        }
        executor.shutdown();
    }
}
