package io.reactiveumad.test;

import static io.reactiveumad.test.MadExpectations.expectReceived;
import static io.reactiveumad.test.MadExpectations.expectSubscribed;
import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.client.NoticeOptions;
import io.reactiveumad.client.Notices;
import io.reactiveumad.client.TrapSelector;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.RepeatedTest;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * The natural StepVerifier script over the embedded fabric: watch, cut a cable, restore it, cancel. The
 * fabric runs on the test thread in virtual time, so the cancel's unsubscribe (a Set(Subscribe=0) to the
 * SA) runs inline inside the relink's sweep while the SA is still reporting to its subscribers; that used
 * to throw ConcurrentModificationException 3 times out of 3. The port's lifecycle is the Flux's own
 * ({@code usingWhen}), so the port closes however the script ends.
 */
class NoticesStepVerifierTest {
    static final Duration WAIT = Duration.ofSeconds(30);
    /** No polls while virtual time jumps: a poll re-reads the port attributes on a real thread. */
    static final NoticeOptions QUIET = NoticeOptions.defaults().withPollInterval(Duration.ofDays(1));

    @RepeatedTest(3)
    void watchUnlinkRelinkCancel() {
        VirtualTimeScheduler time = VirtualTimeScheduler.create();
        try (EmbeddedFabric fabric = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(time).build()) {
            long host3 = Topology.defaultTopology().requireNode("host3").portGuid(1);
            StepVerifier.withVirtualTime(() -> Flux.usingWhen(
                                    Umad.open(fabric.transport(), fabric.port("host2", 1), new PortOptions(time)),
                                    port -> Notices.of(port, QUIET).watch(TrapSelector.trap(Notice.TRAP_GID_OUT_OF_SERVICE),
                                            TrapSelector.trap(Notice.TRAP_GID_IN_SERVICE)),
                                    port -> Mono.fromRunnable(port::dispose)),
                            () -> time, Long.MAX_VALUE)
                    .assertNext(expectSubscribed())
                    .then(() -> fabric.unlink("host3", 1))
                    .assertNext(expectReceived(Notice.TRAP_GID_OUT_OF_SERVICE, n -> about(n, host3)))
                    .then(() -> fabric.relink("host3", 1))
                    .assertNext(expectReceived(Notice.TRAP_GID_IN_SERVICE, n -> about(n, host3)))
                    .thenCancel()
                    .verify(WAIT);
            assertThat(fabric.subscriptions()).as("the SA holds no subscription once the script ended").isZero();
        } finally {
            time.dispose();
        }
    }

    private static void about(Notice notice, long portGuid) {
        assertThat(((TrapDetails.GidDetails) notice.details()).gid().guid()).isEqualTo(portGuid);
    }
}
