package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.Umad;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.topology.Topology;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class ConnectionTest {

    /**
     * A long-running command opened on an unplugged port says what it waits for, once, and goes on when the cable is
     * back and the SM has brought the port to Active; on an Active port it says nothing.
     */
    @Test
    void awaitActiveWaitsForTheSmToBringThePortUpAndSaysSoOnce() throws Exception {
        try (EmbeddedFabric fabric = EmbeddedFabric.start(Topology.defaultTopology())) {
            fabric.unlink("host3", 1);
            MadPort port = Umad.open(fabric.transport(), fabric.port("host3", 1)).block(Duration.ofSeconds(10));
            Connection connection = new Connection(TransportKind.EMBEDDED, port, null);
            try {
                StringWriter err = new StringWriter();
                CompletableFuture<Void> waited = CompletableFuture.runAsync(
                        () -> connection.awaitActive(new PrintWriter(err, true), "umad watch"));
                Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> err.toString().contains("waiting"));
                assertThat(waited).isNotDone();
                fabric.relink("host3", 1);
                waited.get(10, TimeUnit.SECONDS);
                // Unplugged, the port keeps the LID and SM LID it was given, as an HCA's PortInfo does.
                assertThat(err.toString()).isEqualTo("umad watch: waiting for port host3:1 to become Active (now Down, "
                        + "LID " + fabric.lid("host3", 1) + ", SM LID " + fabric.smLid() + "); Ctrl-C to stop\n");
                assertThat(port.attributes().isActive()).isTrue();

                StringWriter quiet = new StringWriter();
                connection.awaitActive(new PrintWriter(quiet, true), "umad watch");
                assertThat(quiet.toString()).isEmpty();
            } finally {
                connection.close();
            }
        }
    }
}
