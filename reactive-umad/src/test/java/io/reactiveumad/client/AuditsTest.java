package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
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
    void aStepThatNeverEndsIsGivenUpAfterItsBoundSaidInWordsAndTheNextTickRunsAgain() {
        AtomicInteger steps = new AtomicInteger();
        Mono<String> step = Mono.defer(() -> {
            steps.incrementAndGet();
            return Mono.never();
        });
        PrintStream stderr = System.err;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        System.setErr(new PrintStream(log, true));
        Disposable audit = Audits.every(PERIOD, step, "port fake0:1: service 0x1234 \"probe\"").subscribe();
        try {
            vts.advanceTimeBy(PERIOD.plus(Audits.STEP_BOUND).minusMillis(1));
            assertThat(steps).as("one step; the ticks while it runs are dropped").hasValue(1);
            assertThat(log.toString()).as("not given up before its bound").doesNotContain("WARN");
            vts.advanceTimeBy(Duration.ofMillis(1).plus(PERIOD));
            assertThat(steps).as("given up at its bound, and the next tick ran the step again").hasValue(2);
        } finally {
            audit.dispose();
            System.setErr(stderr);
        }

        assertThat(log.toString().lines().filter(l -> l.contains("WARN"))).singleElement().asString().endsWith(
                "port fake0:1: service 0x1234 \"probe\": the audit failed, trying again in 5 s: it took over 30 s");
    }
}
