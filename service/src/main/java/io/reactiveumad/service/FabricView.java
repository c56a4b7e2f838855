package io.reactiveumad.service;

import io.reactiveumad.client.NoticeEvent;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.test.topology.DiscoveredTopology;
import io.reactiveumad.test.topology.Link;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.Port;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import reactor.core.publisher.Flux;

/**
 * What the service knows about the fabric — the discovered nodes and links, which links are down, where
 * the SM is, the latest notices and counter samples — and the one place that changes it. Every change
 * publishes its event under this object's lock, and a connecting client's snapshot is taken under the same
 * lock, so snapshot + events never have a gap or a repeat. Callers (notice subscribers, sweeps) only hold
 * the lock for a map update and a non-blocking offer per client.
 */
final class FabricView {
    private static final int RECENT_NOTICES = 100;

    // What one discovery found; replaced whole by the next (rediscovered), all under this object's lock.
    private FabricJson fabric;
    private Topology topology;
    private final Map<String, String> names = new HashMap<>();
    private final Map<Long, Port> portsByGuid = new HashMap<>();
    private final Map<Long, Node> nodesByPortGuid = new HashMap<>();
    private final Map<Integer, Node> nodesByLid = new HashMap<>();
    private boolean[] down;
    private final ArrayDeque<NoticeJson> notices = new ArrayDeque<>();
    private final Map<String, PortSample> samples = new LinkedHashMap<>();
    private final EventHub hub;
    private int smLid;
    /** The last subscription-failed event's data, until a subscription or renewal succeeds. */
    private Map<String, Object> subscriptionFailed;

    /** A link and whether it is up now; the CLI's link fields plus {@code state}. */
    record LinkJson(FabricJson.EndJson a, FabricJson.EndJson b, String width, String speed, String state) {
    }

    /**
     * One notice as the page lists it: the port it is about named by node description and port number.
     *
     * @param where  "host2 port 1", or the switch's description for a switch-wide trap
     */
    record NoticeJson(String time, int trap, String name, int issuerLid, String node, Integer port, String where) {
    }

    /** The SM's port LID and the node it is on ({@code null} when no known node has that LID). */
    record SmJson(int lid, String node, int previousLid) {
    }

    /**
     * What a new client starts from; {@code subscriptionFailed} is the last {@code subscription-failed} event's data
     * (with its {@code time}) while no subscription or renewal has succeeded since, else {@code null}.
     */
    record Snapshot(List<FabricJson.NodeJson> nodes, List<LinkJson> links, SmJson sm, List<NoticeJson> notices,
                    List<PortSample> counters, Map<String, Object> subscriptionFailed) {
    }

    FabricView(DiscoveredFabric discovered, int smLid, EventHub hub) {
        this.hub = hub;
        this.smLid = smLid;
        load(discovered);
    }

    /** The nodes, links and SM a {@code topology} event carries: a snapshot's without its notices and counters. */
    record TopologyJson(List<FabricJson.NodeJson> nodes, List<LinkJson> links, SmJson sm) {
    }

    /**
     * The fabric discovered again (after the SM restarted or moved, which may have given every port a new LID): the
     * nodes, links and LIDs are replaced, the counter samples (kept by LID) dropped, and every client gets them as a
     * {@code topology} event, which the page draws afresh. The notices stay. Links count as up until their state is
     * read again.
     */
    synchronized void rediscovered(DiscoveredFabric discovered) {
        load(discovered);
        samples.clear();
        hub.publish(ServiceEvent.TOPOLOGY, new TopologyJson(fabric.nodes(), links(), sm(0)));
    }

    private void load(DiscoveredFabric discovered) {
        fabric = FabricJson.of(discovered);
        topology = DiscoveredTopology.of(discovered);
        down = new boolean[topology.links().size()];
        names.clear();
        portsByGuid.clear();
        nodesByPortGuid.clear();
        nodesByLid.clear();
        for (Node n : topology.nodes()) {
            names.put(n.id(), n.description().isBlank() ? n.id() : n.description().trim());
            for (Port p : n.ports()) {
                portsByGuid.put(p.guid(), p);
                nodesByPortGuid.put(p.guid(), n);
                for (int lid = p.lid(); p.lid() != 0 && lid < p.lid() + (1 << p.lmc()); lid++) {
                    nodesByLid.put(lid, n);
                }
            }
        }
    }

    synchronized Topology topology() {
        return topology;
    }

    synchronized String name(Node node) {
        return names.getOrDefault(node.id(), node.id());
    }

    /** "host2 port 1" for a CA port, "sw1 port 3" for a switch port, "sw1" for port 0 or the switch as a whole. */
    synchronized String where(Node node, int port) {
        return node.isSwitch() && port == 0 ? name(node) : name(node) + " port " + port;
    }

    synchronized Optional<Node> nodeByLid(int lid) {
        return Optional.ofNullable(nodesByLid.get(lid));
    }

    /** The node with {@code node}'s ID as the latest discovery found it (its LIDs may have changed since). */
    synchronized Optional<Node> current(Node node) {
        return topology.node(node.id());
    }

    /** The ports of {@code node} that have a cable in the discovered topology. */
    synchronized List<Integer> cabledPorts(Node node) {
        List<Integer> ports = new ArrayList<>();
        for (Link l : topology.links()) {
            if (l.a().node().equals(node.id())) {
                ports.add(l.a().port());
            } else if (l.b().node().equals(node.id())) {
                ports.add(l.b().port());
            }
        }
        return ports;
    }

    synchronized Flux<ServiceEvent> connect(Long lastEventId) {
        return hub.connect(lastEventId, this::snapshot);
    }

    synchronized Snapshot snapshot() {
        return new Snapshot(fabric.nodes(), links(), sm(0), List.copyOf(notices), List.copyOf(samples.values()),
                subscriptionFailed);
    }

    synchronized List<FabricJson.NodeJson> nodes() {
        return fabric.nodes();
    }

    synchronized List<LinkJson> links() {
        List<LinkJson> links = new ArrayList<>();
        for (int i = 0; i < fabric.links().size(); i++) {
            links.add(link(i));
        }
        return links;
    }

    private LinkJson link(int index) {
        FabricJson.LinkJson l = fabric.links().get(index);
        return new LinkJson(l.a(), l.b(), l.width(), l.speed(), down[index] ? "down" : "up");
    }

    /** Publishes a notice and returns it as listed. */
    synchronized NoticeJson notice(Instant at, Notice notice) {
        Optional<Located> about = locate(notice);
        NoticeJson json = new NoticeJson(at.toString(), notice.trapNumber(), TrapNames.name(notice.trapNumber()),
                notice.issuerLid(), about.map(l -> name(l.node)).orElse(null), about.map(l -> l.port).orElse(null),
                about.map(l -> where(l.node, l.port == null ? 0 : l.port)).orElse("lid " + notice.issuerLid()));
        notices.addFirst(json);
        if (notices.size() > RECENT_NOTICES) {
            notices.removeLast();
        }
        hub.publish(ServiceEvent.NOTICE, json);
        return json;
    }

    /** A node, and its port when the notice names one (null: the node as a whole). */
    private record Located(Node node, Integer port) {
    }

    /** The port a notice is about: the GID it names, the LID and port it names, else its issuer. */
    private Optional<Located> locate(Notice notice) {
        TrapDetails details = notice.details();
        if (details instanceof TrapDetails.GidDetails gid) {
            return atPortGuid(gid.gid().guid());
        }
        if (details instanceof TrapDetails.PortError error) {
            return nodeByLid(error.lid()).map(n -> new Located(n, error.portNum()));
        }
        if (details instanceof TrapDetails.LinkStateChange change) {
            return nodeByLid(change.lid()).map(n -> new Located(n, null));
        }
        return atPortGuid(notice.issuerGid().guid()).or(() -> nodeByLid(notice.issuerLid()).map(n -> new Located(n, null)));
    }

    private Optional<Located> atPortGuid(long guid) {
        Node node = nodesByPortGuid.get(guid);
        return Optional.ofNullable(node).map(n -> new Located(n, n.isSwitch() ? null : portsByGuid.get(guid).number()));
    }

    /** The link whose end is the port with {@code portGuid} (a CA port named by trap 64/65) is up or down. */
    synchronized void portGuidState(long portGuid, boolean up) {
        Node node = nodesByPortGuid.get(portGuid);
        if (node != null) {
            linkState(node, portsByGuid.get(portGuid).number(), up);
        }
    }

    /** Publishes a link event if the link at {@code node}:{@code port} changed state. */
    synchronized void linkState(Node node, int port, boolean up) {
        List<Link> links = topology.links();
        for (int i = 0; i < links.size(); i++) {
            Link l = links.get(i);
            boolean here = l.a().node().equals(node.id()) && l.a().port() == port
                    || l.b().node().equals(node.id()) && l.b().port() == port;
            if (here && down[i] == up) {
                down[i] = !up;
                Node a = topology.requireNode(l.a().node());
                Node b = topology.requireNode(l.b().node());
                Map<String, Object> event = new LinkedHashMap<>();
                event.put("link", link(i));
                event.put("from", where(a, l.a().port()));
                event.put("to", where(b, l.b().port()));
                hub.publish(ServiceEvent.LINK, event);
            }
        }
    }

    /** The SM is at {@code lid} (from the port's attributes or a renewal); publishes a move. */
    synchronized void smAt(int lid) {
        if (lid != 0 && lid != smLid) {
            int previous = smLid;
            smLid = lid;
            hub.publish(ServiceEvent.SM, sm(previous));
        }
    }

    synchronized SmJson sm(int previous) {
        return new SmJson(smLid, nodeByLid(smLid).map(this::name).orElse(null), previous);
    }

    /**
     * The SA at {@code smLid} holds the service's first subscriptions, to {@code traps}. Returns whether tries had failed
     * before (no SA answered): that is over, and clients hear it as a {@code resubscribed} event with reason
     * {@code SUBSCRIBE}.
     */
    synchronized boolean subscribed(int[] traps, int smLid) {
        if (subscriptionFailed == null) {
            return false;
        }
        subscriptionFailed = null;
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("traps", Arrays.stream(traps).boxed().toList());
        event.put("reason", "SUBSCRIBE");
        event.put("smLid", smLid);
        hub.publish(ServiceEvent.RESUBSCRIBED, event);
        return true;
    }

    synchronized void resubscribed(NoticeEvent.Resubscribed renewal) {
        subscriptionFailed = null;
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("trap", renewal.selector().trapNumber());
        event.put("reason", renewal.reason().name());
        event.put("smLid", renewal.smLid());
        hub.publish(ServiceEvent.RESUBSCRIBED, event);
    }

    synchronized void subscriptionFailed(NoticeEvent.SubscriptionFailed failure) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("trap", failure.selector().trapNumber());
        event.put("reason", failure.reason().name());
        event.put("error", failure.cause().toString());
        event.put("retryInMillis", failure.retryIn().toMillis());
        failed(event);
    }

    /**
     * Subscribing to {@code traps} failed before any subscription was held, because no SA answered ({@code cause});
     * tried again in {@code retryIn}. Told as a renewal's failure is, with the traps in place of one trap.
     */
    synchronized void subscribeFailed(int[] traps, Throwable cause, Duration retryIn) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("traps", Arrays.stream(traps).boxed().toList());
        event.put("reason", "SUBSCRIBE");
        event.put("error", cause.toString());
        event.put("retryInMillis", retryIn.toMillis());
        failed(event);
    }

    private void failed(Map<String, Object> event) {
        event.put("time", Instant.now().toString());
        subscriptionFailed = Map.copyOf(event);
        hub.publish(ServiceEvent.SUBSCRIPTION_FAILED, event);
    }

    /** The service's own trap subscriber fell behind and the library dropped {@code count} notices. */
    synchronized void noticesLost(long count) {
        hub.publish(ServiceEvent.NOTICES_LOST, Map.of("count", count));
    }

    /** The switches, whose PortState says which of the links are up. */
    synchronized List<Node> switches() {
        return topology.nodes().stream().filter(Node::isSwitch).toList();
    }

    /** The ports a counter sweep reads: every cabled port whose link is up, with the LID it is addressed by. */
    synchronized List<PortSample.Target> sweepTargets() {
        List<PortSample.Target> targets = new ArrayList<>();
        List<Link> links = topology.links();
        for (int i = 0; i < links.size(); i++) {
            if (down[i]) {
                continue;
            }
            for (Link.End end : List.of(links.get(i).a(), links.get(i).b())) {
                Node node = topology.requireNode(end.node());
                int lid = node.addressablePort(end.port()).lid();
                if (lid != 0) {
                    targets.add(new PortSample.Target(lid, end.port(), node.nodeGuid(), name(node), where(node, end.port())));
                }
            }
        }
        return targets;
    }

    /** One sweep's samples: keeps them, and publishes those that moved (traffic or new errors). */
    synchronized void counters(List<PortSample> sweep) {
        List<PortSample> moved = new ArrayList<>();
        for (PortSample s : sweep) {
            samples.put(s.lid() + "/" + s.port(), s);
            if (s.moved()) {
                moved.add(s);
            }
        }
        if (!moved.isEmpty()) {
            hub.publish(ServiceEvent.COUNTERS, Map.of("ports", moved));
        }
    }

    synchronized Optional<PortSample> sample(int lid, int port) {
        return Optional.ofNullable(samples.get(lid + "/" + port));
    }
}
