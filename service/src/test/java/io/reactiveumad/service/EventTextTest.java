package io.reactiveumad.service;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/** The SSE text of one client's stream, in virtual time. */
class EventTextTest {
    private static final Duration KEEPALIVE = Duration.ofSeconds(15);

    /**
     * A browser that stops reading stops reactor-netty's demand. Its stream must then wait, however long: the
     * keepalive timer must not fail it (Flux.interval errors once a tick finds no demand), which closed a
     * stalled client's connection about 33 keepalives into its stall and ended its drop count there.
     */
    @Test
    void aStreamWithoutDemandWaitsForeverAndItsKeepalivesDoNotFailIt() {
        StepVerifier.withVirtualTime(() -> HttpApi.eventText(Flux.never(), KEEPALIVE), 1)
                .expectNext("retry: 2000\n\n")
                .expectNoEvent(KEEPALIVE.multipliedBy(200))
                .thenRequest(1)
                .expectNext(": keepalive\n\n")
                .thenCancel()
                .verify(Duration.ofSeconds(10));
    }
}
