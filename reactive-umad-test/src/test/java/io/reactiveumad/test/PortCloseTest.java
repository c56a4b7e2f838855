package io.reactiveumad.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.client.Notices;
import io.reactiveumad.client.TrapSelector;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** {@code MadPort.close()} and {@code onDispose()} on the embedded fabric (the reopen cycles run on ibsim: {@code PortCloseIT}). */
class PortCloseTest {
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    @Test
    void onDisposeCompletesWhenTheDeviceGoesAwayToo() {
        try (EmbeddedFabric fabric = EmbeddedFabric.start(Topology.defaultTopology())) {
            MadPort port = Umad.open(fabric.transport(), fabric.port("host3", 1)).block(PATIENCE);
            fabric.removeNode("host3");
            port.onDispose().block(PATIENCE);
            assertThat(port.isDisposed()).isTrue();
            // A refresh of a closed port says so, with why: it used to read the channel's closed sockets (EBADF).
            assertThatThrownBy(() -> port.refresh().block(PATIENCE)).isInstanceOf(PortClosedException.class)
                    .hasCauseInstanceOf(DeviceGoneException.class);
        }
    }

    /**
     * What the CLI did at every exit: dispose the port, then close the fabric at once. The port's close,
     * queued on the fabric's loop, was dropped when the loop stopped, so the port stayed open for the JVM's
     * exit hook, which then touched the channel off its loop ("readInterest must be called on the executor
     * embedded-fabric, not on umad-exit"). Here both happen inside one loop task, so the close is always queued.
     */
    @Test
    void aPortDisposedJustBeforeItsFabricClosesIsStillReleased() {
        EmbeddedFabric fabric = EmbeddedFabric.start(Topology.defaultTopology());
        MadPort port = Umad.open(fabric.transport(), fabric.port("host3", 1)).block(PATIENCE);
        Mono.fromRunnable(() -> {
            port.dispose();
            fabric.close();
        }).subscribeOn(port.loopScheduler()).block(PATIENCE);
        port.onDispose().block(PATIENCE);
    }

    @Test
    void aRequestPendingWhenItsFabricClosesEndsWithPortClosed() {
        EmbeddedFabric fabric = EmbeddedFabric.start(Topology.defaultTopology());
        MadPort port = Umad.open(fabric.transport(), fabric.port("host3", 1)).block(PATIENCE);
        MadAgent agent = port.agent(AgentSpec.client(MgmtClass.PERF, 1)).block(PATIENCE);
        Mad get = Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.PERF).classVersion(1)
                .methodByte(Method.GET).attributeId(ClassPortInfo.ATTRIBUTE_ID));
        AtomicReference<Throwable> ended = new AtomicReference<>();
        // No port has LID 0x3FF: the request waits for its timeout, an hour away, when the fabric closes.
        StepVerifier.create(agent.request(get, MadAddress.gsi(0x3FF),
                                RequestOptions.defaults().withTimeout(Duration.ofHours(1)).withRetries(0)))
                .then(fabric::close)
                .expectErrorSatisfies(ended::set)
                .verify(PATIENCE);
        assertThat(ended.get()).isInstanceOf(PortClosedException.class);
        port.onDispose().block(PATIENCE);
    }

    /**
     * A watch whose port is its resource: cancelling it closes the port right after the watch let go of
     * its selector. The port's close waits for the Subscribe=0 to be answered (it used to close first, so
     * the unsubscribe failed with "agent … is closed" and the SA kept the subscription). Each hop takes
     * 50 ms here, so a close that does not wait is seen.
     */
    @Test
    void aWatchClosedWithItsPortUnsubscribesBeforeThePortCloses() {
        try (EmbeddedFabric fabric = EmbeddedFabric.builder(Topology.defaultTopology())
                .hopDelay(Duration.ofMillis(50)).build()) {
            AtomicReference<MadPort> opened = new AtomicReference<>();
            Flux.usingWhen(Umad.open(fabric.transport(), fabric.port("host3", 1)).doOnNext(opened::set),
                            port -> Notices.of(port).watch(TrapSelector.trap(Notice.TRAP_GID_OUT_OF_SERVICE)),
                            MadPort::close)
                    .take(1)
                    .blockLast(PATIENCE);
            opened.get().onDispose().block(PATIENCE);
            assertThat(fabric.subscriptions()).as("subscriptions at the SA once the port closed").isZero();
        }
    }
}
