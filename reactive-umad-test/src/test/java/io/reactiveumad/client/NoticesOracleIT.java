package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.mad.sa.InformInfoRecord;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.Disposable;

/**
 * Notices against OpenSM on ibsim: two subscribers in the JVM hold one subscription per selector at the
 * SA (OpenSM's InformInfoRecords as the oracle), and the trap flow: {@code Unlink} of a host's cable is
 * reported as GID out of service (65) and {@code ReLink} as GID in service (64) after OpenSM's sweep.
 * OpenSM under umad2sim sends RMPP version 0, so the audit reads its GetTables without RMPP.
 */
class NoticesOracleIT {
    static final Duration WITHIN = Duration.ofSeconds(20);

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(1));

    /**
     * The traps OpenSM holds subscriptions of {@code me} for, as the default client reads its GetTableResp
     * (one MAD from OpenSM under umad2sim, RMPP Active, version 0): every record it yields names {@code me}.
     */
    static List<Integer> heldTraps(SaClient sa, Gid me) {
        List<InformInfoRecord> records = sa.subscriptions(me).collectList().block(WITHIN);
        assertThat(records).allSatisfy(r -> assertThat(r.subscriberGid()).isEqualTo(me));
        return records.stream().map(InformInfoRecord::informInfo).filter(InformInfo::subscribe)
                .map(InformInfo::trapNumber).sorted().toList();
    }

    @Test
    void twoSubscribersHoldOneSubscriptionPerSelectorAtTheSa() throws InterruptedException {
        IbsimFabric fabric = FABRIC.fabric();
        MadPort port = Umad.open(fabric.transport("host2"), new PortSpec("host2", 1)).block(WITHIN);
        Gid me = port.attributes().gids().get(0);
        SaClient sa = SaClient.of(port);
        BlockingQueue<NoticeEvent> first = new LinkedTransferQueue<>();
        BlockingQueue<NoticeEvent> second = new LinkedTransferQueue<>();
        TrapSelector in = TrapSelector.trap(Notice.TRAP_GID_IN_SERVICE);
        TrapSelector out = TrapSelector.trap(Notice.TRAP_GID_OUT_OF_SERVICE);
        Disposable a = Notices.of(port).watch(in, out).subscribe(first::add);
        Disposable b = Notices.of(port).watch(out).subscribe(second::add);
        try {
            assertThat(first.poll(WITHIN.toSeconds(), TimeUnit.SECONDS)).isInstanceOf(NoticeEvent.Subscribed.class);
            assertThat(second.poll(WITHIN.toSeconds(), TimeUnit.SECONDS)).isInstanceOf(NoticeEvent.Subscribed.class);
            assertThat(heldTraps(sa, me)).containsExactly(Notice.TRAP_GID_IN_SERVICE, Notice.TRAP_GID_OUT_OF_SERVICE);
        } finally {
            a.dispose();
            b.dispose();
            sa.dispose();
            port.dispose();
        }
    }

    /** The next notice {@code trap} about {@code gid} among {@code events}, within {@link #WITHIN}. */
    /** Unlinks host2's port (trap 65 about it must arrive), then links it again (trap 64). */
    static void flapAndAwaitTraps(IbsimFabric fabric, BlockingQueue<?> events, Gid host2)
            throws InterruptedException {
        fabric.unlink("host2", 1);
        awaitNotice(events, Notice.TRAP_GID_OUT_OF_SERVICE, host2);
        fabric.relink("host2", 1);
        awaitNotice(events, Notice.TRAP_GID_IN_SERVICE, host2);
    }

    static void awaitNotice(BlockingQueue<?> events, int trap, Gid gid) throws InterruptedException {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        for (long left = WITHIN.toNanos(); left > 0; left = deadline - System.nanoTime()) {
            Object e = events.poll(left, TimeUnit.NANOSECONDS);
            if (e instanceof NoticeEvent.Received r && r.notice().trapNumber() == trap
                    && r.notice().details().equals(new TrapDetails.GidDetails(gid))) {
                return;
            }
        }
        throw new AssertionError("no notice " + trap + " for " + gid + " within " + WITHIN);
    }

    @Test
    void unlinkIsReportedOutOfServiceAndRelinkInService() throws InterruptedException {
        IbsimFabric fabric = FABRIC.fabric();
        MadPort port = Umad.open(fabric.transport("host4"), new PortSpec("host4", 1)).block(WITHIN);
        Gid host2 = new Gid(port.attributes().gids().get(0).prefix(),
                Topology.defaultTopology().requireNode("host2").portGuid(1));
        BlockingQueue<NoticeEvent> events = new LinkedTransferQueue<>();
        Disposable watching = Notices.of(port)
                .watch(TrapSelector.trap(Notice.TRAP_GID_IN_SERVICE), TrapSelector.trap(Notice.TRAP_GID_OUT_OF_SERVICE))
                .subscribe(events::add);
        try {
            assertThat(events.poll(WITHIN.toSeconds(), TimeUnit.SECONDS)).isInstanceOf(NoticeEvent.Subscribed.class);
            flapAndAwaitTraps(fabric, events, host2);
        } finally {
            watching.dispose();
            port.dispose();
        }
    }
}
