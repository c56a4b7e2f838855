package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.PortSpec;
import io.reactiveumad.RmppMode;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;

/**
 * A watcher, and an agent that only listens, against peers that fail under them (ibsim + OpenSM, each test on
 * its own fabric): a killed simulator ends the stream typed instead of leaving it running forever, and a watcher on a
 * node whose request-receiver role another client holds fails typed instead of saying {@code Subscribed}
 * for a subscription whose Reports could never reach it.
 */
class NoticesPeerFaultsIT {
    private static final Duration WITHIN = NoticesOracleIT.WITHIN;
    private static final Duration POLL = Duration.ofSeconds(1);
    private static final NoticeOptions OPTIONS = NoticeOptions.defaults().withRmpp(RmppMode.NONE).withPollInterval(POLL);
    private static final TrapSelector OUT = TrapSelector.trap(Notice.TRAP_GID_OUT_OF_SERVICE);

    private static IbsimFabric fabric() {
        return IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(1).start();
    }

    /** The terminal signal of a stream recorded into a queue: the error, or this marker for completion. */
    private static final Object COMPLETED = "completed";

    @Test
    void aWatcherWhoseSimulatorIsKilledEndsWithPortClosedCausedByDeviceGone() throws InterruptedException {
        try (IbsimFabric fabric = fabric()) {
            MadPort watcherPort = Umad.open(fabric.transport("host4"), new PortSpec("host4", 1)).block(WITHIN);
            MadPort queryPort = Umad.open(fabric.transport("host3"), new PortSpec("host3", 1)).block(WITHIN);
            BlockingQueue<Object> signals = new LinkedTransferQueue<>();
            Disposable watching = Notices.of(watcherPort, OPTIONS).watch(OUT)
                    .subscribe(signals::add, signals::add, () -> signals.add(COMPLETED));
            try {
                assertThat(signals.poll(WITHIN.toSeconds(), TimeUnit.SECONDS)).isInstanceOf(NoticeEvent.Subscribed.class);

                fabric.killSimulator();

                Object end = signals.poll(WITHIN.toSeconds(), TimeUnit.SECONDS);
                assertThat(end).as("the watcher's end within %s of the kill", WITHIN)
                        .isInstanceOf(PortClosedException.class);
                assertThat((Throwable) end).hasCauseInstanceOf(DeviceGoneException.class);
                assertThat(watcherPort.isDisposed()).isTrue();
                // A request on another port of the dead simulator ends typed too, by its deadline.
                Throwable queried = SmpClient.of(queryPort).nodeInfo(SmpRoute.lid(1)).materialize().block(WITHIN)
                        .getThrowable();
                assertThat(queried).isInstanceOf(PortClosedException.class).hasCauseInstanceOf(DeviceGoneException.class);
            } finally {
                watching.dispose();
                watcherPort.dispose();
                queryPort.dispose();
            }
        }
    }

    /**
     * An agent that only listens (a ping server's shape: no request of its own, no watcher polling) hears the
     * kill too: its port reads the simulator's attributes every quiet peer-check interval, and that read fails.
     */
    @Test
    void anAgentThatOnlyListensEndsWithPortClosedCausedByDeviceGoneWhenItsSimulatorIsKilled() throws InterruptedException {
        try (IbsimFabric fabric = fabric()) {
            MadPort port = Umad.open(fabric.transport("host4"), new PortSpec("host4", 1)).block(WITHIN);
            MadAgent server = port.agent(AgentSpec.vendor(0x32, 1, 0x001405).withMethods(Method.GET)).block(WITHIN);
            BlockingQueue<Object> signals = new LinkedTransferQueue<>();
            Disposable listening = server.receive().subscribe(signals::add, signals::add, () -> signals.add(COMPLETED));
            try {
                fabric.killSimulator();

                Object end = signals.poll(WITHIN.toSeconds(), TimeUnit.SECONDS);
                assertThat(end).as("the listener's end within %s of the kill", WITHIN).isInstanceOf(PortClosedException.class);
                assertThat((Throwable) end).hasCauseInstanceOf(DeviceGoneException.class);
                assertThat(port.isDisposed()).isTrue();
            } finally {
                listening.dispose();
                port.dispose();
            }
        }
    }

    @Test
    void aWatcherWhoseNodeHasAnotherRequestReceiverFailsTypedInsteadOfSubscribingDeaf() throws InterruptedException {
        try (IbsimFabric fabric = fabric()) {
            MadPort first = Umad.open(fabric.transport("host2"), new PortSpec("host2", 1)).block(WITHIN);
            MadPort second = Umad.open(fabric.transport("host2"), new PortSpec("host2", 1)).block(WITHIN);
            MadPort smNode = Umad.open(fabric.transport("host1"), new PortSpec("host1", 1)).block(WITHIN);
            BlockingQueue<Object> hearing = new LinkedTransferQueue<>();
            BlockingQueue<Object> deaf = new LinkedTransferQueue<>();
            BlockingQueue<Object> onSmNode = new LinkedTransferQueue<>();
            Disposable a = Notices.of(first, OPTIONS).watch(OUT).subscribe(hearing::add, hearing::add);
            Disposable b = Notices.of(second, OPTIONS).watch(OUT).subscribe(deaf::add, deaf::add);
            Disposable c = Notices.of(smNode, OPTIONS).watch(OUT).subscribe(onSmNode::add, onSmNode::add);
            try {
                assertThat(hearing.poll(WITHIN.toSeconds(), TimeUnit.SECONDS)).isInstanceOf(NoticeEvent.Subscribed.class);
                for (BlockingQueue<Object> refused : java.util.List.of(deaf, onSmNode)) {
                    assertThat(refused.poll(WITHIN.toSeconds(), TimeUnit.SECONDS))
                            .isInstanceOfSatisfying(NativeIoException.class, e -> assertThat(e.getMessage())
                                    .contains("request receiver"));
                    assertThat(refused).isEmpty();
                }
            } finally {
                a.dispose();
                b.dispose();
                c.dispose();
                first.dispose();
                second.dispose();
                smNode.dispose();
            }
        }
    }
}
