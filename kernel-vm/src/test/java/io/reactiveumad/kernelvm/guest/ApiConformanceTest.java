package io.reactiveumad.kernelvm.guest;

import static io.reactiveumad.kernelvm.guest.VendorMads.CLASS;
import static io.reactiveumad.kernelvm.guest.VendorMads.GET;
import static io.reactiveumad.kernelvm.guest.VendorMads.GET_RESP;
import static io.reactiveumad.kernelvm.guest.VendorMads.OTHER_CLASS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.KernelTransport;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.RmppMode;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.mlnx.GeneralInfo;
import io.reactiveumad.mad.VendorRange2Header;
import io.reactiveumad.mad.NativeIoException;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;

/**
 * The same conformance through the public API ({@code Umad.open}, {@link MadPort}, {@link MadAgent}),
 * each port on its own umad fd of rxe0.
 */
@Order(40)
class ApiConformanceTest {
    private static final int EINVAL = 22;
    private static final RequestOptions QUICK = RequestOptions.defaults().withTimeout(Duration.ofMillis(200))
            .withRetries(2);
    /**
     * One long attempt: it outlasts a 1 MiB transfer (4855 segments) under TCG, where a resend would
     * restart it, and keeps a request outstanding in the kernel for as long as a test needs it.
     */
    private static final RequestOptions ONE_LONG_ATTEMPT = RequestOptions.defaults().withTimeout(Duration.ofSeconds(60))
            .withRetries(0);

    private final KernelPorts ports = new KernelPorts();
    private final MadAddress self = InVm.selfGsi();
    private final Duration deadline = FrameProbe.DEADLINE;

    /** Disposing the ports also ends every stream, server and request a test left running. */
    @AfterEach
    void closeAll() {
        ports.close();
    }

    @Test
    void openedPortDescribesRxe0() {
        assertThat(KernelTransport.system().ports()).contains(KernelPorts.RXE0);
        MadPort port = ports.open();
        assertThat(port.attributes().device()).isEqualTo(InVm.DEVICE);
        assertThat(port.attributes().isEthernet()).isTrue();
        assertThat(port.attributes().gids()).first().isEqualTo(InVm.gid0());
    }

    /**
     * What RoCE cannot carry is refused naming the port: an SMP agent (the kernel's EPROTONOSUPPORT, see
     * ChannelConformanceTest) and a MAD to a LID without a GRH (the kernel's EINVAL at the write).
     */
    @Test
    void onRoceAnSmpAgentAndAMadWithoutAGrhAreRefusedNamingThePort() {
        MadPort port = ports.open();
        assertThatThrownBy(() -> port.agent(AgentSpec.client(0x81, 1)).block(deadline))
                .isInstanceOfSatisfying(NativeIoException.class, e -> assertThat(e.errno()).isEqualTo(93))
                .hasMessageContaining("is a RoCE port (link layer Ethernet): it has no QP0");
        MadAgent client = client();
        assertThatThrownBy(() -> client.request(VendorMads.get(CLASS, 0), MadAddress.gsi(1), QUICK).block(deadline))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a GRH");
        // With a GRH the same request goes out, and the kernel answers it: nobody serves the class on this fd's port.
        assertThatThrownBy(() -> client.request(VendorMads.get(CLASS, 0), self, QUICK).block(deadline))
                .isInstanceOfSatisfying(MadStatusException.class, e -> assertThat(e.status()).isEqualTo(0x000C));
    }

    /**
     * Mellanox's vendor class (0x0A, range 1, what vendstat asks): the kernel registers its agents without an OUI (it
     * asks one of range 2 only) and carries its data from byte 24 whole: the GeneralInfo a server on one fd encodes is
     * the one a client on another decodes.
     */
    @Test
    void aRangeOneVendorClassNeedsNoOuiAndItsDataCrossesWhole() {
        MadAgent client = ports.open().agent(AgentSpec.client(MgmtClass.MLNX_VENDOR, 1)).block(deadline);
        MadAgent server = ports.open().agent(AgentSpec.server(MgmtClass.MLNX_VENDOR, 1, GET)).block(deadline);
        GeneralInfo info = new GeneralInfo(0xa0, 0xc738, 0x55b1c3, new GeneralInfo.Version(9, 4, 2000), 0x4d2,
                new GeneralInfo.BuildDate(0x03, 0x18, 0x2014, 0x1530), "MT_1270110020", 3, new GeneralInfo.Version(1, 2, 3));
        server.serve(req -> Mono.just(generalInfoMad(req.mad().method(), info)));
        ReceivedMad answer = client.request(generalInfoMad(GET, null), self, QUICK).block(deadline);
        assertThat(answer.mad().header().methodByte()).isEqualTo(GET_RESP);
        assertThat(GeneralInfo.decode(answer.mad().buffer(), MgmtClass.dataOffset(MgmtClass.MLNX_VENDOR))).isEqualTo(info);
    }

    /** A GeneralInfo MAD of Mellanox's class, carrying {@code info} when not null. */
    private static Mad generalInfoMad(int method, GeneralInfo info) {
        return Mad.build(MadHeader.MAD_SIZE, b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.MLNX_VENDOR).classVersion(1).methodByte(method)
                    .attributeId(GeneralInfo.ATTRIBUTE_ID);
            if (info != null) {
                info.encode(b, MgmtClass.dataOffset(MgmtClass.MLNX_VENDOR));
            }
        });
    }

    @Test
    void aTakenClassAndMethodIsATypedRegistrationError() {
        KernelPorts.agent(ports.open(), CLASS, RmppMode.KERNEL, GET);
        MadPort other = ports.open();
        assertThatThrownBy(() -> KernelPorts.agent(other, CLASS, RmppMode.KERNEL, GET))
                .isInstanceOfSatisfying(NativeIoException.class, e -> assertThat(e.errno()).isEqualTo(EINVAL));
    }

    @Test
    void requestGetsTheResponseMatchedByTheLow32TidBitsTheKernelKept() {
        MadAgent client = client();
        MadAgent server = server();
        BlockingQueue<Long> tidsAtServer = new LinkedBlockingQueue<>();
        server.serve(req -> {
            tidsAtServer.add(req.mad().tid());
            return Mono.just(VendorMads.response(req.mad(), VendorMads.SINGLE_MAD_DATA, false));
        });
        ReceivedMad response = client.request(VendorMads.get(CLASS, 0), self).block(deadline);

        assertThat(response.mad().header().methodByte()).isEqualTo(GET_RESP);
        assertThat(VendorMads.firstMismatch(response.mad(), VendorMads.SINGLE_MAD_DATA)).isEqualTo(-1);
        long atServer = tidsAtServer.poll();
        assertThat((int) atServer).isEqualTo(response.mad().tidLow());
        assertThat(atServer >>> 32).as("high TID bits set by the kernel").isNotZero();
    }

    @Test
    void kernelTimeoutRecordFailsTheRequestWithMadTimeoutException() throws Exception {
        MadAgent client = client();
        MadAgent server = server();
        BlockingQueue<ReceivedMad> ignored = new LinkedBlockingQueue<>();
        server.receive().subscribe(ignored::add);
        assertThatThrownBy(() -> client.request(VendorMads.get(CLASS, 0), self, QUICK).block(deadline))
                .isInstanceOf(MadTimeoutException.class)
                .hasMessageContaining("kernel ETIMEDOUT");
        List<ReceivedMad> copies = List.of(take(ignored), take(ignored), take(ignored));
        assertThat(copies).as("the request and two kernel resends, one TID")
                .extracting(r -> r.mad().tidLow()).containsOnly(copies.get(0).mad().tidLow());
    }

    @Test
    void aDuplicateOutstandingTidSurfacesAsATypedEinval() throws Exception {
        MadAgent client = client();
        MadAgent server = server();
        BlockingQueue<ReceivedMad> requests = new LinkedBlockingQueue<>();
        server.receive().subscribe(requests::add);
        client.request(VendorMads.get(CLASS, 0), self, ONE_LONG_ATTEMPT).subscribe(r -> { }, e -> { });
        int outstandingTid = take(requests).mad().tidLow();
        Mad duplicate = VendorMads.get(CLASS, outstandingTid & 0xFFFF_FFFFL);

        assertThatThrownBy(() -> client.send(duplicate, self).block(deadline))
                .isInstanceOfSatisfying(NativeIoException.class, e -> assertThat(e.errno()).isEqualTo(EINVAL));
    }

    @ParameterizedTest(name = "{0} data bytes")
    @ValueSource(ints = {217, 60_000, 1 << 20})
    void kernelRmppResponseArrivesWhole(int dataLength) {
        assertLongResponseArrives(client(), server(), dataLength);
    }

    @ParameterizedTest(name = "{0} data bytes")
    @ValueSource(ints = {217, 1_000, 60_000, 1 << 20})
    void userRmppClientReassemblesAKernelRmppResponse(int dataLength) {
        MadAgent client = KernelPorts.agent(ports.open(), CLASS, RmppMode.USER);
        MadAgent server = server();
        assertLongResponseArrives(client, server, dataLength);
    }

    @ParameterizedTest(name = "{0} data bytes")
    @ValueSource(ints = {217, 1_000, 60_000, 1 << 20})
    void userRmppServerSegmentsAResponseTheKernelReassembles(int dataLength) {
        MadAgent client = client();
        MadAgent server = KernelPorts.agent(ports.open(), CLASS, RmppMode.USER, GET);
        assertLongResponseArrives(client, server, dataLength);
    }

    private void assertLongResponseArrives(MadAgent client, MadAgent server, int dataLength) {
        server.serve(req -> Mono.just(VendorMads.response(req.mad(), dataLength, true)));

        ReceivedMad response = client.request(VendorMads.get(CLASS, 0), self, ONE_LONG_ATTEMPT)
                .block(ONE_LONG_ATTEMPT.timeout());

        assertThat(response.mad().length()).isEqualTo(VendorRange2Header.DATA_OFFSET + dataLength);
        assertThat(VendorMads.firstMismatch(response.mad(), dataLength)).as("first corrupted data byte").isEqualTo(-1);
    }

    @Test
    void withoutDemandNothingIsReadThenEverythingArrives() {
        int queued = 20;
        MadAgent client = KernelPorts.agent(ports.open(), CLASS, RmppMode.KERNEL);
        MadAgent markerClient = KernelPorts.agent(ports.open(), OTHER_CLASS, RmppMode.KERNEL);
        MadPort serverPort = ports.open();
        MadAgent server = KernelPorts.agent(serverPort, CLASS, RmppMode.KERNEL, GET);
        MadAgent marker = KernelPorts.agent(ports.open(), OTHER_CLASS, RmppMode.KERNEL, GET);
        marker.serve(req -> Mono.just(VendorMads.response(req.mad(), VendorMads.SINGLE_MAD_DATA, false)));
        for (int i = 0; i < queued; i++) {
            client.send(VendorMads.get(CLASS, i), self).block(deadline);
        }
        // The marker request leaves the same QP after them: once it is answered, they have arrived.
        markerClient.request(VendorMads.get(OTHER_CLASS, 0), self).block(deadline);
        assertThat(serverPort.stats().received()).as("MADs read with no demand").isZero();

        List<ReceivedMad> all = server.receive().take(queued).collectList().block(deadline);
        assertThat(all).extracting(r -> r.mad().tidLow())
                .containsExactlyInAnyOrderElementsOf(IntStream.range(0, queued).boxed().toList());
    }

    /** A client of the vendor class on a port (umad fd) of its own. */
    private MadAgent client() {
        return KernelPorts.agent(ports.open(), CLASS, RmppMode.KERNEL);
    }

    /** A server of the vendor class's Get on a port of its own. */
    private MadAgent server() {
        return KernelPorts.agent(ports.open(), CLASS, RmppMode.KERNEL, GET);
    }

    private ReceivedMad take(BlockingQueue<ReceivedMad> queue) throws InterruptedException {
        ReceivedMad mad = queue.poll(deadline.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(mad).as("a MAD within %s", deadline).isNotNull();
        return mad;
    }
}
