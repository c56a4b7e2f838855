package io.reactiveumad.examples;

import io.reactiveumad.examples.IbnetdiscoverCache.Image;
import io.reactiveumad.examples.IbnetdiscoverCache.NodeRecord;
import io.reactiveumad.examples.IbnetdiscoverCache.PortKey;
import io.reactiveumad.examples.IbnetdiscoverCache.PortRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;

/**
 * A fabric cache linked as libibnetdisc links it when it loads one ({@code ibnd_load_fabric}), and written back as it
 * writes a fabric ({@code ibnd_cache_fabric}), so that what the tools make of a cache, and what ibcacheedit writes,
 * is what this makes of it.
 * <ul>
 * <li>A GUID or port key stored twice means the record stored last (the tools' hash chains find the newest first).
 * <li>Nodes keep the file's order. Each node claims the ports its keys name, the nodes taken last stored first, each
 * into its slot by port number. Every port belongs to the node its record names, and its cable's far end is the port
 * its record names. A key, a node or a far end that is not in the file, a port claimed twice, or a port number beyond
 * its node's, makes the cache one that cannot be loaded: libibnetdisc refuses the first three (infiniband-diags 44,
 * the release the Debian tools are built on; later ones skip what is missing) and reads past its array on the last.
 * <li>Written back: the nodes in order, each with the keys of the ports in its slots; then every claimed port in the
 * order of libibnetdisc's port table: 137 buckets by a hash of the GUID the port had when it was claimed, each bucket
 * the newest first. Edits change GUIDs, never a port's bucket.
 * </ul>
 */
final class CachedFabric {
    /** libibnetdisc's hash table size ({@code HTSZ}). */
    private static final int BUCKETS = 137;

    /** A node: its GUID, the one thing an edit changes, and its port slots 0..NumPorts. */
    static final class Node {
        private final NodeRecord record;
        private final Port[] ports;
        private long guid;

        private Node(NodeRecord record) {
            this.record = record;
            this.guid = record.guid();
            this.ports = new Port[record.numPorts() + 1];
        }

        NodeRecord record() {
            return record;
        }

        long guid() {
            return guid;
        }

        void guid(long guid) {
            this.guid = guid;
        }

        int type() {
            return record.type();
        }

        int numPorts() {
            return record.numPorts();
        }

        /** The raw NodeInfo (an edit of the SystemImageGUID writes here). */
        byte[] info() {
            return record.info();
        }

        /** The port slots 0..NumPorts; null where no port was claimed. */
        List<Port> ports() {
            return Collections.unmodifiableList(Arrays.asList(ports));
        }
    }

    /** A port: its GUID (an edit may change it), its node and the port at its cable's other end. */
    static final class Port {
        private final PortRecord record;
        private long guid;
        private Node node;
        private Port remote;
        private boolean claimed;

        private Port(PortRecord record) {
            this.record = record;
            this.guid = record.key().guid();
        }

        PortRecord record() {
            return record;
        }

        long guid() {
            return guid;
        }

        void guid(long guid) {
            this.guid = guid;
        }

        int number() {
            return record.key().number();
        }

        Node node() {
            return node;
        }

        Port remote() {
            return remote;
        }
    }

    private final List<Node> nodes;
    private final Node from;
    private final int hopsReached;
    private final List<LinkedList<Port>> table;

    private CachedFabric(List<Node> nodes, Node from, int hopsReached, List<LinkedList<Port>> table) {
        this.nodes = nodes;
        this.from = from;
        this.hopsReached = hopsReached;
        this.table = table;
    }

    /**
     * The cache in {@code bytes}, read from {@code file}: one that is not a version 1 cache, ends early, or is one
     * libibnetdisc refuses to load fails with {@link IllegalArgumentException} naming the file and why.
     */
    static CachedFabric read(byte[] bytes, Path file) {
        return load(Image.parse(bytes, file), file);
    }

    /** Links {@code image}; a cache libibnetdisc cannot load fails with {@link IllegalArgumentException} naming why. */
    static CachedFabric load(Image image, Path file) {
        List<Node> nodes = new ArrayList<>();
        Map<Long, Node> nodeByGuid = new HashMap<>();
        for (NodeRecord record : image.nodes()) {
            Node node = new Node(record);
            nodes.add(node);
            nodeByGuid.put(node.guid, node);
        }
        List<Port> ports = new ArrayList<>();
        Map<PortKey, Port> portByKey = new HashMap<>();
        for (PortRecord record : image.ports()) {
            Port port = new Port(record);
            ports.add(port);
            portByKey.put(record.key(), port);
        }
        Node from = nodeByGuid.get(image.fromNodeGuid());
        if (from == null) {
            throw new IllegalArgumentException(String.format("%s names local node 0x%016x but holds no such node", file,
                    image.fromNodeGuid()));
        }
        List<LinkedList<Port>> table = new ArrayList<>(BUCKETS);
        for (int i = 0; i < BUCKETS; i++) {
            table.add(new LinkedList<>());
        }
        for (int n = nodes.size() - 1; n >= 0; n--) {
            Node node = nodes.get(n);
            for (PortKey key : node.record.portKeys()) {
                Port port = portByKey.get(key);
                if (port == null) {
                    throw new IllegalArgumentException(String.format("%s: node 0x%016x names port 0x%016x:%d, which it "
                            + "does not hold", file, node.guid, key.guid(), key.number()));
                }
                if (port.claimed) {
                    throw new IllegalArgumentException(String.format("%s: port 0x%016x:%d is a port of two nodes", file,
                            key.guid(), key.number()));
                }
                if (port.number() > node.numPorts()) {
                    throw new IllegalArgumentException(String.format("%s: node 0x%016x has %d ports, not a port %d", file,
                            node.guid, node.numPorts(), port.number()));
                }
                node.ports[port.number()] = port;
                port.claimed = true;
                table.get(bucket(port.guid)).addFirst(port);
            }
        }
        for (Port port : ports) {
            port.node = nodeByGuid.get(port.record.nodeGuid());
            if (port.node == null) {
                throw new IllegalArgumentException(String.format("%s: port 0x%016x:%d belongs to node 0x%016x, which it "
                        + "does not hold", file, port.guid, port.number(), port.record.nodeGuid()));
            }
            PortKey remote = port.record.remote();
            if (remote != null) {
                port.remote = portByKey.get(remote);
                if (port.remote == null) {
                    throw new IllegalArgumentException(String.format("%s: port 0x%016x:%d is cabled to port 0x%016x:%d, "
                            + "which it does not hold", file, port.guid, port.number(), remote.guid(), remote.number()));
                }
            }
        }
        return new CachedFabric(List.copyOf(nodes), from, image.hopsReached(), table);
    }

    /** libibnetdisc's hash of a GUID into its tables ({@code HASHGUID} modulo {@code HTSZ}). */
    private static int bucket(long guid) {
        int hash = (int) guid * 101 ^ (int) (guid >>> 32) * 103;
        return Integer.remainderUnsigned(hash, BUCKETS);
    }

    /** The nodes, in the file's order (the last found first). */
    List<Node> nodes() {
        return nodes;
    }

    /** The local node of the scan that made the cache. */
    Node from() {
        return from;
    }

    int hopsReached() {
        return hopsReached;
    }

    /** The cache libibnetdisc writes of this fabric as it stands now. */
    Image image() {
        List<PortRecord> ports = new ArrayList<>();
        for (LinkedList<Port> bucket : table) {
            for (Port port : bucket) {
                PortRecord r = port.record;
                PortKey remote = port.remote == null ? null : new PortKey(port.remote.guid, port.remote.number());
                ports.add(new PortRecord(new PortKey(port.guid, port.number()), r.externalNumber(), r.baseLid(), r.lmc(),
                        r.info(), port.node.guid, remote));
            }
        }
        List<NodeRecord> records = new ArrayList<>();
        for (Node node : nodes) {
            List<PortKey> keys = new ArrayList<>();
            for (Port port : node.ports) {
                if (port != null) {
                    keys.add(new PortKey(port.guid, port.number()));
                }
            }
            NodeRecord r = node.record;
            records.add(new NodeRecord(r.smaLid(), r.smaLmc(), r.smaEnhancedPort0(), r.switchInfo(), node.guid, r.type(),
                    r.numPorts(), r.info(), r.description(), keys));
        }
        return new Image(from.guid, hopsReached, records, ports);
    }
}
