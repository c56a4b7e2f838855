package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

/** The embedded fabric's SM represses a trap an SMA sends it, so the send completes at the first attempt. */
class TrapsOnEmbeddedFabricTest {

    @Test
    void theSmRepressesATrapSoItsSendCompletesWithoutResending() {
        VirtualTimeScheduler time = VirtualTimeScheduler.create();
        try (EmbeddedFabric fabric = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(time).build()) {
            MadPort port = Umad.open(fabric.transport(), fabric.port("host3", 1), new PortOptions(time)).block(Duration.ofSeconds(10));
            int lid = port.attributes().lid();
            Notice linkDown = Notice.generic(Notice.TYPE_URGENT, Notice.PRODUCER_CHANNEL_ADAPTER,
                    Notice.TRAP_LINK_STATE_CHANGE, lid, new TrapDetails.LinkStateChange(lid), Gid.ZERO);
            Traps traps = Traps.of(port);
            StepVerifier.withVirtualTime(() -> traps.send(linkDown), () -> time, Long.MAX_VALUE)
                    .expectComplete()
                    .verify(Duration.ofSeconds(10));
            assertThat(fabric.trapsRepressed()).isEqualTo(1);
            traps.dispose();
            port.dispose();
        } finally {
            time.dispose();
        }
    }
}
