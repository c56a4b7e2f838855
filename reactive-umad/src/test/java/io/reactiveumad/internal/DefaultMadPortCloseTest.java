package io.reactiveumad.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.FakePortTest;
import io.reactiveumad.MadAgent;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * A close that arrives while another is running what the port must do before it closes (the notices'
 * Subscribe=0, on JVM exit) joins it. The watch command met this on Ctrl-C: the exit hook's close took the
 * releases, the watch stream ended, the command closed the port too, found nothing left to release and
 * disposed the port under the Subscribe=0s ("agent 0 is closed"), leaving subscriptions at the SA.
 */
class DefaultMadPortCloseTest extends FakePortTest {
    @Test
    void aSecondCloseJoinsTheFirstInsteadOfDisposingUnderItsReleases() {
        DefaultMadPort opened = (DefaultMadPort) port;
        MadAgent agent = port.agent(AgentSpec.client(0x03, 2)).block(Duration.ofSeconds(5));
        Sinks.Empty<Void> released = Sinks.empty();
        Object owner = new Object();
        opened.beforeClose(owner, () -> {
            opened.forgetBeforeClose(owner); // as Notices does: its release takes itself off the list
            return released.asMono();
        });

        Mono<Void> first = port.close().cache();
        first.subscribe();
        Mono<Void> second = port.close().cache();
        second.subscribe();

        assertThat(port.isDisposed()).as("disposed before the release ended").isFalse();
        assertThat(agent.isDisposed()).as("the agent the release sends with").isFalse();
        released.tryEmitEmpty();
        vts.advanceTime();
        assertThat(port.isDisposed()).isTrue();
        first.block(Duration.ofSeconds(5));
        second.block(Duration.ofSeconds(5));
    }
}
