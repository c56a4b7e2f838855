package io.reactiveumad.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Umad;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The service on ibsim with a real OpenSM (the same code as on the embedded fabric): it discovers the fabric,
 * and a cable cut in ibsim reaches {@code /events} as OpenSM's trap 65 about the host and as the link down,
 * read back from the switch's PortState after OpenSM's trap 128, then up again. Skips without ibsim and
 * OpenSM, and fails under {@code -Dumad.requirePeers=true}.
 */
class ServiceOnIbsimIT {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(1));

    @Test
    void aCableCutInIbsimIsANoticeAndALinkDownThenUp() {
        IbsimFabric fabric = FABRIC.fabric();
        MadPort port = Umad.open(fabric.transport("host4"), new PortSpec("host4", 1)).block(WAIT);
        try (FabricService service = FabricService.start(port, ServiceOptions.DEFAULT.withHttpPort(0)).block(WAIT);
             SseClient client = new SseClient(HttpClient.newHttpClient(), URI.create(service.url()).resolve("/events"), null)) {
            SseClient.Event snapshot = await().atMost(WAIT).until(() -> client.events().isEmpty() ? null : client.events().get(0),
                    e -> e != null);
            assertThat(snapshot.kind()).isEqualTo(ServiceEvent.SNAPSHOT);
            assertThat(snapshot.data().get("nodes")).hasSize(6);
            assertThat(snapshot.data().get("links")).hasSize(6);

            fabric.unlink("host2", 1);
            await().atMost(WAIT).until(() -> client.events(ServiceEvent.NOTICE).stream().anyMatch(e ->
                    e.data().get("trap").asInt() == 65 && e.data().get("where").asText().startsWith("host2")));
            await().atMost(WAIT).until(() -> client.events(ServiceEvent.LINK).stream().anyMatch(e ->
                    e.data().get("from").asText().startsWith("host2") && e.data().get("link").get("state").asText().equals("down")));

            fabric.relink("host2", 1);
            await().atMost(WAIT).until(() -> client.events(ServiceEvent.LINK).stream().anyMatch(e ->
                    e.data().get("from").asText().startsWith("host2") && e.data().get("link").get("state").asText().equals("up")));
        } finally {
            port.dispose();
        }
    }
}
