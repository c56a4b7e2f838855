package io.reactiveumad.kernelvm.guest;

import static io.reactiveumad.kernelvm.guest.VendorMads.CLASS;
import static io.reactiveumad.kernelvm.guest.VendorMads.GET;
import static io.reactiveumad.kernelvm.guest.VendorMads.GET_RESP;
import static io.reactiveumad.kernelvm.guest.VendorMads.OTHER_CLASS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.spi.channel.MadFrame;
import io.reactiveumad.spi.channel.PortAttributes;
import io.reactiveumad.poll.kernel.UmadPortRef;
import io.reactiveumad.poll.kernel.UmadSysfs;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The kernel channel against the real ib_umad ABI: registration, a request/response between two agents
 * on two fds, the kernel's TID rewriting, its timeout record and its refusal of a duplicate TID.
 */
@Order(10)
class ChannelConformanceTest {
    private static final int EINVAL = 22;
    private static final int EPROTONOSUPPORT = 93;
    private static final long GET_MASK = 1L << GET;
    /** The kernel's MAD status for a class nobody registered: unsupported class/version (code 3 << 2). */
    private static final int STATUS_UNSUPPORTED_CLASS = 0x000C;
    private static final long TID_HIGH = 0xCAFE_BABEL << 32;

    private final KernelChannels channels = new KernelChannels();
    private final FrameProbe clientFrames = new FrameProbe("client");
    private final FrameProbe serverFrames = new FrameProbe("server");
    private MadChannel client;
    private MadChannel server;
    private final MadAddress self = InVm.selfGsi();

    @BeforeEach
    void openTwoFds() {
        client = channels.open(clientFrames);
        server = channels.open(serverFrames);
    }

    @AfterEach
    void closeAll() throws Exception {
        channels.close();
    }

    @Test
    void sysfsDiscoveryFindsRxe0() {
        UmadSysfs sysfs = UmadSysfs.system();
        assertThat(sysfs.abiVersion()).isEqualTo(UmadSysfs.ABI_VERSION);
        assertThat(sysfs.ports()).extracting(UmadPortRef::ibdev, UmadPortRef::port)
                .contains(tuple(InVm.DEVICE, InVm.PORT));
    }

    @Test
    void portAttributesComeFromSysfs() {
        PortAttributes port = server.port();
        assertThat(port.device()).isEqualTo(InVm.DEVICE);
        assertThat(port.port()).isEqualTo(InVm.PORT);
        assertThat(port.isActive()).isTrue();
        assertThat(port.isEthernet()).isTrue();
        assertThat(port.gids()).first().isEqualTo(InVm.gid0());
    }

    /** RoCE has no QP0: the kernel refuses an SMP agent with EPROTONOSUPPORT, which the core turns into its reason. */
    @Test
    void anSmpAgentIsRefusedOnRoceWithEprotonosupport() {
        AgentRegistration smp = new AgentRegistration(0, 0x81, 1, 0, 0, 0, 0, false);
        assertThatThrownBy(() -> KernelChannels.onLoop(server, () -> server.registerAgent(smp)))
                .isInstanceOfSatisfying(NativeIoException.class, e -> assertThat(e.errno()).isEqualTo(EPROTONOSUPPORT));
    }

    /**
     * The kernel is the oracle of {@link AgentRegistration#refusal}, the rules ibsim's and the embedded fabric's
     * channels apply in its place: each registration, made in turn on one fd (accepted ones kept), is refused with
     * EINVAL exactly when the rule says so. QP1 alone: RoCE refuses every QP0 agent before looking at it.
     */
    @Test
    void theKernelRefusesWhatTheSharedRegistrationRulesRefuse() {
        long get = 1L << GET;
        List<AgentRegistration> cases = List.of(
                new AgentRegistration(1, 0, 1, 0, 0, 0, 0, false),              // a client-only agent
                new AgentRegistration(1, 0x99, 1, 0, 0, 0, 0, false),           // a reserved class
                new AgentRegistration(1, 0x50, 1, 0, 0, 0, 0, false),           // the first reserved class
                new AgentRegistration(1, 0x4F, 1, get, 0, 0, 0, false),         // vendor range 2 without an OUI
                new AgentRegistration(1, 0x4F, 1, get, 0, 0x001405, 0, false),  // ... with one
                new AgentRegistration(1, 0x4F, 1, get, 0, 0x001406, 0, false),  // the same method for another OUI
                new AgentRegistration(1, 0x4F, 1, get, 0, 0x001405, 0, false),  // the same method, class, version, OUI
                new AgentRegistration(1, 0x04, 1, 0, 0, 0, 1, false),           // RMPP on a class without it
                new AgentRegistration(1, 0x03, 2, 0, 0, 0, 1, false),           // RMPP on the SA class
                new AgentRegistration(1, 0x04, 1, get, 0, 0, 0, false),         // PerfMgt Get
                new AgentRegistration(1, 0x04, 1, get | 1L << 2, 0, 0, 0, false), // Get again, with Set
                new AgentRegistration(1, 0x04, 2, get, 0, 0, 0, false));        // Get of another version
        List<AgentRegistration> held = new java.util.ArrayList<>();
        List<String> disagreements = new java.util.ArrayList<>();
        for (AgentRegistration registration : cases) {
            java.util.Optional<String> rule = registration.refusal(held);
            Integer errno = null;
            try {
                KernelChannels.onLoop(server, () -> server.registerAgent(registration));
                held.add(registration);
            } catch (NativeIoException e) {
                errno = e.errno();
            }
            boolean agrees = rule.isPresent() ? Integer.valueOf(EINVAL).equals(errno) : errno == null;
            if (!agrees) {
                disagreements.add(registration + ": the rule says " + rule.orElse("yes") + ", the kernel "
                        + (errno == null ? "took it" : "errno " + errno));
            }
        }
        assertThat(disagreements).isEmpty();
        assertThat(held).as("the client, two OUIs, the SA with RMPP, PerfMgt Get of versions 1 and 2").hasSize(6);
    }

    @Test
    void aClassVersionMethodBelongsToOneAgentUntilUnregisteredOrClosed() {
        int first = channels.register(server, CLASS, GET_MASK, 1, false);
        assertThat(first).isNotNegative();

        assertThatThrownBy(() -> channels.register(client, CLASS, GET_MASK, 1, false))
                .isInstanceOfSatisfying(NativeIoException.class, e -> assertThat(e.errno()).isEqualTo(EINVAL));

        channels.unregister(server, first);
        int second = channels.register(client, CLASS, GET_MASK, 1, false);
        assertThat(second).isNotNegative();

        client.close();
        MadChannel reopened = channels.open(new FrameProbe("reopened"));
        assertThat(channels.register(reopened, CLASS, GET_MASK, 1, false)).isNotNegative();
    }

    @Test
    void onlyMethodsInTheMaskReachTheServer() throws Exception {
        int clientAgent = channels.register(client, CLASS, 0, 1, false);
        channels.register(server, CLASS, GET_MASK, 1, false);

        channels.send(client, KernelChannels.request(clientAgent, self,
                VendorMads.request(CLASS, VendorMads.SET, 0x7001)));
        channels.send(client, KernelChannels.request(clientAgent, self, VendorMads.get(CLASS, 0x7002)));

        assertThat(Mad.of(serverFrames.next().mad()).tidLow()).as("the Get, sent after the Set").isEqualTo(0x7002);
        Mad refusal = Mad.of(clientFrames.next().mad());
        assertThat(refusal.tidLow()).isEqualTo(0x7001);
        assertThat(refusal.header().methodByte()).as("the kernel answers a Set with GetResp").isEqualTo(GET_RESP);
        assertThat(refusal.status()).as("an unsupported-method status").isNotZero();
    }

    @Test
    void requestAndResponseBetweenTwoAgentsOnTwoFds() throws Exception {
        int clientAgent = channels.register(client, CLASS, 0, 1, false);
        int serverAgent = channels.register(server, CLASS, GET_MASK, 1, false);

        Mad request = VendorMads.get(CLASS, TID_HIGH | 0x1234);
        channels.send(client, KernelChannels.request(clientAgent, self, request));
        MadFrame atServer = serverFrames.next();
        Mad received = Mad.of(atServer.mad());
        assertThat(atServer.agentId()).isEqualTo(serverAgent);
        assertThat(received.method()).isEqualTo(GET);
        assertThat(received.tidLow()).isEqualTo(request.tidLow());
        assertThat(atServer.address().grh()).isNotNull();
        assertThat(atServer.address().grh().gid()).isEqualTo(InVm.gid0());
        assertThat(VendorMads.firstMismatch(received, VendorMads.SINGLE_MAD_DATA)).isEqualTo(-1);

        Mad response = VendorMads.response(received, VendorMads.SINGLE_MAD_DATA, false);
        channels.send(server, MadFrame.send(serverAgent, atServer.address(), response.toByteArray()));
        MadFrame atClient = clientFrames.next();
        assertThat(atClient.agentId()).isEqualTo(clientAgent);
        assertThat(atClient.status()).isZero();
        Mad answer = Mad.of(atClient.mad());
        assertThat(answer.header().methodByte()).isEqualTo(GET_RESP);
        assertThat(answer.tidLow()).isEqualTo(request.tidLow());
    }

    @Test
    void kernelRewritesTheHighTidBitsPerAgentAndKeepsTheLow32() throws Exception {
        int clientAgent = channels.register(client, CLASS, 0, 1, false);
        int serverAgent = channels.register(server, CLASS, GET_MASK, 1, false);
        MadChannel other = channels.open(new FrameProbe("other client"));
        int otherAgent = channels.register(other, CLASS, 0, 1, false);

        channels.send(client, KernelChannels.request(clientAgent, self, VendorMads.get(CLASS, TID_HIGH | 1)));
        channels.send(client, KernelChannels.request(clientAgent, self, VendorMads.get(CLASS, TID_HIGH | 2)));
        channels.send(other, KernelChannels.request(otherAgent, self, VendorMads.get(CLASS, TID_HIGH | 3)));
        List<Mad> seen = List.of(Mad.of(serverFrames.next().mad()), Mad.of(serverFrames.next().mad()),
                Mad.of(serverFrames.next().mad()));

        assertThat(seen).extracting(Mad::tidLow).containsExactlyInAnyOrder(1, 2, 3);
        long clientHigh = highOf(seen, 1);
        assertThat(highOf(seen, 2)).isEqualTo(clientHigh);
        assertThat(clientHigh).isNotEqualTo(TID_HIGH >>> 32);
        assertThat(highOf(seen, 3)).isNotEqualTo(clientHigh);

        Mad request = seen.stream().filter(m -> m.tidLow() == 1).findFirst().orElseThrow();
        channels.send(server, MadFrame.send(serverAgent, self, VendorMads.response(request, 16, false).toByteArray()));
        Mad answer = Mad.of(clientFrames.next().mad());
        assertThat(answer.tidLow()).isEqualTo(1);
        assertThat(answer.tid() >>> 32).as("the kernel does not restore the sender's high bits").isEqualTo(clientHigh);
    }

    @Test
    void unansweredRequestEndsInAKernelTimeoutRecordAfterEveryRetry() throws Exception {
        int clientAgent = channels.register(client, CLASS, 0, 1, false);
        channels.register(server, CLASS, GET_MASK, 1, false);

        Mad request = VendorMads.get(CLASS, 0x2000);
        channels.send(client, new MadFrame(clientAgent, 0, 200, 2, self, request.toByteArray()));
        MadFrame record = clientFrames.next();

        assertThat(record.isTimeoutRecord()).isTrue();
        assertThat(record.agentId()).isEqualTo(clientAgent);
        assertThat(record.mad()).hasSize(MadHeader.SIZE);
        assertThat(Mad.of(record.mad()).tidLow()).isEqualTo(request.tidLow());
        List<MadFrame> copies = List.of(serverFrames.next(), serverFrames.next(), serverFrames.next());
        assertThat(copies).as("the first send and two kernel resends, all with the same TID")
                .allSatisfy(copy -> assertThat(Mad.of(copy.mad()).tidLow()).isEqualTo(request.tidLow()));
        assertThat(serverFrames.drain()).as("no copy beyond the retries").isEmpty();
    }

    @Test
    void aSecondOutstandingRequestWithTheSameTidIsATypedEinval() throws Exception {
        int clientAgent = channels.register(client, CLASS, 0, 1, false);
        channels.register(server, CLASS, GET_MASK, 1, false);
        MadFrame request = KernelChannels.request(clientAgent, self, VendorMads.get(CLASS, 0x4000));

        channels.send(client, request);
        assertThatThrownBy(() -> channels.send(client, request))
                .isInstanceOfSatisfying(NativeIoException.class, e -> assertThat(e.errno()).isEqualTo(EINVAL));
        assertThat(Mad.of(serverFrames.next().mad()).tidLow()).isEqualTo(0x4000);
    }

    @Test
    void aGetToAClassNobodyServesIsAnsweredByTheKernel() throws Exception {
        int clientAgent = channels.register(client, OTHER_CLASS, 0, 1, false);

        channels.send(client, KernelChannels.request(clientAgent, self, VendorMads.get(OTHER_CLASS, 0x3000)));
        Mad answer = Mad.of(clientFrames.next().mad());

        assertThat(answer.header().methodByte()).isEqualTo(GET_RESP);
        assertThat(answer.status()).isEqualTo(STATUS_UNSUPPORTED_CLASS);
        assertThat(answer.tidLow()).isEqualTo(0x3000);
    }

    private static long highOf(List<Mad> mads, int tidLow) {
        return mads.stream().filter(m -> m.tidLow() == tidLow).findFirst().orElseThrow().tid() >>> 32;
    }
}
