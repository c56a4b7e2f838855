package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Ctrl-C while {@code umad errors} waits for the SA's PathRecords (each destination's SL): the exit hook closes the
 * port under the query, which must end the command as a Ctrl-C does everywhere (exit 130, nothing more said), not
 * be taken for the SA's silence ("no paths from the SA", then a sweep on SL 0). OpenSM hangs (SIGSTOP) after it set
 * the fabric up, so the LIDs stay and the SA never answers (a stopped OpenSM's slot would hand the query back at once);
 * -e says when the query is being sent again. Its own fabric, since it stops the SM.
 */
class ErrorsInterruptedIT {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1"));

    @Test
    void ctrlCDuringTheSasPathQueryEndsTheCommandSilently() throws Exception {
        IbsimFabric fabric = FABRIC.fabric();
        fabric.hangSm();
        CliProcess errors = CliProcess.start(fabric, "errors", "errors", "-e", "--transport", "ibsim", "--sim-host",
                "host4");
        try (errors) {
            await("the SA's path query sent again").atMost(DEADLINE)
                    .until(() -> errors.stderr().contains("SubnAdm GetTable attribute 0x0035"));
            errors.interrupt();
            assertThat(errors.process().waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)).as("errors ended").isTrue();
        }
        String said = errors.stderr();
        assertThat(errors.process().exitValue()).as(said).isEqualTo(130);
        assertThat(said).doesNotContain("no paths from the SA", "error:");
        assertThat(errors.stdout()).isEmpty();
    }
}
