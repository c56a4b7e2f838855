package io.reactiveumad.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.RmppMode;
import io.reactiveumad.Transport;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SmpHeader;
import io.reactiveumad.mad.VendorRange2Header;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.spi.channel.PortAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * What every transport must do the same way, run against each one (embedded, ibsim) by a subclass, on
 * the default topology: two switches, hosts host1..host4, the SM on host1.
 */
abstract class TransportContract {
    static final int VENDOR_CLASS = 0x30;
    static final int VENDOR_OUI = 0x00_14_05;
    static final int ECHO_ATTRIBUTE = 0xFF10;
    static final Duration PATIENCE = Duration.ofSeconds(60);

    private final List<MadPort> opened = new ArrayList<>();

    /** The transport a port on {@code node} is opened with. */
    abstract Transport transport(String node);

    /** Port 1 of {@code node} as its transport names it. */
    abstract PortSpec port(String node);

    MadPort open(String node) {
        MadPort port = Umad.open(transport(node), port(node)).block(PATIENCE);
        opened.add(port);
        return port;
    }

    /**
     * Waits for each close: a port whose close is still under way on ibsim keeps its node's
     * request-receiver role, so the next test's server agent on that node would be refused (EINVAL).
     */
    @AfterEach
    void closePorts() {
        opened.forEach(port -> port.close().block(PATIENCE));
        opened.clear();
    }

    static MadAgent agent(MadPort port, AgentSpec spec) {
        return port.agent(spec).block(PATIENCE);
    }

    static AgentSpec vendor(RmppMode rmpp, int... methods) {
        return new AgentSpec(VENDOR_CLASS, 1, 0, 0, VENDOR_OUI, rmpp, io.reactiveumad.Overflow.defaults())
                .withMethods(methods);
    }

    static Mad vendorGet(byte[] payload) {
        return Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(VENDOR_CLASS).classVersion(1).methodByte(Method.GET)
                    .attributeId(ECHO_ATTRIBUTE);
            new VendorRange2Header().wrap(b, 0).oui(VENDOR_OUI);
            b.put(VendorRange2Header.DATA_OFFSET, payload);
        });
    }

    /** {@code node} answers every vendor Get with {@code answer(request)}. */
    void serveVendor(String node, RmppMode rmpp, java.util.function.Function<ReceivedMad, Mad> answer) {
        MadAgent server = agent(open(node), vendor(rmpp, Method.GET));
        server.serve(req -> Mono.just(answer.apply(req)));
    }

    @Test
    void smpNodeInfoOfAnotherNodeByLid() {
        MadPort here = open("host1");
        PortAttributes host4 = open("host4").attributes();
        MadAgent smp = agent(here, AgentSpec.client(MgmtClass.SUBN_LID_ROUTED, 1));
        Mad get = Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_LID_ROUTED).classVersion(1)
                .methodByte(Method.GET).attributeId(AttributeId.Smp.NODE_INFO));
        ReceivedMad r = smp.request(get, MadAddress.smp(host4.lid())).block(PATIENCE);
        NodeInfo info = NodeInfo.decode(r.mad().buffer(), SmpHeader.DATA_OFFSET);
        assertThat(r.source().lid()).as("answered from host4's LID").isEqualTo(host4.lid());
        assertThat(info.nodeGuid()).as("host4's node, not ours").isEqualTo(host4.nodeGuid()).isNotEqualTo(here.attributes().nodeGuid());
        assertThat(info.portGuid()).as("the port owning the LID").isEqualTo(host4.gids().get(0).guid());
        assertThat(info.localPortNum()).isEqualTo(host4.port());
        assertThat(info.nodeType()).as("host4 is a channel adapter").isEqualTo(NodeInfo.TYPE_CHANNEL_ADAPTER);
    }

    @Test
    void requestAndResponseBetweenTwoPortsMatchByLowTidBits() {
        serveVendor("host2", RmppMode.NONE, req -> req.mad());
        MadPort client = open("host3");
        int lid = open("host2").attributes().lid();
        MadAgent agent = agent(client, vendor(RmppMode.NONE));
        List<Integer> echoed = Flux.range(0, 50)
                .flatMap(i -> agent.request(vendorGet(new byte[] {i.byteValue()}), MadAddress.gsi(lid))
                        .map(r -> r.mad().buffer().get(VendorRange2Header.DATA_OFFSET) - i), 8)
                .collectList().block(PATIENCE);
        assertThat(echoed).hasSize(50).containsOnly(0);
    }

    @Test
    void aPeerThatNeverAnswersEndsInATimeoutAfterEveryRetry() {
        MadPort client = open("host3");
        int silentLid = 0x3FF; // assigned to no port: the fabric drops what is sent there
        MadAgent agent = agent(client, vendor(RmppMode.NONE));
        RequestOptions quick = RequestOptions.defaults().withTimeout(Duration.ofMillis(200)).withRetries(2);
        StepVerifier.create(agent.request(vendorGet(new byte[] {1}), MadAddress.gsi(silentLid), quick))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(MadTimeoutException.class)
                        .hasMessageContaining("3 attempt(s)"))
                .verify(PATIENCE);
    }

    @Test
    void userRmppCarriesALongAnswerByteIdentical() {
        byte[] table = new byte[60_000];
        new Random(11).nextBytes(table);
        serveVendor("host2", RmppMode.USER, req -> Mad.build(VendorRange2Header.DATA_OFFSET + table.length, b -> {
            new MadHeader().wrap(b, 0).mgmtClass(VENDOR_CLASS).classVersion(1).methodByte(Method.GET)
                    .attributeId(ECHO_ATTRIBUTE);
            new VendorRange2Header().wrap(b, 0).oui(VENDOR_OUI);
            b.put(VendorRange2Header.DATA_OFFSET, table);
        }));
        int lid = open("host2").attributes().lid();
        MadAgent agent = agent(open("host3"), vendor(RmppMode.USER));
        ReceivedMad r = agent.request(vendorGet(new byte[] {1}), MadAddress.gsi(lid)).block(PATIENCE);
        byte[] got = r.mad().toByteArray();
        assertThat(Arrays.copyOfRange(got, VendorRange2Header.DATA_OFFSET, got.length)).isEqualTo(table);
    }
}
