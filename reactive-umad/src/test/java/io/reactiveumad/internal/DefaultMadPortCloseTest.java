package io.reactiveumad.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.FakePortTest;
import io.reactiveumad.LibraryLog;
import io.reactiveumad.MadAgent;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * What the port gives back before it closes (the notices' Subscribe=0, a held registration's unregister): bounded,
 * named when it fails, and joined by a second close.
 *
 * <p>A close that arrives while another is running what the port must do before it closes (the notices'
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
        opened.beforeClose(owner, "a test's hold", () -> {
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

    /**
     * An SA that takes the request and never answers (a hung SM) cannot hold the close up, and the user learns what
     * may stay at the SA: the warning names it. Before, it said "releasing what it held before closing did not
     * finish: java.util.concurrent.TimeoutException: Did not observe any item or terminal signal within 2000ms in
     * 'source(MonoWhen)'".
     */
    @Test
    void aReleaseThatNeverEndsIsNamedInAWarningAndThePortClosesAfterTheBound() throws Exception {
        DefaultMadPort opened = (DefaultMadPort) port;
        opened.beforeClose(new Object(), "service 0x1234 \"probe\"", Mono::never);
        opened.beforeClose(new Object(), "membership of ff12::1", () -> Mono.error(new IllegalStateException("refused")));

        String log = LibraryLog.during(() -> {
            Mono<Void> closed = port.close().cache();
            closed.subscribe();
            vts.advanceTimeBy(DefaultMadPort.RELEASE_BOUND.minusMillis(1));
            assertThat(port.isDisposed()).as("closed before the bound").isFalse();
            vts.advanceTimeBy(Duration.ofMillis(1));
            assertThat(port.isDisposed()).isTrue();
            closed.block(Duration.ofSeconds(5));
        });

        assertThat(log.lines().filter(l -> l.contains("WARN"))).containsExactlyInAnyOrder(
                "[main] WARN io.reactiveumad.internal.DefaultMadPort - port fake0:1: closing without giving back "
                        + "service 0x1234 \"probe\": no answer within 2 s",
                "[main] WARN io.reactiveumad.internal.DefaultMadPort - port fake0:1: closing without giving back "
                        + "membership of ff12::1: java.lang.IllegalStateException: refused");
    }
}
