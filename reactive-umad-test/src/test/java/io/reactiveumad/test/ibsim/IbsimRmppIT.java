package io.reactiveumad.test.ibsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.IbsimTransport;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RmppMode;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.RmppHeader;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Mono;

/**
 * User-space RMPP between two of our ports through ibsim (which carries single MADs and knows nothing
 * of RMPP): long SA-class messages cross whole in both directions, ACKs routed like any request or
 * response. (OpenSM's own RMPP answers cannot be tested this way: umad2sim truncates them.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IbsimRmppIT {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().netFile(IbsimInstallation.exampleNet("net.2sw2path4hca")).smNode("Hca1"));

    private static final Duration BLOCK = Duration.ofSeconds(30);

    private MadPort serverPort;
    private MadPort clientPort;
    private MadAddress server;

    @BeforeAll
    void openPorts() {
        IbsimTransport transport = FABRIC.fabric().transport("Hca3");
        serverPort = Umad.open(transport, new PortSpec("Hca2", 1)).block(BLOCK);
        clientPort = Umad.open(transport, new PortSpec("Hca3", 1)).block(BLOCK);
        server = MadAddress.gsi(serverPort.attributes().lid());
    }

    @AfterAll
    void closePorts() {
        if (clientPort != null) {
            clientPort.dispose();
        }
        if (serverPort != null) {
            serverPort.dispose();
        }
    }

    @Test
    void aLongGetTableResponseArrivesWhole() {
        byte[] table = saMessage(Method.GET_TABLE | MadHeader.RESPONSE_BIT, 20_000, 1);
        MadAgent responder = serverPort.agent(AgentSpec.server(MgmtClass.SUBN_ADM, Requests.SA_VERSION,
                Method.GET_TABLE).withRmpp(RmppMode.USER)).block(BLOCK);
        var serving = responder.serve(request -> Mono.just(Mad.of(table)));
        try {
            MadAgent asking = clientPort.agent(AgentSpec.client(MgmtClass.SUBN_ADM, Requests.SA_VERSION)
                    .withRmpp(RmppMode.USER)).block(BLOCK);
            Mad getTable = Mad.adopt(saMessage(Method.GET_TABLE, 0, 2));
            ReceivedMad response = asking.request(getTable, server).block(BLOCK);

            assertThat(response.mad().length()).isEqualTo(table.length);
            assertThat(payload(response.mad().toByteArray())).isEqualTo(payload(table));
            asking.dispose();
        } finally {
            serving.dispose();
            responder.dispose();
        }
    }

    @Test
    void aLongSetRequestReachesTheServerWhole() {
        AtomicInteger seen = new AtomicInteger();
        // A Set is answered with GetResp, whose ACKs carry method Get: the responder serves Get to see them.
        MadAgent responder = serverPort.agent(AgentSpec.server(MgmtClass.SUBN_ADM, Requests.SA_VERSION,
                Method.GET, Method.SET).withRmpp(RmppMode.USER)).block(BLOCK);
        var serving = responder.serve(request -> {
            seen.set(request.mad().length());
            return Mono.just(request.mad());
        });
        try {
            MadAgent asking = clientPort.agent(AgentSpec.client(MgmtClass.SUBN_ADM, Requests.SA_VERSION)
                    .withRmpp(RmppMode.USER)).block(BLOCK);
            byte[] set = saMessage(Method.SET, 3_000, 3);
            ReceivedMad echoed = asking.request(Mad.of(set), server).block(BLOCK);

            assertThat(seen).hasValue(set.length);
            assertThat(echoed.mad().length()).isEqualTo(set.length);
            assertThat(payload(echoed.mad().toByteArray())).isEqualTo(payload(set));
            asking.dispose();
        } finally {
            serving.dispose();
            responder.dispose();
        }
    }

    /** An SA-class message of {@code dataLength} random bytes after the SA header. */
    private static byte[] saMessage(int method, int dataLength, int seed) {
        byte[] mad = new byte[io.reactiveumad.mad.SaHeader.DATA_OFFSET + Math.max(dataLength, 200)];
        new Random(seed).nextBytes(mad);
        Arrays.fill(mad, 0, io.reactiveumad.mad.SaHeader.DATA_OFFSET, (byte) 0);
        new MadHeader().wrap(mad).baseVersion(MadHeader.BASE_VERSION).mgmtClass(MgmtClass.SUBN_ADM)
                .classVersion(Requests.SA_VERSION).methodByte(method);
        return mad;
    }

    /** What the RMPP sender does not rewrite per segment: everything after the RMPP header. */
    private static byte[] payload(byte[] message) {
        return Arrays.copyOfRange(message, RmppHeader.END_OFFSET, message.length);
    }
}
