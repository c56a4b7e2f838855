package io.reactiveumad.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.NoSuchPortException;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.spi.channel.AgentRegistration;
import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.spi.channel.MadFrame;
import io.reactiveumad.test.topology.FatTree;
import io.reactiveumad.test.topology.Link;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.NodeType;
import io.reactiveumad.test.topology.Port;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

/** Changing the fabric under running channels, and a fabric of fat-tree size. */
class FabricChangesTest extends FabricTestSupport {

    @Test
    void anAddedNodeIsSweptInAndARemovedNodesChannelFailsAsDeviceGone() {
        Node host5 = new Node(NodeType.CA, "host5", "host5 HCA-1", 1, 0x500000, 0x500000, 0, 0,
                List.of(new Port(1, 0x500001, 0, 0)));
        fabric.addNode(host5, Link.of("sw2", 3, "host5", 1));

        assertThat(fabric.lid("host5", 1)).isEqualTo(7);
        MadChannel channel = fabric.transport().open(fabric.port("host5 HCA-1", 1));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        on(() -> channel.start(new FrameListener() {
            @Override
            public void onFrame(int agentId, int status, MadAddress source, byte[] mad) {
            }

            @Override
            public void onError(Throwable error) {
                failure.set(error);
            }
        }));

        fabric.removeNode("host5");

        assertThat(failure.get()).isInstanceOf(DeviceGoneException.class);
        assertThatThrownBy(() -> on(() -> channel.registerAgent(
                new AgentRegistration(1, MgmtClass.PERF, 1, 0, 0, 0, 0, false)))).isInstanceOf(DeviceGoneException.class);
        assertThat(fabric.topology().node("host5")).isEmpty();
        assertThatThrownBy(() -> fabric.removeNode("host1")).hasMessageContaining("SM");
    }

    /** A closed fabric refuses work typed (a dropped task could leave a request waiting forever). */
    @Test
    void afterCloseTheExecutorRejectsTasksAndPortsFailTypedInsteadOfHanging() {
        EmbeddedFabric fabric = EmbeddedFabric.start(Topology.defaultTopology());
        MadPort port = Umad.open(fabric.transport(), fabric.port("host2", 1))
                .block(Duration.ofSeconds(30));
        MadAgent agent = port.agent(AgentSpec.client(0x04, 1))
                .block(Duration.ofSeconds(30));
        fabric.close();

        assertThatThrownBy(() -> fabric.executor().execute(() -> { }))
                .isInstanceOf(RejectedExecutionException.class);
        Mad get = Mad.build(b -> new MadHeader().wrap(b, 0)
                .mgmtClass(0x04).classVersion(1).methodByte(Method.GET));
        StepVerifier.create(agent.request(get, MadAddress.gsi(1)))
                .expectError(PortClosedException.class)
                .verify(Duration.ofSeconds(30));
        port.dispose();
        assertThat(port.isDisposed()).isTrue();
    }

    /** A closed fabric says so, not Reactor's "Scheduler unavailable", wherever it is used; closing twice is fine. */
    @Test
    void aClosedFabricSaysItIsClosed() {
        EmbeddedFabric fabric = EmbeddedFabric.start(Topology.defaultTopology());
        fabric.close();
        fabric.close();

        assertThatThrownBy(() -> fabric.unlink("host2", 1)).isInstanceOf(PortClosedException.class)
                .hasMessage("the embedded fabric is closed");
        StepVerifier.create(Umad.open(fabric.transport(), new PortSpec("host2", 1)))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(PortClosedException.class)
                        .hasMessageContaining("the embedded fabric is closed"))
                .verify(Duration.ofSeconds(30));
        assertThatThrownBy(() -> fabric.executor().execute(() -> { }))
                .isInstanceOf(RejectedExecutionException.class).hasMessage("embedded-fabric is shut down");
    }

    /** EmbeddedFabric.port checks what opening the port would: an unknown node, port or a switch fail alike. */
    @Test
    void anUnknownNodeOrPortFailsTheSameWay() {
        try (EmbeddedFabric fabric = EmbeddedFabric.start(Topology.defaultTopology())) {
            assertThatThrownBy(() -> fabric.port("no-such-host", 1)).isInstanceOf(NoSuchPortException.class)
                    .hasMessageContaining("no node \"no-such-host\"");
            assertThatThrownBy(() -> fabric.port("host2", 9)).isInstanceOf(NoSuchPortException.class)
                    .hasMessageContaining("has no port 9");
            assertThatThrownBy(() -> fabric.transport().open(new PortSpec("no-such-host", 1)))
                    .isInstanceOf(NoSuchPortException.class);
            assertThatThrownBy(() -> fabric.transport().open(new PortSpec("host2", 9)))
                    .isInstanceOf(NoSuchPortException.class);
        }
    }

    @Test
    void aFiveHundredHostFatTreeSweepsAndRoutesAcrossTheSpines() {
        VirtualTimeScheduler clock = VirtualTimeScheduler.create();
        Topology tree = FatTree.generate(16, 8, 32);
        try (EmbeddedFabric big = EmbeddedFabric.builder(tree).scheduler(clock).build()) {
            MadChannel channel = big.transport().open(big.port("host-512", 1));
            List<MadFrame> frames = new ArrayList<>();
            int agent = on(big.executor(), () -> {
                channel.start(new FrameListener() {
                    @Override
                    public void onFrame(int agentId, int status, MadAddress source, byte[] mad) {
                        MadFrame frame = new MadFrame(agentId, status, 0, 0, source, mad);
                        frames.add(frame);
                    }

                    @Override
                    public void onError(Throwable error) {
                    }
                });
                return channel.registerAgent(new AgentRegistration(0, MgmtClass.SUBN_LID_ROUTED, 1, 0, 0, 0, 0, false));
            });
            int far = big.lid("host-1", 1);
            byte[] get = Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_LID_ROUTED).classVersion(1)
                    .methodByte(Method.GET).attributeId(NodeInfo.ATTRIBUTE_ID)).toByteArray();

            on(big.executor(), () -> {
                channel.send(MadFrame.send(agent, MadAddress.smp(far), get));
                return null;
            });

            assertThat(big.topology().nodes()).hasSize(512 + 24);
            assertThat(frames).singleElement().satisfies(f -> assertThat(
                    NodeInfo.decode(Mad.of(f.mad()).buffer(), 64).nodeGuid())
                    .isEqualTo(tree.requireNode("host-1").nodeGuid()));
        } finally {
            clock.dispose();
        }
    }
}
