package io.reactiveumad.client;

import static io.reactiveumad.client.NoticesOracleIT.WITHIN;
import static io.reactiveumad.client.NoticesOracleIT.awaitNotice;
import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.test.ibsim.DiagResult;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.Disposable;

/**
 * Notices follow the SM when it comes back on another node: OpenSM stopped on host1 and started on host3,
 * so the SA answers at a new LID and holds no subscription. The watcher's audit at the old LID fails, it
 * reads the port's new MasterSMLID and renews both subscriptions at the new SM (a
 * {@link NoticeEvent.Resubscribed} naming host3's LID), and later unlinks are still reported. Its own
 * fabric, since moving the SM would disturb other classes' tests.
 */
class NoticesSmMoveIT {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(1));

    @Test
    void subscriptionsAreRenewedAtTheNewSmWhenItComesBackOnAnotherNode() throws InterruptedException {
        IbsimFabric fabric = FABRIC.fabric();
        MadPort port = Umad.open(fabric.transport("host4"), new PortSpec("host4", 1)).block(WITHIN);
        Gid me = port.attributes().gids().get(0);
        Gid host2 = new Gid(me.prefix(), Topology.defaultTopology().requireNode("host2").portGuid(1));
        TrapSelector in = TrapSelector.trap(Notice.TRAP_GID_IN_SERVICE);
        TrapSelector out = TrapSelector.trap(Notice.TRAP_GID_OUT_OF_SERVICE);
        BlockingQueue<NoticeEvent> events = new LinkedTransferQueue<>();
        Disposable watching = Notices.of(port, NoticeOptions.defaults().withPollInterval(NoticesSmRestartIT.POLL))
                .watch(in, out).subscribe(events::add);
        try {
            assertThat(events.poll(WITHIN.toSeconds(), TimeUnit.SECONDS)).isInstanceOf(NoticeEvent.Subscribed.class);
            int oldSmLid = port.attributes().smLid();

            fabric.moveSm("host3");
            int newSmLid = (int) lidOf(fabric, "host3");
            assertThat(newSmLid).as("host3's LID").isNotEqualTo(oldSmLid);
            assertThat(NoticesSmRestartIT.awaitRenewals(events, java.util.Set.of(in, out)))
                    .allSatisfy(r -> assertThat(r.smLid()).as("renewed at").isEqualTo(newSmLid));
            assertThat(NoticesSmRestartIT.subscribedTraps(fabric, me))
                    .containsExactly(Notice.TRAP_GID_IN_SERVICE, Notice.TRAP_GID_OUT_OF_SERVICE);

            fabric.unlink("host2", 1);
            awaitNotice(events, Notice.TRAP_GID_OUT_OF_SERVICE, host2);
            fabric.relink("host2", 1);
            awaitNotice(events, Notice.TRAP_GID_IN_SERVICE, host2);
        } finally {
            watching.dispose();
            port.dispose();
        }
    }

    private static long lidOf(IbsimFabric fabric, String node) {
        DiagResult info = fabric.diag(node, "smpquery", "-D", "portinfo", "0").requireSuccess();
        return info.number("Lid");
    }
}
