package io.reactiveumad.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.Umad;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code MadPort.onDispose()} on the embedded fabric (the reopen cycles run on ibsim: {@code PortCloseIT}). */
class PortCloseTest {
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    @Test
    void onDisposeCompletesWhenTheDeviceGoesAwayToo() {
        try (EmbeddedFabric fabric = EmbeddedFabric.start(Topology.defaultTopology())) {
            MadPort port = Umad.open(fabric.transport(), fabric.port("host3", 1)).block(PATIENCE);
            fabric.removeNode("host3");
            port.onDispose().block(PATIENCE);
            assertThat(port.isDisposed()).isTrue();
        }
    }
}
