package io.reactiveumad.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.publisher.Mono;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * Runs work on an embedded fabric to its end in virtual time: the clock steps until the work ends, however many
 * timeouts and retries it waits out on the way, with no real time passing. StepVerifier's own virtual time would do
 * when the work is made inside it; these tests make the fabric, with its scheduler, first.
 */
public final class InVirtualTime {
    private InVirtualTime() {
    }

    /**
     * {@code work}'s value, after stepping {@code time} by {@code step} until it ends (at most {@code maxSteps} steps);
     * fails the test if the work fails or is still running then.
     */
    public static <T> T result(Mono<T> work, VirtualTimeScheduler time, Duration step, int maxSteps) {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> error = new AtomicReference<>();
        work.subscribe(result::set, error::set);
        for (int done = 0; done < maxSteps && result.get() == null && error.get() == null; done++) {
            time.advanceTimeBy(step);
        }
        assertThat(error.get()).isNull();
        assertThat(result.get()).as("finished within %d steps of %s", maxSteps, step).isNotNull();
        return result.get();
    }
}
