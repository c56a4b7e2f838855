package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.fabric.IncompleteTraceException;
import io.reactiveumad.fabric.MulticastTrace;
import io.reactiveumad.fabric.Routing;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.mad.sa.MulticastForwardingTableRecord;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.MadMatch;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * Multicast membership against the embedded SA, in virtual time (installed as Reactor's default, so the
 * membership's audit ticks are virtual too): join and leave, the members list, and a held membership
 * that joins again after the SM restarted and forgot every group.
 */
class MulticastOnEmbeddedFabricTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Duration AUDIT = Duration.ofSeconds(5);
    private static final Gid GROUP = new Gid(0xff12_601b_ffff_0000L, 0x0000_0000_0000_0123L);

    VirtualTimeScheduler time;
    EmbeddedFabric fabric;
    MadPort port;
    SaClient sa;
    Multicast mc;
    /** With the SM_Key: a trusted requester, whom the SA shows each group's members. */
    Multicast trusted;
    Gid me;

    @BeforeEach
    void open() {
        time = VirtualTimeScheduler.getOrSet();
        fabric = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(time).build();
        port = Umad.open(fabric.transport(), fabric.port("host2", 1), new PortOptions(time)).block(WAIT);
        sa = SaClient.of(port);
        mc = Multicast.over(sa);
        trusted = Multicast.over(sa.withSmKey(EmbeddedFabric.SM_KEY));
        me = port.attributes().gids().get(0);
    }

    @AfterEach
    void close() {
        sa.dispose();
        port.dispose();
        fabric.close();
        VirtualTimeScheduler.reset();
    }

    /** A request that creates the test's group ({@link #GROUP}, IPoIB's: with its broadcast group's values). */
    private McMemberRecord creation(Gid member) {
        return mc.creation(GROUP, member, McMemberRecord.JOIN_FULL_MEMBER).block(WAIT);
    }

    /** Creates the test's group with {@code member} in it. */
    private McMemberRecord create(Gid member) {
        return mc.join(creation(member), McMemberRecord.Component.CREATE).block(WAIT);
    }

    /** The members of the test's group ({@link #GROUP}), as a trusted requester sees them. */
    private List<McMemberRecord> members() {
        return trusted.members(GROUP).collectList().block(WAIT);
    }

    /**
     * As OpenSM from its default partition, the SA starts with IPoIB's broadcast group (MLID 0xC000), which stays when
     * its last member leaves. As OpenSM answers (IBA 15.2.5.17), a requester without the SM_Key gets one record per
     * group with PortGID and JoinState 0 (what saquery -m shows), a trusted one a record per member.
     */
    @Test
    void theSaStartsWithIpoibsBroadcastGroupAndShowsMembersToTrustedRequestersOnly() {
        Gid broadcast = new Gid(0xff12_401b_ffff_0000L, 0x0000_0000_ffff_ffffL);
        assertThat(mc.members().collectList().block(WAIT)).singleElement().satisfies(m -> {
            assertThat(m.mgid()).isEqualTo(broadcast);
            assertThat(m.mlid()).isEqualTo(0xC000);
            assertThat(m.portGid()).isEqualTo(Gid.ZERO);
            assertThat(m.joinState()).isZero();
            assertThat(m.qKey()).isEqualTo(0x0B1B);
            assertThat(m.pKey()).isEqualTo(0xFFFF);
        });
        assertThat(trusted.members().collectList().block(WAIT)).as("no member yet").isEmpty();

        assertThat(mc.join(broadcast, me, McMemberRecord.JOIN_FULL_MEMBER).block(WAIT).mlid()).isEqualTo(0xC000);
        assertThat(create(me).mlid()).as("the next MLID")
                .isEqualTo(0xC001);
        assertThat(trusted.members().collectList().block(WAIT)).extracting(McMemberRecord::mgid, McMemberRecord::portGid)
                .containsExactlyInAnyOrder(tuple(broadcast, me), tuple(GROUP, me));
        assertThat(mc.members().collectList().block(WAIT)).as("one a group, nobody named")
                .extracting(McMemberRecord::mgid, McMemberRecord::portGid)
                .containsExactlyInAnyOrder(tuple(broadcast, Gid.ZERO), tuple(GROUP, Gid.ZERO));

        mc.leave(broadcast, me, McMemberRecord.JOIN_FULL_MEMBER).block(WAIT);
        assertThat(trusted.members(broadcast).collectList().block(WAIT)).isEmpty();
        assertThat(mc.members(broadcast).collectList().block(WAIT)).as("the group stays").hasSize(1);
    }

    /**
     * The embedded SM programs each group into the switches' MFTs as members join and leave, as OpenSM does: nothing for
     * a group of one member; for two, a loop-free tree (the lower-numbered of sw1-sw2's two parallel links) joining
     * host2 (sw1 port 2) and host4 (sw2 port 2), read back with MulticastForwardingTable SMPs as ibroute -M reads them.
     */
    @Test
    void joinsAndLeavesProgramTheSwitchesMulticastForwardingTables() {
        Gid host4 = new Gid(me.prefix(), Topology.defaultTopology().requireNode("host4").portGuid(1));
        int mlid = create(me).mlid();
        assertThat(mftPorts("sw1", mlid)).as("sw1 with host2 alone").isEmpty();
        assertThat(mftPorts("sw2", mlid)).as("sw2 with host2 alone").isEmpty();

        mc.join(GROUP, host4, McMemberRecord.JOIN_FULL_MEMBER).block(WAIT);
        assertThat(mftPorts("sw1", mlid)).as("sw1: host2 and one link to sw2").containsExactly(2, 7);
        assertThat(mftPorts("sw2", mlid)).as("sw2: the same link and host4").containsExactly(2, 7);

        mc.leave(GROUP, host4, McMemberRecord.JOIN_FULL_MEMBER).block(WAIT);
        assertThat(mftPorts("sw1", mlid)).isEmpty();
        assertThat(mftPorts("sw2", mlid)).isEmpty();
        mc.leave(GROUP, me, McMemberRecord.JOIN_FULL_MEMBER).block(WAIT);
        assertThat(mftPorts("sw1", mlid)).as("the group is gone").isEmpty();
    }

    /**
     * The SA's MulticastForwardingTableRecords hold what the SMPs read: a switch with the group (host1's and host2's,
     * both on sw1) has its block 0 at position 0 (8 ports), the MLID's mask its member ports; a switch without any group
     * has none.
     */
    @Test
    void multicastForwardingTableRecordsHoldTheProgrammedMasks() {
        int mlid = create(me).mlid();
        mc.join(GROUP, new Gid(me.prefix(), Topology.defaultTopology().requireNode("host1").portGuid(1)),
                McMemberRecord.JOIN_FULL_MEMBER).block(WAIT);
        int sw1 = fabric.lid("sw1", 0);
        List<MulticastForwardingTableRecord> records = sa.getTable(SaClient.MULTICAST_FORWARDING_TABLE_RECORD)
                .collectList().block(WAIT);
        assertThat(records).extracting(MulticastForwardingTableRecord::lid).containsExactly(sw1);
        MulticastForwardingTableRecord block = records.get(0);
        assertThat(block.position()).isZero();
        assertThat(block.blockNumber()).isEqualTo((mlid - MulticastForwardingTable.FIRST_MLID) / MulticastForwardingTable.ENTRIES);
        assertThat(block.table().portMask((mlid - MulticastForwardingTable.FIRST_MLID) % MulticastForwardingTable.ENTRIES))
                .isEqualTo(1 << 1 | 1 << 2);
        MulticastForwardingTableRecord query = new MulticastForwardingTableRecord(sw1, 0, block.blockNumber() + 1,
                block.table());
        assertThat(sa.getTable(SaClient.MULTICAST_FORWARDING_TABLE_RECORD, query,
                MulticastForwardingTableRecord.Component.LID | MulticastForwardingTableRecord.Component.BLOCK_NUMBER)
                .collectList().block(WAIT)).as("past the last block in use").isEmpty();
    }

    private List<Integer> mftPorts(String sw, int mlid) {
        SmpRoute route = sw.equals("sw1") ? SmpRoute.directed(1) : SmpRoute.directed(1, 7);
        SmpClient smp = SmpClient.of(port);
        try {
            return Routing.multicastRoutes(smp, route, mlid, mlid, true, 4).block(WAIT).ports().get(0);
        } finally {
            smp.dispose();
        }
    }

    /**
     * Routing.multicastTrace follows the tree the SM programmed: from host2 out of its port into sw1, over the
     * one sw1-sw2 link the tree uses (port 7 both sides) and down sw2's port 2 to host4, and back the same way;
     * a port the group does not reach has no multicast route, and an MLID below 0xC000 is refused at once.
     */
    @Test
    void aMulticastTraceFollowsTheTreeTheTablesHold() {
        Gid host4 = new Gid(me.prefix(), Topology.defaultTopology().requireNode("host4").portGuid(1));
        int mlid = create(me).mlid();
        mc.join(GROUP, host4, McMemberRecord.JOIN_FULL_MEMBER).block(WAIT);
        int host2Lid = fabric.lid("host2", 1);
        int host4Lid = fabric.lid("host4", 1);
        SmpClient smp = SmpClient.of(port);
        try {
            MulticastTrace there = Routing.multicastTrace(smp, host2Lid, host4Lid, mlid).block(WAIT);
            assertThat(there.from().description()).startsWith("host2");
            assertThat(there.fromPort()).isEqualTo(1);
            assertThat(there.hops()).extracting(h -> h.egressPort() + ">" + h.node().description().split(" ")[0] + "[" + h.ingressPort() + "]")
                    .containsExactly("1>sw1[2]", "7>sw2[7]", "2>host4[1]");
            assertThat(there.to().portInfo().lid()).isEqualTo(host4Lid);
            assertThat(there.loops()).isEmpty();
            assertThat(there.approach()).as("no walk: our port (host2) is the source").isEmpty();
            MulticastTrace back = Routing.multicastTrace(smp, host4Lid, host2Lid, mlid).block(WAIT);
            assertThat(back.hops())
                    .extracting(h -> h.egressPort() + ">" + h.node().description().split(" ")[0] + "[" + h.ingressPort() + "]")
                    .containsExactly("1>sw2[2]", "7>sw1[7]", "2>host2[1]");
            // host2 walked to host4 through the linear tables first: out of its port, across, down to host4.
            assertThat(back.approach())
                    .extracting(h -> h.egressPort() + ">" + h.node().description().split(" ")[0] + "[" + h.ingressPort() + "]")
                    .startsWith("1>sw1[2]").endsWith("2>host4[1]").hasSize(3);
            int host3Lid = fabric.lid("host3", 1);
            assertThatThrownBy(() -> Routing.multicastTrace(smp, host2Lid, host3Lid, mlid).block(WAIT))
                    .isInstanceOfSatisfying(IncompleteTraceException.class, stopped -> assertThat(stopped.approach())
                            .as("our port, host2, is the source").isEmpty())
                    .hasMessageContaining("to no port of lid " + host3Lid);
            assertThatThrownBy(() -> Routing.multicastTrace(smp, host2Lid, host4Lid, 0xBFFF))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0xbfff");
        } finally {
            smp.dispose();
        }
    }

    @Test
    void joinCreatesTheGroupAndLeaveRemovesTheLastMember() {
        McMemberRecord joined = create(me);
        assertThat(joined.mgid()).isEqualTo(GROUP);
        assertThat(joined.mlid()).isGreaterThanOrEqualTo(0xC000);
        assertThat(members()).singleElement().satisfies(m -> {
            assertThat(m.portGid()).isEqualTo(me);
            assertThat(m.joinState()).isEqualTo(McMemberRecord.JOIN_FULL_MEMBER);
        });
        assertThat(mc.members(GROUP).collectList().block(WAIT)).hasSize(1);

        assertThat(mc.leave(GROUP, me, McMemberRecord.JOIN_FULL_MEMBER).block(WAIT).portGid()).isEqualTo(me);
        assertThat(members()).isEmpty();
    }

    @Test
    void aHeldMembershipIsJoinedAgainAfterTheSmRestartsAndLeftOnCancel() {
        List<McMemberRecord> joins = new CopyOnWriteArrayList<>();
        Disposable held = mc.membership(creation(me), McMemberRecord.Component.CREATE, AUDIT).subscribe(joins::add);
        await().atMost(WAIT).until(() -> joins.size() == 1);

        time.advanceTimeBy(AUDIT);
        assertThat(joins).as("the SA still holds it: no join").hasSize(1);

        fabric.restartSm();
        assertThat(members()).as("the restarted SA forgot the group").isEmpty();
        time.advanceTimeBy(AUDIT);
        await().atMost(WAIT).until(() -> joins.size() == 2);
        assertThat(members()).singleElement().satisfies(m -> assertThat(m.portGid()).isEqualTo(me));

        held.dispose();
        await().atMost(WAIT).until(() -> members().isEmpty());
    }

    /**
     * With a 1 s audit, the SA stays silent for 100 s (every request times out after 3 attempts of 1 s, so
     * each audit lasts three periods):
     * the held membership neither fails nor piles audits up (ticks that come while one runs are dropped), and
     * once the SA answers again after a restart it is joined again.
     */
    @Test
    void aHeldMembershipOutlivesALongSilenceOfTheSa() {
        List<McMemberRecord> joins = new CopyOnWriteArrayList<>();
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        Duration audit = Duration.ofSeconds(1);
        Disposable held = mc.membership(creation(me), McMemberRecord.Component.CREATE, audit)
                .subscribe(joins::add, errors::add);
        await().atMost(WAIT).until(() -> joins.size() == 1);

        fabric.faults().drop(1.0, MadMatch.any().mgmtClass(MgmtClass.SUBN_ADM));
        for (int i = 0; i < 100; i++) {
            time.advanceTimeBy(audit);
        }
        assertThat(errors).as("the membership did not fail during the silence").isEmpty();

        fabric.faults().clear();
        fabric.restartSm();
        for (int i = 0; i < 10 && joins.size() < 2; i++) {
            time.advanceTimeBy(audit);
        }
        await().atMost(WAIT).until(() -> joins.size() == 2);
        assertThat(errors).isEmpty();
        assertThat(members()).singleElement().satisfies(m -> assertThat(m.portGid()).isEqualTo(me));
        held.dispose();
    }

    /**
     * A held membership ends, with the port's own error, when its port closes (a dead simulator, a device gone):
     * the audit skips what a silent SA fails, not a closed port, which would fail every later audit the same way
     * while the command holding it ran on for ever (`umad mcast join` on ibsim killed under it did).
     */
    @Test
    void aHeldMembershipEndsWhenItsPortCloses() {
        List<McMemberRecord> joins = new CopyOnWriteArrayList<>();
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        mc.membership(creation(me), McMemberRecord.Component.CREATE, AUDIT).subscribe(joins::add, errors::add);
        await().atMost(WAIT).until(() -> joins.size() == 1);

        port.dispose();
        for (int i = 0; i < 3 && errors.isEmpty(); i++) {
            time.advanceTimeBy(AUDIT);
        }
        await().atMost(WAIT).until(() -> !errors.isEmpty());
        assertThat(errors).singleElement().isInstanceOf(io.reactiveumad.PortClosedException.class);
    }
}
