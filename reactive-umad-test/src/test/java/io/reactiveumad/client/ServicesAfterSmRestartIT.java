package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.sa.ServiceRecord;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.Disposable;

/**
 * A held ServiceRecord registration with a finite lease, against OpenSM on ibsim, checked with
 * {@code saquery SR}: OpenSM expires a leased record nobody renews (a plain registration with the same
 * short lease vanishes), while the held one stays past two leases; OpenSM is killed and restarted and
 * forgets every registration, and the held one is back in {@code saquery SR} without anyone touching it;
 * disposing it unregisters it. Its own fabric, since it restarts the SM.
 */
class ServicesAfterSmRestartIT {
    private static final Duration WITHIN = Duration.ofSeconds(60);
    /** Seconds: short, so OpenSM's expiry is seen within the test. */
    private static final long LEASE = 3;

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(1));

    @Test
    void aHeldLeasedRegistrationOutlivesItsLeaseAndIsBackAfterOpenSmRestarted() {
        IbsimFabric fabric = FABRIC.fabric();
        MadPort port = Umad.open(fabric.transport("host4"), new PortSpec("host4", 1)).block(WITHIN);
        SaClient sa = SaClient.of(port);
        try {
            Services services = Services.over(sa);
            // One record at a time: saquery SR shows whole tables longer than one MAD's worth wrong on ibsim.
            services.register(record(port, 0x1000_0000_0000_0b02L, "ops.unrenewed")).block(WITHIN);
            awaitSr(fabric, "the plain registration in saquery SR", sr -> sr.contains("ops.unrenewed"));
            awaitSr(fabric, "OpenSM expiring the lease nobody renews", sr -> !sr.contains("ops.unrenewed"));

            Disposable holding = services.registration(record(port, 0x1000_0000_0000_0b01L, "ops.held"),
                    Duration.ofSeconds(1)).subscribe();
            try {
                awaitSr(fabric, "the held registration in saquery SR", sr -> sr.contains("ops.held"));
                await("the held registration outliving two leases").during(Duration.ofSeconds(2 * LEASE + 1))
                        .atMost(WITHIN).until(() -> services(fabric).contains("ops.held"));

                fabric.restartSm();
                awaitSr(fabric, "the held registration back after OpenSM restarted", sr -> sr.contains("ops.held"));
            } finally {
                holding.dispose();
            }
            awaitSr(fabric, "the unregistration", sr -> !sr.contains("ops.held"));
        } finally {
            sa.dispose();
            port.close().block(WITHIN);
        }
    }

    private static void awaitSr(IbsimFabric fabric, String what, java.util.function.Predicate<String> holds) {
        try {
            await(what).atMost(WITHIN).until(() -> holds.test(services(fabric)));
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new AssertionError(what + " not seen; saquery SR:\n" + services(fabric), e);
        }
    }

    private static ServiceRecord record(MadPort port, long serviceId, String name) {
        return new ServiceRecord(serviceId, port.attributes().gids().get(0), 0xffff, LEASE, Octets.of(new byte[16]),
                name, Octets.of(new byte[64]));
    }

    private static String services(IbsimFabric fabric) {
        return fabric.diag("host2", "saquery", "SR").requireSuccess().stdout();
    }
}
