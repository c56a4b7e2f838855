package io.reactiveumad.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.spi.LoopScheduler;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.mad.sa.LinkRecord;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.mad.sa.ServiceRecord;
import io.reactiveumad.operators.Rmpp;
import io.reactiveumad.operators.RmppEvent;
import io.reactiveumad.operators.RmppInbound;
import io.reactiveumad.operators.RmppOptions;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.MadFrame;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Sinks;

/** The embedded SA at the frame level: records, registrations, RMPP tables, InformInfo and Reports. */
class SubnetAdministratorTest extends FabricTestSupport {
    private static final AgentRegistration SA_CLIENT = new AgentRegistration(1, MgmtClass.SUBN_ADM, 2,
            1L << Method.REPORT, 0, 0, 0, false);

    private static byte[] sa(int method, int attribute, long mask, MadAttribute record, int tidLow) {
        return Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_ADM).classVersion(2).methodByte(method).tid(tidLow)
                    .attributeId(attribute);
            new SaHeader().wrap(b, 0).componentMask(mask);
            if (record != null) {
                record.encode(b, SaHeader.DATA_OFFSET);
            }
        }).toByteArray();
    }

    private void request(OpenPort port, int agent, byte[] mad) {
        on(() -> port.channel.send(MadFrame.send(agent, MadAddress.gsi(fabric.smLid()), mad)));
    }

    private static Mad last(OpenPort port) {
        return Mad.of(port.frames.get(port.frames.size() - 1).mad());
    }

    @Test
    void nodeRecordGetMatchesTheComponentMask() {
        OpenPort host3 = open("host3");
        int agent = on(() -> host3.channel.registerAgent(SA_CLIENT));
        long sw2 = fabric.topology().requireNode("sw2").nodeGuid();
        NodeRecord template = new NodeRecord(0, new NodeInfo(0, 0, 0, 0, 0, sw2, 0, 0, 0, 0, 0, 0), new NodeDescription(""));

        request(host3, agent, sa(Method.GET, NodeRecord.ATTRIBUTE_ID, NodeRecord.Component.NODE_GUID, template, 1));

        Mad response = last(host3);
        assertThat(response.status()).isZero();
        NodeRecord r = NodeRecord.decode(response.buffer(), SaHeader.DATA_OFFSET);
        assertThat(r.lid()).isEqualTo(fabric.lid("sw2", 0));
        assertThat(r.nodeDescription().text()).isEqualTo("sw2 leaf switch");

        request(host3, agent, sa(Method.GET, NodeRecord.ATTRIBUTE_ID, 0, template, 2));
        assertThat(last(host3).status()).as("six nodes match an empty mask").isEqualTo(SaOutcome.TOO_MANY_RECORDS);
    }

    /** Reassembles RMPP responses with our own receiver, ACKing through the channel as a client would. */
    private List<byte[]> getTable(OpenPort port, int agent, byte[] request) {
        Sinks.Many<RmppInbound> inbound = Sinks.many().unicast().onBackpressureBuffer();
        List<byte[]> messages = new ArrayList<>();
        Rmpp.receive(inbound.asFlux(), RmppOptions.defaults(), new LoopScheduler(fabric.executor())).subscribe(event -> {
            if (event instanceof RmppEvent.Control c) {
                port.channel.send(MadFrame.send(agent, MadAddress.gsi(fabric.smLid()), c.mad()));
            } else if (event instanceof RmppEvent.Message m) {
                messages.add(m.bytes());
            }
        });
        int seen = port.frames.size();
        request(port, agent, request);
        for (int step = 0; step < 100 && messages.isEmpty(); step++) {
            for (; seen < port.frames.size(); seen++) {
                byte[] mad = port.frames.get(seen).mad();
                on(() -> inbound.tryEmitNext(new RmppInbound(fabric.smLid(), mad)));
            }
            time.advanceTimeBy(Duration.ofMillis(500));
        }
        return messages;
    }

    private static <T> List<T> records(byte[] message, int size, java.util.function.BiFunction<ByteBuffer, Integer, T> decode) {
        ByteBuffer buf = ByteBuffer.wrap(message);
        int stride = new SaHeader().wrap(buf, 0).attributeOffset() * SaHeader.ATTRIBUTE_OFFSET_UNIT;
        List<T> out = new ArrayList<>();
        for (int at = SaHeader.DATA_OFFSET; at + size <= message.length; at += stride) {
            out.add(decode.apply(buf, at));
        }
        return out;
    }

    @Test
    void largeGetTableGoesOutByRmppEvenWithLoss() {
        OpenPort host3 = open("host3");
        int agent = on(() -> host3.channel.registerAgent(SA_CLIENT));
        fabric.faults().seed(3).drop(0.3, MadMatch.toNode("host3").mgmtClass(MgmtClass.SUBN_ADM));

        List<byte[]> messages = getTable(host3, agent, sa(Method.GET_TABLE, NodeRecord.ATTRIBUTE_ID, 0, null, 3));

        assertThat(messages).singleElement().satisfies(m -> {
            assertThat(m.length).as("six 108-byte records, 112 apart, after the SA header").isEqualTo(56 + 6 * 112);
            assertThat(records(m, NodeRecord.SIZE, NodeRecord::decode)).extracting(r -> r.nodeDescription().text())
                    .containsExactlyInAnyOrder("sw1 leaf switch", "sw2 leaf switch", "host1 HCA-1", "host2 HCA-1",
                            "host3 HCA-1", "host4 HCA-1");
        });
        assertThat(fabric.faults().dropped()).as("the loss really happened").isPositive();
    }

    @Test
    void smallGetTableIsOneMadAndLinkRecordsListBothDirections() {
        OpenPort host3 = open("host3");
        int agent = on(() -> host3.channel.registerAgent(SA_CLIENT));
        int sw1 = fabric.lid("sw1", 0);

        request(host3, agent, sa(Method.GET_TABLE, LinkRecord.ATTRIBUTE_ID, LinkRecord.Component.FROM_LID,
                new LinkRecord(sw1, 0, 0, 0), 4));

        Mad response = last(host3);
        assertThat(response.method()).isEqualTo(Method.GET_TABLE);
        assertThat(response.isResponse()).isTrue();
        io.reactiveumad.mad.RmppHeader rmpp = new io.reactiveumad.mad.RmppHeader().wrap(response.toByteArray());
        assertThat(rmpp.payloadLength()).as("SA header and four 8-byte strides").isEqualTo(20 + 4 * 8);
        byte[] records = Arrays.copyOf(response.toByteArray(), 36 + (int) rmpp.payloadLength());
        assertThat(records(records, LinkRecord.SIZE, LinkRecord::decode))
                .extracting(LinkRecord::fromPort).containsExactlyInAnyOrder(1, 2, 7, 8);
    }

    /**
     * A PathRecord between two GIDs; with the source left open, as OpenSM answers, from any port (the first by port
     * GUID), not the requester's.
     */
    @Test
    void pathRecordBetweenTwoGidsAndToAGidFromAnyPort() {
        OpenPort host1 = open("host1");
        int agent = on(() -> host1.channel.registerAgent(SA_CLIENT));
        Gid host2 = new Gid(0xfe80_0000_0000_0000L, fabric.topology().requireNode("host2").portGuid(1));
        Gid host4 = new Gid(0xfe80_0000_0000_0000L, fabric.topology().requireNode("host4").portGuid(1));

        request(host1, agent, sa(Method.GET, PathRecord.ATTRIBUTE_ID, PathRecord.Component.SGID | PathRecord.Component.DGID,
                PathRecord.query(host2, host4), 5));
        PathRecord path = PathRecord.decode(last(host1).buffer(), SaHeader.DATA_OFFSET);
        assertThat(path.dlid()).isEqualTo(fabric.lid("host4", 1));
        assertThat(path.slid()).isEqualTo(fabric.lid("host2", 1));
        assertThat(path.dgid()).isEqualTo(host4);

        request(host1, agent, sa(Method.GET, PathRecord.ATTRIBUTE_ID, PathRecord.Component.DGID,
                PathRecord.query(Gid.ZERO, host4), 6));
        PathRecord fromAny = PathRecord.decode(last(host1).buffer(), SaHeader.DATA_OFFSET);
        long lowestGuid = fabric.topology().nodes().stream()
                .mapToLong(n -> n.portGuid(1))
                .reduce((a, b) -> Long.compareUnsigned(a, b) <= 0 ? a : b).orElseThrow();
        assertThat(fromAny.dgid()).isEqualTo(host4);
        assertThat(fromAny.sgid().guid()).isEqualTo(lowestGuid);
    }

    @Test
    void serviceRecordsRegisterListAndDelete() {
        OpenPort host2 = open("host2");
        int agent = on(() -> host2.channel.registerAgent(SA_CLIENT));
        Gid gid = new Gid(0xfe80_0000_0000_0000L, fabric.topology().requireNode("host2").portGuid(1));
        ServiceRecord service = new ServiceRecord(0x1234, gid, 0xFFFF, ServiceRecord.LEASE_INFINITE,
                Octets.zeros(ServiceRecord.KEY_SIZE), "demo", Octets.zeros(ServiceRecord.DATA_SIZE));

        request(host2, agent, sa(Method.SET, ServiceRecord.ATTRIBUTE_ID, ServiceRecord.Component.SERVICE_ID, service, 5));
        assertThat(last(host2).status()).as("a registration names ServiceGID too, as OpenSM wants")
                .isEqualTo(SaOutcome.REQ_INVALID);
        long rid = ServiceRecord.Component.SERVICE_ID | ServiceRecord.Component.SERVICE_GID;
        request(host2, agent, sa(Method.SET, ServiceRecord.ATTRIBUTE_ID, rid, service, 6));
        assertThat(last(host2).status()).isZero();
        request(host2, agent, sa(Method.GET, ServiceRecord.ATTRIBUTE_ID, ServiceRecord.Component.SERVICE_NAME, service, 7));
        assertThat(last(host2).status()).isZero();
        assertThat(ServiceRecord.decode(last(host2).buffer(), SaHeader.DATA_OFFSET).serviceId()).isEqualTo(0x1234);

        request(host2, agent, sa(Method.DELETE, ServiceRecord.ATTRIBUTE_ID, rid, service, 8));
        assertThat(last(host2).status()).isZero();
        request(host2, agent, sa(Method.GET, ServiceRecord.ATTRIBUTE_ID, ServiceRecord.Component.SERVICE_ID, service, 9));
        assertThat(last(host2).status()).isEqualTo(SaOutcome.NO_RECORDS);
    }

    /** Subscribes {@code port} to {@code trap} and returns the agent id. */
    private int subscribe(OpenPort port, int trap) {
        int agent = on(() -> port.channel.registerAgent(SA_CLIENT));
        InformInfo subscribe = new InformInfo(Gid.ZERO, InformInfo.ALL, 0, true, true, InformInfo.ALL, trap, 1, 0,
                InformInfo.ALL_PRODUCERS);
        request(port, agent, sa(Method.SET, InformInfo.ATTRIBUTE_ID, 0, subscribe, 10));
        assertThat(last(port).status()).isZero();
        port.frames.clear();
        return agent;
    }

    private static List<Notice> reports(OpenPort port) {
        return port.frames.stream().map(f -> Mad.of(f.mad())).filter(m -> m.method() == Method.REPORT && !m.isResponse())
                .map(m -> Notice.decode(m.buffer(), SaHeader.DATA_OFFSET)).toList();
    }

    @Test
    void unlinkReportsGidOutOfServiceAndRelinkGidInServiceToSubscribers() {
        OpenPort host3 = open("host3");
        int agent = subscribe(host3, InformInfo.ALL);
        long host4 = fabric.topology().requireNode("host4").portGuid(1);

        fabric.unlink("host4", 1);
        assertThat(reports(host3)).extracting(Notice::trapNumber).containsExactlyInAnyOrder(65, 128);
        assertThat(reports(host3)).filteredOn(n -> n.trapNumber() == 65).singleElement()
                .satisfies(n -> assertThat(((TrapDetails.GidDetails) n.details()).gid().guid()).isEqualTo(host4));
        answerReports(host3, agent);

        fabric.relink("host4", 1);
        assertThat(reports(host3)).extracting(Notice::trapNumber).containsExactlyInAnyOrder(64, 128);
        answerReports(host3, agent);
        time.advanceTimeBy(Duration.ofSeconds(10));
        assertThat(reports(host3)).as("answered reports are not resent").isEmpty();
    }

    private void answerReports(OpenPort port, int agent) {
        for (MadFrame f : List.copyOf(port.frames)) {
            byte[] resp = f.mad().clone();
            resp[MadHeader.METHOD_OFFSET] = (byte) Method.REPORT_RESP;
            on(() -> port.channel.send(MadFrame.send(agent, f.address(), resp)));
        }
        port.frames.clear();
    }

    @Test
    void unansweredReportsAreResentWithTheSameTid() {
        OpenPort host3 = open("host3");
        subscribe(host3, Notice.TRAP_LOCAL_CHANGES);

        fabric.setNodeDescription("host2", 1, "renamed");
        time.advanceTimeBy(Duration.ofSeconds(5));

        assertThat(reports(host3)).hasSize(4).allSatisfy(n -> assertThat(n.trapNumber()).isEqualTo(144));
        assertThat(host3.frames).extracting(f -> Mad.of(f.mad()).tid()).containsOnly(Mad.of(host3.frames.get(0).mad()).tid());
        assertThat(fabric.reportsSent()).isEqualTo(4);
    }

    @Test
    void aRestartedSmForgetsSubscriptionsAndAsksClientsToReregister() {
        OpenPort host3 = open("host3");
        subscribe(host3, InformInfo.ALL);

        fabric.restartSm();

        assertThat(fabric.subscriptions()).isZero();
        int agent = on(() -> host3.channel.registerAgent(new AgentRegistration(0, MgmtClass.SUBN_DIRECTED_ROUTE, 1, 0, 0, 0,
                0, false)));
        byte[] portInfo = Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_DIRECTED_ROUTE).classVersion(1).methodByte(Method.GET)
                    .attributeId(io.reactiveumad.mad.attr.PortInfo.ATTRIBUTE_ID).attributeModifier(1);
            new io.reactiveumad.mad.DirectedRouteSmp().wrap(b, 0).route().drSlid(MadAddress.PERMISSIVE_LID)
                    .drDlid(MadAddress.PERMISSIVE_LID);
        }).toByteArray();
        on(() -> host3.channel.send(MadFrame.send(agent, MadAddress.smp(MadAddress.PERMISSIVE_LID), portInfo)));
        assertThat(io.reactiveumad.mad.attr.PortInfo.decode(last(host3).buffer(), 64).clientReregister()).isTrue();
    }

    @Test
    void aMovedSmGivesEveryPortANewSmLidAndTheSaAnswersThere() {
        OpenPort host3 = open("host3");
        int agent = on(() -> host3.channel.registerAgent(SA_CLIENT));
        int oldSm = fabric.smLid();

        fabric.moveSm("host2", 1);

        assertThat(fabric.smLid()).isEqualTo(fabric.lid("host2", 1)).isNotEqualTo(oldSm);
        assertThat(host3.channel.port().smLid()).isEqualTo(fabric.smLid());
        request(host3, agent, sa(Method.GET, ClassPortInfo.ATTRIBUTE_ID, 0, null, 13));
        assertThat(last(host3).status()).isZero();
        on(() -> host3.channel.send(MadFrame.send(agent, MadAddress.gsi(oldSm),
                sa(Method.GET, ClassPortInfo.ATTRIBUTE_ID, 0, null, 14))));
        assertThat(last(host3).status()).as("nobody serves the SA at the old LID")
                .isEqualTo(io.reactiveumad.mad.MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE);
    }

    @Test
    void unsubscribeStopsReportsAndMulticastJoinsReportGroupCreation() {
        OpenPort host3 = open("host3");
        int agent = subscribe(host3, InformInfo.ALL);
        assertThat(fabric.subscriptions()).isEqualTo(1);
        Gid me = new Gid(0xfe80_0000_0000_0000L, fabric.topology().requireNode("host3").portGuid(1));

        McMemberRecord join = new McMemberRecord(Gid.ZERO, me, 0, 0, 0, 0, 0, 0xFFFF, 0, 0, 0, 0, 0, 0, 0, 2,
                McMemberRecord.JOIN_FULL_MEMBER, false);
        request(host3, agent, sa(Method.SET, McMemberRecord.ATTRIBUTE_ID, McMemberRecord.Component.CREATE, join, 11));
        McMemberRecord joined = McMemberRecord.decode(last(host3).buffer(), SaHeader.DATA_OFFSET);
        assertThat(joined.mlid()).as("the first after IPoIB's broadcast group's").isEqualTo(0xC001);
        assertThat(joined.mgid()).as("named by the SA as OpenSM names it: its signature, the subnet prefix, a count")
                .isEqualTo(new Gid(0xff12_a01b_fe80_0000L, 0));
        assertThat(reports(host3)).extracting(Notice::trapNumber).containsExactly(66);
        answerReports(host3, agent);

        InformInfo cancel = new InformInfo(Gid.ZERO, InformInfo.ALL, 0, true, false, InformInfo.ALL, InformInfo.ALL, 1, 0,
                InformInfo.ALL_PRODUCERS);
        request(host3, agent, sa(Method.SET, InformInfo.ATTRIBUTE_ID, 0, cancel, 12));
        assertThat(last(host3).status()).isZero();
        assertThat(fabric.subscriptions()).isZero();
        host3.frames.clear();
        fabric.unlink("host4", 1);
        assertThat(host3.frames).isEmpty();
    }
}
