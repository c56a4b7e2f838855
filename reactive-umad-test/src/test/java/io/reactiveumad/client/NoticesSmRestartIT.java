package io.reactiveumad.client;

import static io.reactiveumad.client.NoticesOracleIT.WITHIN;
import static io.reactiveumad.client.NoticesOracleIT.flapAndAwaitTraps;
import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.Disposable;

/**
 * Notices survive an OpenSM restart on ibsim: the restarted SM keeps its LID (its guid2lid cache) but
 * forgets every subscription, so the watcher's audit finds them lost (or, caught mid-start, the SA
 * answers it with an error), renews them (a {@link NoticeEvent.Resubscribed} per selector) and later
 * unlinks are still reported. The same after OpenSM is killed (SIGKILL) and started again. Then OpenSM
 * comes back on another node: the SA answers at a new LID, the
 * audit at the old one fails, the port's new MasterSMLID is read and both subscriptions are renewed at the
 * new SM. The last cancel's Subscribe=0 removes them at OpenSM. Its own fabric, since restarting the SM
 * would disturb other classes' tests.
 */
class NoticesSmRestartIT {
    /** Short, so the audit notices the restart soon after the subnet is up again. */
    static final Duration POLL = Duration.ofSeconds(1);
    private static final Pattern TRAP_NUM = Pattern.compile("trap_num\\.+(\\d+)");

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(1));

    @Test
    void subscriptionsAreRenewedAfterAnSmRestartACrashAndAMoveAndLaterUnlinksAreStillReported() throws InterruptedException {
        IbsimFabric fabric = FABRIC.fabric();
        MadPort port = Umad.open(fabric.transport("host4"), new PortSpec("host4", 1)).block(WITHIN);
        Gid me = port.attributes().gids().get(0);
        Gid host2 = new Gid(me.prefix(), Topology.defaultTopology().requireNode("host2").portGuid(1));
        TrapSelector in = TrapSelector.trap(Notice.TRAP_GID_IN_SERVICE);
        TrapSelector out = TrapSelector.trap(Notice.TRAP_GID_OUT_OF_SERVICE);
        BlockingQueue<NoticeEvent> events = new LinkedTransferQueue<>();
        Disposable watching = Notices.of(port, NoticeOptions.defaults().withPollInterval(POLL))
                .watch(in, out).subscribe(events::add);
        try {
            assertThat(events.poll(WITHIN.toSeconds(), TimeUnit.SECONDS)).isInstanceOf(NoticeEvent.Subscribed.class);
            int smLid = port.attributes().smLid();

            fabric.restartSm();
            assertThat(awaitRenewals(events, Set.of(in, out)))
                    .allSatisfy(r -> assertThat(r.smLid()).isEqualTo(smLid))
                    .extracting(NoticeEvent.Resubscribed::reason)
                    .isSubsetOf(NoticeEvent.Reason.SUBSCRIPTION_LOST, NoticeEvent.Reason.SA_ERROR, NoticeEvent.Reason.SA_SILENT);
            assertThat(subscribedTraps(fabric, me)).containsExactly(Notice.TRAP_GID_IN_SERVICE, Notice.TRAP_GID_OUT_OF_SERVICE);

            flapAndAwaitTraps(fabric, events, host2);

            fabric.crashAndRestartSm();
            assertThat(awaitRenewals(events, Set.of(in, out))).as("after OpenSM was killed and started again")
                    .allSatisfy(r -> assertThat(r.smLid()).isEqualTo(smLid));
            assertThat(subscribedTraps(fabric, me)).containsExactly(Notice.TRAP_GID_IN_SERVICE, Notice.TRAP_GID_OUT_OF_SERVICE);
            flapAndAwaitTraps(fabric, events, host2);

            fabric.moveSm("host3");
            int movedSmLid = (int) fabric.diag("host3", "smpquery", "-D", "portinfo", "0").requireSuccess().number("Lid");
            assertThat(movedSmLid).as("host3's LID").isNotEqualTo(smLid);
            assertThat(awaitRenewals(events, Set.of(in, out)))
                    .allSatisfy(r -> assertThat(r.smLid()).as("renewed at").isEqualTo(movedSmLid));
            assertThat(subscribedTraps(fabric, me)).containsExactly(Notice.TRAP_GID_IN_SERVICE, Notice.TRAP_GID_OUT_OF_SERVICE);
            flapAndAwaitTraps(fabric, events, host2);

            watching.dispose();
            awaitNoSubscriptionHeld(fabric, me);
        } finally {
            watching.dispose();
            port.dispose();
        }
    }

    /** One {@link NoticeEvent.Resubscribed} for each of {@code selectors}, within {@link #WITHIN}. */
    private static List<NoticeEvent.Resubscribed> awaitRenewals(BlockingQueue<NoticeEvent> events,
                                                              Set<TrapSelector> selectors) throws InterruptedException {
        Set<TrapSelector> missing = new HashSet<>(selectors);
        List<NoticeEvent.Resubscribed> renewals = new ArrayList<>();
        long deadline = System.nanoTime() + WITHIN.toNanos();
        for (long left = WITHIN.toNanos(); left > 0 && !missing.isEmpty(); left = deadline - System.nanoTime()) {
            if (events.poll(left, TimeUnit.NANOSECONDS) instanceof NoticeEvent.Resubscribed r && missing.remove(r.selector())) {
                renewals.add(r);
            }
        }
        assertThat(missing).as("selectors not renewed within " + WITHIN).isEmpty();
        return renewals;
    }

    /**
     * The traps OpenSM holds subscriptions of {@code me} for, as saquery lists its InformInfoRecords: an
     * oracle independent of our SA codec. (OpenSM shows QPN 0 in them, C15-0.2-1.16, but keeps and
     * compares the QPN the Set came from.)
     */
    private static List<Integer> subscribedTraps(IbsimFabric fabric, Gid me) {
        String dump = fabric.diag("host4", "saquery", "IIR", me.toString()).requireSuccess().stdout();
        return TRAP_NUM.matcher(dump).results().map(m -> Integer.valueOf(m.group(1))).sorted().toList();
    }

    /** The last cancel's Subscribe=0 (QPN 1) is accepted: OpenSM's InformInfoRecords no longer name us. */
    private static void awaitNoSubscriptionHeld(IbsimFabric fabric, Gid me) {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        List<Integer> held = subscribedTraps(fabric, me);
        while (!held.isEmpty() && System.nanoTime() < deadline) {
            held = subscribedTraps(fabric, me);
        }
        assertThat(held).as("subscriptions OpenSM still holds after the last cancel").isEmpty();
    }
}
