package consumer;

import static io.reactiveumad.test.MadExpectations.expectReceived;
import static io.reactiveumad.test.MadExpectations.expectSubscribed;

import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.client.NoticeOptions;
import io.reactiveumad.client.Notices;
import io.reactiveumad.client.TrapSelector;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

/** The StepVerifier recipe of reactive-umad-test's README, on the installed artifacts. */
class NoticesRecipeTest {
    // README:begin
    @Test
    void aHostLeavesAndComesBack() {
        VirtualTimeScheduler time = VirtualTimeScheduler.create();
        try (EmbeddedFabric fabric = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(time).build()) {
            NoticeOptions quiet = NoticeOptions.defaults().withPollInterval(Duration.ofDays(1));
            StepVerifier.withVirtualTime(() -> Flux.usingWhen(
                                    Umad.open(fabric.transport(), fabric.port("host2", 1), new PortOptions(time)),
                                    port -> Notices.of(port, quiet).watch(TrapSelector.trap(Notice.TRAP_GID_OUT_OF_SERVICE),
                                            TrapSelector.trap(Notice.TRAP_GID_IN_SERVICE)),
                                    port -> Mono.fromRunnable(port::dispose)),    // the port lives as long as the watch
                            () -> time, Long.MAX_VALUE)
                    .assertNext(expectSubscribed())                   // the SA holds the subscriptions
                    .then(() -> fabric.unlink("host3", 1))
                    .assertNext(expectReceived(Notice.TRAP_GID_OUT_OF_SERVICE))
                    .then(() -> fabric.relink("host3", 1))
                    .assertNext(expectReceived(Notice.TRAP_GID_IN_SERVICE))
                    .thenCancel()                                     // unsubscribes, then closes the port
                    .verify(Duration.ofSeconds(30));
        } finally {
            time.dispose();
        }
    }
    // README:end
}
