package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.poll.ibsim.IbsimEndpoint;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
        Path err = fabric.workDir().resolve("errors.err");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                UmadCli.class.getName(), "errors", "-e", "--transport", "ibsim", "--sim-host", "host4")
                .directory(fabric.workDir().toFile())
                .redirectOutput(fabric.workDir().resolve("errors.out").toFile())
                .redirectError(err.toFile());
        builder.environment().put(IbsimEndpoint.ENV_SOCKET_NAME, fabric.socketName());
        Process errors = builder.start();
        try {
            await("the SA's path query sent again").atMost(DEADLINE)
                    .until(() -> Files.readString(err, StandardCharsets.UTF_8).contains("SubnAdm GetTable attribute 0x0035"));
            Process interrupt = new ProcessBuilder("kill", "-INT", Long.toString(errors.pid())).start();
            assertThat(interrupt.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(errors.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)).as("errors ended").isTrue();
        } finally {
            errors.destroyForcibly();
        }
        String said = Files.readString(err, StandardCharsets.UTF_8);
        assertThat(errors.exitValue()).as(said).isEqualTo(130);
        assertThat(said).doesNotContain("no paths from the SA", "error:");
        assertThat(Files.readString(fabric.workDir().resolve("errors.out"), StandardCharsets.UTF_8)).isEmpty();
    }
}
