package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.LibraryLog;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * The audit of a held resource, in virtual time: a step that never ends (an SA that takes the query and never
 * answers, past the request's own retries) is given up after {@link Audits#STEP_BOUND} with a warning that says so
 * in words, and the next tick runs the step again.
 */
class AuditsTest {
    private static final Duration PERIOD = Duration.ofSeconds(5);
    private VirtualTimeScheduler vts;

    @BeforeEach
    void virtualTime() {
        vts = VirtualTimeScheduler.getOrSet();
    }

    @AfterEach
    void realTime() {
        VirtualTimeScheduler.reset();
    }

    @Test
    void aStepThatNeverEndsIsGivenUpAfterItsBoundSaidInWordsAndTheNextTickRunsAgain() throws Exception {
        AtomicInteger steps = new AtomicInteger();
        Mono<String> step = Mono.defer(() -> {
            steps.incrementAndGet();
            return Mono.never();
        });
        Disposable audit = Audits.every(PERIOD, step, "port fake0:1: service 0x1234 \"probe\"").subscribe();
        try {
            String beforeTheBound = LibraryLog.during(
                    () -> vts.advanceTimeBy(PERIOD.plus(Audits.STEP_BOUND).minusMillis(1)));
            assertThat(steps).as("one step; the ticks while it runs are dropped").hasValue(1);
            assertThat(beforeTheBound).as("not given up before its bound").doesNotContain("WARN");

            String atTheBound = LibraryLog.during(() -> vts.advanceTimeBy(Duration.ofMillis(1).plus(PERIOD)));
            assertThat(steps).as("given up at its bound, and the next tick ran the step again").hasValue(2);
            assertThat(atTheBound.lines().filter(l -> l.contains("WARN"))).singleElement().asString().endsWith(
                    "port fake0:1: service 0x1234 \"probe\": the audit failed, trying again in 5 s: it took over 30 s");
        } finally {
            audit.dispose();
        }
    }

    /** A renewal because the SA forgot what was held is said at INFO, naming it, before it is sent. */
    @Test
    void whatTheSaForgotIsSaidBeforeItIsAcquiredAgain() throws Exception {
        AtomicInteger joins = new AtomicInteger();
        Mono<Integer> again = Audits.forgotten("port fake0:1: membership of ff12::1", "joining",
                Mono.fromCallable(joins::incrementAndGet));
        assertThat(joins).as("nothing before it is subscribed").hasValue(0);

        String log = LibraryLog.during(() -> assertThat(again.block()).isEqualTo(1));

        assertThat(log.lines()).singleElement().asString().endsWith("INFO io.reactiveumad.client.Audits - port fake0:1: "
                + "membership of ff12::1: the SA no longer has it (an SM restart or move): joining again");
    }
}
