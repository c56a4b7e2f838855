package io.reactiveumad.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.mad.DirectedRouteSmp;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SmpHeader;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.SmInfo;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.spi.channel.MadFrame;
import io.reactiveumad.test.topology.Topology;
import java.nio.ByteBuffer;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.test.scheduler.VirtualTimeScheduler;

/** The embedded fabric at the frame level: what a transport must do for the core above it. */
class FabricChannelTest extends FabricTestSupport {
    private static final AgentRegistration SMP_DR_CLIENT = new AgentRegistration(0, MgmtClass.SUBN_DIRECTED_ROUTE, 1, 0, 0, 0, 0, false);
    private static final AgentRegistration SMP_LR_CLIENT = new AgentRegistration(0, MgmtClass.SUBN_LID_ROUTED, 1, 0, 0, 0, 0, false);
    private static final AgentRegistration PERF_CLIENT = new AgentRegistration(1, MgmtClass.PERF, 1, 0, 0, 0, 0, false);
    private static final int CM = 0x07;

    private static byte[] drGet(int attribute, long modifier, int tidLow, int... path) {
        return Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_DIRECTED_ROUTE).classVersion(1).methodByte(Method.GET)
                    .tid(tidLow).attributeId(attribute).attributeModifier(modifier);
            new DirectedRouteSmp().wrap(b, 0).route(path).drSlid(MadAddress.PERMISSIVE_LID).drDlid(MadAddress.PERMISSIVE_LID);
        }).toByteArray();
    }

    private static byte[] get(int mgmtClass, int version, int attribute, long modifier, int tidLow) {
        return Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(mgmtClass).classVersion(version).methodByte(Method.GET)
                .tid(tidLow).attributeId(attribute).attributeModifier(modifier)).toByteArray();
    }

    private static NodeInfo nodeInfo(MadFrame frame) {
        return NodeInfo.decode(ByteBuffer.wrap(frame.mad()), SmpHeader.DATA_OFFSET);
    }

    @Test
    void directedRouteWalksInitialPathAndComesBackOnTheReturnPath() {
        OpenPort host2 = open("host2");
        int agent = on(() -> host2.channel.registerAgent(SMP_DR_CLIENT));

        on(() -> host2.channel.send(MadFrame.send(agent, MadAddress.smp(MadAddress.PERMISSIVE_LID),
                drGet(NodeInfo.ATTRIBUTE_ID, 0, 7, 1, 7))));

        assertThat(host2.frames).singleElement().satisfies(f -> {
            assertThat(f.agentId()).isEqualTo(agent);
            DirectedRouteSmp dr = new DirectedRouteSmp().wrap(ByteBuffer.wrap(f.mad()), 0);
            assertThat(dr.isInbound()).isTrue();
            assertThat(dr.hopPointer()).isZero();
            assertThat(dr.returnPath(1)).as("entered sw1 on port 2").isEqualTo(2);
            assertThat(dr.returnPath(2)).as("entered sw2 on port 7").isEqualTo(7);
            assertThat(dr.status()).isZero();
            assertThat(f.mad()[MadHeader.METHOD_OFFSET] & 0xFF).isEqualTo(Method.GET_RESP);
            NodeInfo info = nodeInfo(f);
            assertThat(info.nodeType()).isEqualTo(NodeInfo.TYPE_SWITCH);
            assertThat(info.nodeGuid()).isEqualTo(fabric.topology().requireNode("sw2").nodeGuid());
        });
    }

    @Test
    void directedRouteToSelfAnswersFromTheLocalSma() {
        OpenPort host2 = open("host2");
        int agent = on(() -> host2.channel.registerAgent(SMP_DR_CLIENT));

        on(() -> host2.channel.send(MadFrame.send(agent, MadAddress.smp(MadAddress.PERMISSIVE_LID),
                drGet(NodeDescription.ATTRIBUTE_ID, 0, 1))));

        assertThat(host2.frames).singleElement().satisfies(f -> assertThat(
                NodeDescription.decode(ByteBuffer.wrap(f.mad()), SmpHeader.DATA_OFFSET).text()).isEqualTo("host2 HCA-1"));
    }

    @Test
    void smInfoIsAnsweredAtTheSmPortOnly() {
        OpenPort host2 = open("host2");
        int agent = on(() -> host2.channel.registerAgent(SMP_LR_CLIENT));

        on(() -> host2.channel.send(MadFrame.send(agent, MadAddress.smp(fabric.smLid()),
                get(MgmtClass.SUBN_LID_ROUTED, 1, SmInfo.ATTRIBUTE_ID, 0, 1))));
        on(() -> host2.channel.send(MadFrame.send(agent, MadAddress.smp(fabric.lid("host3", 1)),
                get(MgmtClass.SUBN_LID_ROUTED, 1, SmInfo.ATTRIBUTE_ID, 0, 2))));

        SmInfo info = SmInfo.decode(ByteBuffer.wrap(host2.frames.get(0).mad()), SmpHeader.DATA_OFFSET);
        assertThat(info.smState()).isEqualTo(SmInfo.STATE_MASTER);
        assertThat(info.guid()).isEqualTo(fabric.topology().requireNode("host1").portGuid(1));
        assertThat(info.actCount()).isEqualTo(1);
        assertThat(Mad.of(host2.frames.get(1).mad()).status()).isEqualTo(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE);
    }

    @Test
    void directedRouteThroughACaIsDiscarded() {
        OpenPort host2 = open("host2");
        int agent = on(() -> host2.channel.registerAgent(SMP_DR_CLIENT));

        // host2 -> sw1 port 1 -> host1, then onwards from a CA: C14-9:2 says discard.
        on(() -> host2.channel.send(MadFrame.send(agent, MadAddress.smp(MadAddress.PERMISSIVE_LID),
                drGet(NodeInfo.ATTRIBUTE_ID, 0, 2, 1, 1, 1))));

        assertThat(host2.frames).isEmpty();
        assertThat(fabric.undeliverable()).isEqualTo(1);
    }

    @Test
    void lidRoutedSmpFollowsTheForwardingTablesAndKeepsTheLow32TidBits() {
        OpenPort host1 = open("host1");
        int agent = on(() -> host1.channel.registerAgent(SMP_LR_CLIENT));
        int host4 = fabric.lid("host4", 1);

        on(() -> host1.channel.send(MadFrame.send(agent, MadAddress.smp(host4),
                get(MgmtClass.SUBN_LID_ROUTED, 1, PortInfo.ATTRIBUTE_ID, 1, 0x1234_5678))));

        assertThat(host1.frames).singleElement().satisfies(f -> {
            Mad mad = Mad.of(f.mad());
            assertThat(mad.tidLow()).isEqualTo(0x1234_5678);
            assertThat(mad.tid() >>> 32).as("the agent's key, as the kernel writes hi_tid").isNotZero();
            assertThat(f.address().lid()).isEqualTo(host4);
            PortInfo info = PortInfo.decode(mad.buffer(), SmpHeader.DATA_OFFSET);
            assertThat(info.lid()).isEqualTo(host4);
            assertThat(info.masterSmLid()).isEqualTo(fabric.smLid());
            assertThat(info.portState()).isEqualTo(PortInfo.STATE_ACTIVE);
            assertThat(info.linkWidthActive()).isEqualTo(2);
        });
    }

    @Test
    void everyPortGetsADistinctLidAndTheSmLid() {
        assertThat(fabric.smLid()).isEqualTo(fabric.lid("host1", 1)).isEqualTo(1);
        assertThat(fabric.topology().nodes()).flatExtracting(n -> n.ports()).extracting(p -> p.lid())
                .doesNotContain(0).doesNotHaveDuplicates().hasSize(6);
        assertThat(fabric.transport().open(fabric.port("host3", 1)).port().smLid()).isEqualTo(1);
    }

    @Test
    void channelMethodsOffTheExecutorThrow() {
        OpenPort host1 = open("host1");

        assertThatThrownBy(() -> host1.channel.registerAgent(SMP_DR_CLIENT)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("executor");
        assertThatThrownBy(() -> host1.channel.readInterest(false)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void unclaimedGetIsAnsweredWithUnsupportedStatusAndSendsReachTheRegisteredAgent() {
        OpenPort host1 = open("host1");
        OpenPort host3 = open("host3");
        int client = on(() -> host1.channel.registerAgent(new AgentRegistration(1, CM, 2, 0, 0, 0, 0, false)));

        on(() -> host1.channel.send(MadFrame.send(client, MadAddress.gsi(fabric.lid("host3", 1)), get(CM, 2, 0x10, 0, 1))));
        assertThat(host1.frames).singleElement().satisfies(
                f -> assertThat(Mad.of(f.mad()).status()).isEqualTo(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE));

        int server = on(() -> host3.channel.registerAgent(new AgentRegistration(1, CM, 2, 1L << Method.GET, 0, 0, 0, false)));
        on(() -> host1.channel.send(MadFrame.send(client, MadAddress.gsi(fabric.lid("host3", 1)), get(CM, 2, 0x10, 0, 2))));
        assertThat(host3.frames).singleElement().satisfies(f -> {
            assertThat(f.agentId()).isEqualTo(server);
            assertThat(f.address().lid()).isEqualTo(fabric.lid("host1", 1));
            assertThat(f.address().qpn()).isEqualTo(1);
        });

        // The server answers with the TID it got; the response finds the client by TID bits 63..32.
        MadFrame request = host3.frames.get(0);
        byte[] answer = request.mad().clone();
        answer[MadHeader.METHOD_OFFSET] = (byte) Method.GET_RESP;
        on(() -> host3.channel.send(MadFrame.send(server, request.address(), answer)));
        assertThat(host1.frames).hasSize(2);
        assertThat(Mad.of(host1.frames.get(1).mad()).tidLow()).isEqualTo(2);
    }

    @Test
    void twoAgentsCannotServeTheSameMethodAndTheSmaIsNotForTaking() {
        OpenPort host1 = open("host1");
        OpenPort host2 = open("host2");
        AgentRegistration server = new AgentRegistration(1, CM, 2, 1L << Method.SEND, 0, 0, 0, false);
        on(() -> host1.channel.registerAgent(server));

        assertThatThrownBy(() -> on(() -> host1.channel.registerAgent(server))).isInstanceOf(NativeIoException.class)
                .satisfies(e -> assertThat(((NativeIoException) e).errno()).isEqualTo(22));
        assertThat(on(() -> host2.channel.registerAgent(server))).as("another port may").isZero();
        assertThatThrownBy(() -> on(() -> host1.channel.registerAgent(
                new AgentRegistration(0, MgmtClass.SUBN_LID_ROUTED, 1, 1L << Method.GET, 0, 0, 0, false))))
                .isInstanceOf(NativeIoException.class).hasMessageContaining("SMA").hasMessageContaining("EINVAL");
        // The kernel's own rules (AgentRegistration.refusal): a reserved class, as ib_umad refuses it.
        assertThatThrownBy(() -> on(() -> host1.channel.registerAgent(
                new AgentRegistration(1, 0x99, 1, 0, 0, 0, 0, false))))
                .isInstanceOf(NativeIoException.class).hasMessageContaining("class 0x99 is reserved");
    }

    @Test
    void transportTimeoutResendsThenQueuesAnEtimedoutRecordInVirtualTime() {
        OpenPort host1 = open("host1");
        int agent = on(() -> host1.channel.registerAgent(SMP_LR_CLIENT));
        fabric.faults().drop(1.0, MadMatch.toNode("host4"));
        byte[] request = get(MgmtClass.SUBN_LID_ROUTED, 1, NodeInfo.ATTRIBUTE_ID, 0, 42);

        on(() -> host1.channel.send(new MadFrame(agent, 0, 100, 2, MadAddress.smp(fabric.lid("host4", 1)), request)));
        time.advanceTimeBy(Duration.ofMillis(299));
        assertThat(host1.frames).isEmpty();
        time.advanceTimeBy(Duration.ofMillis(1));

        assertThat(fabric.faults().dropped()).isEqualTo(3);
        assertThat(host1.frames).singleElement().satisfies(f -> {
            assertThat(f.isTimeoutRecord()).isTrue();
            assertThat(f.mad()).hasSize(MadHeader.SIZE);
            assertThat(Mad.of(f.mad()).tidLow()).isEqualTo(42);
        });
    }

    @Test
    void readInterestOffBuffersUntilTurnedBackOn() {
        OpenPort host1 = open("host1");
        int agent = on(() -> host1.channel.registerAgent(SMP_DR_CLIENT));
        on(() -> host1.channel.readInterest(false));

        for (int i = 0; i < 3; i++) {
            int tid = i;
            on(() -> host1.channel.send(MadFrame.send(agent, MadAddress.smp(MadAddress.PERMISSIVE_LID),
                    drGet(NodeInfo.ATTRIBUTE_ID, 0, tid, 1))));
        }
        assertThat(host1.frames).isEmpty();
        on(() -> host1.channel.readInterest(true));

        assertThat(host1.frames).extracting(f -> Mad.of(f.mad()).tidLow()).containsExactly(0, 1, 2);
    }

    @Test
    void faultsDelayDuplicateAndCorrupt() {
        OpenPort host1 = open("host1");
        int agent = on(() -> host1.channel.registerAgent(SMP_DR_CLIENT));
        fabric.faults().delay(Duration.ofSeconds(2), MadMatch.toNode("host1").method(Method.GET_RESP))
                .duplicate(1.0, MadMatch.toNode("host1"));

        on(() -> host1.channel.send(MadFrame.send(agent, MadAddress.smp(MadAddress.PERMISSIVE_LID),
                drGet(NodeInfo.ATTRIBUTE_ID, 0, 5, 1))));
        assertThat(host1.frames).isEmpty();
        time.advanceTimeBy(Duration.ofSeconds(2));
        assertThat(host1.frames).hasSize(2);

        fabric.faults().clear().corrupt(1.0, MadMatch.toNode("host1"));
        on(() -> host1.channel.send(MadFrame.send(agent, MadAddress.smp(MadAddress.PERMISSIVE_LID),
                drGet(NodeInfo.ATTRIBUTE_ID, 0, 6, 1))));
        assertThat(fabric.faults().corrupted()).isEqualTo(1);
        assertThat(fabric.faults().duplicated()).isEqualTo(1);
    }

    @Test
    void hopDelayIsPaidPerLinkCrossedInVirtualTime() {
        VirtualTimeScheduler clock = VirtualTimeScheduler.create();
        try (EmbeddedFabric slow = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(clock)
                .hopDelay(Duration.ofMillis(1)).build()) {
            MadChannel host2 = slow.transport().open(slow.port("host2", 1));
            OpenPort port = new OpenPort(host2);
            int agent = on(slow.executor(), () -> {
                host2.start(port);
                return host2.registerAgent(SMP_DR_CLIENT);
            });

            on(slow.executor(), () -> {
                host2.send(MadFrame.send(agent, MadAddress.smp(MadAddress.PERMISSIVE_LID), drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 1, 7)));
                return null;
            });
            clock.advanceTimeBy(Duration.ofMillis(3));
            assertThat(port.frames).as("two links out, two back: 4 ms").isEmpty();
            clock.advanceTimeBy(Duration.ofMillis(1));
            assertThat(port.frames).hasSize(1);
        } finally {
            clock.dispose();
        }
    }

    @Test
    void corruptedRequestsDoNotTakeTheManagersDown() {
        OpenPort host2 = open("host2");
        int agent = on(() -> host2.channel.registerAgent(PERF_CLIENT));
        fabric.faults().seed(11).corrupt(1.0, MadMatch.toNode("sw1").mgmtClass(MgmtClass.PERF));
        byte[] get = Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.PERF).classVersion(1).methodByte(Method.GET).tid(1)
                    .attributeId(PortCounters.ATTRIBUTE_ID);
            PortCounters.reset(1, 0, 0).encode(b, MgmtClass.DEVICE_DATA_OFFSET);
        }).toByteArray();
        int sw1 = fabric.lid("sw1", 0);

        for (int i = 0; i < 20; i++) {
            on(() -> host2.channel.send(MadFrame.send(agent, MadAddress.gsi(sw1), get)));
        }
        fabric.faults().clear();
        host2.frames.clear();
        on(() -> host2.channel.send(MadFrame.send(agent, MadAddress.gsi(sw1), get)));

        assertThat(fabric.faults().corrupted()).isEqualTo(20);
        assertThat(host2.frames).singleElement().satisfies(f -> assertThat(Mad.of(f.mad()).status()).isZero());
    }

    @Test
    void perfCountersAreSettableAndResetBySetWithASelectMask() {
        OpenPort host1 = open("host1");
        int agent = on(() -> host1.channel.registerAgent(PERF_CLIENT));
        fabric.setCounter("sw2", 1, PortCounter.SYMBOL_ERROR, 70_000);
        fabric.setCounter("sw2", 1, PortCounter.LINK_DOWNED, 3);
        int sw2 = fabric.lid("sw2", 0);
        byte[] get = Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.PERF).classVersion(1).methodByte(Method.GET).tid(9)
                    .attributeId(PortCounters.ATTRIBUTE_ID);
            PortCounters.reset(1, 0, 0).encode(b, MgmtClass.DEVICE_DATA_OFFSET);
        }).toByteArray();

        on(() -> host1.channel.send(MadFrame.send(agent, MadAddress.gsi(sw2), get)));
        PortCounters read = PortCounters.decode(ByteBuffer.wrap(host1.frames.get(0).mad()), MgmtClass.DEVICE_DATA_OFFSET);
        assertThat(read.symbolErrorCounter()).as("saturated at 16 bits").isEqualTo(0xFFFF);
        assertThat(read.linkDownedCounter()).isEqualTo(3);

        byte[] reset = Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.PERF).classVersion(1).methodByte(Method.SET).tid(10)
                    .attributeId(PortCounters.ATTRIBUTE_ID);
            PortCounters.reset(1, PortCounters.SELECT_SYMBOL_ERROR, 0).encode(b, MgmtClass.DEVICE_DATA_OFFSET);
        }).toByteArray();
        on(() -> host1.channel.send(MadFrame.send(agent, MadAddress.gsi(sw2), reset)));
        PortCounters after = PortCounters.decode(ByteBuffer.wrap(host1.frames.get(1).mad()), MgmtClass.DEVICE_DATA_OFFSET);
        assertThat(after.symbolErrorCounter()).isZero();
        assertThat(after.linkDownedCounter()).isEqualTo(3);
        assertThat(fabric.counter("sw2", 1, PortCounter.SYMBOL_ERROR)).isZero();
    }

    @Test
    void unlinkTakesPortsDownAndRelinkBringsThemBack() {
        int lid = fabric.lid("host4", 1);
        MadChannel host4 = fabric.transport().open(fabric.port("host4", 1));

        fabric.unlink("host4", 1);
        assertThat(host4.port().state()).isEqualTo(1);
        OpenPort host1 = open("host1");
        int agent = on(() -> host1.channel.registerAgent(SMP_LR_CLIENT));
        on(() -> host1.channel.send(MadFrame.send(agent, MadAddress.smp(lid),
                get(MgmtClass.SUBN_LID_ROUTED, 1, NodeInfo.ATTRIBUTE_ID, 0, 1))));
        assertThat(host1.frames).isEmpty();

        fabric.relink("host4", 1);
        assertThat(host4.port().isActive()).isTrue();
        assertThat(fabric.lid("host4", 1)).as("LIDs are stable").isEqualTo(lid);
        assertThat(fabric.counter("sw2", 2, PortCounter.LINK_DOWNED)).isEqualTo(1);
        on(() -> host1.channel.send(MadFrame.send(agent, MadAddress.smp(lid),
                get(MgmtClass.SUBN_LID_ROUTED, 1, NodeInfo.ATTRIBUTE_ID, 0, 2))));
        assertThat(host1.frames).hasSize(1);
    }
}
