package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.MadMatch;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * The trap flow against the embedded fabric's SA, in virtual time: host2 subscribes, host3's cable is
 * cut (notice 65 for host3's GID) and restored (notice 64); every Report is answered, so the SA never
 * resends; Reports the fabric duplicates are delivered once.
 */
class NoticesOnEmbeddedFabricTest {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final TrapSelector IN = TrapSelector.trap(Notice.TRAP_GID_IN_SERVICE);
    static final TrapSelector OUT = TrapSelector.trap(Notice.TRAP_GID_OUT_OF_SERVICE);
    /** No polls while virtual time jumps: a poll re-reads the port attributes on a real thread. */
    static final NoticeOptions QUIET = NoticeOptions.defaults().withPollInterval(Duration.ofDays(1));

    VirtualTimeScheduler time;
    EmbeddedFabric fabric;
    MadPort port;
    Gid host3;
    final List<NoticeEvent> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void open() {
        time = VirtualTimeScheduler.create();
        fabric = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(time).build();
        port = Umad.open(fabric.transport(), fabric.port("host2", 1), new PortOptions(time)).block(WAIT);
        MadPort other = Umad.open(fabric.transport(), fabric.port("host3", 1), new PortOptions(time)).block(WAIT);
        host3 = other.attributes().gids().get(0);
        other.dispose();
    }

    @AfterEach
    void close() {
        port.dispose();
        fabric.close();
        time.dispose();
    }

    List<Notice> notices() {
        return seen.stream().filter(NoticeEvent.Received.class::isInstance)
                .map(e -> ((NoticeEvent.Received) e).notice()).toList();
    }

    static boolean about(Notice n, int trap, Gid gid) {
        return n.trapNumber() == trap && n.details().equals(new TrapDetails.GidDetails(gid));
    }

    @Test
    void unlinkAndRelinkAreReportedAndEveryReportIsAnswered() {
        Disposable watching = Notices.of(port, QUIET).watch(IN, OUT).subscribe(seen::add);
        assertThat(seen).containsExactly(new NoticeEvent.Subscribed(List.of(IN, OUT)));
        assertThat(fabric.subscriptions()).isEqualTo(2);
        fabric.unlink("host3", 1);
        assertThat(notices()).anyMatch(n -> about(n, Notice.TRAP_GID_OUT_OF_SERVICE, host3));
        fabric.relink("host3", 1);
        assertThat(notices()).anyMatch(n -> about(n, Notice.TRAP_GID_IN_SERVICE, host3));
        long sent = fabric.reportsSent();
        time.advanceTimeBy(Duration.ofMinutes(1));
        assertThat(fabric.reportsSent()).as("answered Reports are not resent").isEqualTo(sent);
        watching.dispose();
        assertThat(fabric.subscriptions()).isZero();
    }

    @Test
    void twoSubscribersShareOneSubscriptionAndADuplicatedReportComesOnce() {
        fabric.faults().duplicate(1.0, MadMatch.any().mgmtClass(MgmtClass.SUBN_ADM).method(Method.REPORT));
        List<Notice> other = new CopyOnWriteArrayList<>();
        Disposable a = Notices.of(port, QUIET).watch(OUT).subscribe(seen::add);
        Disposable b = Notices.of(port).notices(OUT).subscribe(other::add);
        assertThat(fabric.subscriptions()).isEqualTo(1);
        fabric.unlink("host3", 1);
        assertThat(notices()).filteredOn(n -> about(n, Notice.TRAP_GID_OUT_OF_SERVICE, host3)).hasSize(1);
        assertThat(other).filteredOn(n -> about(n, Notice.TRAP_GID_OUT_OF_SERVICE, host3)).hasSize(1);
        a.dispose();
        assertThat(fabric.subscriptions()).isEqualTo(1);
        b.dispose();
        assertThat(fabric.subscriptions()).isZero();
    }

    /** Advances virtual time a poll at a time until a renewal comes (the poll's attribute read is real I/O). */
    NoticeEvent.Resubscribed awaitRenewal(BlockingQueue<NoticeEvent> events) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            time.advanceTimeBy(NoticeOptions.defaults().pollInterval());
            NoticeEvent e = events.poll(100, TimeUnit.MILLISECONDS);
            if (e instanceof NoticeEvent.Resubscribed renewed) {
                return renewed;
            }
        }
        throw new AssertionError("no renewal within " + WAIT);
    }

    /** Waits (bounded) for notice 65 about host3: after a renewal, delivery may run on the poll's thread. */
    void awaitOutOfService(BlockingQueue<NoticeEvent> events) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        for (long left = WAIT.toNanos(); left > 0; left = deadline - System.nanoTime()) {
            NoticeEvent e = events.poll(left, TimeUnit.NANOSECONDS);
            if (e instanceof NoticeEvent.Received r && about(r.notice(), Notice.TRAP_GID_OUT_OF_SERVICE, host3)) {
                return;
            }
        }
        throw new AssertionError("no notice 65 for " + host3 + " within " + WAIT);
    }

    @Test
    void anSmRestartIsNoticedByTheAuditAndTheSubscriptionRenewed() throws InterruptedException {
        BlockingQueue<NoticeEvent> events = new LinkedTransferQueue<>();
        Disposable watching = Notices.of(port).watch(OUT).subscribe(events::add);
        assertThat(events.poll()).isInstanceOf(NoticeEvent.Subscribed.class);
        fabric.restartSm();
        assertThat(fabric.subscriptions()).isZero();
        assertThat(awaitRenewal(events)).isEqualTo(new NoticeEvent.Resubscribed(OUT,
                NoticeEvent.Reason.SUBSCRIPTION_LOST, fabric.smLid()));
        assertThat(fabric.subscriptions()).isEqualTo(1);
        fabric.unlink("host3", 1);
        awaitOutOfService(events);
        watching.dispose();
    }

    @Test
    void aMovedSmIsFollowedToItsNewLid() throws InterruptedException {
        BlockingQueue<NoticeEvent> events = new LinkedTransferQueue<>();
        Disposable watching = Notices.of(port).watch(OUT).subscribe(events::add);
        assertThat(events.poll()).isInstanceOf(NoticeEvent.Subscribed.class);
        int before = fabric.smLid();
        fabric.moveSm("host4", 1);
        assertThat(fabric.smLid()).isNotEqualTo(before);
        assertThat(awaitRenewal(events)).isEqualTo(new NoticeEvent.Resubscribed(OUT,
                NoticeEvent.Reason.SM_LID_CHANGED, fabric.smLid()));
        assertThat(fabric.subscriptions()).isEqualTo(1);
        fabric.unlink("host3", 1);
        awaitOutOfService(events);
        watching.dispose();
    }
}
