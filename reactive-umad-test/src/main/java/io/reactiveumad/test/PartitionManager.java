package io.reactiveumad.test;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.mad.sa.Selector;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.NodeType;
import io.reactiveumad.test.topology.Topology;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SM's P_Key manager, as OpenSM's (osm_prtn.c, osm_pkey_mgr.c) with its defaults: after each sweep it makes the
 * partitions of {@link Partitions} of the ports in service and programs every such port's P_Key table (a CA's and a
 * router's ports, a switch's port 0) and that of the switch port each CA or router port is cabled to, which gets the
 * same keys. A table holds the default partition's key at index 0 (0xFFFF for a full member, 0x7FFF for a limited
 * one), then one key per other partition the port is in, in OpenSM's order of partitions (its map's, by the P_Key's
 * bytes as they are on the wire read the other way round), up to what the port holds.
 */
final class PartitionManager {
    private static final Logger LOG = LoggerFactory.getLogger(PartitionManager.class);
    /**
     * OpenSM's order of partitions, that of its maps keyed by P_Key (without the membership bit) as stored, in network
     * order, and read as a little-endian number: by the low byte first (0x0002 before 0x0102 before 0x0003).
     */
    static final Comparator<Integer> OPENSM_PARTITION_ORDER = Comparator.comparingInt(pKey -> Short.reverseBytes(
            (short) (pKey & PKeyTable.PARTITION_MASK)) & 0xFFFF);

    private final Partitions partitions;

    PartitionManager(Partitions partitions) {
        this.partitions = partitions;
    }

    /**
     * Programs the P_Key tables of the ports {@code inService} (by port GUID, with their nodes) and of the switch
     * ports cabled to the CAs' and routers' among them.
     */
    void program(Map<Long, FabricNode> inService, long smPortGuid) {
        Map<Long, NodeType> ports = new LinkedHashMap<>();
        inService.forEach((guid, node) -> ports.put(guid, node.node.type()));
        Map<Integer, Map<Long, Boolean>> members = members(ports, smPortGuid);
        List<Integer> order = new ArrayList<>(members.keySet());
        order.remove(Integer.valueOf(Partitions.DEFAULT_PARTITION));
        order.sort(OPENSM_PARTITION_ORDER);
        Map<Long, Boolean> defaults = members.get(Partitions.DEFAULT_PARTITION);
        for (Map.Entry<Long, FabricNode> e : inService.entrySet()) {
            long guid = e.getKey();
            FabricNode node = e.getValue();
            int port = node.node.portByGuid(guid).orElseThrow().number();
            List<Integer> keys = new ArrayList<>();
            keys.add(Partitions.DEFAULT_PARTITION | (defaults.get(guid) ? PKeyTable.FULL_MEMBERSHIP_BIT : 0));
            for (int partition : order) {
                Boolean full = members.get(partition).get(guid);
                if (full != null) {
                    keys.add(partition | (full ? PKeyTable.FULL_MEMBERSHIP_BIT : 0));
                }
            }
            set(node, port, keys);
            if (!node.isSwitch() && node.peer != null && node.peer[port] != null && node.peer[port].isSwitch()) {
                set(node.peer[port], node.peerPort[port], keys);
            }
        }
    }

    /** {@code keys} in the table of {@code node}'s {@code port}, as many as it holds (OpenSM's ERR 0512 for the rest). */
    private static void set(FabricNode node, int port, List<Integer> keys) {
        int capacity = Sma.partitionCap(node, port);
        if (keys.size() > capacity) {
            LOG.warn("{} port {} holds {} P_Keys: {} of its partitions left out", node.id(), port, capacity,
                    keys.size() - capacity);
        }
        List<Integer> table = node.ports[port].pkeys;
        table.clear();
        table.addAll(keys.subList(0, Math.min(keys.size(), capacity)));
    }

    /**
     * Each partition's members, by port GUID, full or not: the default partition's every port (full members without a
     * partitions file, else limited ones) and the SM's port a full member, then each definition's members in order,
     * a port listed again taking its new membership; partitions without a port in service left out.
     */
    private Map<Integer, Map<Long, Boolean>> members(Map<Long, NodeType> ports, long smPortGuid) {
        Map<Integer, Map<Long, Boolean>> members = new LinkedHashMap<>();
        Map<Long, Boolean> defaults = new HashMap<>();
        ports.keySet().forEach(guid -> defaults.put(guid, !partitions.configured()));
        defaults.put(smPortGuid, true);
        members.put(Partitions.DEFAULT_PARTITION, defaults);
        for (Partitions.Definition d : partitions.definitions()) {
            Map<Long, Boolean> these = members.computeIfAbsent(d.partition(), p -> new HashMap<>());
            for (Partitions.Member m : d.members()) {
                for (Map.Entry<Long, NodeType> e : ports.entrySet()) {
                    if (selects(m, e.getKey(), e.getValue(), smPortGuid)) {
                        these.put(e.getKey(), m.full());
                    }
                }
            }
        }
        members.values().removeIf(Map::isEmpty);
        return members;
    }

    private static boolean selects(Partitions.Member m, long guid, NodeType type, long smPortGuid) {
        return switch (m.selects()) {
            case ALL -> true;
            case ALL_CAS -> type == NodeType.CA;
            case ALL_SWITCHES -> type == NodeType.SWITCH;
            case ALL_ROUTERS -> type == NodeType.ROUTER;
            case SELF -> guid == smPortGuid;
            case GUID -> guid == m.guid();
        };
    }

    /**
     * The IPoIB broadcast groups the SM creates on {@code net} (its SM's port {@code smPortGuid}), as OpenSM creates
     * them while it reads the partitions, in that order (so they get MLIDs from 0xC000 in that order): without a
     * partitions file the default partition's, with one each {@code ipoib} definition's, at link-local scope whatever
     * scopes it names (OpenSM gives those to its mgid= groups alone); but a partition none of whose members is on the
     * net has none (OpenSM deletes such a partition, and its groups, once it has read them all). Their MLIDs are 0 here.
     */
    List<McMemberRecord> broadcastGroups(Topology net, long smPortGuid) {
        if (!partitions.configured()) {
            return List.of(broadcastGroup(Partitions.DEFAULT_PARTITION, Partitions.DEFAULT_MTU, Partitions.DEFAULT_RATE,
                    Partitions.IPOIB_Q_KEY, 0, 0));
        }
        Map<Long, NodeType> ports = new LinkedHashMap<>();
        for (Node node : net.nodes()) {
            if (node.isSwitch()) {
                ports.put(node.portGuid(0), node.type());
            }
            for (int p = 1; !node.isSwitch() && p <= node.portCount(); p++) {
                if (net.link(node.id(), p).isPresent()) {
                    ports.put(node.portGuid(p), node.type());
                }
            }
        }
        Map<Integer, Map<Long, Boolean>> members = members(ports, smPortGuid);
        Map<Gid, McMemberRecord> groups = new LinkedHashMap<>();
        for (Partitions.Definition d : partitions.definitions()) {
            if (d.ipoib() && members.containsKey(d.partition())) {
                McMemberRecord g = broadcastGroup(d.partition(), d.mtu(), d.rate(), d.qKey(), d.trafficClass(),
                        d.flowLabel());
                groups.putIfAbsent(g.mgid(), g);
            }
        }
        return List.copyOf(groups.values());
    }

    /** IPoIB's IPv4 broadcast group of {@code partition}: ff12:401b:P_Key::ffff:ffff, P_Key with its full bit. */
    private static McMemberRecord broadcastGroup(int partition, int mtu, int rate, long qKey, int trafficClass,
                                                 int flowLabel) {
        int pKey = partition | PKeyTable.FULL_MEMBERSHIP_BIT;
        int scope = McMemberRecord.SCOPE_LINK_LOCAL;
        Gid mgid = new Gid(0xff10_401b_0000_0000L | (long) scope << 48 | (long) pKey << 16, 0x0000_0000_ffff_ffffL);
        return new McMemberRecord(mgid, Gid.ZERO, qKey, 0, Selector.EXACTLY, mtu, trafficClass, pKey, Selector.EXACTLY,
                rate, Selector.EXACTLY, SubnetManager.PACKET_LIFE_TIME, 0, flowLabel, 0, scope, 0, false);
    }
}
