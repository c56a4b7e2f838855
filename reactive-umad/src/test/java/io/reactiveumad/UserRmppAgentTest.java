package io.reactiveumad;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.RmppHeader;
import io.reactiveumad.spi.channel.MadFrame;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

/** Two ports joined back to back; agents doing user-space RMPP exchange long messages in virtual time. */
class UserRmppAgentTest {
    static final int SA = 0x03;
    static final int GET_TABLE = 0x12;
    static final MadAddress CLIENT = MadAddress.gsi(1);
    static final MadAddress SERVER = MadAddress.gsi(2);

    VirtualTimeScheduler vts;
    FakeChannel clientSide;
    FakeChannel serverSide;
    MadPort clientPort;
    MadPort serverPort;
    final AtomicInteger wireFrames = new AtomicInteger();
    volatile double loss;
    final Random random = new Random(7);

    @BeforeEach
    void link() {
        vts = VirtualTimeScheduler.getOrSet();
        clientSide = new FakeChannel(vts);
        serverSide = new FakeChannel(vts);
        clientSide.peer(f -> forward(f, serverSide, CLIENT));
        serverSide.peer(f -> forward(f, clientSide, SERVER));
        clientPort = Umad.open(clientSide.transport(), new PortSpec("fake0", 1), new PortOptions(vts)).block();
        serverPort = Umad.open(serverSide.transport(), new PortSpec("fake0", 1), new PortOptions(vts)).block();
    }

    /** Carries a frame to the other side as received from {@code from}, unless the lossy link eats it. */
    List<MadFrame> forward(MadFrame f, FakeChannel other, MadAddress from) {
        wireFrames.incrementAndGet();
        if (random.nextDouble() >= loss) {
            other.inject(new MadFrame(0, 0, 0, 0, from, f.mad()));
        }
        return List.of();
    }

    @AfterEach
    void close() {
        clientPort.dispose();
        serverPort.dispose();
        VirtualTimeScheduler.reset();
    }

    static byte[] table(int length, int seed) {
        byte[] data = new byte[length];
        new Random(seed).nextBytes(data);
        data[0] = 1;
        data[1] = SA;
        data[2] = 2;
        data[3] = (byte) (GET_TABLE | 0x80);
        for (int i = 4; i < 56; i++) {
            data[i] = 0;
        }
        return data;
    }

    void serve(byte[] answer) {
        MadAgent server = serverPort.agent(AgentSpec.server(SA, 2, GET_TABLE).withRmpp(RmppMode.USER)).block();
        server.serve(req -> Mono.just(Mad.of(answer)));
    }

    Mad getTable() {
        return Mad.build(b -> b.put(MadHeader.MGMT_CLASS_OFFSET, (byte) SA).put(MadHeader.CLASS_VERSION_OFFSET, (byte) 2)
                .put(MadHeader.METHOD_OFFSET, (byte) GET_TABLE));
    }

    void expectTable(byte[] expected, Duration within) {
        MadAgent client = clientPort.agent(AgentSpec.client(SA, 2).withRmpp(RmppMode.USER)).block();
        StepVerifier.withVirtualTime(() -> client.request(getTable(), SERVER), () -> vts, Long.MAX_VALUE)
                .thenAwait(within)
                .assertNext(r -> {
                    byte[] got = r.mad().toByteArray();
                    assertThat(got.length).isEqualTo(expected.length);
                    // Everything after the headers the sender rewrites per segment is the sender's data.
                    assertThat(java.util.Arrays.copyOfRange(got, 36, got.length))
                            .isEqualTo(java.util.Arrays.copyOfRange(expected, 36, expected.length));
                    assertThat(r.mad().isResponse()).isTrue();
                })
                .expectComplete()
                .verify(Duration.ofSeconds(30));
    }

    @Test
    void a60000ByteResponseArrivesWhole() {
        byte[] answer = table(56 + 60_000, 1);
        serve(answer);
        expectTable(answer, Duration.ofSeconds(1));
        assertThat(wireFrames.get()).as("300 DATA segments plus ACKs").isGreaterThan(300);
        assertThat(serverPort.stats().rmppTransfers()).as("the response, segmented and acknowledged").isEqualTo(1);
        assertThat(clientPort.stats().rmppTransfers()).as("the response, reassembled").isEqualTo(1);
        AgentStats client = clientPort.agents().get(0).stats();
        assertThat(client.rmppTransfers()).as("the client agent's own").isEqualTo(1);
        assertThat(client.received()).as("every DATA segment").isGreaterThanOrEqualTo(300);
        assertThat(client.sent()).as("the request and the ACKs").isGreaterThan(1);
    }

    @Test
    void aLongResponseSurvivesTenPercentLoss() {
        loss = 0.10;
        byte[] answer = table(56 + 20_000, 2);
        serve(answer);
        // The request itself may be lost too: the client's resends cover it (3 attempts of 1 s by default).
        expectTable(answer, Duration.ofSeconds(60));
    }

    @Test
    void aLongRequestIsSegmentedAndTheServerSeesItWhole() {
        // The ACKs of a GetResp stream carry method Get (GetResp ^ 0x80): the responder must serve it to see them.
        MadAgent server = serverPort.agent(AgentSpec.server(SA, 2, 0x01, 0x02).withRmpp(RmppMode.USER)).block();
        AtomicInteger seenLength = new AtomicInteger();
        server.serve(req -> {
            seenLength.set(req.mad().length());
            return Mono.just(req.mad());
        });
        byte[] set = table(56 + 1000, 3);
        set[3] = 0x02;
        MadAgent client = clientPort.agent(AgentSpec.client(SA, 2).withRmpp(RmppMode.USER)).block();
        StepVerifier.withVirtualTime(() -> client.request(Mad.of(set), SERVER), () -> vts, Long.MAX_VALUE)
                .thenAwait(Duration.ofSeconds(1))
                .assertNext(r -> assertThat(r.mad().length()).isEqualTo(set.length))
                .expectComplete()
                .verify(Duration.ofSeconds(30));
        assertThat(seenLength).hasValue(set.length);
    }

    @Test
    void aStraySegmentOfAResponseNobodyIsSendingDoesNotLeaveTheRequestWaitingForever() {
        // Segment 2 of a transfer whose segment 1 never came: the receiver drops it, so no timer but the request's bounds it.
        clientSide.peer(f -> {
            byte[] stray = f.mad().clone();
            stray[MadHeader.METHOD_OFFSET] = (byte) (GET_TABLE | MadHeader.RESPONSE_BIT);
            new RmppHeader().wrap(stray).version(RmppHeader.VERSION).type(RmppHeader.TYPE_DATA)
                    .flags(RmppHeader.FLAG_ACTIVE).segmentNumber(2);
            clientSide.inject(new MadFrame(0, 0, 0, 0, SERVER, stray)); // on a later loop turn, as from the wire
            return List.of();
        });
        MadAgent client = clientPort.agent(AgentSpec.client(SA, 2).withRmpp(RmppMode.USER)).block();
        StepVerifier.withVirtualTime(() -> client.request(getTable(), SERVER), () -> vts, Long.MAX_VALUE)
                .thenAwait(Duration.ofHours(1))
                .expectError(MadTimeoutException.class)
                .verify(Duration.ofSeconds(30));
    }

    @Test
    void anAgentWithoutRmppRefusesALongMessageTyped() {
        MadAgent client = clientPort.agent(AgentSpec.client(SA, 2)).block();
        StepVerifier.create(client.request(Mad.of(table(56 + 1000, 4)).with(b -> b.put(3, (byte) GET_TABLE)), SERVER))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("needs RMPP"))
                .verify(Duration.ofSeconds(5));
    }
}
