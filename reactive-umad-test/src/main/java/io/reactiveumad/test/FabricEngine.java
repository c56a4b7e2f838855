package io.reactiveumad.test;

import io.reactiveumad.NoSuchPortException;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.spi.SchedulerExecutor;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAddress;
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
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fabric's runtime: nodes and their port state, the SM, agents, and the delivery of MADs hop by hop.
 * Every method runs as a fabric executor task; {@link #call} makes one from any thread.
 *
 * <p>Delivery: a sent MAD is routed at once (LID-routed through the switches' LFTs, directed route by the
 * IBA 14.2.2 rules), then handed to its destination node as a separate executor task, after
 * {@code hopDelay} per hop plus any fault delay. At the destination a response goes to the agent named by
 * its TID bits 63..32; a request goes to the node's built-in service for its class, else to a channel
 * agent registered for its class, version and method, else (Get/Set) is answered with status 0x000C as
 * the kernel does.
 */
final class FabricEngine {
    private static final Logger LOG = LoggerFactory.getLogger(FabricEngine.class);
    /** A LID-routed walk longer than this is a routing loop. */
    private static final int MAX_LID_HOPS = 64;
    /** The subnet prefix every port's GID 0 carries. */
    static final long DEFAULT_GID_PREFIX = 0xfe80_0000_0000_0000L;

    final SchedulerExecutor executor;
    final Faults faults = new Faults();
    /** Whether channels tell the core they resend requests themselves, as the kernel's do. */
    final boolean kernelResends;
    private final long hopDelayNanos;
    private final SubnetManager sm = new SubnetManager();
    private final Map<String, FabricNode> nodes = new LinkedHashMap<>();
    private final Map<Link.End, Link> unlinked = new HashMap<>();
    private final Map<Integer, AgentSlot> agents = new HashMap<>();
    private final List<LocalService> services = new ArrayList<>();
    private final List<EmbeddedChannel> channels = new ArrayList<>();
    private final List<Consumer<SubnetManager.SweepResult>> sweepListeners = new ArrayList<>();
    private Topology topology;
    private String smNodeId;
    private int smPort;
    private int nextAgentKey = 1;
    private long undeliverable;
    private long sweeps;
    /** Set by {@link #dispose()}, read by callers on any thread. */
    private volatile boolean disposed;

    FabricEngine(SchedulerExecutor executor, Topology topology, String smNodeId, int smPort, Duration hopDelay,
                 boolean kernelResends) {
        this.executor = executor;
        this.kernelResends = kernelResends;
        this.topology = topology;
        this.smNodeId = smNodeId;
        this.smPort = smPort;
        this.hopDelayNanos = hopDelay.toNanos();
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

    /** Whether {@code node}:{@code port} lost its cable by {@link #unlink} and can get it back by {@link #relink}. */
    boolean isUnlinked(String node, int port) {
        return unlinked.containsKey(new Link.End(node, port));
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

    /** The link run at {@code width} and {@code speed} from now on (a PortInfo Set's enabled widths and speeds). */
    void retrain(Link link, LinkWidth width, LinkSpeed speed) {
        if (link.width() != width || link.speed() != speed) {
            topology = topology.withoutLink(link.a().node(), link.a().port())
                    .withLink(new Link(link.a(), link.b(), width, speed));
        }
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

    /** Registers an agent at {@code node}:{@code port}; EINVAL as the kernel when its methods are taken. */
    AgentSlot register(FabricNode node, int port, int agentId, AgentRegistration reg, Consumer<Arrival> endpoint) {
        if (MgmtClass.isSmp(reg.mgmtClass()) != (reg.qpn() == 0) && reg.mgmtClass() != 0) {
            throw einval("ioctl(REGISTER_AGENT2)", String.format("class 0x%02x is not served on QP%d", reg.mgmtClass(), reg.qpn()));
        }
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
            if (findAgent(node, port, reg.mgmtClass(), reg.classVersion(), method) != null) {
                throw einval("ioctl(REGISTER_AGENT2)", String.format("class 0x%02x version %d method 0x%02x is already registered",
                        reg.mgmtClass(), reg.classVersion(), method));
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

    /** Sends {@code mad} (owned by the engine from now on) from {@code node}:{@code port} to {@code to}. */
    void send(FabricNode node, int port, MadAddress to, byte[] mad) {
        node.ports[port].counters.add(PortCounter.XMIT_PKTS, 1);
        node.ports[port].counters.add(PortCounter.XMIT_DATA, mad.length / 4);
        if ((mad[MadHeader.MGMT_CLASS_OFFSET] & 0xFF) == MgmtClass.SUBN_DIRECTED_ROUTE) {
            sendDirected(node, port, to, mad);
        } else {
            sendLidRouted(node, port, to, mad);
        }
    }

    /**
     * A directed-route SMP, hop by hop by the rules of {@link DirectedRoute}. With DrSLID not permissive the path's
     * first part is LID-routed (IBA 14.2.2): the request goes through the forwarding tables to the node at {@code to}'s
     * LID, which begins the directed part as if it had sent it; the response, back at that node, goes through the
     * tables to DrSLID.
     */
    private void sendDirected(FabricNode from, int egress, MadAddress to, byte[] mad) {
        if (mad.length < MadHeader.MAD_SIZE || !DirectedRoute.endsDirected(mad)) {
            drop(from, mad, "directed route with a LID-routed last part (DrDLID not permissive) is not emulated");
            return;
        }
        boolean lidRoutedStart = DirectedRoute.drSlid(mad) != MadAddress.PERMISSIVE_LID;
        FabricNode node = from;
        int port = egress;
        int hops = 0;
        if (lidRoutedStart && !DirectedRoute.returning(mad) && DirectedRoute.hopPointer(mad) == 0) {
            Reached start = routeToLid(from, egress, to.lid(), mad);
            if (start == null) {
                return;
            }
            node = start.node();
            port = DirectedRoute.hopCount(mad) == 0 ? start.port() : DirectedRoute.firstPort(mad);
            hops = start.hops();
        }
        if (!DirectedRoute.onSend(mad, node.isSwitch(), port)) {
            drop(node, mad, "directed route rejected on send (IBA C14-9/C14-13)");
            return;
        }
        while (true) {
            if (DirectedRoute.hopCount(mad) != 0) {
                Link.End far = topology.remote(node.id(), port).orElse(null);
                if (far == null) {
                    drop(node, mad, "directed route leaves by uncabled port " + port);
                    return;
                }
                node = nodes.get(far.node());
                port = far.port();
                hops++;
            }
            if (!DirectedRoute.onReceive(mad, node.isSwitch(), port, node.node.portCount())) {
                drop(node, mad, "directed route rejected on receive (IBA C14-9/C14-13)");
                return;
            }
            if (DirectedRoute.next(mad, node.isSwitch()) == DirectedRoute.Next.LOCAL) {
                if (lidRoutedStart && DirectedRoute.returning(mad)) {
                    // Back where the directed part began: the rest of the way is LID-routed to the requester.
                    Reached requester = routeToLid(node, port, DirectedRoute.drSlid(mad), mad);
                    if (requester != null) {
                        deliver(requester.node(), requester.port(), mad, MadAddress.smp(MadAddress.PERMISSIVE_LID),
                                hops + requester.hops());
                    }
                    return;
                }
                deliver(node, port, mad, MadAddress.smp(MadAddress.PERMISSIVE_LID), hops);
                return;
            }
            int out = DirectedRoute.forwardPort(mad);
            if (!DirectedRoute.onSend(mad, node.isSwitch(), out)) {
                drop(node, mad, "directed route rejected when forwarding");
                return;
            }
            port = out;
        }
    }

    private void sendLidRouted(FabricNode from, int port, MadAddress to, byte[] mad) {
        int mgmtClass = mad[MadHeader.MGMT_CLASS_OFFSET] & 0xFF;
        boolean smp = MgmtClass.isSmp(mgmtClass);
        if (smp ? to.qpn() != 0 : to.qpn() != 1 || to.qkey() != MadAddress.GSI_QKEY) {
            drop(from, mad, String.format("QP%d/Q_Key 0x%08x does not take class 0x%02x", to.qpn(), to.qkey(), mgmtClass));
            return;
        }
        FabricPort source = from.addressable(Math.max(port, 1));
        MadAddress sourceAddress = new MadAddress(source.lid, smp ? 0 : 1, smp ? 0 : MadAddress.GSI_QKEY, to.sl(), 0, 0, null);
        Reached reached = routeToLid(from, port, to.lid(), mad);
        if (reached != null) {
            deliver(reached.node(), reached.port(), mad, sourceAddress, reached.hops());
        }
    }

    /** Where a packet routed by LID arrives: the node, the port it enters by, the links it crossed. */
    private record Reached(FabricNode node, int port, int hops) {
    }

    /**
     * Where a packet sent from {@code from}:{@code port} to {@code dlid} arrives, through the switches' linear forwarding
     * tables and active ports; null when it does not (dropped, with why).
     */
    private Reached routeToLid(FabricNode from, int port, int dlid, byte[] mad) {
        FabricPort source = from.addressable(Math.max(port, 1));
        if (source.lid == 0 || source.state != FabricPort.STATE_ACTIVE) {
            drop(from, mad, "source port has no LID or is not active");
            return null;
        }
        FabricNode node = from;
        int inPort = port;
        int egress;
        if (node.isSwitch()) {
            if (node.ports[0].ownsLid(dlid)) {
                return new Reached(node, inPort, 0);
            }
            egress = node.route(dlid);
        } else {
            if (source.ownsLid(dlid)) {
                return new Reached(node, port, 0);
            }
            egress = port;
        }
        for (int hops = 1; hops <= MAX_LID_HOPS; hops++) {
            if (egress == FabricNode.NO_ROUTE || egress == 0 || egress >= node.ports.length
                    || node.ports[egress].state != FabricPort.STATE_ACTIVE) {
                drop(node, mad, "no active route to LID " + dlid);
                return null;
            }
            Link.End far = topology.remote(node.id(), egress).orElse(null);
            if (far == null) {
                drop(node, mad, "route to LID " + dlid + " leaves by uncabled port " + egress);
                return null;
            }
            node = nodes.get(far.node());
            inPort = far.port();
            if (node.isSwitch()) {
                if (node.ports[0].ownsLid(dlid)) {
                    return new Reached(node, inPort, hops);
                }
                egress = node.route(dlid);
            } else {
                if (node.ports[inPort].ownsLid(dlid) && node.ports[inPort].state == FabricPort.STATE_ACTIVE) {
                    return new Reached(node, inPort, hops);
                }
                drop(node, mad, "LID " + dlid + " is not at this CA port");
                return null;
            }
        }
        drop(node, mad, "routing loop towards LID " + dlid);
        return null;
    }

    private void deliver(FabricNode node, int port, byte[] mad, MadAddress source, int hops) {
        Faults.Verdict verdict = faults.apply(node.id(), mad);
        long delay = hopDelayNanos * hops + verdict.delayNanos();
        for (int copy = 0; copy < verdict.copies(); copy++) {
            Arrival arrival = new Arrival(node, port, copy == 0 ? verdict.mad() : verdict.mad().clone(), source);
            if (delay == 0) {
                executor.execute(() -> arrive(arrival));
            } else {
                executor.schedule(() -> arrive(arrival), delay, TimeUnit.NANOSECONDS);
            }
        }
    }

    private void arrive(Arrival a) {
        if (nodes.get(a.node().id()) != a.node()) {
            return; // the node was removed while the MAD was on the wire
        }
        byte[] mad = a.mad();
        a.node().ports[a.port()].counters.add(PortCounter.RCV_PKTS, 1);
        a.node().ports[a.port()].counters.add(PortCounter.RCV_DATA, mad.length / 4);
        if (mad.length < MadHeader.SIZE || mad[MadHeader.BASE_VERSION_OFFSET] != MadHeader.BASE_VERSION) {
            drop(a.node(), mad, "not a base version 1 MAD");
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
                drop(a.node(), mad, "response for no agent here (TID bits 63..32 = " + key + ")");
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
            drop(a.node(), mad, "unsolicited MAD nobody registered for");
        }
    }

    /** A response to {@code request}: its bytes with the response method and {@code status}. */
    static byte[] status(Arrival request, int status) {
        byte[] out = request.mad().clone();
        ByteBuffer.wrap(out).putShort(MadHeader.STATUS_OFFSET, (short) status);
        return out;
    }

    /**
     * Sends {@code response} back to where {@code request} came from: the method becomes the response
     * method, the TID is the request's; directed route turns around (D bit) at the request's port.
     */
    void reply(Arrival request, byte[] response) {
        byte[] req = request.mad();
        response[MadHeader.METHOD_OFFSET] = (byte) Method.responseOf(req[MadHeader.METHOD_OFFSET] & 0x7F);
        System.arraycopy(req, MadHeader.TID_OFFSET, response, MadHeader.TID_OFFSET, 8);
        if ((req[MadHeader.MGMT_CLASS_OFFSET] & 0xFF) == MgmtClass.SUBN_DIRECTED_ROUTE) {
            DirectedRoute.setReturning(response);
            send(request.node(), request.port(), request.source(), response);
        } else {
            MadAddress to = request.source();
            send(request.node(), request.port(), new MadAddress(to.lid(), to.qpn(), to.qkey(), to.sl(), 0, 0, null), response);
        }
    }

    private void drop(FabricNode at, byte[] mad, String why) {
        undeliverable++;
        if (LOG.isDebugEnabled()) {
            LOG.debug("dropped at {}: class 0x{} method 0x{} ({})", at.id(),
                    mad.length > MadHeader.METHOD_OFFSET ? Integer.toHexString(mad[MadHeader.MGMT_CLASS_OFFSET] & 0xFF) : "?",
                    mad.length > MadHeader.METHOD_OFFSET ? Integer.toHexString(mad[MadHeader.METHOD_OFFSET] & 0xFF) : "?", why);
        }
    }

    long undeliverable() {
        return undeliverable;
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
