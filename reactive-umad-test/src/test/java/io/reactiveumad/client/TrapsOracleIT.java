package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.test.StepVerifier;

/**
 * Our SMA-side trap sender against OpenSM on ibsim. OpenSM represses every Trap it receives; ibsim
 * then drops the TrapRepress on its way back ("got trap repress - dropping" in its log, sim_mad.c), so
 * through ibsim a trap is never seen repressed: the sender resends it, as IBA says, and OpenSM
 * represses each attempt, until the sender's resends run out. Fails (never skips) without ibsim/OpenSM
 * when {@code umad.requirePeers=true}.
 */
class TrapsOracleIT {
    private static final Pattern REPRESS = Pattern.compile("got trap repress - dropping");
    private static final Duration WITHIN = Duration.ofSeconds(30);

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(0));

    @Test
    void openSmRepressesEveryAttemptOfATrapWeSend() {
        IbsimFabric fabric = FABRIC.fabric();
        MadPort port = Umad.open(fabric.transport("host4"), new PortSpec("host4", 1)).block(WITHIN);
        int lid = port.attributes().lid();
        Notice linkState = Notice.generic(Notice.TYPE_URGENT, Notice.PRODUCER_CHANNEL_ADAPTER,
                Notice.TRAP_LINK_STATE_CHANGE, lid, new TrapDetails.LinkStateChange(lid), Gid.ZERO);
        Traps traps = Traps.of(port).withOptions(RequestOptions.defaults().withTimeout(Duration.ofSeconds(1)).withRetries(2));
        long before = represses(fabric);
        try {
            StepVerifier.create(traps.send(linkState))
                    .expectError(MadTimeoutException.class)
                    .verify(WITHIN);
            await().atMost(WITHIN).untilAsserted(() ->
                    assertThat(represses(fabric) - before).as("TrapRepresses OpenSM sent for our 3 attempts").isEqualTo(3));
        } finally {
            traps.dispose();
            port.dispose();
        }
    }

    private static long represses(IbsimFabric fabric) {
        try {
            return REPRESS.matcher(Files.readString(fabric.workDir().resolve("ibsim.log"))).results().count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
