package io.reactiveumad.test.ibsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.MadFrame;
import io.reactiveumad.poll.ibsim.IbsimException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the ibsim channel does in the kernel's place: agent dispatch, response routing by the TID tag,
 * the answer to unclaimed Gets, client slots. Two of our channels talk to each other through ibsim.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IbsimChannelIT {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().netFile(IbsimInstallation.exampleNet("net.2sw2path4hca")).smNode("Hca1"));

    private static final int VENDOR_CLASS = MgmtClass.VENDOR_RANGE1_START;
    private static final int OTHER_VENDOR_CLASS = VENDOR_CLASS + 1;
    private static final int ATTRIBUTE = 0xFF10;

    private ChannelProbe server;
    private ChannelProbe client;

    @BeforeAll
    void openProbes() {
        server = new ChannelProbe(FABRIC.fabric(), "Hca2");
        client = new ChannelProbe(FABRIC.fabric(), "Hca3");
    }

    @AfterAll
    void closeProbes() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aRequestReachesTheServingAgentAndItsResponseTheSender() throws InterruptedException {
        assertThat(server.channel().acceptsRequests()).isTrue();
        int serving = server.register(new AgentRegistration(1, VENDOR_CLASS, 1, 1L << Method.GET, 0, 0, 0, false));
        int asking = client.client(VENDOR_CLASS, 1);
        int serverLid = server.port().lid();
        int clientLid = client.port().lid();
        AtomicReference<MadFrame> served = new AtomicReference<>();
        Thread answering = new Thread(() -> {
            try {
                MadFrame request = server.nextUnsolicited(5_000);
                served.set(request);
                byte[] response = request.mad().clone();
                new MadHeader().wrap(response).methodByte(Method.GET_RESP);
                response[MgmtClass.COMMON_DATA_OFFSET] = 42;
                server.onLoop(() -> {
                    server.channel().send(MadFrame.send(request.agentId(), request.address(), response));
                    return null;
                });
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "serving-agent");
        answering.start();
        byte[] answer = client.request(asking, MadAddress.gsi(serverLid), vendorGet(VENDOR_CLASS));
        answering.join(10_000);

        assertThat(served.get().agentId()).isEqualTo(serving);
        assertThat(served.get().address().lid()).isEqualTo(clientLid);
        assertThat(served.get().address().qpn()).isEqualTo(1);
        Mad response = Mad.of(answer);
        assertThat(response.isResponse()).isTrue();
        assertThat(response.status()).isZero();
        assertThat(answer[MgmtClass.COMMON_DATA_OFFSET]).isEqualTo((byte) 42);
    }

    @Test
    void anUnclaimedGetIsAnsweredWithUnsupportedMethodAttribute() {
        int asking = client.client(OTHER_VENDOR_CLASS, 1);
        byte[] answer = client.request(asking, MadAddress.gsi(server.port().lid()), vendorGet(OTHER_VENDOR_CLASS));
        assertThat(Mad.of(answer).status()).isEqualTo(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE);
    }

    /**
     * The channel sends what one loop pass queued in batches (sendmmsg), and what the simulator's socket does not
     * take yet waits in order; it reads in batches (recvmmsg). A burst larger than a batch (64) and than a
     * datagram socket's queue (net.unix.max_dgram_qlen, 10 by default) reaches the server whole and in order,
     * and so do the answers, sent back as one burst too.
     */
    @Test
    void aBurstLargerThanABatchAndTheSocketQueueArrivesWholeAndInOrderBothWays() throws InterruptedException {
        int burstClass = VENDOR_CLASS + 2;
        server.register(new AgentRegistration(1, burstClass, 1, 1L << Method.GET, 0, 0, 0, false));
        int asking = client.client(burstClass, 1);
        MadAddress to = MadAddress.gsi(server.port().lid());
        int burst = 300;
        List<Integer> sent = new ArrayList<>();
        for (int tid = 1; tid <= burst; tid++) {
            sent.add(tid);
        }
        client.onLoop(() -> {
            for (int tid : sent) {
                byte[] get = vendorGet(burstClass);
                new MadHeader().wrap(get).tid(tid);
                client.channel().send(MadFrame.send(asking, to, get));
            }
            return null;
        });
        List<MadFrame> requests = new ArrayList<>();
        for (int i = 0; i < burst; i++) {
            requests.add(server.nextUnsolicited(10_000));
        }
        assertThat(requests).extracting(f -> new MadHeader().wrap(f.mad()).tidLow()).containsExactlyElementsOf(sent);

        server.onLoop(() -> {
            for (MadFrame request : requests) {
                byte[] response = request.mad().clone();
                new MadHeader().wrap(response).methodByte(Method.GET_RESP);
                server.channel().send(MadFrame.send(request.agentId(), request.address(), response));
            }
            return null;
        });
        List<Integer> answered = new ArrayList<>();
        for (int i = 0; i < burst; i++) {
            MadHeader answer = new MadHeader().wrap(client.nextUnsolicited(10_000).mad());
            assertThat(answer.isResponse()).isTrue();
            answered.add(answer.tidLow());
        }
        assertThat(answered).containsExactlyElementsOf(sent);
    }

    @Test
    void aSecondAgentForTheSameMethodsIsRefusedLikeTheKernelDoes() {
        AgentRegistration trap = new AgentRegistration(1, 0x0B, 1, 1L << Method.TRAP, 0, 0, 0, false);
        server.register(trap);
        assertThatThrownBy(() -> server.register(trap)).isInstanceOf(NativeIoException.class)
                .satisfies(e -> assertThat(((NativeIoException) e).errno()).isEqualTo(22));
    }

    @Test
    void setIsSmSetsAndClearsIsSmInThePortsCapabilityMask() {
        try (ChannelProbe probe = new ChannelProbe(FABRIC.fabric(), "Hca4")) {
            String lid = Integer.toString(probe.port().lid());
            probe.channel().setIsSm(true);
            assertThat(capabilityMask(lid) & PortInfo.CAP_IS_SM).isNotZero();
            probe.channel().setIsSm(false);
            assertThat(capabilityMask(lid) & PortInfo.CAP_IS_SM).isZero();
        }
    }

    private static long capabilityMask(String lid) {
        return FABRIC.fabric().diag("Hca3", "smpquery", "portinfo", lid, "1").requireSuccess().number("CapMask");
    }

    @Test
    void closedChannelsGiveTheirClientSlotBack() {
        for (int i = 0; i < 12; i++) {
            try (ChannelProbe probe = new ChannelProbe(FABRIC.fabric(), "Hca4")) {
                assertThat(probe.port().lid()).isPositive();
            }
        }
    }

    @Test
    void theEleventhClientIsRefusedWithATypedError() {
        // OpenSM and our two probes hold three of ibsim's ten slots.
        List<ChannelProbe> more = new ArrayList<>();
        try {
            for (int i = 0; i < 7; i++) {
                more.add(new ChannelProbe(FABRIC.fabric(), "Hca4"));
            }
            assertThat(more).extracting(p -> p.channel().clientId()).doesNotHaveDuplicates();
            assertThatThrownBy(() -> new ChannelProbe(FABRIC.fabric(), "Hca4"))
                    .isInstanceOf(IbsimException.class).hasMessageContaining("10 clients");
        } finally {
            more.forEach(ChannelProbe::close);
        }
    }

    @Test
    void anUnknownNodeIsRefusedWithATypedError() {
        assertThatThrownBy(() -> new ChannelProbe(FABRIC.fabric(), "NoSuchNode"))
                .isInstanceOf(IbsimException.class).hasMessageContaining("NoSuchNode");
    }

    private static byte[] vendorGet(int mgmtClass) {
        return Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(mgmtClass).classVersion(1).methodByte(Method.GET)
                .attributeId(ATTRIBUTE)).toByteArray();
    }
}
