package io.reactiveumad.build;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Failsafe runs this, as it runs every real-peer test: those are capped like Surefire's (see {@link TimeCap}). */
class EveryTestIsCappedIT {
    @RegisterExtension
    final TimeCap cap = new TimeCap();

    @Test
    void failsafeTimesOutEveryTestAndKillsAHungFork() {
        cap.assertCapped();
    }
}
