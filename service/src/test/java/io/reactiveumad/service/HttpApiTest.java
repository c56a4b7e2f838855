package io.reactiveumad.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.test.PortCounter;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The JSON endpoints, the page and {@code /metrics}, read with the JDK's HTTP client. */
class HttpApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static RunningService running;

    @BeforeAll
    static void start() {
        running = new RunningService();
    }

    @AfterAll
    static void stop() {
        running.close();
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(running.uri(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(String path) throws Exception {
        HttpResponse<String> response = get(path);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
        return JSON.readTree(response.body());
    }

    @Test
    void nodesHaveTheDiscoverCommandsFields() throws Exception {
        JsonNode nodes = json("/api/nodes");
        assertThat(nodes).hasSize(6);
        JsonNode host2 = StreamSupport.stream(nodes.spliterator(), false)
                .filter(n -> n.get("description").asText().equals("host2 HCA-1")).findFirst().orElseThrow();
        assertThat(fieldNames(host2)).containsExactly(Arrays.stream(FabricJson.NodeJson.class.getRecordComponents())
                .map(c -> c.getName()).toArray(String[]::new));
        assertThat(host2.get("type").asText()).isEqualTo("ca");
        assertThat(host2.get("guid").asText()).isEqualTo(FabricJson.hex(running.fabric.topology().requireNode("host2").nodeGuid()));
        assertThat(host2.get("addressablePorts").get(0).get("lid").asInt()).isEqualTo(running.fabric.lid("host2", 1));
    }

    @Test
    void linksHaveTheDiscoverCommandsFieldsAndTheirState() throws Exception {
        JsonNode links = json("/api/links");
        assertThat(links).hasSize(6);
        assertThat(fieldNames(links.get(0))).containsExactly("a", "b", "width", "speed", "state");
        assertThat(StreamSupport.stream(links.spliterator(), false).map(l -> l.get("state").asText())).containsOnly("up");
    }

    @Test
    void portCountersAreReadNowWithPerfquerysFieldNames() throws Exception {
        running.fabric.setCounter("host3", 1, PortCounter.SYMBOL_ERROR, 42);
        running.fabric.setCounter("host3", 1, PortCounter.XMIT_DATA, 123456);
        int lid = running.fabric.lid("host3", 1);
        JsonNode counters = json("/api/ports/" + lid + "/1/counters");
        assertThat(fieldNames(counters)).containsExactly(Arrays.stream(PortCounters.class.getRecordComponents())
                .map(c -> c.getName()).toArray(String[]::new));
        assertThat(counters.get("symbolErrorCounter").asInt()).isEqualTo(42);
        assertThat(counters.get("portXmitData").asLong()).isEqualTo(123456);
    }

    /** What is not a LID or a port is the client's error, named; before, all but the first were an empty 500. */
    @Test
    void aLidOrPortThatIsNotOneIsA400NamingIt() throws Exception {
        int lid = running.fabric.lid("host3", 1);
        assertBadRequest("/api/ports/x/1/counters", "lid must be a number, not 'x'");
        assertBadRequest("/api/ports/" + lid + "/one/counters", "port must be a number, not 'one'");
        assertBadRequest("/api/ports/99999/1/counters", "not a unicast LID (1 to 49151): 99999");
        assertBadRequest("/api/ports/0/1/counters", "not a unicast LID (1 to 49151): 0");
        assertBadRequest("/api/ports/" + lid + "/300/counters", "300");
        assertThat(get("/api/nowhere").statusCode()).isEqualTo(404);
    }

    private static void assertBadRequest(String path, String error) throws Exception {
        HttpResponse<String> response = get(path);
        assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(400);
        assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
        assertThat(JSON.readTree(response.body()).get("error").asText()).as(path).contains(error);
    }

    @Test
    void thePageIsOneSelfContainedDocument() throws Exception {
        HttpResponse<String> page = get("/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("content-type")).hasValue("text/html; charset=utf-8");
        assertThat(page.body()).contains("new EventSource(\"/events\")")
                .as("nothing loaded from elsewhere").doesNotContainPattern("(src|href|url)\\s*[=(]\\s*[\"']?(https?:)?//")
                .doesNotContain("<script src", "<link ", "@import");
    }

    /** An uptime check's HEAD gets the page's status and type, and no page; before, a 404. */
    @Test
    void headOfThePageAnswersWithoutIt() throws Exception {
        HttpResponse<String> head = HTTP.send(HttpRequest.newBuilder(running.uri("/"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.headers().firstValue("content-type")).hasValue("text/html; charset=utf-8");
        assertThat(head.body()).isEmpty();
    }

    @Test
    void metricsArePrometheusTextWithThePortsCounters() throws Exception {
        json("/api/ports/" + running.fabric.lid("host3", 1) + "/1/counters");
        HttpResponse<String> metrics = get("/metrics");
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.headers().firstValue("content-type").orElseThrow()).startsWith("text/plain");
        String tags = "{device=\"host4\",port=\"1\"}";
        assertThat(metrics.body()).contains("# TYPE reactive_umad_port_sent_mads_total counter")
                .containsPattern("reactive_umad_port_sent_mads_total\\Q" + tags + "\\E [1-9]")
                .containsPattern("reactive_umad_port_received_mads_total\\Q" + tags + "\\E [1-9]")
                .contains("reactive_umad_port_timeouts_mads_total" + tags)
                .contains("reactive_umad_port_retries_mads_total" + tags)
                .contains("reactive_umad_port_rmpp_transfers_total" + tags)
                .contains("reactive_umad_port_in_flight_requests" + tags)
                .contains("reactive_umad_port_dropped_mads_total{device=\"host4\",port=\"1\",reason=\"overflow\"}")
                .contains("reactive_umad_service_sse_clients")
                .contains("jvm_memory_used_bytes{area=\"heap\"", "jvm_threads_live_threads")
                .as("reactor-netty's own meters, tagged by route")
                .containsPattern("reactor_netty_http_server_data_sent_bytes_count\\{[^}]*uri=\"/api/ports/\\{lid}/\\{port}/counters\"");
    }

    private static List<String> fieldNames(JsonNode node) {
        return iterable(node.fieldNames());
    }

    private static <T> List<T> iterable(java.util.Iterator<T> it) {
        List<T> out = new java.util.ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
