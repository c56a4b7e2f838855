package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.MadMatch;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * The path cache against the embedded SA, in virtual time: host2 asks for paths to host3 and host4; what it asks
 * of the SA is counted at the port (each SA request is one MAD sent).
 */
class PathCacheOnEmbeddedFabricTest {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final MadMatch PATH_RECORDS = MadMatch.any().mgmtClass(MgmtClass.SUBN_ADM).attribute(PathRecord.ATTRIBUTE_ID)
            .method(Method.GET);
    /** The traps left out, so that only path queries are sent. */
    static final PathCacheOptions UNTRAPPED = PathCacheOptions.defaults().withFollowTraps(false);

    VirtualTimeScheduler time;
    EmbeddedFabric fabric;
    MadPort port;
    SaClient sa;
    Gid host3;
    Gid host4;

    @BeforeEach
    void open() {
        time = VirtualTimeScheduler.create();
        fabric = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(time).build();
        port = Umad.open(fabric.transport(), fabric.port("host2", 1), new PortOptions(time)).block(WAIT);
        host3 = gid("host3");
        host4 = gid("host4");
        sa = SaClient.of(port);
    }

    private Gid gid(String host) {
        MadPort other = Umad.open(fabric.transport(), fabric.port(host, 1), new PortOptions(time)).block(WAIT);
        try {
            return other.attributes().gids().get(0);
        } finally {
            other.dispose();
        }
    }

    @AfterEach
    void close() {
        sa.dispose();
        port.dispose();
        fabric.close();
        time.dispose();
    }

    private long sent() {
        return port.stats().sent();
    }

    @Test
    void callersAskingForOneDestinationTogetherShareOneQueryAndItsAnswerIsKeptForItsTimeToLive() {
        PathCache paths = PathCache.over(sa, UNTRAPPED);
        paths.path(host4).block(WAIT); // the SA agent registered, so the queries below go out as they are made
        fabric.faults().delay(Duration.ofMillis(100), PATH_RECORDS);
        long before = sent();
        List<PathRecord> answers = new CopyOnWriteArrayList<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Flux.range(0, 5).flatMap(i -> paths.path(host3)).subscribe(answers::add, failures::add);
        await().atMost(WAIT).until(() -> sent() - before == 1);
        assertThat(answers).as("the SA's answer is delayed").isEmpty();
        time.advanceTimeBy(Duration.ofMillis(100));
        await().atMost(WAIT).until(() -> answers.size() == 5);
        assertThat(answers).allSatisfy(p -> {
            assertThat(p.dgid()).isEqualTo(host3);
            assertThat(p.sgid()).isEqualTo(port.attributes().gids().get(0));
            assertThat(p.dlid()).isEqualTo(fabric.lid("host3", 1));
        });
        assertThat(sent() - before).as("one query for five callers").isEqualTo(1);

        time.advanceTimeBy(PathCacheOptions.defaults().timeToLive().minusSeconds(1));
        assertThat(paths.path(host3).block(WAIT)).isEqualTo(answers.get(0));
        assertThat(sent() - before).as("kept").isEqualTo(1);
        time.advanceTimeBy(Duration.ofSeconds(1));
        fabric.faults().clear();
        assertThat(paths.path(host3).block(WAIT)).isEqualTo(answers.get(0));
        assertThat(sent() - before).as("asked again once its time to live ran out").isEqualTo(2);
        assertThat(paths.size()).isEqualTo(2);
        assertThat(failures).isEmpty();
    }

    @Test
    void aPathByLidIsTheSasAnswerFromThePortsLid() {
        PathCache paths = PathCache.over(sa, UNTRAPPED);
        PathRecord path = paths.path(fabric.lid("host4", 1)).block(WAIT);
        assertThat(path.slid()).isEqualTo(port.attributes().lid());
        assertThat(path.dlid()).isEqualTo(fabric.lid("host4", 1));
        assertThat(path.dgid()).isEqualTo(host4);
        assertThat(path.reversible()).isTrue();
        assertThatThrownBy(() -> paths.path(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0");
        assertThatThrownBy(() -> paths.path(0xC000)).isInstanceOf(IllegalArgumentException.class);
    }

    /** A P_Key asks for a path in its partition, kept apart from the path in the partition the SA picks. */
    @Test
    void aPathInAPartition() {
        PathCache paths = PathCache.over(sa, UNTRAPPED);
        assertThat(paths.path(host3, 0xFFFF).block(WAIT).pKey()).isEqualTo(0xFFFF);
        assertThat(paths.path(host3).block(WAIT).dgid()).isEqualTo(host3);
        assertThat(paths.path(fabric.lid("host3", 1), 0xFFFF).block(WAIT).dgid()).isEqualTo(host3);
        assertThat(paths.size()).isEqualTo(3);
        assertThat(paths.path(host3, 0x8123).blockOptional(WAIT)).as("a partition neither end is in").isEmpty();
        paths.invalidate(host3);
        assertThat(paths.size()).as("every path to host3, whatever its partition").isZero();
        assertThatThrownBy(() -> paths.path(host3, 0x10000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a P_Key: 0x10000");
        assertThatThrownBy(() -> paths.path(host3, 0x8000)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> paths.path(3, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a P_Key: 0x0");
    }

    /** A ServiceID asks for that service's path (an SA's QoS policy may give it its own SL), kept apart too. */
    @Test
    void aPathForAService() {
        PathCache paths = PathCache.over(sa, UNTRAPPED);
        long before = sent();
        assertThat(paths.path(host3, 0xFFFF, 0x1000).block(WAIT).dgid()).isEqualTo(host3);
        assertThat(paths.path(host3, 0xFFFF, 0x1000).block(WAIT).dgid()).isEqualTo(host3);
        assertThat(paths.path(host3, 0xFFFF, 0x2000).block(WAIT).dgid()).isEqualTo(host3);
        assertThat(paths.path(host3, 0xFFFF).block(WAIT).dgid()).isEqualTo(host3);
        assertThat(paths.path(fabric.lid("host3", 1), 0xFFFF, 0x1000).block(WAIT).dgid()).isEqualTo(host3);
        assertThat(sent() - before).as("one query per GID or LID, P_Key and ServiceID").isEqualTo(4);
        assertThat(paths.size()).isEqualTo(4);
        paths.invalidate(host3);
        assertThat(paths.size()).as("every path to host3, whatever its service").isZero();
        assertThatThrownBy(() -> paths.path(host3, 0, 0x1000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a P_Key: 0x0");
    }

    @Test
    void noPathIsKeptBrieflyAndAFailedQueryNotAtAll() {
        PathCache paths = PathCache.over(sa, UNTRAPPED);
        Gid nowhere = new Gid(host3.prefix(), 0x0123_4567_89ab_cdefL);
        long before = sent();
        assertThat(paths.path(nowhere).blockOptional(WAIT)).isEmpty();
        assertThat(paths.path(nowhere).blockOptional(WAIT)).isEmpty();
        assertThat(sent() - before).as("no path, kept").isEqualTo(1);
        time.advanceTimeBy(PathCacheOptions.defaults().noPathTimeToLive());
        assertThat(paths.path(nowhere).blockOptional(WAIT)).isEmpty();
        assertThat(sent() - before).as("asked again after its time to live").isEqualTo(2);

        fabric.faults().drop(1.0, PATH_RECORDS);
        List<Throwable> failed = new CopyOnWriteArrayList<>();
        paths.path(host3).subscribe(null, failed::add);
        // Each resend is timed on the loop, a real thread: time moves a second at a time until the last one ran out.
        await().atMost(WAIT).until(() -> {
            time.advanceTimeBy(Duration.ofSeconds(1));
            return !failed.isEmpty();
        });
        assertThat(failed).singleElement().isInstanceOf(MadTimeoutException.class);
        fabric.faults().clear();
        assertThat(paths.path(host3).block(WAIT).dgid()).as("a failure is not kept").isEqualTo(host3);
    }

    @Test
    void aGidOutOfServiceForgetsItsPathsAndOneInServiceEveryNoPath() {
        PathCache paths = PathCache.over(sa, PathCacheOptions.defaults());
        int host3Lid = fabric.lid("host3", 1);
        assertThat(paths.path(host3).block(WAIT).dgid()).isEqualTo(host3);
        assertThat(paths.path(host3Lid).block(WAIT).dgid()).isEqualTo(host3);
        assertThat(paths.path(host4).block(WAIT).dgid()).isEqualTo(host4);
        assertThat(fabric.subscriptions()).as("traps 64 and 65, once a path was asked for").isEqualTo(2);
        assertThat(paths.size()).isEqualTo(3);

        fabric.unlink("host3", 1);
        assertThat(paths.size()).as("trap 65: host3's paths, by GID and by LID, are forgotten").isEqualTo(1);
        assertThat(paths.path(host3).blockOptional(WAIT)).as("host3 is gone").isEmpty();
        assertThat(paths.size()).isEqualTo(2);
        fabric.relink("host3", 1);
        assertThat(paths.size()).as("trap 64: the no-path is forgotten").isEqualTo(1);
        assertThat(paths.path(host3).block(WAIT).dgid()).isEqualTo(host3);

        paths.dispose();
        assertThat(fabric.subscriptions()).as("released with the cache").isZero();
        assertThatThrownBy(() -> paths.path(host3).block(WAIT)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("disposed");
    }

    /**
     * The SM dies and comes back: while no SA answers, the path held is still given (the renewals fail); once the
     * restarted SA holds the subscription again, every path is forgotten and asked of it.
     */
    @Test
    void whileNoSaAnswersThePathsHeldAreGivenAndTheRenewalAfterForgetsThem() {
        PathCache paths = PathCache.over(sa, PathCacheOptions.defaults().withTimeToLive(Duration.ofDays(1)));
        PathRecord held = paths.path(host3).block(WAIT);
        List<NoticeEvent> events = new CopyOnWriteArrayList<>();
        reactor.core.Disposable watching = Notices.of(port)
                .events(TrapSelector.trap(Notice.TRAP_GID_IN_SERVICE), TrapSelector.trap(Notice.TRAP_GID_OUT_OF_SERVICE))
                .subscribe(events::add);
        fabric.faults().drop(1.0, MadMatch.any().mgmtClass(MgmtClass.SUBN_ADM));
        // Polls and renewals are timed on the loop, a real thread: time moves a poll at a time.
        await().atMost(WAIT).until(() -> {
            time.advanceTimeBy(NoticeOptions.defaults().pollInterval());
            return events.stream().anyMatch(NoticeEvent.SubscriptionFailed.class::isInstance);
        });
        assertThat(paths.size()).isEqualTo(1);
        assertThat(paths.path(host3).block(WAIT)).as("held while no SA answers").isEqualTo(held);

        fabric.faults().clear();
        fabric.restartSm();
        await().atMost(WAIT).until(() -> {
            time.advanceTimeBy(NoticeOptions.defaults().pollInterval());
            return events.stream().anyMatch(NoticeEvent.Resubscribed.class::isInstance);
        });
        assertThat(paths.size()).as("forgotten once the SA holds the subscription again").isZero();
        assertThat(paths.path(host3).block(WAIT)).isEqualTo(held);
        watching.dispose();
        paths.dispose();
    }

    @Test
    void aMovedSmForgetsEveryPathEvenWithoutTraps() {
        PathCache paths = PathCache.over(sa, UNTRAPPED);
        PathRecord first = paths.path(host3).block(WAIT);
        fabric.moveSm("host4", 1);
        port.refresh().block(WAIT);
        long before = sent();
        assertThat(paths.path(host3).block(WAIT)).isEqualTo(first);
        assertThat(sent() - before).as("asked of the new SA").isEqualTo(1);
    }

    @Test
    void beyondMaxEntriesTheDestinationAskedForLeastRecentlyIsForgotten() {
        PathCache paths = PathCache.over(sa, UNTRAPPED.withMaxEntries(2));
        paths.path(host3).block(WAIT);
        paths.path(host4).block(WAIT);
        paths.path(host3).block(WAIT);
        paths.path(fabric.lid("host4", 1)).block(WAIT);
        assertThat(paths.size()).isEqualTo(2);
        long before = sent();
        paths.path(host3).block(WAIT);
        assertThat(sent() - before).as("host3 was asked for more recently than host4's GID").isZero();
        paths.path(host4).block(WAIT);
        assertThat(sent() - before).as("host4's GID was forgotten").isEqualTo(1);
    }
}
