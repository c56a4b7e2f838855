package io.reactiveumad.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Umad;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.Port;
import io.reactiveumad.test.topology.Topology;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An SM that comes back giving out new LIDs (OpenSM started with -r on another node) under a running service: the
 * service discovers the fabric again and sends every client a topology event with the LIDs the ports have now, which
 * {@code /api/nodes} serves too. Before, the page kept the old LIDs and the counter sweep asked ports that no longer
 * had them. Its own fabric: the SM move changes every other test's LIDs.
 */
class ServiceAfterNewLidsIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(1));

    @Test
    void newLidsFromAMovedSmReachClientsAsATopologyEvent() throws Exception {
        IbsimFabric fabric = FABRIC.fabric();
        MadPort port = Umad.open(fabric.transport("host4"), new PortSpec("host4", 1)).block(WAIT);
        ServiceOptions options = ServiceOptions.DEFAULT.withHttpPort(0).withSweepInterval(Duration.ofSeconds(1));
        try (FabricService service = FabricService.start(port, options).block(WAIT);
             SseClient client = new SseClient(HttpClient.newHttpClient(), URI.create(service.url()).resolve("/events"), null)) {
            await().atMost(WAIT).until(() -> !client.events(ServiceEvent.SNAPSHOT).isEmpty());
            Map<String, List<Integer>> before = lids(client.events(ServiceEvent.SNAPSHOT).get(0).data().get("nodes"));
            assertThat(before).isEqualTo(lidsNow(fabric));

            fabric.moveSmReassigningLids("host3");
            Map<String, List<Integer>> now = lidsNow(fabric);
            assertThat(now).as("OpenSM -r from host3 gave out other LIDs").isNotEqualTo(before);

            await().atMost(WAIT).until(() -> {
                List<SseClient.Event> topologies = client.events(ServiceEvent.TOPOLOGY);
                return !topologies.isEmpty() && lids(topologies.get(topologies.size() - 1).data().get("nodes")).equals(now);
            });
            HttpResponse<String> nodes = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(service.url()).resolve("/api/nodes")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(lids(JSON.readTree(nodes.body()))).isEqualTo(now);
        } finally {
            port.dispose();
        }
    }

    /** Each node's LIDs (its addressable ports'), by description, as the service's JSON lists them. */
    private static Map<String, List<Integer>> lids(JsonNode nodes) {
        Map<String, List<Integer>> lids = new TreeMap<>();
        for (JsonNode n : nodes) {
            lids.put(n.get("description").asText(), n.findValues("lid").stream().map(JsonNode::asInt)
                    .filter(lid -> lid != 0).sorted().toList());
        }
        return lids;
    }

    /** The same from ibnetdiscover now. */
    private static Map<String, List<Integer>> lidsNow(IbsimFabric fabric) {
        Topology found = Topology.parse(fabric.diag("host2", "ibnetdiscover").requireSuccess().stdout());
        Map<String, List<Integer>> lids = new TreeMap<>();
        for (Node n : found.nodes()) {
            lids.put(n.description(), n.ports().stream().filter(p -> !n.isSwitch() || p.number() == 0).map(Port::lid)
                    .filter(lid -> lid != 0).sorted().toList());
        }
        return lids;
    }
}
