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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * libibnetdisc's fabric cache, the file {@code ibnetdiscover --cache} writes and the tools' {@code --load-cache}
 * reads (version 1, little-endian): a 28-byte header (magic, version, node and port counts, the local node's GUID,
 * the hops the scan reached), then each node (its SM LID and LMC, enhanced port 0, the raw SwitchInfo, NodeInfo
 * and NodeDescription, and the keys of its ports), then each port (GUID and number, LID and LMC, the raw PortInfo,
 * its node, and the port at the other end when the scan linked one). Nodes are written in the tools' order, last
 * found first, which is the order they print after loading; a port's key is its GUID and number (a switch's ports
 * all share port 0's GUID).
 */
final class IbnetdiscoverCache {
    static final int MAGIC = 0x8FE7832B;
    static final int VERSION = 1;
    private static final int SMP_DATA = 64;

    private IbnetdiscoverCache() {
    }

    /** Writes {@code fabric} to {@code file}, replacing it; {@code maxHops}: the hops the scan reached. */
    static void write(DiscoveredFabric fabric, int maxHops, Path file) throws IOException {
        Map<Long, DiscoveredNode> byGuid = fabric.byGuid();
        Map<List<Long>, List<Long>> far = new HashMap<>();
        for (DiscoveredLink l : fabric.links()) {
            far.put(List.of(l.nodeGuidA(), (long) l.portA()), List.of(l.nodeGuidB(), (long) l.portB()));
            far.put(List.of(l.nodeGuidB(), (long) l.portB()), List.of(l.nodeGuidA(), (long) l.portA()));
        }
        List<DiscoveredNode> nodes = fabric.nodesLastFoundFirst();
        int portCount = nodes.stream().mapToInt(n -> n.ports().size()).sum();
        ByteBuffer out = ByteBuffer.allocate(28 + nodes.size() * (15 + 3 * SMP_DATA) + portCount * (9 + 31 + SMP_DATA))
                .order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(MAGIC).putInt(VERSION).putInt(nodes.size()).putInt(portCount).putLong(fabric.fromNodeGuid())
                .putInt(maxHops);
        for (DiscoveredNode node : nodes) {
            PortInfo port0 = node.isSwitch() ? node.port(0).orElse(null) : null;
            out.putShort((short) (port0 == null ? 0 : port0.lid())).put((byte) (port0 == null ? 0 : port0.lmc()))
                    .put((byte) (node.switchInfo() != null && node.switchInfo().enhancedPort0() ? 1 : 0));
            putSmpData(out, node.switchInfo() == null ? null : b -> node.switchInfo().encode(b, 0));
            out.putLong(node.guid()).put((byte) node.nodeInfo().nodeType()).put((byte) node.nodeInfo().numPorts());
            putSmpData(out, b -> node.nodeInfo().encode(b, 0));
            putSmpData(out, b -> new NodeDescription(node.description()).encode(b, 0));
            out.put((byte) node.ports().size());
            for (int p : node.ports().keySet()) {
                out.putLong(node.portGuid(p)).put((byte) p);
            }
        }
        for (DiscoveredNode node : nodes) {
            for (Map.Entry<Integer, PortInfo> port : node.ports().entrySet()) {
                int p = port.getKey();
                PortInfo addressing = node.addressingPort(p).orElse(port.getValue());
                out.putLong(node.portGuid(p)).put((byte) p).put((byte) 0).putShort((short) addressing.lid())
                        .put((byte) addressing.lmc());
                putSmpData(out, b -> port.getValue().encode(b, 0));
                out.putLong(node.guid());
                List<Long> remote = far.get(List.of(node.guid(), (long) p));
                DiscoveredNode remoteNode = remote == null ? null : byGuid.get(remote.get(0));
                if (remoteNode != null && remoteNode.ports().containsKey((int) (long) remote.get(1))) {
                    int rp = (int) (long) remote.get(1);
                    out.put((byte) 1).putLong(remoteNode.portGuid(rp)).put((byte) rp);
                } else {
                    out.put((byte) 0).putLong(0).put((byte) 0);
                }
            }
        }
        Files.write(file, Arrays.copyOf(out.array(), out.position()));
    }

    private static void putSmpData(ByteBuffer out, java.util.function.Consumer<ByteBuffer> encoder) {
        ByteBuffer data = ByteBuffer.allocate(SMP_DATA);
        if (encoder != null) {
            encoder.accept(data);
        }
        out.put(data.array());
    }

    /**
     * The fabric {@code file} holds, as if discovered: its nodes in the order the tools print them after loading it,
     * each with the ports stored, and the links stored. A node's directed route is the shortest through the links
     * from the local node (the cache keeps none). Fails with {@link IllegalArgumentException} naming the file when
     * it is not a version 1 cache or ends early.
     */
    /** A fabric read from a cache, with the hops the scan that made it reached. */
    record Loaded(DiscoveredFabric fabric, int hopsReached) {
    }

    static Loaded read(Path file) throws IOException {
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        try {
            int magic = in.getInt();
            int version = in.getInt();
            if (magic != MAGIC || version != VERSION) {
                throw new IllegalArgumentException(String.format("%s is not an ibnetdiscover cache (magic 0x%08x, version "
                        + "%d; a cache of version %d starts 0x%08x)", file, magic, version, VERSION, MAGIC));
            }
            int nodeCount = in.getInt();
            int portCount = in.getInt();
            long fromGuid = in.getLong();
            int hopsReached = in.getInt();
            List<long[]> nodeKeys = new ArrayList<>();
            List<byte[][]> nodeData = new ArrayList<>();
            for (int i = 0; i < nodeCount; i++) {
                in.position(in.position() + 4); // SM LID, LMC, enhanced port 0: also in the port 0 and SwitchInfo data
                byte[] switchInfo = smpData(in);
                in.getLong();
                in.get();
                in.get();
                byte[] nodeInfo = smpData(in);
                byte[] description = smpData(in);
                int stored = Byte.toUnsignedInt(in.get());
                long[] keys = new long[stored * 2];
                for (int k = 0; k < stored; k++) {
                    keys[2 * k] = in.getLong();
                    keys[2 * k + 1] = Byte.toUnsignedInt(in.get());
                }
                nodeKeys.add(keys);
                nodeData.add(new byte[][] {switchInfo, nodeInfo, description});
            }
            Map<List<Long>, PortRecord> ports = new HashMap<>();
            for (int i = 0; i < portCount; i++) {
                long guid = in.getLong();
                int number = Byte.toUnsignedInt(in.get());
                in.position(in.position() + 4); // external port number, LID, LMC: the PortInfo says
                PortInfo info = PortInfo.decode(ByteBuffer.wrap(smpData(in)), 0);
                long nodeGuid = in.getLong();
                boolean linked = in.get() != 0;
                long remoteGuid = in.getLong();
                int remotePort = Byte.toUnsignedInt(in.get());
                ports.put(List.of(guid, (long) number), new PortRecord(guid, number, info, nodeGuid,
                        linked ? List.of(remoteGuid, (long) remotePort) : null));
            }
            return new Loaded(fabric(file, fromGuid, nodeKeys, nodeData, ports), hopsReached);
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException(file + " ends before the cache does (truncated?)");
        }
    }

    private record PortRecord(long guid, int number, PortInfo info, long nodeGuid, List<Long> remote) {
    }

    private static byte[] smpData(ByteBuffer in) {
        byte[] data = new byte[SMP_DATA];
        in.get(data);
        return data;
    }

    private static DiscoveredFabric fabric(Path file, long fromGuid, List<long[]> nodeKeys, List<byte[][]> nodeData,
                                           Map<List<Long>, PortRecord> ports) {
        // Nodes as stored, last found first; their ports by key.
        List<DiscoveredNode> lastFirst = new ArrayList<>();
        Map<Long, DiscoveredNode> byGuid = new LinkedHashMap<>();
        for (int i = 0; i < nodeKeys.size(); i++) {
            byte[][] data = nodeData.get(i);
            NodeInfo info = NodeInfo.decode(ByteBuffer.wrap(data[1]), 0);
            TreeMap<Integer, PortInfo> portInfos = new TreeMap<>();
            TreeMap<Integer, Long> portGuids = new TreeMap<>();
            long[] keys = nodeKeys.get(i);
            for (int k = 0; k < keys.length; k += 2) {
                PortRecord port = ports.get(List.of(keys[k], keys[k + 1]));
                if (port != null) {
                    portInfos.put(port.number(), port.info());
                    portGuids.put(port.number(), port.guid());
                }
            }
            DiscoveredNode node = new DiscoveredNode(info, NodeDescription.decode(ByteBuffer.wrap(data[2]), 0).text(),
                    info.isSwitch() ? SwitchInfo.decode(ByteBuffer.wrap(data[0]), 0) : null, portInfos, portGuids,
                    SmpRoute.directed());
            lastFirst.add(node);
            byGuid.put(node.guid(), node);
        }
        DiscoveredNode from = byGuid.get(fromGuid);
        if (from == null) {
            throw new IllegalArgumentException(String.format("%s names local node 0x%016x but holds no such node", file,
                    fromGuid));
        }
        List<DiscoveredLink> links = new ArrayList<>();
        for (PortRecord port : ports.values()) {
            PortRecord remote = port.remote() == null ? null : ports.get(port.remote());
            if (remote == null || !byGuid.containsKey(port.nodeGuid()) || !byGuid.containsKey(remote.nodeGuid())) {
                continue;
            }
            // Each cable once: from the end that sorts first.
            int order = Long.compare(port.nodeGuid(), remote.nodeGuid());
            if (order < 0 || order == 0 && port.number() < remote.number()) {
                links.add(new DiscoveredLink(port.nodeGuid(), port.number(), remote.nodeGuid(), remote.number()));
            }
        }
        links.sort((a, b) -> a.nodeGuidA() != b.nodeGuidA() ? Long.compare(a.nodeGuidA(), b.nodeGuidA())
                : Integer.compare(a.portA(), b.portA()));
        Map<Long, int[]> routes = routes(from, byGuid, links);
        List<DiscoveredNode> found = new ArrayList<>();
        for (DiscoveredNode n : lastFirst) {
            int[] route = routes.get(n.guid());
            found.add(route == null ? n : n.withPath(SmpRoute.directed(route)));
        }
        Collections.reverse(found);
        int fromPort = from.isSwitch() ? 0 : from.nodeInfo().localPortNum();
        return new DiscoveredFabric(found, links, fromGuid, fromPort, 0, List.of());
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
