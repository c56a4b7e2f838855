package io.reactiveumad.test;

import static io.reactiveumad.test.SubnetAdministrator.has;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.mad.sa.Selector;
import io.reactiveumad.test.topology.Link;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SA's multicast groups, joined and left by OpenSM's rules. A join (Set of an MCMemberRecord) names the group, the
 * port and a join state; one that creates its group is a full member's and names the group's Q_Key, P_Key, SL,
 * FlowLabel and TClass too, and gets the port's MTU and rate unless it asks for others (an MGID of its own when it gave
 * MGID 0, ff1S:a01b:subnet prefix:count); an IPoIB group (MGID ff1S:401b or ff1S:601b) is created only with its
 * partition's broadcast group's values; a join of an existing group must not name other values than the group's. A
 * leave (Delete) takes the port's join state bits away, the port when none are left, the group with its last member.
 * What OpenSM refuses is refused with its status (ERR_REQ_INSUFFICIENT_COMPONENTS, ERR_REQ_INVALID_GID,
 * ERR_REQ_INVALID) and said in the debug log. The SM's part follows each change: the group's MLID is forwarded to its
 * members' ports, and trap 66 or 67 says a group was created or deleted. As OpenSM does from its partitions, the SA
 * starts with their IPoIB broadcast groups ({@link PartitionManager#broadcastGroups}; without a partitions file the
 * default partition's, ff12:401b:ffff::ffff:ffff, MLID 0xC000), which stay when their last member leaves. Confined to
 * the fabric's executor, like the SA that owns it.
 */
final class MulticastGroups {
    private static final Logger LOG = LoggerFactory.getLogger(MulticastGroups.class);
    private static final int FIRST_MLID = 0xC000;

    private record Member(int joinState, boolean proxy) {
    }

    /** GIDs in the order of their bytes, as OpenSM keeps MGIDs. */
    private static final Comparator<Gid> BY_GID = Comparator.comparing(Gid::prefix, Long::compareUnsigned)
            .thenComparing(Gid::guid, Long::compareUnsigned);

    /** What a requester without the SM_Key is shown of every member: join state 0, no proxy. */
    private static final Member NOBODY = new Member(0, false);

    private static final class Group {
        final McMemberRecord template;
        /** By port GUID, as OpenSM keeps and lists them (in its GUID order). */
        final Map<Gid, Member> members = new TreeMap<>(Comparator.comparing(Gid::guid, SubnetManager.OPENSM_GUID_ORDER));
        /** Made by the SM from its configuration, not by a join: it stays without members. */
        final boolean wellKnown;

        Group(McMemberRecord template, boolean wellKnown) {
            this.template = template;
            this.wellKnown = wellKnown;
        }
    }

    private final FabricEngine engine;
    private final FabricRecords fabric;
    private final SaReports reports;
    /** By MGID, as OpenSM keeps and lists them. */
    private final Map<Gid, Group> groups = new TreeMap<>(BY_GID);
    /** The count in the next MGID the SA makes up, from 0 at each start as OpenSM's. */
    private int madeUp;

    MulticastGroups(FabricEngine engine, FabricRecords fabric, SaReports reports) {
        this.engine = engine;
        this.fabric = fabric;
        this.reports = reports;
        addIpoibBroadcast();
    }

    /** The partitions' IPoIB broadcast groups, each with the lowest free MLID in the order the SM creates them. */
    private void addIpoibBroadcast() {
        for (McMemberRecord g : engine.partitions.broadcastGroups(engine.topology(),
                engine.smNode().node.portGuid(engine.smPort()))) {
            groups.put(g.mgid(), new Group(withMlid(g, freeMlid()), true));
        }
    }

    private static McMemberRecord withMlid(McMemberRecord g, int mlid) {
        return new McMemberRecord(g.mgid(), g.portGid(), g.qKey(), mlid, g.mtuSelector(), g.mtu(), g.trafficClass(),
                g.pKey(), g.rateSelector(), g.rate(), g.packetLifeTimeSelector(), g.packetLifeTime(), g.sl(),
                g.flowLabel(), g.hopLimit(), g.scope(), g.joinState(), g.proxyJoin());
    }

    /**
     * The records a query gets, by OpenSM's rules (IBA 15.2.5.17: PortGID, JoinState and ProxyJoin are 0 but to a
     * trusted requester): of each group its MGID and MLID (where {@code mask} has them) match, a trusted requester
     * naming no PortGID gets a record per member; anyone else one record per group, of the port named (if it is a
     * member), its PortGID and JoinState then 0 unless {@code trusted}. JoinState, where asked, must match; so must the
     * group's values a join would have to match (Q_Key, P_Key, TClass, SL, FlowLabel, HopLimit, MTU and rate by their
     * selectors), and only the groups of the partitions of the requester {@code from} (null: none in service) are seen.
     */
    List<McMemberRecord> members(McMemberRecord query, long mask, boolean trusted, FabricRecords.EndPort from) {
        List<McMemberRecord> out = new ArrayList<>();
        boolean byPort = has(mask, McMemberRecord.Component.PORT_GID);
        for (Group g : groups.values()) {
            if (has(mask, McMemberRecord.Component.MGID) && !g.template.mgid().equals(query.mgid())
                    || has(mask, McMemberRecord.Component.MLID) && g.template.mlid() != query.mlid()
                    || from == null || !from.inPartition(g.template.pKey()) || !sameValues(query, mask, g.template)
                    || !selected(query, mask, g.template)) {
                continue;
            }
            Map<Gid, Member> listed;
            if (trusted && !byPort) {
                listed = g.members;
            } else if (byPort) {
                Member held = g.members.get(query.portGid());
                listed = held == null ? Map.of() : Map.of(query.portGid(), held);
            } else {
                listed = Map.of(Gid.ZERO, NOBODY);
            }
            for (var m : listed.entrySet()) {
                if (has(mask, McMemberRecord.Component.JOIN_STATE) && m.getValue().joinState() != query.joinState()) {
                    continue;
                }
                out.add(trusted ? member(g, m.getKey(), m.getValue()) : member(g, Gid.ZERO, NOBODY));
            }
        }
        return out;
    }

    /**
     * A join (or the creation of its group) by the port {@code from} (null: none in service): the port's membership
     * after it, or the status OpenSM refuses it with (osm_sa_mcmember_record.c's checks, in its order).
     */
    SaOutcome join(McMemberRecord q, long mask, FabricRecords.EndPort from) {
        SaOutcome malformed = malformed(q, mask, "join");
        if (malformed != null) {
            return malformed;
        }
        FabricRecords.EndPort port = fabric.endPort(q.portGid().guid());
        if (port == null || from == null) {
            return SaOutcome.refused(SaOutcome.REQ_INVALID, "port GUID {} is not in service", Long.toHexString(q.portGid().guid()));
        }
        boolean proxy = !port.equals(from);
        if (proxy && !port.sharesPartitionWith(from)) {
            return SaOutcome.refused(SaOutcome.REQ_INVALID, "the requester {} and the port share no partition", from.gid());
        }
        if (has(mask, McMemberRecord.Component.P_KEY) && (q.pKey() & PKeyTable.PARTITION_MASK) == 0) {
            return SaOutcome.refused(SaOutcome.REQ_INVALID, "P_Key 0x{} is no partition's", Integer.toHexString(q.pKey()));
        }
        Group group = groups.get(q.mgid());
        boolean created = group == null;
        if (created) {
            if ((q.joinState() & McMemberRecord.JOIN_FULL_MEMBER) == 0) {
                return SaOutcome.refused(SaOutcome.REQ_INVALID, "group {} does not exist and only a full member creates one", q.mgid());
            }
            if ((mask & McMemberRecord.Component.CREATE) != McMemberRecord.Component.CREATE) {
                return SaOutcome.refused(SaOutcome.INSUFFICIENT_COMPONENTS, "creating group {} takes Q_Key, P_Key, SL, FlowLabel "
                        + "and TClass too (mask 0x{})", q.mgid(), Long.toHexString(mask));
            }
            Gid mgid = q.mgid().equals(Gid.ZERO) ? madeUpMgid(has(mask, McMemberRecord.Component.SCOPE) ? q.scope()
                    : McMemberRecord.SCOPE_LINK_LOCAL) : q.mgid();
            if (!q.mgid().equals(Gid.ZERO)) {
                SaOutcome refused = refusedMgid(q, mask);
                if (refused != null) {
                    return refused;
                }
            }
            int mtu = realizedMtu(q, mask, Sma.mtuCap(port.node(), port.port()));
            int rate = realizedRate(q, mask, portRate(port));
            if (mtu < 0 || rate < 0) {
                return SaOutcome.refused(SaOutcome.REQ_INVALID, "group {}'s MTU or rate cannot be had from port {}", mgid, q.portGid());
            }
            group = new Group(new McMemberRecord(mgid, Gid.ZERO, q.qKey(), freeMlid(), Selector.EXACTLY, mtu,
                    q.trafficClass(), q.pKey(), Selector.EXACTLY, rate, Selector.EXACTLY, q.packetLifeTime(), q.sl(),
                    q.flowLabel(), q.hopLimit(), q.scope(), 0, false), false);
        } else if (!sameValues(q, mask, group.template)) {
            return SaOutcome.refused(SaOutcome.REQ_INVALID, "the join names other values than group {}'s", q.mgid());
        }
        McMemberRecord t = group.template;
        if (!selected(q, mask, t) || Sma.mtuCap(port.node(), port.port()) < t.mtu()
                || RateCodes.compare(portRate(port), t.rate()) < 0 || q.joinState() == 0) {
            return SaOutcome.refused(SaOutcome.REQ_INVALID, "port {} cannot join group {} at its MTU and rate, or with join state {}",
                    q.portGid(), t.mgid(), q.joinState());
        }
        if (!port.inPartition(t.pKey())) {
            return SaOutcome.refused(SaOutcome.REQ_INVALID, "port {} is not in group {}'s partition", q.portGid(), t.mgid());
        }
        Member held = group.members.get(q.portGid());
        if (!created && held != null && !modifiable(held, q.portGid(), from, t)) {
            return SaOutcome.refused(SaOutcome.REQ_INVALID, "{} may not change port {}'s membership", from.gid(), q.portGid());
        }
        if (created) {
            groups.put(t.mgid(), group);
            reports.notice(Notice.TRAP_MCAST_GROUP_CREATED, Notice.TYPE_INFO, new TrapDetails.GidDetails(t.mgid()));
        }
        Member now = held == null ? new Member(q.joinState(), proxy) : new Member(held.joinState() | q.joinState(), held.proxy());
        group.members.put(q.portGid(), now);
        program(group);
        // OpenSM answers with the group's values, the port's join state now, and the request's ProxyJoin.
        return SaOutcome.answered(member(group, q.portGid(), new Member(now.joinState(), q.proxyJoin())));
    }

    /**
     * A leave by the port {@code from} (null: none in service): the request with the join state the port keeps (OpenSM's answer), or
     * the status OpenSM refuses it with. OpenSM accepts a leave from the port, or, of a membership it joined by proxy,
     * from any port of the group's partition.
     */
    SaOutcome leave(McMemberRecord q, long mask, FabricRecords.EndPort from) {
        SaOutcome malformed = malformed(q, mask, "leave");
        if (malformed != null) {
            return malformed;
        }
        Group group = groups.get(q.mgid());
        Member held = group == null ? null : group.members.get(q.portGid());
        if (held == null || (q.joinState() & held.joinState()) == 0 || (q.joinState() & ~held.joinState()) != 0
                || from == null || !modifiable(held, q.portGid(), from, group.template)) {
            return SaOutcome.refused(SaOutcome.REQ_INVALID, "port {} holds no join state {} in group {} that {} may take away",
                    q.portGid(), q.joinState(), q.mgid(), from == null ? "a port not in service" : from.gid());
        }
        int remaining = held.joinState() & ~q.joinState();
        if (remaining == 0) {
            group.members.remove(q.portGid());
        } else {
            group.members.put(q.portGid(), new Member(remaining, held.proxy()));
        }
        program(group);
        if (group.members.isEmpty() && !group.wellKnown) {
            groups.remove(q.mgid());
            reports.notice(Notice.TRAP_MCAST_GROUP_DELETED, Notice.TYPE_INFO, new TrapDetails.GidDetails(q.mgid()));
        }
        // OpenSM answers with the request, the join state the port keeps in it, its selectors all "exactly".
        return SaOutcome.answered(new McMemberRecord(q.mgid(), q.portGid(), q.qKey(), q.mlid(), Selector.EXACTLY, q.mtu(),
                q.trafficClass(), q.pKey(), Selector.EXACTLY, q.rate(), Selector.EXACTLY, q.packetLifeTime(), q.sl(),
                q.flowLabel(), q.hopLimit(), q.scope(), remaining, q.proxyJoin()));
    }

    /** The lowest MLID no group holds, as OpenSM gives a new group one (an MLID freed by a deleted group first). */
    private int freeMlid() {
        int mlid = FIRST_MLID;
        while (holds(mlid)) {
            mlid++;
        }
        return mlid;
    }

    private boolean holds(int mlid) {
        return groups.values().stream().anyMatch(g -> g.template.mlid() == mlid);
    }

    /** The rate of the port's link (a switch's port 0 at 4X SDR), as OpenSM reads it from the port's PortInfo. */
    private int portRate(FabricRecords.EndPort port) {
        Link cable = port.port() == 0 ? null : engine.topology().link(port.node().id(), port.port()).orElse(null);
        return cable == null ? RateCodes.of(Link.DEFAULT_WIDTH, Link.DEFAULT_SPEED) : RateCodes.of(cable.width(), cable.speed());
    }

    /**
     * Why OpenSM refuses a join or leave before it looks at the groups, or null: it names no MGID, PortGID or JoinState,
     * a rate or MTU that is no IBA code, or a PortGID of another subnet prefix.
     */
    private static SaOutcome malformed(McMemberRecord q, long mask, String what) {
        if ((mask & McMemberRecord.Component.JOIN) != McMemberRecord.Component.JOIN) {
            return SaOutcome.refused(SaOutcome.INSUFFICIENT_COMPONENTS, "a {} names MGID, PortGID and JoinState (mask 0x{})",
                    what, Long.toHexString(mask));
        }
        if (!FabricRecords.validRateAndMtu(mask, McMemberRecord.Component.RATE | McMemberRecord.Component.RATE_SELECTOR,
                q.rate(), McMemberRecord.Component.MTU | McMemberRecord.Component.MTU_SELECTOR, q.mtu())) {
            return SaOutcome.refused(SaOutcome.REQ_INVALID, "rate {} or MTU {} is no IBA code", q.rate(), q.mtu());
        }
        if (q.portGid().prefix() != FabricEngine.DEFAULT_GID_PREFIX) {
            return SaOutcome.refused(SaOutcome.INVALID_GID, "PortGID {} is not of the subnet's prefix", q.portGid());
        }
        return null;
    }

    /**
     * Why OpenSM refuses to create group {@code q.mgid()}, or null: an MGID not starting 0xFF; one not IPoIB's with
     * reserved flags, or with the SA's signature at link-local scope; an IPoIB group (other than the IPv4 broadcast
     * group itself) whose partition has no broadcast group, or that names other values than it.
     */
    private SaOutcome refusedMgid(McMemberRecord q, long mask) {
        Gid mgid = q.mgid();
        if (!mgid.isMulticast()) {
            return SaOutcome.refused(SaOutcome.REQ_INVALID, "MGID {} does not start with 0xFF", mgid);
        }
        int signature = McMemberRecord.signature(mgid);
        Optional<Gid> broadcast = McMemberRecord.ipoibBroadcastGroup(mgid);
        if (broadcast.isEmpty()) {
            if ((mgid.prefix() >>> 48 & 0xE0) != 0) {
                return SaOutcome.refused(SaOutcome.REQ_INVALID, "MGID {} sets reserved flags", mgid);
            }
            if (signature == McMemberRecord.SIGNATURE_SA && McMemberRecord.scopeOf(mgid) == McMemberRecord.SCOPE_LINK_LOCAL) {
                return SaOutcome.refused(SaOutcome.REQ_INVALID, "MGID {} has the SA's signature at link-local scope", mgid);
            }
            return null;
        }
        if (broadcast.get().equals(mgid)) {
            return null;
        }
        Group partition = groups.get(broadcast.get());
        if (partition == null) {
            return SaOutcome.refused(SaOutcome.REQ_INVALID, "IPoIB group {} has no broadcast group {}", mgid, broadcast.get());
        }
        if (!sameValues(q, mask, partition.template)) {
            return SaOutcome.refused(SaOutcome.REQ_INVALID, "IPoIB group {} names other values than its broadcast group {}", mgid,
                    broadcast.get());
        }
        return null;
    }

    /**
     * Whether the values {@code q} names are {@code group}'s: Q_Key, TClass, SL, FlowLabel and HopLimit equal, the
     * P_Key of the same partition and one of the two a full member's (OpenSM's validate_other_comp_fields).
     */
    private static boolean sameValues(McMemberRecord q, long mask, McMemberRecord group) {
        return (!has(mask, McMemberRecord.Component.Q_KEY) || q.qKey() == group.qKey())
                && (!has(mask, McMemberRecord.Component.P_KEY)
                        || ((q.pKey() | group.pKey()) & PKeyTable.FULL_MEMBERSHIP_BIT) != 0
                        && (q.pKey() & PKeyTable.PARTITION_MASK) == (group.pKey() & PKeyTable.PARTITION_MASK))
                && (!has(mask, McMemberRecord.Component.TRAFFIC_CLASS) || q.trafficClass() == group.trafficClass())
                && (!has(mask, McMemberRecord.Component.SL) || q.sl() == group.sl())
                && (!has(mask, McMemberRecord.Component.FLOW_LABEL) || q.flowLabel() == group.flowLabel())
                && (!has(mask, McMemberRecord.Component.HOP_LIMIT) || q.hopLimit() == group.hopLimit());
    }

    /** Whether group {@code group}'s MTU and rate are what the request's selectors ask for. */
    private static boolean selected(McMemberRecord q, long mask, McMemberRecord group) {
        return (!has(mask, McMemberRecord.Component.MTU_SELECTOR) || fits(q.mtuSelector(), Integer.compare(group.mtu(), q.mtu())))
                && (!has(mask, McMemberRecord.Component.RATE_SELECTOR)
                        || fits(q.rateSelector(), RateCodes.compare(group.rate(), q.rate())));
    }

    /** Whether a group's value that compares to the asked one as {@code comparison} does satisfies {@code selector}. */
    private static boolean fits(int selector, int comparison) {
        return switch (selector) {
            case Selector.GREATER_THAN -> comparison > 0;
            case Selector.LESS_THAN -> comparison < 0;
            case Selector.EXACTLY -> comparison == 0;
            default -> true;
        };
    }

    /**
     * A new group's MTU: the port's MTUCap unless the request asks otherwise (greater than: the port's, which must be;
     * less than: one less, or the port's if smaller; exactly: as asked); -1 when none in range can be had.
     */
    private static int realizedMtu(McMemberRecord q, long mask, int portMtu) {
        long both = McMemberRecord.Component.MTU | McMemberRecord.Component.MTU_SELECTOR;
        if ((mask & both) != both || q.mtuSelector() == Selector.BEST) {
            return portMtu;
        }
        int mtu = switch (q.mtuSelector()) {
            case Selector.GREATER_THAN -> q.mtu() >= portMtu ? -1 : portMtu;
            case Selector.LESS_THAN -> q.mtu() > portMtu ? portMtu : q.mtu() - 1;
            default -> q.mtu();
        };
        return FabricRecords.validMtu(mtu) ? mtu : -1;
    }

    /** A new group's rate, as {@link #realizedMtu} its MTU, from the port's rate. */
    private static int realizedRate(McMemberRecord q, long mask, int portRate) {
        long both = McMemberRecord.Component.RATE | McMemberRecord.Component.RATE_SELECTOR;
        if ((mask & both) != both || q.rateSelector() == Selector.BEST) {
            return portRate;
        }
        int rate = switch (q.rateSelector()) {
            case Selector.GREATER_THAN -> RateCodes.compare(q.rate(), portRate) >= 0 ? -1 : portRate;
            case Selector.LESS_THAN -> RateCodes.compare(q.rate(), portRate) > 0 ? portRate : RateCodes.previous(q.rate());
            default -> q.rate();
        };
        return RateCodes.valid(rate) ? rate : -1;
    }

    /**
     * Whether the requester {@code from} may change the membership port {@code portGid} holds: the port itself, or
     * where the port was joined by proxy, a requester in the group's partition (IBA o15-0.2.1).
     */
    private static boolean modifiable(Member held, Gid portGid, FabricRecords.EndPort from, McMemberRecord group) {
        return held.proxy() ? from.inPartition(group.pKey()) : from.gid().equals(portGid);
    }

    /**
     * The MGID the SA makes up for a join that gave none, as OpenSM does: ff1S:a01b, the subnet prefix's first six
     * bytes, a count's four bytes as the SA's (little-endian) host keeps them, two zero bytes.
     */
    private Gid madeUpMgid(int scope) {
        long prefix = FabricEngine.DEFAULT_GID_PREFIX;
        Gid mgid;
        do {
            mgid = new Gid(0xFF10_0000_0000_0000L | (long) scope << 48 | (long) McMemberRecord.SIGNATURE_SA << 32
                    | prefix >>> 32, (prefix >>> 16 & 0xFFFF) << 48 | (Integer.reverseBytes(madeUp++) & 0xFFFF_FFFFL) << 16);
        } while (groups.containsKey(mgid));
        return mgid;
    }

    /** Forgets every group and unprograms its MLID, as a restarted SM does. */
    void reset() {
        groups.values().forEach(g -> engine.programMulticast(g.template.mlid(), List.of()));
        groups.clear();
        madeUp = 0;
        addIpoibBroadcast();
    }

    /** The group's MLID forwarded to its members' ports, as the SM programs it after a join or leave. */
    private void program(Group group) {
        engine.programMulticast(group.template.mlid(), group.members.keySet().stream().map(Gid::guid).toList());
    }

    private static McMemberRecord member(Group g, Gid portGid, Member m) {
        McMemberRecord t = g.template;
        return new McMemberRecord(t.mgid(), portGid, t.qKey(), t.mlid(), t.mtuSelector(), t.mtu(), t.trafficClass(), t.pKey(),
                t.rateSelector(), t.rate(), t.packetLifeTimeSelector(), t.packetLifeTime(), t.sl(), t.flowLabel(),
                t.hopLimit(), t.scope(), m.joinState(), m.proxy());
    }
}
