package io.reactiveumad.discovery;

import io.reactiveumad.client.AttributeType;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.discovery.DiscoveryOptions.DiscoveryProgress;
import io.reactiveumad.mad.DirectedRouteSmp;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.mad.attr.MlnxExtPortInfo;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import reactor.core.Disposable;
import reactor.core.Disposables;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.MonoSink;

/**
 * One breadth-first discovery, the way libibnetdisc walks a fabric, with up to
 * {@link DiscoveryOptions#outstanding()} SMPs on the wire. Every field is guarded by {@code this}: answers
 * arrive on any thread and are handled one at a time, so "is this node GUID new?" is decided once.
 *
 * <p>Per node: NodeInfo through each route that reaches it (each arrival is a link); on a new node
 * NodeDescription, and on a switch SwitchInfo and PortInfo of port 0, then PortInfo of every external
 * port; on a CA or router PortInfo of the port arrived through. A switch port that is LinkUp and is not
 * the port the switch was first reached through is followed with NodeInfo one hop further. CAs are not
 * crossed (directed routes cannot go through them), except the local one, which is left by the local port.
 * A Mellanox device's port that may be FDR10 is asked its MlnxExtPortInfo too.
 */
final class DiscoveryRun {
    private static final Logger log = LoggerFactory.getLogger(DiscoveryRun.class);
    private enum Kind {
        NODE_INFO(SmpClient.NODE_INFO), NODE_DESCRIPTION(SmpClient.NODE_DESCRIPTION), SWITCH_INFO(SmpClient.SWITCH_INFO),
        PORT_INFO(SmpClient.PORT_INFO), MLNX_EXT_PORT_INFO(SmpClient.MLNX_EXT_PORT_INFO);

        final AttributeType<?> type;

        Kind(AttributeType<?> type) {
            this.type = type;
        }
    }

    /** One SMP to send; {@code node} is whom it asks (null for NodeInfo), {@code from} the port it left by. */
    private record Query(Kind kind, SmpRoute.Directed path, int portNumber, NodeState node, End from) {
    }

    /** The port a NodeInfo left by: its node's GUID and its number. */
    private record End(long nodeGuid, int port) {
    }

    /** What is known of one node so far. */
    private static final class NodeState {
        final NodeInfo info;
        final SmpRoute.Directed path;
        /** The port the first route arrives through: every query along {@code path} arrives there too. */
        final int arrivedOn;
        String description = "";
        SwitchInfo switchInfo;
        final Map<Integer, PortInfo> ports = new TreeMap<>();
        final Map<Integer, Long> portGuids = new TreeMap<>();
        final Map<Integer, MlnxExtPortInfo> mlnxExtPorts = new TreeMap<>();

        NodeState(NodeInfo info, SmpRoute.Directed path) {
            this.info = info;
            this.path = path;
            this.arrivedOn = info.localPortNum();
        }

        DiscoveredNode toNode() {
            return new DiscoveredNode(info, description, switchInfo, new TreeMap<>(ports), new TreeMap<>(portGuids), path,
                    new TreeMap<>(mlnxExtPorts));
        }
    }

    private final DirectedRouteGet smp;
    private final DiscoveryOptions options;
    private final MonoSink<DiscoveredFabric> sink;
    private final Disposable.Composite inFlightRequests = Disposables.composite();

    private final Queue<Query> queued = new ArrayDeque<>();
    private final Map<Long, NodeState> nodes = new LinkedHashMap<>();
    /**
     * Every cable a NodeInfo answer arrived by, once (from the end that comes first). Two nodes answering with one
     * node GUID are one node to libibnetdisc, cabled to whichever of their cables its scan arrived by last: the
     * scan's replay decides that in {@link #result}, not the order answers came in here.
     */
    private final java.util.Set<DiscoveredLink> cables = new java.util.LinkedHashSet<>();
    private final List<String> problems = new ArrayList<>();
    /** LinkUp ports a directed route could not be extended through, and the first of them, for the warning. */
    private int portsPastRouteLimit;
    private String firstPortPastRouteLimit;
    private NodeState fromNode;
    private int fromPort;
    private int inFlight;
    private long sent;
    private int switches;
    private boolean finished;

    DiscoveryRun(DirectedRouteGet smp, DiscoveryOptions options, MonoSink<DiscoveredFabric> sink) {
        this.smp = smp;
        this.options = options;
        this.sink = sink;
    }

    void start() {
        sink.onDispose(this::cancel);
        synchronized (this) {
            queued.add(new Query(Kind.NODE_INFO, SmpRoute.directed(), 0, null, null));
            pump();
        }
    }

    private synchronized void cancel() {
        finished = true;
        queued.clear();
        inFlightRequests.dispose();
    }

    /** Sends queued SMPs while fewer than {@code outstanding} are on the wire; completes when none are left. */
    private void pump() {
        while (!finished && inFlight < options.outstanding() && !queued.isEmpty()) {
            Query query = queued.poll();
            inFlight++;
            sent++;
            Disposable request = smp.get(query.path, query.kind.type, query.portNumber)
                    .subscribe(answer -> answered(query, answer), error -> failed(query, error));
            if (!request.isDisposed()) {
                inFlightRequests.add(request);
            }
        }
        if (!finished && inFlight == 0 && queued.isEmpty()) {
            finished = true;
            sink.success(result());
        }
    }

    private synchronized void answered(Query query, Object answer) {
        if (finished) {
            return;
        }
        inFlight--;
        switch (query.kind) {
            case NODE_INFO -> nodeInfo(query, (NodeInfo) answer);
            case NODE_DESCRIPTION -> query.node.description = ((NodeDescription) answer).text();
            case SWITCH_INFO -> query.node.switchInfo = (SwitchInfo) answer;
            case PORT_INFO -> portInfo(query, (PortInfo) answer);
            case MLNX_EXT_PORT_INFO -> query.node.mlnxExtPorts.put(query.portNumber, (MlnxExtPortInfo) answer);
        }
        options.progress().accept(new DiscoveryProgress(nodes.size(), switches, cables.size(), sent, inFlight,
                queued.size()));
        pump();
    }

    private synchronized void failed(Query query, Throwable error) {
        if (finished) {
            return;
        }
        inFlight--;
        boolean perQuery = error instanceof MadTimeoutException || error instanceof MadStatusException
                || error instanceof MalformedMadException;
        if (!perQuery || query.from == null && query.kind == Kind.NODE_INFO) {
            finished = true;
            inFlightRequests.dispose();
            sink.error(error);
            return;
        }
        if (query.kind == Kind.MLNX_EXT_PORT_INFO) {
            // libibnetdisc goes on as if the port had answered zeros: the port is read, only FDR10 is unknown.
            query.node.mlnxExtPorts.put(query.portNumber, MlnxExtPortInfo.NONE);
            log.debug("{}: {}", describe(query), error.getMessage());
        } else {
            problems.add(describe(query) + ": " + error.getMessage());
        }
        pump();
    }

    private void nodeInfo(Query query, NodeInfo info) {
        NodeState node = nodes.get(info.nodeGuid());
        boolean isNew = node == null;
        if (isNew) {
            node = new NodeState(info, query.path);
            nodes.put(info.nodeGuid(), node);
            if (info.isSwitch()) {
                switches++;
            }
        }
        int arrivedOn = info.localPortNum();
        node.portGuids.put(info.isSwitch() ? 0 : arrivedOn, info.portGuid());
        if (query.from == null) {
            fromNode = node;
            fromPort = arrivedOn;
        } else {
            cables.add(new DiscoveredLink(info.nodeGuid(), arrivedOn, query.from.nodeGuid, query.from.port));
        }
        if (isNew) {
            queued.add(new Query(Kind.NODE_DESCRIPTION, query.path, 0, node, null));
            if (info.isSwitch()) {
                queued.add(new Query(Kind.SWITCH_INFO, query.path, 0, node, null));
                queued.add(new Query(Kind.PORT_INFO, query.path, 0, node, null));
            }
        }
        if (!info.isSwitch()) {
            queued.add(new Query(Kind.PORT_INFO, query.path, arrivedOn, node, null));
        }
    }

    private void portInfo(Query query, PortInfo info) {
        NodeState node = query.node;
        int number = query.portNumber;
        node.ports.put(number, info);
        boolean isSwitch = node.info.isSwitch();
        if (asksMlnxExtPortInfo(node, number, info)) {
            queued.add(new Query(Kind.MLNX_EXT_PORT_INFO, query.path, number, node, null));
        }
        if (number == 0) {
            for (int p = 1; p <= node.info.numPorts(); p++) {
                queued.add(new Query(Kind.PORT_INFO, query.path, p, node, null));
            }
            return;
        }
        // libibnetdisc compares with PortInfo:LocalPortNum; NodeInfo's from the same route is the same port.
        boolean follow = info.portPhysicalState() == PortInfo.PHYS_LINK_UP
                && (isSwitch && number != node.arrivedOn || node == fromNode && number == fromPort);
        int[] hops = query.path.ports();
        End from = new End(node.info.nodeGuid(), number);
        if (follow && !isSwitch && hops.length > 1) {
            // The local CA reached again far away: another node answering with its node GUID. As libibnetdisc, step
            // back one hop (no SMP goes on through a CA) and ask the node there, which this port is then cabled to.
            queued.add(new Query(Kind.NODE_INFO, SmpRoute.directed(Arrays.copyOf(hops, hops.length - 1)), 0, null, from));
        } else if (follow && hops.length < DirectedRouteSmp.MAX_HOPS) {
            int[] further = Arrays.copyOf(hops, hops.length + 1);
            further[hops.length] = number;
            queued.add(new Query(Kind.NODE_INFO, SmpRoute.directed(further), 0, null, from));
        } else if (follow) {
            if (portsPastRouteLimit++ == 0) {
                firstPortPastRouteLimit = String.format("port %d of node 0x%016x", number, node.info.nodeGuid());
            }
        }
    }

    /**
     * libibnetdisc's rule (with MLX_EPI) for asking a port its MlnxExtPortInfo: a device it takes to answer, the port
     * in LinkUp at QDR (10.0 Gbps) with no extended speed active, which is how an FDR10 link looks in PortInfo.
     */
    private boolean asksMlnxExtPortInfo(NodeState node, int number, PortInfo info) {
        if (!options.asksMlnxExtPortInfo() || !MlnxExtPortInfo.isAnsweredBy(node.info.vendorId(), node.info.deviceId())
                || info.portPhysicalState() != PortInfo.PHYS_LINK_UP || info.linkSpeedActive() != PortInfo.LINK_SPEED_QDR) {
            return false;
        }
        PortInfo capabilities = node.info.isSwitch() ? node.ports.get(0) : info;
        return DiscoveredNode.extendedSpeed(capabilities, info) == 0;
    }

    private DiscoveredFabric result() {
        if (portsPastRouteLimit > 0) {
            // Not a problem of the run (every SMP was answered; ibnetdiscover exits 0 here too, saying so on stderr),
            // but the fabric found may not be the whole fabric.
            log.warn("{} LinkUp port(s) {} hops away were not followed (the first: {}): a directed route has at most {} "
                            + "hops, so whatever lies beyond them is not in this discovery", portsPastRouteLimit,
                    DirectedRouteSmp.MAX_HOPS, firstPortPastRouteLimit, DirectedRouteSmp.MAX_HOPS);
        }
        List<DiscoveredNode> answered = nodes.values().stream().map(NodeState::toNode).toList();
        return LibibnetdiscScan.whole(answered, List.copyOf(cables), fromNode.info.nodeGuid(), fromPort, sent, problems);
    }

    private static String describe(Query query) {
        String attribute = switch (query.kind) {
            case NODE_INFO -> "NodeInfo";
            case NODE_DESCRIPTION -> "NodeDescription";
            case SWITCH_INFO -> "SwitchInfo";
            case PORT_INFO -> "PortInfo port " + query.portNumber;
            case MLNX_EXT_PORT_INFO -> "MlnxExtPortInfo port " + query.portNumber;
        };
        return attribute + " via " + query.path + (query.node == null ? ""
                : String.format(" (node 0x%016x)", query.node.info.nodeGuid()));
    }
}
