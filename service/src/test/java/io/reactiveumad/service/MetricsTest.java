package io.reactiveumad.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.Overflow;
import io.reactiveumad.PortStats;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.operators.OverflowPolicy;
import io.reactiveumad.test.MadMatch;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.test.subscriber.TestSubscriber;

/**
 * {@code GET /metrics} counts what happened on the service's port: a probe agent of the test's own on that
 * port makes requests that are answered, that time out after a retry, that are answered twice (the second
 * answer dropped as late) and receives more unsolicited MADs than its buffer holds (dropped by its overflow
 * policy); the numbers in the Prometheus text are checked against exactly what was done.
 */
class MetricsTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** A vendor class (range 1: no OUI) that nothing else on the fabric speaks (its Mellanox nodes answer 0x0A). */
    private static final int VENDOR = 0x0B;
    private static final int GET = 0x01;

    private final HttpClient http = HttpClient.newHttpClient();
    private RunningService running;
    private RunningService other;

    @AfterEach
    void stop() {
        if (other != null) {
            other.close();
        }
        if (running != null) {
            running.close();
        }
    }

    private String metrics(RunningService service) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(service.uri("/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    /** The value of the sample {@code name} whose labels include every one of {@code labels} ({@code key="value"}). */
    private static double sample(String text, String name, String... labels) {
        Matcher line = Pattern.compile("(?m)^" + Pattern.quote(name) + "\\{([^}]*)} (\\S+)$").matcher(text);
        while (line.find()) {
            String have = "," + line.group(1) + ",";
            boolean all = true;
            for (String label : labels) {
                all &= have.contains("," + label + ",");
            }
            if (all) {
                return Double.parseDouble(line.group(2));
            }
        }
        throw new AssertionError("no " + name + " with " + String.join(",", labels) + " in\n" + text);
    }

    private static Mad perfGet() {
        return Mad.build(b -> b.put(MadHeader.MGMT_CLASS_OFFSET, (byte) MgmtClass.PERF).put(MadHeader.CLASS_VERSION_OFFSET, (byte) 1)
                .put(MadHeader.METHOD_OFFSET, (byte) GET).putShort(MadHeader.ATTRIBUTE_ID_OFFSET, (short) ClassPortInfo.ATTRIBUTE_ID));
    }

    @Test
    void metricsCountTheRequestsTimeoutsRetriesAndDropsOfThePortAndOfEachAgent() throws Exception {
        // No periodic sweep during the test: the probe's numbers are exact, the port's only grow by them.
        running = new RunningService(ServiceOptions.DEFAULT.withSweepInterval(Duration.ofHours(1)));
        MadPort port = running.port;
        MadAgent probe = port.agent(AgentSpec.client(MgmtClass.PERF, 1)).block(WAIT);
        MadAgent inbox = port.agent(AgentSpec.server(VENDOR, 1, GET).withOverflow(new Overflow(4, OverflowPolicy.DROP_OLDEST)))
                .block(WAIT);
        TestSubscriber<Object> stalled = TestSubscriber.builder().initialRequest(0).build();
        inbox.receive().subscribe(stalled);
        PortStats before = port.stats();
        String[] probeLabels = {"agent=\"" + probe.id() + "\"", "class=\"PerfMgt\"", "device=\"host4\"", "port=\"1\""};
        String[] inboxLabels = {"agent=\"" + inbox.id() + "\"", "device=\"host4\""};

        // 3 answered.
        MadAddress host3 = MadAddress.gsi(running.fabric.lid("host3", 1));
        for (int i = 0; i < 3; i++) {
            probe.request(perfGet(), host3).block(WAIT);
        }
        // 2 that time out after one resend each (host2's PMA never hears them).
        running.fabric.faults().drop(1.0, MadMatch.toNode("host2").mgmtClass(MgmtClass.PERF));
        MadAddress host2 = MadAddress.gsi(running.fabric.lid("host2", 1));
        RequestOptions fast = RequestOptions.defaults().withTimeout(Duration.ofMillis(100)).withRetries(1);
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> probe.request(perfGet(), host2, fast).block(WAIT)).isInstanceOf(MadTimeoutException.class);
        }
        // 2 answered twice: the second answer of each is late.
        running.fabric.faults().clear().duplicate(1.0, MadMatch.toNode("host4").mgmtClass(MgmtClass.PERF));
        for (int i = 0; i < 2; i++) {
            probe.request(perfGet(), host3).block(WAIT);
        }
        await().atMost(WAIT).until(() -> probe.stats().lateResponses() == 2);
        running.fabric.faults().clear();

        // Unsolicited MADs beyond what the stalled subscriber's buffer holds, read while a request waits.
        running.fabric.faults().drop(1.0, MadMatch.toNode("host2").mgmtClass(MgmtClass.PERF));
        Disposable waiting = probe.request(perfGet(), host2, RequestOptions.defaults().withTimeout(WAIT).withRetries(0)).subscribe();
        MadPort sender = Umad.open(running.fabric.transport(), running.fabric.port("host3", 1)).block(WAIT);
        try {
            MadAgent vendor = sender.agent(AgentSpec.client(VENDOR, 1)).block(WAIT);
            Mad get = Mad.build(b -> b.put(MadHeader.MGMT_CLASS_OFFSET, (byte) VENDOR).put(MadHeader.CLASS_VERSION_OFFSET, (byte) 1)
                    .put(MadHeader.METHOD_OFFSET, (byte) GET));
            MadAddress host4 = MadAddress.gsi(running.fabric.lid("host4", 1));
            for (int i = 0; i < Overflow.IN_FLIGHT + 20; i++) {
                vendor.send(get, host4).block(WAIT);
            }
            await().atMost(WAIT).until(() -> inbox.stats().received() == Overflow.IN_FLIGHT + 20);
        } finally {
            waiting.dispose();
            running.fabric.faults().clear();
            sender.close().block(WAIT);
        }

        String text = metrics(running);
        assertThat(sample(text, "reactive_umad_agent_sent_mads_total", probeLabels)).as("3 + 2×2 + 2 + 1 waiting").isEqualTo(10);
        assertThat(sample(text, "reactive_umad_agent_received_mads_total", probeLabels)).as("3 + 2×2 answers").isEqualTo(7);
        assertThat(sample(text, "reactive_umad_agent_timeouts_mads_total", probeLabels)).isEqualTo(2);
        assertThat(sample(text, "reactive_umad_agent_retries_mads_total", probeLabels)).isEqualTo(2);
        assertThat(sample(text, "reactive_umad_agent_dropped_mads_total", append(probeLabels, "reason=\"late\""))).isEqualTo(2);
        assertThat(sample(text, "reactive_umad_agent_in_flight_requests", probeLabels)).as("the waiting one, cancelled").isZero();
        assertThat(sample(text, "reactive_umad_agent_dropped_mads_total", append(inboxLabels, "reason=\"overflow\"")))
                .as("%d read, %d taken by the stalled subscriber's prefetch, 4 buffered", Overflow.IN_FLIGHT + 20, Overflow.IN_FLIGHT)
                .isEqualTo(16);
        assertThat(sample(text, "reactive_umad_agent_received_mads_total", inboxLabels)).isEqualTo(Overflow.IN_FLIGHT + 20);

        String[] portLabels = {"device=\"host4\"", "port=\"1\""};
        PortStats after = port.stats();
        assertThat(sample(text, "reactive_umad_port_timeouts_mads_total", portLabels)).isEqualTo(after.timeouts())
                .isGreaterThanOrEqualTo(before.timeouts() + 2);
        assertThat(sample(text, "reactive_umad_port_retries_mads_total", portLabels)).isGreaterThanOrEqualTo(before.retries() + 2);
        assertThat(sample(text, "reactive_umad_port_dropped_mads_total", append(portLabels, "reason=\"late\"")))
                .isGreaterThanOrEqualTo(before.lateResponses() + 2);
        assertThat(sample(text, "reactive_umad_port_dropped_mads_total", append(portLabels, "reason=\"overflow\"")))
                .isEqualTo(before.droppedOverflow() + 16);
        assertThat(sample(text, "reactive_umad_port_sent_mads_total", portLabels)).isGreaterThanOrEqualTo(before.sent() + 10);
        assertThat(sample(text, "reactive_umad_port_received_mads_total", portLabels))
                .isGreaterThanOrEqualTo(before.received() + 7 + Overflow.IN_FLIGHT + 20);
        assertThat(text).as("the service's own agents are there too (its trap subscriber's)")
                .contains("class=\"SubnAdm\"");

        inbox.dispose();
        probe.dispose();
        await().atMost(WAIT).until(() -> !port.agents().contains(probe));
        String closed = metrics(running);
        assertThat(closed).as("a closed agent's meters go; its counts stay in the port's")
                .doesNotContain("agent=\"" + probe.id() + "\",class=\"PerfMgt\"");
        assertThat(sample(closed, "reactive_umad_port_timeouts_mads_total", portLabels)).isGreaterThanOrEqualTo(before.timeouts() + 2);
    }

    @Test
    void eachServiceCountsOnlyItsOwnHttpRequests() throws Exception {
        running = new RunningService();
        other = new RunningService();
        for (int i = 0; i < 3; i++) {
            http.send(HttpRequest.newBuilder(running.uri("/api/nodes")).build(), HttpResponse.BodyHandlers.ofString());
        }
        String mine = metrics(running);
        String theirs = metrics(other);
        String[] nodes = {"uri=\"/api/nodes\""};
        assertThat(sample(mine, "reactor_netty_http_server_response_time_seconds_count", nodes)).isEqualTo(3);
        assertThat(sample(mine, "reactor_netty_http_server_data_sent_bytes_count", nodes)).isEqualTo(3);
        assertThat(mine).contains("reactor_netty_http_server_connections_");
        assertThat(theirs).as("the other service's registry").doesNotContain("uri=\"/api/nodes\"");
    }

    private static String[] append(String[] labels, String more) {
        String[] all = java.util.Arrays.copyOf(labels, labels.length + 1);
        all[labels.length] = more;
        return all;
    }
}
