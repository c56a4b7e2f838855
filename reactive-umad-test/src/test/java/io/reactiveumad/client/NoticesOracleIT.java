package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.sa.InformInfoRecord;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.Disposable;

/**
 * Notice subscriptions against OpenSM's SA on ibsim, with OpenSM's InformInfoRecord table as the
 * oracle: two subscribers in the JVM hold one subscription per selector at the SA.
 *
 * <p>Not covered here: Report delivery. ibsim hands an unsolicited GSI MAD on QP 0/1 only to the node's
 * SM client (its {@code find_client}), so OpenSM's Reports never reach a non-SM client; the Report path
 * is covered in virtual time by NoticesTest.
 */
class NoticesOracleIT {
    static final Duration WITHIN = Duration.ofSeconds(20);

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1"));

    static List<Integer> heldTraps(SaClient sa, Gid me) {
        return sa.subscriptions(me).map(InformInfoRecord::informInfo).filter(InformInfo::subscribe)
                .map(InformInfo::trapNumber).sort().collectList().block(WITHIN);
    }

    @Test
    void twoSubscribersHoldOneSubscriptionPerSelectorAtTheSa() throws InterruptedException {
        IbsimFabric fabric = FABRIC.fabric();
        MadPort port = Umad.open(fabric.transport("host2"), new PortSpec("host2", 1)).block(WITHIN);
        Gid me = port.attributes().gids().get(0);
        SaClient sa = SaClient.of(port);
        BlockingQueue<NoticeEvent> first = new LinkedBlockingQueue<>();
        BlockingQueue<NoticeEvent> second = new LinkedBlockingQueue<>();
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
}
