package io.reactiveumad.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.test.MadMatch;
import io.reactiveumad.test.topology.Topology;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /events} with real HTTP clients (the JDK's, and a raw socket for the one that stalls) while the
 * embedded fabric changes: order, several clients, reconnecting with Last-Event-ID, and a client that stops
 * reading.
 */
class EventStreamTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final HttpClient http = HttpClient.newHttpClient();
    private RunningService running;

    @AfterEach
    void stop() {
        if (running != null) {
            running.close();
        }
    }

    private SseClient connect(Long lastEventId) {
        return new SseClient(http, running.uri("/events"), lastEventId);
    }

    private static SseClient.Event awaitEvent(SseClient client, String kind, String field, String value) {
        return await().atMost(WAIT).until(() -> client.events(kind).stream()
                .filter(e -> e.data().toString().contains(value) && (field == null || e.data().has(field)))
                .findFirst().orElse(null), e -> e != null);
    }

    /** host2's cable (host2 HCA-1 port 1 ↔ sw1 port 2) went down, or came back. */
    private static SseClient.Event awaitHost2Link(SseClient client, String state) {
        return await().atMost(WAIT).until(() -> client.events(ServiceEvent.LINK).stream()
                .filter(e -> e.data().get("from").asText().equals("host2 HCA-1 port 1")
                        && e.data().get("link").get("state").asText().equals(state))
                .findFirst().orElse(null), e -> e != null);
    }

    @Test
    void aClientGetsASnapshotThenTheNoticeAndLinkDownThenLinkUpInOrder() {
        running = new RunningService();
        try (SseClient client = connect(null)) {
            SseClient.Event snapshot = firstEvent(client);
            assertThat(snapshot.kind()).isEqualTo(ServiceEvent.SNAPSHOT);
            assertThat(snapshot.data().get("nodes")).hasSize(6);
            assertThat(snapshot.data().get("links")).hasSize(6);
            assertThat(snapshot.data().get("sm").get("node").asText()).isEqualTo("host1 HCA-1");

            running.fabric.unlink("host2", 1);
            SseClient.Event outOfService = awaitEvent(client, ServiceEvent.NOTICE, null, "\"trap\":65");
            assertThat(outOfService.data().get("where").asText()).isEqualTo("host2 HCA-1 port 1");
            SseClient.Event down = awaitHost2Link(client, "down");
            assertThat(down.data().get("to").asText()).isEqualTo("sw1 leaf switch port 2");

            running.fabric.relink("host2", 1);
            SseClient.Event up = awaitHost2Link(client, "up");
            SseClient.Event inService = awaitEvent(client, ServiceEvent.NOTICE, null, "\"trap\":64");

            assertThat(outOfService.id()).isLessThan(inService.id());
            assertThat(down.id()).isLessThan(up.id());
            List<Long> ids = client.events().stream().map(SseClient.Event::id).filter(id -> id != null).toList();
            assertThat(ids).as("ids strictly increase").isSorted().doesNotHaveDuplicates();
            assertThat(ids.get(0)).isEqualTo(snapshot.id());
        }
    }

    /**
     * After an SM move the service discovers the fabric again. One that loses SMPs (every NodeInfo sw2 gets is
     * dropped) would draw a fabric without sw2 and its hosts: the last whole one stays, and no topology event goes
     * out. The next move, without the loss, sends the whole fabric.
     */
    @Test
    void aRediscoveryThatLosesSmpsKeepsTheLastWholeFabric() throws Exception {
        running = new RunningService();
        try (SseClient client = connectedWithSnapshot()) {
            running.fabric.faults().drop(1.0, MadMatch.toNode("sw2").mgmtClass(MgmtClass.SUBN_DIRECTED_ROUTE)
                    .attribute(NodeInfo.ATTRIBUTE_ID));
            running.fabric.moveSm("host2", 1);
            awaitEvent(client, ServiceEvent.RESUBSCRIBED, "reason", "SM_LID_CHANGED");
            // Discovery asks a node 6 times (200 ms each) before it gives up on it: the sixth drop decides.
            await().atMost(WAIT).until(() -> running.fabric.faults().dropped() >= 6);
            assertThat(client.events(ServiceEvent.TOPOLOGY)).isEmpty();
            assertThat(http.send(HttpRequest.newBuilder(running.uri("/api/nodes")).build(),
                    HttpResponse.BodyHandlers.ofString()).body()).contains("sw2 leaf switch", "host4 HCA-1");

            running.fabric.faults().clear();
            running.fabric.moveSm("host1", 1);
            // (A discovery the first move's renewals queued may run once the loss is over, before this move's.)
            SseClient.Event whole = awaitEvent(client, ServiceEvent.TOPOLOGY, "sm", "\"node\":\"host1 HCA-1\"");
            assertThat(whole.data().get("nodes")).hasSize(6);
            assertThat(whole.data().get("links")).hasSize(6);
            // The discovery that lost sw2's answers, done by now, sent nothing.
            assertThat(client.events(ServiceEvent.TOPOLOGY)).allSatisfy(e -> assertThat(e.data().get("nodes")).hasSize(6));
        }
    }

    /**
     * A service started while no SA answers (every InformInfo Set to the SM's node dropped: an SM dead or standing by)
     * serves what it discovered, tells its clients the subscription failed and when it tries again, and subscribes
     * once the SA answers, telling them so: the next notice arrives.
     */
    @Test
    void aServiceStartedWhileNoSaAnswersServesThenSubscribesWhenOneDoes() {
        MadMatch subscriptions = MadMatch.toNode("host1").mgmtClass(MgmtClass.SUBN_ADM).attribute(InformInfo.ATTRIBUTE_ID);
        running = new RunningService(Topology.defaultTopology(), "host4", ServiceOptions.DEFAULT,
                fabric -> fabric.faults().drop(1.0, subscriptions));
        // The service starts at the first failure, so a client hears of it in its snapshot, and of the next as an event.
        try (SseClient client = connect(null)) {
            JsonNode failed = firstEvent(client).data().get("subscriptionFailed");
            assertThat(failed.get("reason").asText()).isEqualTo("SUBSCRIBE");
            assertThat(failed.get("traps")).hasSize(FabricWatcher.TRAPS.length);
            assertThat(failed.get("error").asText()).contains("MadTimeoutException", "no response from LID 1 QP1");
            assertThat(failed.get("retryInMillis").asLong()).isEqualTo(5000);
            assertThat(failed.get("time").asText()).isNotEmpty();
            assertThat(running.fabric.subscriptions()).isZero();

            running.fabric.faults().clear();
            SseClient.Event subscribed = awaitEvent(client, ServiceEvent.RESUBSCRIBED, "reason", "SUBSCRIBE");
            assertThat(subscribed.data().get("traps")).hasSize(FabricWatcher.TRAPS.length);
            assertThat(subscribed.data().get("smLid").asInt()).isEqualTo(running.fabric.smLid());
            assertThat(running.fabric.subscriptions()).isEqualTo(FabricWatcher.TRAPS.length);
            running.fabric.unlink("host3", 1);
            assertThat(awaitEvent(client, ServiceEvent.NOTICE, null, "\"trap\":65").data().get("where").asText())
                    .isEqualTo("host3 HCA-1 port 1");
            try (SseClient later = connect(null)) {
                assertThat(firstEvent(later).data().get("subscriptionFailed").isNull()).as("held since").isTrue();
            }
        }
    }

    @Test
    void anSmMoveIsAnEventAndTheSubscriptionsAreRenewed() {
        running = new RunningService();
        try (SseClient client = connectedWithSnapshot()) {
            assertThat(firstEvent(client).data().get("sm").get("lid").asInt()).isEqualTo(running.fabric.smLid());
            running.fabric.moveSm("host2", 1);
            SseClient.Event moved = awaitEvent(client, ServiceEvent.SM, "node", "host2 HCA-1");
            assertThat(moved.data().get("lid").asInt()).isEqualTo(running.fabric.smLid());
            SseClient.Event renewed = awaitEvent(client, ServiceEvent.RESUBSCRIBED, "reason", "SM_LID_CHANGED");
            assertThat(renewed.data().get("smLid").asInt()).isEqualTo(running.fabric.smLid());
            // Notices still arrive through the new SA.
            running.fabric.unlink("host3", 1);
            assertThat(awaitEvent(client, ServiceEvent.NOTICE, null, "\"trap\":65").data().get("where").asText())
                    .isEqualTo("host3 HCA-1 port 1");
        }
    }

    @Test
    void twoClientsSeeTheSameEventsInTheSameOrder() {
        running = new RunningService();
        try (SseClient first = connect(null); SseClient second = connect(null)) {
            firstEvent(first);
            firstEvent(second);
            running.fabric.unlink("host2", 1);
            running.fabric.relink("host2", 1);
            awaitHost2Link(first, "up");
            awaitHost2Link(second, "up");
            long lastOfBoth = Math.min(lastId(first), lastId(second));
            assertThat(ids(first, lastOfBoth)).isNotEmpty().isEqualTo(ids(second, lastOfBoth));
        }
    }

    private static long lastId(SseClient client) {
        List<SseClient.Event> events = client.events();
        return events.get(events.size() - 1).id();
    }

    /** "id kind" of every event after the later of the two snapshots, up to {@code last}. */
    private static List<String> ids(SseClient client, long last) {
        return client.events().stream().filter(e -> !e.kind().equals(ServiceEvent.SNAPSHOT) && e.id() != null && e.id() <= last)
                .map(e -> e.id() + " " + e.kind()).toList();
    }

    /** Connects, takes the snapshot's id and leaves, as a browser whose connection broke. */
    private long snapshotThenDisconnect() {
        try (SseClient before = connect(null)) {
            return firstEvent(before).id();
        }
    }

    private static SseClient.Event firstEvent(SseClient client) {
        return await().atMost(WAIT).until(() -> client.events().isEmpty() ? null : client.events().get(0), e -> e != null);
    }

    /** A client that has its snapshot, so it sees every change from now on as an event. */
    private SseClient connectedWithSnapshot() {
        SseClient client = connect(null);
        firstEvent(client);
        return client;
    }

    @Test
    void aReconnectWithLastEventIdGetsWhatItMissedAndAnUnknownIdGetsASnapshot() {
        running = new RunningService();
        long seen = snapshotThenDisconnect();
        try (SseClient watcher = connectedWithSnapshot()) {
            running.fabric.unlink("host2", 1);
            awaitHost2Link(watcher, "down");
        }
        try (SseClient again = connect(seen)) {
            SseClient.Event down = awaitHost2Link(again, "down");
            List<SseClient.Event> events = again.events();
            assertThat(events.get(0).kind()).as("no snapshot: the missed events are replayed").isNotEqualTo(ServiceEvent.SNAPSHOT);
            assertThat(events.get(0).id()).isEqualTo(seen + 1);
            assertThat(events).extracting(SseClient.Event::kind).doesNotContain(ServiceEvent.SNAPSHOT);
            assertThat(down.id()).isGreaterThan(seen);
        }
        try (SseClient fromTheFuture = connect(1_000_000L)) {
            SseClient.Event first = firstEvent(fromTheFuture);
            assertThat(first.kind()).isEqualTo(ServiceEvent.SNAPSHOT);
            assertThat(first.data().get("links").toString()).contains("\"state\":\"down\"");
        }
    }

    @Test
    void aReconnectOlderThanTheReplayWindowGetsASnapshot() {
        running = new RunningService(ServiceOptions.DEFAULT.withReplay(1));
        long seen = snapshotThenDisconnect();
        try (SseClient watcher = connectedWithSnapshot()) {
            running.fabric.unlink("host2", 1);
            running.fabric.relink("host2", 1);
            awaitHost2Link(watcher, "up");
        }
        try (SseClient again = connect(seen)) {
            SseClient.Event first = firstEvent(again);
            assertThat(first.kind()).isEqualTo(ServiceEvent.SNAPSHOT);
        }
    }

    /**
     * A client that connects and never reads: its queue fills, what does not fit is counted, the other client
     * and the MAD loop carry on (every notice reaches the reading client), and once the stalled one reads
     * again it is told exactly how many events it missed: the events it received and the count it was told
     * add up to every event published since its snapshot.
     */
    @Test
    void aStalledClientIsToldExactlyHowManyEventsItMissedWithoutHoldingUpTheOthers() throws Exception {
        // A small kernel send buffer, so the stall reaches the client's queue after hundreds of events, not
        // megabytes; no counter sweeps, so the renames below are the only events.
        running = new RunningService(ServiceOptions.DEFAULT.withSocketSendBuffer(8192).withSweepInterval(Duration.ofHours(1)));
        int batches = 30;
        int batch = 100;
        try (Socket stalled = new Socket(); SseClient reading = connectedWithSnapshot()) {
            stalled.setReceiveBufferSize(4096);
            stalled.setSoTimeout((int) WAIT.toMillis());
            stalled.connect(new InetSocketAddress("127.0.0.1", running.service.httpPort()));
            OutputStream request = stalled.getOutputStream();
            request.write(("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            request.flush();
            await().atMost(WAIT).until(() -> metric("reactive_umad_service_sse_clients") == 2);

            // Renames (trap 144) in batches the reading client keeps up with: it is never a queue behind.
            for (int i = 0; i < batches * batch; i++) {
                running.fabric.setNodeDescription("host3", 1, "host3 renamed " + i);
                if ((i + 1) % batch == 0) {
                    int sent = i + 1;
                    await().atMost(WAIT).until(() -> renames(reading) >= sent);
                }
            }
            assertThat(renames(reading)).isEqualTo(batches * batch);
            assertThat(reading.events(ServiceEvent.LOST)).as("the reading client missed nothing").isEmpty();
            long dropped = (long) metric("reactive_umad_service_sse_dropped_events_total");
            assertThat(dropped).as("events the stalled client could not take").isPositive();

            // Reading again: everything still queued for it arrives, then "lost" with the count of the rest.
            InputStream in = stalled.getInputStream();
            StringBuilder text = new StringBuilder();
            byte[] buffer = new byte[65536];
            await().atMost(WAIT).until(() -> {
                int n = in.read(buffer);
                text.append(new String(buffer, 0, Math.max(n, 0), StandardCharsets.UTF_8));
                return told(text) == dropped;
            });
            List<Long> ids = matches(Pattern.compile("(?m)^id: (\\d+)$"), text);
            long snapshot = ids.get(0);
            assertThat(text.toString()).as("its first event").contains("id: " + snapshot + "\nevent: snapshot\n");
            long received = ids.stream().filter(id -> id > snapshot).distinct().count();
            long published = reading.events().get(reading.events().size() - 1).id() - snapshot;
            assertThat(received + told(text)).as("received %d + told %d = published since its snapshot", received, told(text))
                    .isEqualTo(published);
            assertThat(received).as("what the socket, reactor-netty and its queue of 256 held").isPositive();
        }
    }

    /** The missed events a client was told of, over all its {@code lost} events. */
    private static long told(CharSequence text) {
        return matches(Pattern.compile("event: lost\ndata: \\{\"missed\":(\\d+)}"), text).stream().mapToLong(Long::longValue).sum();
    }

    private static List<Long> matches(Pattern pattern, CharSequence text) {
        List<Long> values = new java.util.ArrayList<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            values.add(Long.parseLong(m.group(1)));
        }
        return values;
    }

    private static long renames(SseClient client) {
        return client.events(ServiceEvent.NOTICE).stream().filter(e -> e.data().get("trap").asInt() == 144).count();
    }

    private double metric(String name) throws Exception {
        String text = http.send(HttpRequest.newBuilder(running.uri("/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "(\\{[^}]*})? (\\S+)$").matcher(text);
        return m.find() ? Double.parseDouble(m.group(2)) : Double.NaN;
    }
}
