package io.reactiveumad.test.ibsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A MAD ibsim cannot deliver (sent from a node whose cable is out) comes back to the sender with status 110. The
 * channel hands it to the request as an ETIMEDOUT record, as umad2sim hands it to libibumad: each attempt ends when it
 * comes back, so the request fails after all its attempts, each one handed back, rather than after its timers; the
 * per-attempt timeout here is longer than the test's wait. Fails (never skips) without ibsim/OpenSM when
 * {@code umad.requirePeers=true}.
 */
class UndeliverableIbsimIT {
    private static final Duration WITHIN = Duration.ofSeconds(30);

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(0));

    @Test
    void anSmpFromAnUnpluggedPortEndsWhenIbsimHandsItsAttemptsBack() {
        IbsimFabric fabric = FABRIC.fabric();
        fabric.unlink("host3", 1);
        MadPort port = Umad.open(fabric.transport("host3"), new PortSpec("host3", 1)).block(WITHIN);
        SmpClient smp = SmpClient.of(port).withOptions(RequestOptions.defaults()
                .withTimeout(Duration.ofMinutes(1)).withRetries(2));
        try {
            // Unplugged, the port keeps the SM LID it was given (host1's), as an HCA's PortInfo does.
            int sm = port.attributes().smLid();
            assertThat(sm).isPositive();
            assertThatThrownBy(() -> smp.nodeInfo(SmpRoute.lid(sm)).block(WITHIN))
                    .isInstanceOf(MadTimeoutException.class)
                    .hasMessageContaining("after 3 attempt(s)")
                    .hasMessageContaining("the transport could not deliver it");
            assertThat(port.stats().retries()).isEqualTo(2);
            // The local SMA still answers a route of no hops, as on a real HCA whose cable is out.
            assertThat(smp.nodeInfo(SmpRoute.directed()).block(WITHIN).nodeGuid())
                    .isEqualTo(Topology.defaultTopology().requireNode("host3").nodeGuid());
        } finally {
            smp.dispose();
            port.dispose();
        }
    }
}
