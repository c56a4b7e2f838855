package io.reactiveumad.test;

import static io.reactiveumad.mad.DirectedRouteSmp.MAX_HOPS;
import static io.reactiveumad.mad.attr.PKeyTable.FULL_MEMBERSHIP_BIT;
import static io.reactiveumad.mad.attr.PKeyTable.PARTITION_MASK;
import static io.reactiveumad.test.SubnetAdministrator.has;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.LinearForwardingTable;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.SlToVlMappingTable;
import io.reactiveumad.mad.attr.SmInfo;
import io.reactiveumad.mad.attr.VlArbitrationTable;
import io.reactiveumad.mad.sa.GuidInfoRecord;
import io.reactiveumad.mad.sa.LinearForwardingTableRecord;
import io.reactiveumad.mad.sa.LinkRecord;
import io.reactiveumad.mad.sa.MulticastForwardingTableRecord;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PKeyTableRecord;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.mad.sa.PortInfoRecord;
import io.reactiveumad.mad.sa.Selector;
import io.reactiveumad.mad.sa.SlToVlMappingTableRecord;
import io.reactiveumad.mad.sa.SmInfoRecord;
import io.reactiveumad.mad.sa.SwitchInfoRecord;
import io.reactiveumad.mad.sa.VlArbitrationTableRecord;
import io.reactiveumad.test.topology.Link;
import io.reactiveumad.test.topology.LinkSpeed;
import io.reactiveumad.test.topology.LinkWidth;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import java.util.function.ToLongFunction;
import java.util.stream.IntStream;

/**
 * The SA records that describe the fabric as the SM last swept it (NodeRecord, PortInfoRecord,
 * LinkRecord, PathRecord, LinearForwardingTableRecord, SwitchInfoRecord, SMInfoRecord, GUIDInfoRecord,
 * SLtoVLMappingTableRecord, VLArbitrationTableRecord, MulticastForwardingTableRecord, P_KeyTableRecord), filtered by a query's component mask. Read-only:
 * what clients register (services, multicast groups, subscriptions) stays with {@link SubnetAdministrator}.
 * Runs on the fabric executor.
 */
final class FabricRecords {
    /** An SL to VL table OpenSM never set: every SL on VL 0. */
    private static final SlToVlMappingTable UNSET_SL_TO_VL = new SlToVlMappingTable(
            Collections.nCopies(SlToVlMappingTable.SERVICE_LEVELS, 0));
    /** A PortInfo of zeros, what OpenSM holds of a port before it reads one. */
    private static final PortInfo NOTHING_READ = PortInfo.decode(ByteBuffer.allocate(PortInfo.SIZE), 0);
    /** A VL arbitration table OpenSM never set: every entry VL 0, weight 0. */
    private static final VlArbitrationTable UNSET_VL_ARBITRATION = new VlArbitrationTable(
            Collections.nCopies(VlArbitrationTable.ENTRIES, new VlArbitrationTable.Entry(0, 0)));

    private final FabricEngine engine;
    private final Sma sma;

    FabricRecords(FabricEngine engine, Sma sma) {
        this.engine = engine;
        this.sma = sma;
    }

    /** The NodeInfo fields a NodeRecord query can name by their component, each compared whole as OpenSM does. */
    private static final Map<Long, ToLongFunction<NodeInfo>> NODE_INFO_COMPONENTS = Map.ofEntries(
            Map.entry(NodeRecord.Component.BASE_VERSION, NodeInfo::baseVersion),
            Map.entry(NodeRecord.Component.CLASS_VERSION, NodeInfo::classVersion),
            Map.entry(NodeRecord.Component.NODE_TYPE, NodeInfo::nodeType),
            Map.entry(NodeRecord.Component.NUM_PORTS, NodeInfo::numPorts),
            Map.entry(NodeRecord.Component.SYSTEM_IMAGE_GUID, NodeInfo::systemImageGuid),
            Map.entry(NodeRecord.Component.NODE_GUID, NodeInfo::nodeGuid),
            Map.entry(NodeRecord.Component.PORT_GUID, NodeInfo::portGuid),
            Map.entry(NodeRecord.Component.PARTITION_CAP, NodeInfo::partitionCap),
            Map.entry(NodeRecord.Component.DEVICE_ID, NodeInfo::deviceId),
            Map.entry(NodeRecord.Component.REVISION, NodeInfo::revision),
            Map.entry(NodeRecord.Component.LOCAL_PORT_NUM, NodeInfo::localPortNum),
            Map.entry(NodeRecord.Component.VENDOR_ID, NodeInfo::vendorId));

    List<NodeRecord> nodeRecords(NodeRecord q, long mask, EndPort requester) {
        List<NodeRecord> out = new ArrayList<>();
        for (var e : engine.inService().entrySet()) {
            FabricNode n = e.getValue();
            int port = n.isSwitch() ? 0 : n.node.portByGuid(e.getKey()).orElseThrow().number();
            if (!seenBy(requester, n, port)) {
                continue;
            }
            NodeRecord r = new NodeRecord(n.addressable(Math.max(port, 1)).lid, Sma.nodeInfo(n, port),
                    new NodeDescription(n.description));
            if ((!has(mask, NodeRecord.Component.LID) || r.lid() == q.lid())
                    && same(NODE_INFO_COMPONENTS, mask, q.nodeInfo(), r.nodeInfo())
                    && (!has(mask, NodeRecord.Component.NODE_DESCRIPTION)
                        || r.nodeDescription().equals(q.nodeDescription()))) {
                out.add(r);
            }
        }
        return out;
    }

    /**
     * The PortInfo fields a PortInfoRecord query can name by their component, as OpenSM compares them
     * (sa_pir_check_physp): whole, but CapabilityMask and CapabilityMask2 ({@link #portInfoRecords}), the extended
     * speeds (only of a port that has them) and the fields it never compares (InitTypeReply, ClientReregister,
     * MaxCreditHint, LinkRoundTripLatency).
     */
    private static final Map<Long, ToLongFunction<PortInfo>> PORT_INFO_COMPONENTS = Map.ofEntries(
            Map.entry(PortInfoRecord.Component.M_KEY, PortInfo::mKey),
            Map.entry(PortInfoRecord.Component.GID_PREFIX, PortInfo::gidPrefix),
            Map.entry(PortInfoRecord.Component.LID, PortInfo::lid),
            Map.entry(PortInfoRecord.Component.MASTER_SM_LID, PortInfo::masterSmLid),
            Map.entry(PortInfoRecord.Component.DIAG_CODE, PortInfo::diagCode),
            Map.entry(PortInfoRecord.Component.M_KEY_LEASE_PERIOD, PortInfo::mKeyLeasePeriod),
            Map.entry(PortInfoRecord.Component.LOCAL_PORT_NUM, PortInfo::localPortNum),
            Map.entry(PortInfoRecord.Component.LINK_WIDTH_ENABLED, PortInfo::linkWidthEnabled),
            Map.entry(PortInfoRecord.Component.LINK_WIDTH_SUPPORTED, PortInfo::linkWidthSupported),
            Map.entry(PortInfoRecord.Component.LINK_WIDTH_ACTIVE, PortInfo::linkWidthActive),
            Map.entry(PortInfoRecord.Component.LINK_SPEED_SUPPORTED, PortInfo::linkSpeedSupported),
            Map.entry(PortInfoRecord.Component.PORT_STATE, PortInfo::portState),
            Map.entry(PortInfoRecord.Component.PORT_PHYSICAL_STATE, PortInfo::portPhysicalState),
            Map.entry(PortInfoRecord.Component.LINK_DOWN_DEFAULT_STATE, PortInfo::linkDownDefaultState),
            Map.entry(PortInfoRecord.Component.M_KEY_PROTECT_BITS, PortInfo::mKeyProtectBits),
            Map.entry(PortInfoRecord.Component.LMC, PortInfo::lmc),
            Map.entry(PortInfoRecord.Component.LINK_SPEED_ACTIVE, PortInfo::linkSpeedActive),
            Map.entry(PortInfoRecord.Component.LINK_SPEED_ENABLED, PortInfo::linkSpeedEnabled),
            Map.entry(PortInfoRecord.Component.NEIGHBOR_MTU, PortInfo::neighborMtu),
            Map.entry(PortInfoRecord.Component.MASTER_SM_SL, PortInfo::masterSmSl),
            Map.entry(PortInfoRecord.Component.VL_CAP, PortInfo::vlCap),
            Map.entry(PortInfoRecord.Component.INIT_TYPE, PortInfo::initType),
            Map.entry(PortInfoRecord.Component.VL_HIGH_LIMIT, PortInfo::vlHighLimit),
            Map.entry(PortInfoRecord.Component.VL_ARBITRATION_HIGH_CAP, PortInfo::vlArbitrationHighCap),
            Map.entry(PortInfoRecord.Component.VL_ARBITRATION_LOW_CAP, PortInfo::vlArbitrationLowCap),
            Map.entry(PortInfoRecord.Component.MTU_CAP, PortInfo::mtuCap),
            Map.entry(PortInfoRecord.Component.VL_STALL_COUNT, PortInfo::vlStallCount),
            Map.entry(PortInfoRecord.Component.HOQ_LIFE, PortInfo::hoqLife),
            Map.entry(PortInfoRecord.Component.OPERATIONAL_VLS, PortInfo::operationalVls),
            Map.entry(PortInfoRecord.Component.PARTITION_ENFORCEMENT_INBOUND, p -> p.partitionEnforcementInbound() ? 1 : 0),
            Map.entry(PortInfoRecord.Component.PARTITION_ENFORCEMENT_OUTBOUND, p -> p.partitionEnforcementOutbound() ? 1 : 0),
            Map.entry(PortInfoRecord.Component.FILTER_RAW_INBOUND, p -> p.filterRawInbound() ? 1 : 0),
            Map.entry(PortInfoRecord.Component.FILTER_RAW_OUTBOUND, p -> p.filterRawOutbound() ? 1 : 0),
            Map.entry(PortInfoRecord.Component.M_KEY_VIOLATIONS, PortInfo::mKeyViolations),
            Map.entry(PortInfoRecord.Component.P_KEY_VIOLATIONS, PortInfo::pKeyViolations),
            Map.entry(PortInfoRecord.Component.Q_KEY_VIOLATIONS, PortInfo::qKeyViolations),
            Map.entry(PortInfoRecord.Component.GUID_CAP, PortInfo::guidCap),
            Map.entry(PortInfoRecord.Component.SUBNET_TIMEOUT, PortInfo::subnetTimeout),
            Map.entry(PortInfoRecord.Component.RESP_TIME_VALUE, PortInfo::respTimeValue),
            Map.entry(PortInfoRecord.Component.LOCAL_PHY_ERRORS, PortInfo::localPhyErrors),
            Map.entry(PortInfoRecord.Component.OVERRUN_ERRORS, PortInfo::overrunErrors));
    /** The extended speeds' components, compared only for a port whose (switch's port 0's) capabilities have them. */
    private static final Map<Long, ToLongFunction<PortInfo>> EXTENDED_SPEED_COMPONENTS = Map.of(
            PortInfoRecord.Component.LINK_SPEED_EXT_ACTIVE, PortInfo::linkSpeedExtActive,
            PortInfoRecord.Component.LINK_SPEED_EXT_SUPPORTED, PortInfo::linkSpeedExtSupported,
            PortInfoRecord.Component.LINK_SPEED_EXT_ENABLED, PortInfo::linkSpeedExtEnabled);

    /**
     * The PortInfoRecords of the ports the query's components match, as OpenSM holds each port's PortInfo;
     * {@code bitwise}: CapabilityMask and CapabilityMask2 match ports with every bit of the query's set, not the same
     * mask (the attribute modifier's bit 31, IBA 1.2 erratum).
     */
    List<PortInfoRecord> portInfoRecords(PortInfoRecord q, long mask, boolean bitwise, EndPort requester) {
        long capabilities = q.portInfo().capabilityMask();
        long capabilities2 = q.portInfo().capabilityMask2();
        List<PortInfoRecord> out = new ArrayList<>();
        for (EndPort end : endPorts()) {
            FabricNode n = end.node();
            // A switch's ports have the extended speeds its port 0 (its end port) says it has.
            boolean extendedSpeeds = (asOpenSmHoldsIt(n, end.port()).capabilityMask()
                    & PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED) != 0;
            for (int p : end.physicalPorts()) {
                if (!seenBy(requester, n, p)) {
                    continue;
                }
                // The M_Key is the SMA's secret: the SA gives it to no one (OpenSM: only to a trusted requester).
                PortInfoRecord r = new PortInfoRecord(n.addressable(Math.max(p, 1)).lid, p, 0, asOpenSmHoldsIt(n, p));
                PortInfo held = r.portInfo();
                // OpenSM looks for the ports of the node at the record's EndportLID when the PortInfo's LID is asked
                // for too (so that one alone, the record's LID left 0, finds nothing).
                if ((!has(mask, PortInfoRecord.Component.ENDPORT_LID | PortInfoRecord.Component.LID)
                            || r.endportLid() == q.endportLid())
                        && (!has(mask, PortInfoRecord.Component.PORT_NUM) || r.portNum() == q.portNum())
                        && (!has(mask, PortInfoRecord.Component.CAPABILITY_MASK)
                            || capabilitiesMatch(held.capabilityMask(), capabilities, bitwise))
                        && (!has(mask, PortInfoRecord.Component.CAPABILITY_MASK2)
                            || capabilitiesMatch(held.capabilityMask2(), capabilities2, bitwise))
                        && same(PORT_INFO_COMPONENTS, mask, q.portInfo(), held)
                        && (!extendedSpeeds || same(EXTENDED_SPEED_COMPONENTS, mask, q.portInfo(), held))) {
                    out.add(r);
                }
            }
        }
        return out;
    }

    /** A port's capability mask against a query's: the same mask, or {@code bitwise} every bit the query sets. */
    private static boolean capabilitiesMatch(long held, long asked, boolean bitwise) {
        return bitwise ? (held & asked) == asked : held == asked;
    }

    /** Whether {@code record} has the query's value of every field of {@code fields} the mask names. */
    private static <T> boolean same(Map<Long, ToLongFunction<T>> fields, long mask, T query, T record) {
        for (Map.Entry<Long, ToLongFunction<T>> f : fields.entrySet()) {
            if (has(mask, f.getKey()) && f.getValue().applyAsLong(query) != f.getValue().applyAsLong(record)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The links between in-service ports the query's components match, as OpenSM lists them: node by node in its order
     * of node GUIDs, each node's ports in order, but only between ports that share a partition both with each other
     * and with the requester.
     */
    List<LinkRecord> linkRecords(LinkRecord q, long mask, EndPort requester) {
        List<LinkRecord> out = new ArrayList<>();
        Map<Long, FabricNode> live = engine.inService();
        List<FabricNode> nodes = new ArrayList<>(new LinkedHashSet<>(live.values()));
        nodes.sort(Comparator.comparing(n -> n.node.nodeGuid(), SubnetManager.OPENSM_GUID_ORDER));
        for (FabricNode a : nodes) {
            for (int port = 1; port <= a.node.portCount(); port++) {
                Link.End to = engine.topology().remote(a.id(), port).orElse(null);
                if (to == null) {
                    continue;
                }
                FabricNode b = engine.node(to.node());
                if (!live.containsKey(a.node.portGuid(a.isSwitch() ? 0 : port))
                        || !live.containsKey(b.node.portGuid(b.isSwitch() ? 0 : to.port()))
                        || sharedPKey(a.ports[port].pkeys, b.ports[to.port()].pkeys, NO_P_KEY) == NO_P_KEY
                        || !seenBy(requester, a, port) || !seenBy(requester, b, to.port())) {
                    continue;
                }
                LinkRecord r = new LinkRecord(a.addressable(port).lid, port, to.port(), b.addressable(to.port()).lid);
                if ((!has(mask, LinkRecord.Component.FROM_LID) || r.fromLid() == q.fromLid())
                        && (!has(mask, LinkRecord.Component.FROM_PORT) || r.fromPort() == q.fromPort())
                        && (!has(mask, LinkRecord.Component.TO_PORT) || r.toPort() == q.toPort())
                        && (!has(mask, LinkRecord.Component.TO_LID) || r.toLid() == q.toLid())) {
                    out.add(r);
                }
            }
        }
        return out;
    }

    /**
     * A port's PortInfo as OpenSM keeps it for its records: without the M_Key; a switch's saying the port the sweep came
     * in by; of a switch's port that is down, only its states (OpenSM reads no more of it).
     */
    private PortInfo asOpenSmHoldsIt(FabricNode n, int port) {
        PortInfo info = Sma.portInfo(engine, n, port);
        if (n.isSwitch() && port > 0 && info.portState() == PortInfo.STATE_DOWN) {
            return NOTHING_READ.toBuilder().portState(info.portState()).portPhysicalState(info.portPhysicalState()).build();
        }
        return info.toBuilder().mKey(0).localPortNum(n.isSwitch() ? engine.sweptInBy(n) : info.localPortNum()).build();
    }

    /** An in-service end port, as PathRecords name it and the SA knows a requester or a member. */
    record EndPort(FabricNode node, int port, int lid, Gid gid) {
        /** The ports this end port stands for in per-port records: a switch's every port from 0, a CA's own. */
        int[] physicalPorts() {
            return node.isSwitch() ? IntStream.rangeClosed(0, node.node.portCount()).toArray() : new int[] {port};
        }

        /** Its P_Key table. */
        List<Integer> pKeys() {
            return node.ports[port].pkeys;
        }

        /**
         * Whether it and {@code other} share a partition, one of them a full member of it, or are one port
         * (osm_physp_share_pkey): where they can reach each other.
         */
        boolean sharesPartitionWith(EndPort other) {
            return seenBy(this, other.node(), other.port());
        }

        /** Whether its P_Key table holds {@code pKey}'s partition, as a full or a limited member (osm_physp_has_pkey). */
        boolean inPartition(int pKey) {
            return pKeys().stream().anyMatch(k -> (k & PARTITION_MASK) == (pKey & PARTITION_MASK));
        }
    }

    private List<EndPort> endPorts() {
        List<EndPort> out = new ArrayList<>();
        for (var e : engine.inService().entrySet()) {
            out.add(endPort(e.getValue(), e.getKey()));
        }
        return out;
    }

    private static EndPort endPort(FabricNode n, long portGuid) {
        int port = n.isSwitch() ? 0 : n.node.portByGuid(portGuid).orElseThrow().number();
        return new EndPort(n, port, n.addressable(Math.max(port, 1)).lid, new Gid(FabricEngine.DEFAULT_GID_PREFIX, portGuid));
    }

    /** The in-service end port of {@code portGuid}, or null. */
    EndPort endPort(long portGuid) {
        FabricNode n = engine.inService().get(portGuid);
        return n == null ? null : endPort(n, portGuid);
    }

    /** The highest LID an in-service end port answers to (its LMC counted), 0 where none has one. */
    int highestLid() {
        return endPorts().stream().mapToInt(p -> {
            FabricPort addressed = p.node().addressable(Math.max(p.port(), 1));
            return addressed.lid == 0 ? 0 : addressed.lid + (1 << addressed.lmc) - 1;
        }).max().orElse(0);
    }

    /** The in-service end port with {@code lid}, where a request came from; or null. */
    EndPort endPortAt(int lid) {
        return endPorts().stream().filter(p -> p.lid() == lid).findFirst().orElse(null);
    }

    /**
     * The paths between the end ports the query names, as OpenSM answers: an end left open is every in-service
     * port (neither end: every pair, "the world"), never the requester; by destination, then source, each in
     * port GUID order.
     */
    List<PathRecord> pathRecords(PathRecord q, long mask, EndPort requester) {
        List<EndPort> ports = new ArrayList<>(endPorts());
        ports.sort((a, b) -> Long.compareUnsigned(a.gid().guid(), b.gid().guid()));
        List<EndPort> sources = ports.stream().filter(p -> (!has(mask, PathRecord.Component.SGID) || p.gid().equals(q.sgid()))
                && (!has(mask, PathRecord.Component.SLID) || p.lid() == q.slid())).toList();
        List<EndPort> destinations = ports.stream().filter(p -> (!has(mask, PathRecord.Component.DGID) || p.gid().equals(q.dgid()))
                && (!has(mask, PathRecord.Component.DLID) || p.lid() == q.dlid())).toList();
        List<PathRecord> out = new ArrayList<>();
        for (EndPort d : destinations) {
            for (EndPort s : sources) {
                int pKey = sharedPKey(s.pKeys(), d.pKeys(), has(mask, PathRecord.Component.P_KEY) ? q.pKey() : NO_P_KEY);
                if (pKey != NO_P_KEY && seenBy(requester, s.node(), s.port()) && seenBy(requester, d.node(), d.port())) {
                    // The MTU its ends take (every port between takes as much); a path that leaves its port lives
                    // OpenSM's packet life time, one to itself none; each as the query's selectors ask, or no path.
                    int mtu = selected(mask, PathRecord.Component.MTU | PathRecord.Component.MTU_SELECTOR,
                            q.mtuSelector(), q.mtu(), Math.min(Sma.mtuCap(s.node(), s.port()), Sma.mtuCap(d.node(), d.port())),
                            Integer::compare, m -> m - 1, true);
                    int rate = selected(mask, PathRecord.Component.RATE | PathRecord.Component.RATE_SELECTOR,
                            q.rateSelector(), q.rate(), rate(s, d), RateCodes::compare,
                            r -> RateCodes.previous(r) == r ? NONE : RateCodes.previous(r), false);
                    int packetLife = selected(mask, PathRecord.Component.PACKET_LIFE_TIME
                                    | PathRecord.Component.PACKET_LIFE_TIME_SELECTOR, q.packetLifeTimeSelector(),
                            q.packetLifeTime(), s.equals(d) ? 0 : SubnetManager.PACKET_LIFE_TIME, Integer::compare,
                            t -> t - 1, true);
                    int sl = has(mask, PathRecord.Component.SL) ? q.sl() : 0; // asked for, else the partition's: 0
                    if (mtu != NONE && rate != NONE && packetLife != NONE) {
                        // Without QoS OpenSM does not give the ServiceID back.
                        out.add(new PathRecord(0, d.gid(), s.gid(), d.lid(), s.lid(), false, 0, 0, 0, true, 0, pKey, 0, sl,
                                Selector.EXACTLY, mtu, Selector.EXACTLY, rate, Selector.EXACTLY, packetLife, 0));
                    }
                }
            }
        }
        return out;
    }

    private static final int NO_P_KEY = 0;

    /**
     * Whether a rate and an MTU a query gives with their selectors ({@code rateComponents}, {@code mtuComponents}:
     * both bits of each; one alone is not checked) are codes IBA defines, as OpenSM wants of a PathRecord and an
     * MCMemberRecord (else ERR_REQ_INVALID).
     */
    static boolean validRateAndMtu(long mask, long rateComponents, int rate, long mtuComponents, int mtu) {
        return ((mask & rateComponents) != rateComponents || RateCodes.valid(rate))
                && ((mask & mtuComponents) != mtuComponents || validMtu(mtu));
    }

    /** Whether {@code mtu} is an MTU code IBA defines (256 to 4096 bytes). */
    static boolean validMtu(int mtu) {
        return mtu >= Selector.MTU_256 && mtu <= Selector.MTU_4096;
    }

    /** No value satisfies the query's selector: no path. */
    private static final int NONE = -1;

    /**
     * A path's MTU, rate or packet life time ({@code value}) as OpenSM gives it when the query names it with its
     * selector ({@code components}, both: one alone is ignored): greater than asked, or no path; less than asked, else
     * the next lower than asked ({@code lower}; {@link #NONE} or below 1 for none); exactly as asked, which it then is,
     * where it is at least that ({@code atLeast}: the MTU and the packet life time) or that (the rate); the best,
     * whatever it is (pr_rcv_get_path_parms). {@link #NONE} for no path.
     */
    private static int selected(long mask, long components, int selector, int asked, int value, Comparator<Integer> order,
                                IntUnaryOperator lower, boolean atLeast) {
        if ((mask & components) != components) {
            return value;
        }
        return switch (selector) {
            case Selector.GREATER_THAN -> order.compare(value, asked) > 0 ? value : NONE;
            case Selector.LESS_THAN -> {
                int below = lower.applyAsInt(asked);
                yield order.compare(value, asked) < 0 ? value : below < 1 ? NONE : below;
            }
            case Selector.EXACTLY -> order.compare(value, asked) < 0 || !atLeast && order.compare(value, asked) > 0 ? NONE
                    : asked;
            default -> value;
        };
    }

    /**
     * Whether the SA shows {@code requester} (null: one it does not know, shown all) a record of {@code node}'s
     * {@code port}: its own, and those of the ports it shares a partition with, one of them a full member of it, as
     * OpenSM asks of every record but the SM's own (osm_physp_share_pkey).
     */
    private static boolean seenBy(EndPort requester, FabricNode node, int port) {
        return requester == null || requester.node() == node && requester.port() == port
                || sharedPKey(requester.pKeys(), node.ports[port].pkeys, NO_P_KEY) != NO_P_KEY;
    }

    /**
     * The rate of the path from {@code s} to {@code d}, as OpenSM computes it: the slowest port it crosses, along the
     * switches' forwarding tables (a switch's port 0 counted where the path starts or ends at one).
     */
    private int rate(EndPort s, EndPort d) {
        double slowest = s.node().isSwitch() || d.node().isSwitch()
                ? RateCodes.gbps(Link.DEFAULT_WIDTH, Link.DEFAULT_SPEED) : Double.MAX_VALUE; // a switch's port 0 at 4X SDR
        FabricNode at = s.node();
        if (!at.isSwitch()) {
            Link cable = engine.topology().link(at.id(), s.port()).orElse(null);
            if (cable == null) {
                return RateCodes.RATE_10_GBPS;
            }
            slowest = Math.min(slowest, RateCodes.gbps(cable.width(), cable.speed()));
            at = at.peer[s.port()];
        }
        for (int hop = 0; at != null && at.isSwitch() && at != d.node() && hop < MAX_HOPS; hop++) {
            int out = at.route(d.lid());
            Link cable = out == FabricNode.NO_ROUTE || out == 0 ? null : engine.topology().link(at.id(), out).orElse(null);
            if (cable == null) {
                break;
            }
            slowest = Math.min(slowest, RateCodes.gbps(cable.width(), cable.speed()));
            at = at.peer[out];
        }
        return slowest == Double.MAX_VALUE ? RateCodes.RATE_10_GBPS : RateCodes.ofGbps(slowest);
    }

    /**
     * The P_Key of a path between two end ports, as OpenSM gives it: the one asked for ({@link #NO_P_KEY} when none
     * was) if its partition is in both ports' tables, else the source's first P_Key, in OpenSM's order of partitions
     * ({@link PartitionManager#OPENSM_PARTITION_ORDER}, not the table's), whose partition is; a partition of two limited
     * members is no path. {@link #NO_P_KEY} when they share none.
     */
    private static int sharedPKey(List<Integer> source, List<Integer> to, int asked) {
        List<Integer> from = source.stream().sorted(PartitionManager.OPENSM_PARTITION_ORDER).toList();
        for (int key : from) {
            if ((key & PARTITION_MASK) == 0 || asked != NO_P_KEY && (key & PARTITION_MASK) != (asked & PARTITION_MASK)) {
                continue;
            }
            for (int other : to) {
                if ((other & PARTITION_MASK) == (key & PARTITION_MASK) && ((key | other) & FULL_MEMBERSHIP_BIT) != 0) {
                    return asked != NO_P_KEY ? asked : key;
                }
            }
        }
        return NO_P_KEY;
    }

    /** Every block of every in-service switch's LFT, as the SM programmed it (LID and BlockNum components). */
    List<LinearForwardingTableRecord> linearForwardingTableRecords(LinearForwardingTableRecord q, long mask,
                                                                  EndPort requester) {
        List<LinearForwardingTableRecord> out = new ArrayList<>();
        for (var e : engine.inService().entrySet()) {
            FabricNode n = e.getValue();
            int lid = n.ports[0].lid;
            if (!n.isSwitch() || has(mask, LinearForwardingTableRecord.Component.LID) && lid != q.lid()
                    || !seenBy(requester, n, 0)) {
                continue;
            }
            for (int block = 0; block * LinearForwardingTable.ENTRIES < n.lft.length; block++) {
                if (has(mask, LinearForwardingTableRecord.Component.BLOCK_NUMBER) && block != q.blockNumber()) {
                    continue;
                }
                out.add(new LinearForwardingTableRecord(lid, block, n.lftBlock(block)));
            }
        }
        return out;
    }

    /** Every in-service switch's SwitchInfo, as its SMA answers it (the LID component). */
    List<SwitchInfoRecord> switchInfoRecords(SwitchInfoRecord q, long mask, EndPort requester) {
        List<SwitchInfoRecord> out = new ArrayList<>();
        for (FabricNode n : engine.inService().values()) {
            int lid = n.ports[0].lid;
            if (n.isSwitch() && (!has(mask, SwitchInfoRecord.Component.LID) || lid == q.lid()) && seenBy(requester, n, 0)) {
                out.add(new SwitchInfoRecord(lid, Sma.switchInfo(n)));
            }
        }
        return out;
    }

    /** The SM the SA knows, itself, at its port's LID (the LID component); its SM_Key never given. */
    List<SmInfoRecord> smInfoRecords(SmInfoRecord q, long mask) {
        FabricNode node = engine.smNode();
        int lid = node.addressable(engine.smPort()).lid;
        SmInfo sm = sma.smInfo(node, engine.smPort());
        return sm == null || has(mask, SmInfoRecord.Component.LID) && lid != q.lid() ? List.of()
                : List.of(new SmInfoRecord(lid, sm));
    }

    /** Block 0 of every in-service end port's GUIDs (the only block the SMAs have; LID and BlockNum components). */
    List<GuidInfoRecord> guidInfoRecords(GuidInfoRecord q, long mask, EndPort requester) {
        List<GuidInfoRecord> out = new ArrayList<>();
        for (EndPort p : endPorts()) {
            if (has(mask, GuidInfoRecord.Component.LID) && p.lid() != q.lid() || !seenBy(requester, p.node(), p.port())) {
                continue;
            }
            for (int block = 0; block < Sma.guidBlocks(p.node()); block++) {
                if (!has(mask, GuidInfoRecord.Component.BLOCK_NUMBER) || q.blockNumber() == block) {
                    out.add(new GuidInfoRecord(p.lid(), block, Sma.guidInfo(p.node(), p.port(), block)));
                }
            }
        }
        return out;
    }

    /** Block 0 of the P_Keys of every in-service CA port and of every switch port (LID, BlockNum and PortNum components). */
    List<PKeyTableRecord> pKeyTableRecords(PKeyTableRecord q, long mask, EndPort requester) {
        List<PKeyTableRecord> out = new ArrayList<>();
        for (EndPort p : endPorts()) {
            if (has(mask, PKeyTableRecord.Component.LID) && p.lid() != q.lid()
                    || has(mask, PKeyTableRecord.Component.BLOCK_NUMBER) && q.blockNumber() != 0) {
                continue;
            }
            for (int port : p.physicalPorts()) {
                if ((!has(mask, PKeyTableRecord.Component.PORT) || port == q.port()) && seenBy(requester, p.node(), port)) {
                    out.add(new PKeyTableRecord(p.lid(), 0, port, Sma.pKeyTable(p.node(), p.port(),
                            p.node().isSwitch() ? (long) port << 16 : 0)));
                }
            }
        }
        return out;
    }

    /**
     * Every in-service end port's SL to VL tables: a CA port's one, a switch's for every input and output port pair
     * (LID, InputPortNum and OutputPortNum components), as OpenSM gives them: every SL on VL 0, since it keeps only the
     * tables it sets (with QoS on, which it is not here), not what the ports hold.
     */
    List<SlToVlMappingTableRecord> slToVlRecords(SlToVlMappingTableRecord q, long mask, EndPort requester) {
        List<SlToVlMappingTableRecord> out = new ArrayList<>();
        for (EndPort p : endPorts()) {
            if (has(mask, SlToVlMappingTableRecord.Component.LID) && p.lid() != q.lid()) {
                continue;
            }
            int last = p.node().isSwitch() ? p.node().node.portCount() : 0;
            for (int in = 0; in <= last; in++) {
                for (int outPort = 0; outPort <= last; outPort++) {
                    if ((!has(mask, SlToVlMappingTableRecord.Component.INPUT_PORT) || in == q.inputPort())
                            && (!has(mask, SlToVlMappingTableRecord.Component.OUTPUT_PORT) || outPort == q.outputPort())
                            && seenBy(requester, p.node(), p.node().isSwitch() ? outPort : p.port())) {
                        out.add(new SlToVlMappingTableRecord(p.lid(), in, outPort, UNSET_SL_TO_VL));
                    }
                }
            }
        }
        return out;
    }

    /**
     * VL arbitration records of every in-service CA port and of every switch port (LID, OutputPortNum and BlockNum
     * components), as OpenSM gives them: blocks 1 and 2, empty, since it keeps only the tables it sets (with QoS on,
     * which it is not here), not what the ports hold.
     */
    List<VlArbitrationTableRecord> vlArbitrationRecords(VlArbitrationTableRecord q, long mask, EndPort requester) {
        List<VlArbitrationTableRecord> out = new ArrayList<>();
        for (EndPort p : endPorts()) {
            if (has(mask, VlArbitrationTableRecord.Component.LID) && p.lid() != q.lid()) {
                continue;
            }
            for (int port : p.physicalPorts()) {
                if (!seenBy(requester, p.node(), port)) {
                    continue;
                }
                for (int block = VlArbitrationTable.LOW_PRIORITY; block <= VlArbitrationTable.LOW_PRIORITY_UPPER; block++) {
                    if ((!has(mask, VlArbitrationTableRecord.Component.OUTPUT_PORT) || port == q.outputPort())
                            && (!has(mask, VlArbitrationTableRecord.Component.BLOCK_NUMBER) || block == q.blockNumber())) {
                        out.add(new VlArbitrationTableRecord(p.lid(), port, block, UNSET_VL_ARBITRATION));
                    }
                }
            }
        }
        return out;
    }

    /**
     * As OpenSM answers: each in-service switch with an MLID programmed, its blocks up to the last in use, each at
     * every position its ports need (LID, Position and BlockNum components).
     */
    List<MulticastForwardingTableRecord> multicastForwardingTableRecords(MulticastForwardingTableRecord q, long mask,
                                                                         EndPort requester) {
        List<MulticastForwardingTableRecord> out = new ArrayList<>();
        for (FabricNode n : engine.inService().values()) {
            int lid = n.ports[0].lid;
            if (!n.isSwitch() || n.mft.isEmpty() || has(mask, MulticastForwardingTableRecord.Component.LID) && lid != q.lid()
                    || !seenBy(requester, n, 0)) {
                continue;
            }
            int lastBlock = (java.util.Collections.max(n.mft.keySet()) - MulticastForwardingTable.FIRST_MLID)
                    / MulticastForwardingTable.ENTRIES;
            int lastPosition = n.node.portCount() / MulticastForwardingTable.PORTS_PER_POSITION;
            for (int block = 0; block <= lastBlock; block++) {
                for (int position = 0; position <= lastPosition; position++) {
                    if ((!has(mask, MulticastForwardingTableRecord.Component.BLOCK_NUMBER) || block == q.blockNumber())
                            && (!has(mask, MulticastForwardingTableRecord.Component.POSITION) || position == q.position())) {
                        out.add(new MulticastForwardingTableRecord(lid, position, block, n.mftBlock(block, position)));
                    }
                }
            }
        }
        return out;
    }
}
