package io.reactiveumad.examples;

import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredLink;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * libibnetdisc's fabric cache, the file {@code ibnetdiscover --cache} writes and the tools' {@code --load-cache}
 * reads (version 1, little-endian): a 28-byte header (magic, version, node and port counts, the local node's GUID,
 * the hops the scan reached), then each node (its SM LID and LMC, enhanced port 0, the raw SwitchInfo, its GUID, type
 * and port count, the raw NodeInfo and NodeDescription, and the keys of its ports), then each port (its GUID and
 * number, external number, LID and LMC, the raw PortInfo, its node's GUID, and the port at the other end when the
 * scan linked one). A port's key is its GUID and number (a switch's ports all share port 0's GUID). The GUIDs,
 * type and port count stored beside the raw attributes are what the tools go by: ibcacheedit changes only those.
 * This class is the one place the layout is written down ({@link Image}); how the records are linked once read is
 * {@link CachedFabric}'s.
 */
final class IbnetdiscoverCache {
    static final int MAGIC = 0x8FE7832B;
    static final int VERSION = 1;
    private static final int SMP_DATA = 64;
    private static final int HEADER = 28;
    private static final int NODE = 15 + 3 * SMP_DATA;
    private static final int PORT_KEY = 9;
    private static final int PORT = 31 + SMP_DATA;

    private IbnetdiscoverCache() {
    }

    /** A port's key in the cache: its GUID and number. */
    record PortKey(long guid, int number) {
    }

    /** A node as stored; the byte arrays are the raw 64-byte SMP data. */
    record NodeRecord(int smaLid, int smaLmc, int smaEnhancedPort0, byte[] switchInfo, long guid, int type, int numPorts,
                      byte[] info, byte[] description, List<PortKey> portKeys) {
    }

    /** A port as stored; {@code remote} is null when the scan linked no port to it. */
    record PortRecord(PortKey key, int externalNumber, int baseLid, int lmc, byte[] info, long nodeGuid, PortKey remote) {
    }

    /** A whole cache file as records, in the order they are stored. */
    record Image(long fromNodeGuid, int hopsReached, List<NodeRecord> nodes, List<PortRecord> ports) {
        /**
         * Parses a cache; one that is not a version 1 cache or that ends early fails with
         * {@link IllegalArgumentException} naming {@code file}.
         */
        static Image parse(byte[] bytes, Path file) {
            ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            try {
                int magic = in.getInt();
                int version = in.getInt();
                if (magic != MAGIC || version != VERSION) {
                    throw new IllegalArgumentException(String.format("%s is not an ibnetdiscover cache (magic 0x%08x, "
                            + "version %d; a cache of version %d starts 0x%08x)", file, magic, version, VERSION, MAGIC));
                }
                long nodeCount = Integer.toUnsignedLong(in.getInt());
                long portCount = Integer.toUnsignedLong(in.getInt());
                long fromGuid = in.getLong();
                int hopsReached = in.getInt();
                List<NodeRecord> nodes = new ArrayList<>();
                for (long i = 0; i < nodeCount; i++) {
                    int smaLid = Short.toUnsignedInt(in.getShort());
                    int smaLmc = Byte.toUnsignedInt(in.get());
                    int smaEnhancedPort0 = Byte.toUnsignedInt(in.get());
                    byte[] switchInfo = smpData(in);
                    long guid = in.getLong();
                    int type = Byte.toUnsignedInt(in.get());
                    int numPorts = Byte.toUnsignedInt(in.get());
                    byte[] info = smpData(in);
                    byte[] description = smpData(in);
                    int stored = Byte.toUnsignedInt(in.get());
                    List<PortKey> keys = new ArrayList<>(stored);
                    for (int k = 0; k < stored; k++) {
                        keys.add(new PortKey(in.getLong(), Byte.toUnsignedInt(in.get())));
                    }
                    nodes.add(new NodeRecord(smaLid, smaLmc, smaEnhancedPort0, switchInfo, guid, type, numPorts, info,
                            description, List.copyOf(keys)));
                }
                List<PortRecord> ports = new ArrayList<>();
                for (long i = 0; i < portCount; i++) {
                    PortKey key = new PortKey(in.getLong(), Byte.toUnsignedInt(in.get()));
                    int external = Byte.toUnsignedInt(in.get());
                    int baseLid = Short.toUnsignedInt(in.getShort());
                    int lmc = Byte.toUnsignedInt(in.get());
                    byte[] info = smpData(in);
                    long nodeGuid = in.getLong();
                    boolean linked = in.get() != 0;
                    PortKey remote = new PortKey(in.getLong(), Byte.toUnsignedInt(in.get()));
                    ports.add(new PortRecord(key, external, baseLid, lmc, info, nodeGuid, linked ? remote : null));
                }
                return new Image(fromGuid, hopsReached, List.copyOf(nodes), List.copyOf(ports));
            } catch (BufferUnderflowException e) {
                throw new IllegalArgumentException(file + " ends before the cache does (truncated?)");
            }
        }

        /** The file's bytes. */
        byte[] bytes() {
            int keys = nodes.stream().mapToInt(n -> n.portKeys().size()).sum();
            ByteBuffer out = ByteBuffer.allocate(HEADER + nodes.size() * NODE + keys * PORT_KEY + ports.size() * PORT)
                    .order(ByteOrder.LITTLE_ENDIAN);
            out.putInt(MAGIC).putInt(VERSION).putInt(nodes.size()).putInt(ports.size()).putLong(fromNodeGuid)
                    .putInt(hopsReached);
            for (NodeRecord n : nodes) {
                out.putShort((short) n.smaLid()).put((byte) n.smaLmc()).put((byte) n.smaEnhancedPort0())
                        .put(n.switchInfo()).putLong(n.guid()).put((byte) n.type()).put((byte) n.numPorts())
                        .put(n.info()).put(n.description()).put((byte) n.portKeys().size());
                for (PortKey key : n.portKeys()) {
                    out.putLong(key.guid()).put((byte) key.number());
                }
            }
            for (PortRecord p : ports) {
                PortKey remote = p.remote() == null ? new PortKey(0, 0) : p.remote();
                out.putLong(p.key().guid()).put((byte) p.key().number()).put((byte) p.externalNumber())
                        .putShort((short) p.baseLid()).put((byte) p.lmc()).put(p.info()).putLong(p.nodeGuid())
                        .put((byte) (p.remote() == null ? 0 : 1)).putLong(remote.guid()).put((byte) remote.number());
            }
            return out.array();
        }
    }

    /** Writes {@code fabric} to {@code file}, replacing it; {@code maxHops}: the hops the scan reached. */
    static void write(DiscoveredFabric fabric, int maxHops, Path file) throws IOException {
        Files.write(file, image(fabric, maxHops).bytes());
    }

    /**
     * {@code fabric} as a cache: nodes in the tools' order, last found first, which is the order they print after
     * loading it; each node's ports, and the port at the other end of each cable.
     */
    static Image image(DiscoveredFabric fabric, int maxHops) {
        Map<Long, DiscoveredNode> byGuid = fabric.byGuid();
        Map<PortKey, PortKey> far = new HashMap<>();
        for (DiscoveredLink l : fabric.links()) {
            far.put(new PortKey(l.nodeGuidA(), l.portA()), new PortKey(l.nodeGuidB(), l.portB()));
            far.put(new PortKey(l.nodeGuidB(), l.portB()), new PortKey(l.nodeGuidA(), l.portA()));
        }
        List<NodeRecord> nodes = new ArrayList<>();
        List<PortRecord> ports = new ArrayList<>();
        for (DiscoveredNode node : fabric.nodesLastFoundFirst()) {
            PortInfo port0 = node.isSwitch() ? node.port(0).orElse(null) : null;
            List<PortKey> keys = new ArrayList<>();
            for (Map.Entry<Integer, PortInfo> port : node.ports().entrySet()) {
                int p = port.getKey();
                keys.add(new PortKey(node.portGuid(p), p));
                PortInfo addressing = node.addressingPort(p).orElse(port.getValue());
                PortKey remote = far.get(new PortKey(node.guid(), p));
                DiscoveredNode remoteNode = remote == null ? null : byGuid.get(remote.guid());
                PortKey remoteKey = remoteNode == null || !remoteNode.ports().containsKey(remote.number()) ? null
                        : new PortKey(remoteNode.portGuid(remote.number()), remote.number());
                ports.add(new PortRecord(new PortKey(node.portGuid(p), p), 0, addressing.lid(), addressing.lmc(),
                        smpData(b -> port.getValue().encode(b, 0)), node.guid(), remoteKey));
            }
            nodes.add(new NodeRecord(port0 == null ? 0 : port0.lid(), port0 == null ? 0 : port0.lmc(),
                    node.switchInfo() != null && node.switchInfo().enhancedPort0() ? 1 : 0,
                    smpData(node.switchInfo() == null ? null : b -> node.switchInfo().encode(b, 0)), node.guid(),
                    node.nodeInfo().nodeType(), node.nodeInfo().numPorts(), smpData(b -> node.nodeInfo().encode(b, 0)),
                    smpData(b -> new NodeDescription(node.description()).encode(b, 0)), keys));
        }
        return new Image(fabric.fromNodeGuid(), maxHops, nodes, ports);
    }

    private static byte[] smpData(Consumer<ByteBuffer> encoder) {
        ByteBuffer data = ByteBuffer.allocate(SMP_DATA);
        if (encoder != null) {
            encoder.accept(data);
        }
        return data.array();
    }

    private static byte[] smpData(ByteBuffer in) {
        byte[] data = new byte[SMP_DATA];
        in.get(data);
        return data;
    }

    /** A fabric read from a cache, with the hops the scan that made it reached. */
    record Loaded(DiscoveredFabric fabric, int hopsReached) {
    }

    /**
     * The fabric {@code cached} holds, as if discovered: its nodes in the order the tools print them after loading
     * it, each with its ports, and the cables between them. A node's directed route is the shortest through the cables
     * from the local node (the cache keeps none).
     */
    static Loaded loaded(CachedFabric cached) {
        List<DiscoveredNode> lastFirst = new ArrayList<>();
        Map<Long, DiscoveredNode> byGuid = new LinkedHashMap<>();
        Map<CachedFabric.Node, DiscoveredNode> discovered = new HashMap<>();
        for (CachedFabric.Node n : cached.nodes()) {
            NodeInfo raw = NodeInfo.decode(ByteBuffer.wrap(n.info()), 0);
            // The tools go by the GUID, type and port count stored beside the raw NodeInfo (ibcacheedit edits those).
            NodeInfo info = new NodeInfo(raw.baseVersion(), raw.classVersion(), n.type(), n.numPorts(),
                    raw.systemImageGuid(), n.guid(), raw.portGuid(), raw.partitionCap(), raw.deviceId(), raw.revision(),
                    raw.localPortNum(), raw.vendorId());
            TreeMap<Integer, PortInfo> portInfos = new TreeMap<>();
            TreeMap<Integer, Long> portGuids = new TreeMap<>();
            for (CachedFabric.Port port : n.ports()) {
                if (port != null) {
                    portInfos.put(port.number(), addressed(n, port));
                    portGuids.put(port.number(), port.guid());
                }
            }
            DiscoveredNode node = new DiscoveredNode(info, NodeDescription.decode(ByteBuffer.wrap(n.record().description()),
                    0).text(), info.isSwitch() ? SwitchInfo.decode(ByteBuffer.wrap(n.record().switchInfo()), 0) : null,
                    portInfos, portGuids, SmpRoute.directed());
            lastFirst.add(node);
            byGuid.put(node.guid(), node);
            discovered.put(n, node);
        }
        // Each cable once, whichever end the cache links it from.
        Set<DiscoveredLink> cables = new LinkedHashSet<>();
        for (CachedFabric.Node n : cached.nodes()) {
            for (CachedFabric.Port port : n.ports()) {
                if (port != null && port.remote() != null) {
                    cables.add(new DiscoveredLink(port.node().guid(), port.number(), port.remote().node().guid(),
                            port.remote().number()));
                }
            }
        }
        List<DiscoveredLink> links = new ArrayList<>(cables);
        links.sort(Comparator.comparing(DiscoveredLink::nodeGuidA, Long::compareUnsigned)
                .thenComparingInt(DiscoveredLink::portA));
        DiscoveredNode from = discovered.get(cached.from());
        Map<Long, int[]> routes = routes(from, byGuid, links);
        List<DiscoveredNode> found = new ArrayList<>();
        for (DiscoveredNode n : lastFirst) {
            int[] route = routes.get(n.guid());
            found.add(route == null ? n : n.withPath(SmpRoute.directed(route)));
        }
        Collections.reverse(found);
        int fromPort = from.isSwitch() ? 0 : from.nodeInfo().localPortNum();
        return new Loaded(new DiscoveredFabric(found, links, from.guid(), fromPort, 0, List.of()), cached.hopsReached());
    }

    /**
     * A port's PortInfo with the LID and LMC the tools print for it, which are stored beside the raw PortInfo: a
     * switch's (port 0's) in its node's record, another node's port's in the port's record.
     */
    private static PortInfo addressed(CachedFabric.Node node, CachedFabric.Port port) {
        PortInfo raw = PortInfo.decode(ByteBuffer.wrap(port.record().info()), 0);
        boolean isSwitch = node.type() == NodeInfo.TYPE_SWITCH;
        if (isSwitch && port.number() != 0) {
            return raw;
        }
        int lid = isSwitch ? node.record().smaLid() : port.record().baseLid();
        int lmc = isSwitch ? node.record().smaLmc() : port.record().lmc();
        return raw.lid() == lid && raw.lmc() == lmc ? raw : raw.toBuilder().lid(lid).lmc(lmc & 7).build();
    }

    /** The shortest directed route to each node through the links, from the local node, lower ports first. */
    private static Map<Long, int[]> routes(DiscoveredNode from, Map<Long, DiscoveredNode> nodes, List<DiscoveredLink> links) {
        Map<Long, TreeMap<Integer, Long>> cables = new HashMap<>();
        for (DiscoveredLink l : links) {
            cables.computeIfAbsent(l.nodeGuidA(), g -> new TreeMap<>()).put(l.portA(), l.nodeGuidB());
            cables.computeIfAbsent(l.nodeGuidB(), g -> new TreeMap<>()).put(l.portB(), l.nodeGuidA());
        }
        Map<Long, int[]> routes = new HashMap<>();
        routes.put(from.guid(), new int[0]);
        ArrayDeque<Long> queue = new ArrayDeque<>(List.of(from.guid()));
        while (!queue.isEmpty()) {
            long guid = queue.poll();
            DiscoveredNode node = Objects.requireNonNull(nodes.get(guid));
            int[] here = routes.get(guid);
            // A route goes on only through switches, and out of the local node.
            if (!node.isSwitch() && here.length > 0) {
                continue;
            }
            for (Map.Entry<Integer, Long> cable : cables.getOrDefault(guid, new TreeMap<>()).entrySet()) {
                if (!routes.containsKey(cable.getValue())) {
                    int[] there = Arrays.copyOf(here, here.length + 1);
                    there[here.length] = cable.getKey();
                    routes.put(cable.getValue(), there);
                    queue.add(cable.getValue());
                }
            }
        }
        return routes;
    }
}
