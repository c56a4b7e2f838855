package io.reactiveumad.test;

import static io.reactiveumad.test.SubnetAdministrator.has;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.mad.sa.Selector;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The SA's multicast groups: a join (Set of an MCMemberRecord) creates its group on first use (with an MLID of its
 * own, and an MGID made up when the join gave none) and adds the port's join state to what it held; a leave (Delete)
 * takes those bits away, the port when none are left, the group with its last member. The SM's part follows each
 * change: the group's MLID is forwarded to its members' ports, and trap 66 or 67 says a group was created or deleted.
 * As OpenSM does from its default partition, the SA starts with IPoIB's broadcast group of P_Key 0xFFFF
 * ({@link #IPOIB_BROADCAST}, MLID 0xC000), which stays when its last member leaves. Confined to the fabric's
 * executor, like the SA that owns it.
 */
final class MulticastGroups {
    private static final int FIRST_MLID = 0xC000;
    /**
     * ff12:401b:ffff::/64, IPoIB's MGID prefix (link-local scope, IPv4) for the default partition: its broadcast group's,
     * and the one of the MGIDs the SA makes up for joins with MGID 0.
     */
    private static final long IPOIB_MGID_PREFIX = 0xff12_401b_ffff_0000L;
    /** IPoIB's broadcast group of the default partition. */
    static final Gid IPOIB_BROADCAST = new Gid(IPOIB_MGID_PREFIX, 0x0000_0000_ffff_ffffL);
    /** IPoIB's Q_Key. */
    private static final int IPOIB_Q_KEY = 0x0B1B;
    private static final int LINK_LOCAL_SCOPE = 2;

    private static final class Group {
        final McMemberRecord template;
        final Map<Gid, Integer> members = new LinkedHashMap<>();
        /** Made by the SM from its configuration, not by a join: it stays without members. */
        final boolean wellKnown;

        Group(McMemberRecord template, boolean wellKnown) {
            this.template = template;
            this.wellKnown = wellKnown;
        }
    }

    private final FabricEngine engine;
    private final SaReports reports;
    private final Map<Gid, Group> groups = new LinkedHashMap<>();
    private int nextMlid = FIRST_MLID;

    MulticastGroups(FabricEngine engine, SaReports reports) {
        this.engine = engine;
        this.reports = reports;
        addIpoibBroadcast();
    }

    private void addIpoibBroadcast() {
        groups.put(IPOIB_BROADCAST, new Group(template(IPOIB_BROADCAST, IPOIB_Q_KEY, SubnetManager.PACKET_LIFE_TIME,
                LINK_LOCAL_SCOPE), true));
    }

    /**
     * A new group's record, with the next MLID: in the default partition, at 2048 bytes and 10 Gb/s exactly, SL 0, no
     * member named.
     */
    private McMemberRecord template(Gid mgid, long qKey, int packetLifeTime, int scope) {
        return new McMemberRecord(mgid, Gid.ZERO, qKey, nextMlid++, Selector.EXACTLY, Selector.MTU_2048, 0,
                PKeyTable.DEFAULT_P_KEY, Selector.EXACTLY, FabricRecords.RATE_10_GBPS, Selector.EXACTLY, packetLifeTime,
                0, 0, 0, scope, 0, false);
    }

    /**
     * The records a query gets, by OpenSM's rules (IBA 15.2.5.17: PortGID, JoinState and ProxyJoin are 0 but to a
     * trusted requester): of each group its MGID and MLID (where {@code mask} has them) match, a trusted requester
     * naming no PortGID gets a record per member; anyone else one record per group, of the port named (if it is a
     * member), its PortGID and JoinState then 0 unless {@code trusted}. JoinState, where asked, must match.
     */
    List<McMemberRecord> members(McMemberRecord query, long mask, boolean trusted) {
        List<McMemberRecord> out = new ArrayList<>();
        boolean byPort = has(mask, McMemberRecord.Component.PORT_GID);
        for (Group g : groups.values()) {
            if (has(mask, McMemberRecord.Component.MGID) && !g.template.mgid().equals(query.mgid())
                    || has(mask, McMemberRecord.Component.MLID) && g.template.mlid() != query.mlid()) {
                continue;
            }
            Map<Gid, Integer> listed;
            if (trusted && !byPort) {
                listed = g.members;
            } else if (byPort) {
                Integer state = g.members.get(query.portGid());
                listed = state == null ? Map.of() : Map.of(query.portGid(), state);
            } else {
                listed = Map.of(Gid.ZERO, 0);
            }
            for (var m : listed.entrySet()) {
                if (has(mask, McMemberRecord.Component.JOIN_STATE) && m.getValue() != query.joinState()) {
                    continue;
                }
                out.add(trusted ? member(g, m.getKey(), m.getValue()) : member(g, Gid.ZERO, 0));
            }
        }
        return out;
    }

    /** The port's membership after joining; empty for an invalid join (no PortGID or JoinState given, or state 0). */
    Optional<McMemberRecord> join(McMemberRecord q, long mask) {
        if (!has(mask, McMemberRecord.Component.PORT_GID) || !has(mask, McMemberRecord.Component.JOIN_STATE)
                || q.joinState() == 0) {
            return Optional.empty();
        }
        Gid mgid = q.mgid();
        Group group = groups.get(mgid);
        if (group == null) {
            if (mgid.equals(Gid.ZERO)) {
                mgid = new Gid(IPOIB_MGID_PREFIX, nextMlid);
            }
            group = new Group(template(mgid, has(mask, McMemberRecord.Component.Q_KEY) ? q.qKey() : 0, 0, q.scope()),
                    false);
            groups.put(mgid, group);
            reports.notice(Notice.TRAP_MCAST_GROUP_CREATED, Notice.TYPE_INFO, new TrapDetails.GidDetails(mgid));
        }
        group.members.merge(q.portGid(), q.joinState(), (a, b) -> a | b);
        program(group);
        return Optional.of(member(group, q.portGid(), group.members.get(q.portGid())));
    }

    /** The membership the port held before leaving; empty when it held none in that group (an invalid leave). */
    Optional<McMemberRecord> leave(McMemberRecord q) {
        Group group = groups.get(q.mgid());
        Integer state = group == null ? null : group.members.get(q.portGid());
        if (state == null) {
            return Optional.empty();
        }
        McMemberRecord left = member(group, q.portGid(), state);
        int remaining = state & ~q.joinState();
        if (remaining == 0) {
            group.members.remove(q.portGid());
        } else {
            group.members.put(q.portGid(), remaining);
        }
        program(group);
        if (group.members.isEmpty() && !group.wellKnown) {
            groups.remove(q.mgid());
            reports.notice(Notice.TRAP_MCAST_GROUP_DELETED, Notice.TYPE_INFO, new TrapDetails.GidDetails(q.mgid()));
        }
        return Optional.of(left);
    }

    /** Forgets every group and unprograms its MLID, as a restarted SM does. */
    void reset() {
        groups.values().forEach(g -> engine.programMulticast(g.template.mlid(), List.of()));
        groups.clear();
        nextMlid = FIRST_MLID;
        addIpoibBroadcast();
    }

    /** The group's MLID forwarded to its members' ports, as the SM programs it after a join or leave. */
    private void program(Group group) {
        engine.programMulticast(group.template.mlid(), group.members.keySet().stream().map(Gid::guid).toList());
    }

    private static McMemberRecord member(Group g, Gid portGid, int joinState) {
        McMemberRecord t = g.template;
        return new McMemberRecord(t.mgid(), portGid, t.qKey(), t.mlid(), t.mtuSelector(), t.mtu(), t.trafficClass(), t.pKey(),
                t.rateSelector(), t.rate(), t.packetLifeTimeSelector(), t.packetLifeTime(), t.sl(), t.flowLabel(),
                t.hopLimit(), t.scope(), joinState, false);
    }
}
