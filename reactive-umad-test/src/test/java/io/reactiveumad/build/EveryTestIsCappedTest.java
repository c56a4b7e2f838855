package io.reactiveumad.build;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Surefire runs this: its tests are capped (see {@link TimeCap}). */
class EveryTestIsCappedTest {
    @RegisterExtension
    final TimeCap cap = new TimeCap();

    @Test
    void surefireTimesOutEveryTestAndKillsAHungFork() {
        cap.assertCapped();
    }
}
