package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.PortCounter;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * {@link PerfClient#traffic} against the embedded fabric's PMAs, in virtual time: one interval per tick, measured
 * between the answers; what was sent and received in it, the PMA's own answers included (the embedded links count
 * every MAD, 256 bytes, as a port does); a reset in between.
 */
class PortTrafficOnEmbeddedFabricTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Duration SECOND = Duration.ofSeconds(1);
    private static final int MAD_BYTES = 256;

    private VirtualTimeScheduler time;
    private EmbeddedFabric fabric;
    private MadPort port;
    private PerfClient perf;
    private final List<PortTraffic> seen = new CopyOnWriteArrayList<>();
    private final AtomicReference<Throwable> failed = new AtomicReference<>();
    private Disposable watching;

    @BeforeEach
    void open() {
        time = VirtualTimeScheduler.create();
        fabric = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(time).build();
        port = Umad.open(fabric.transport(), fabric.port("host2", 1), new PortOptions(time)).block(WAIT);
        perf = PerfClient.of(port);
    }

    @AfterEach
    void close() {
        if (watching != null) {
            watching.dispose();
        }
        perf.dispose();
        port.dispose();
        fabric.close();
        time.dispose();
    }

    private void watch(int lid, int portSelect) {
        watching = perf.traffic(lid, portSelect, SECOND).subscribe(seen::add, failed::set);
    }

    /**
     * host3 sends 1000 words and 10 packets of its own in the first second; each second it also answered one read (the
     * one before the interval) and received one (the one that ends it).
     */
    @Test
    void eachIntervalIsWhatThePortSentAndReceivedInIt() {
        watch(fabric.lid("host3", 1), 1);
        assertThat(seen).as("one read is no interval yet").isEmpty();
        fabric.addCounter("host3", 1, PortCounter.XMIT_DATA, 1000);
        fabric.addCounter("host3", 1, PortCounter.XMIT_PKTS, 10);
        time.advanceTimeBy(SECOND);
        assertThat(seen).hasSize(1);
        PortTraffic first = seen.get(0);
        assertThat(first.interval()).isEqualTo(SECOND);
        assertThat(first.extended()).isTrue();
        assertThat(first.xmitBytes()).isEqualTo(4000 + MAD_BYTES);
        assertThat(first.xmitPackets()).isEqualTo(11);
        assertThat(first.rcvBytes()).isEqualTo(MAD_BYTES);
        assertThat(first.rcvPackets()).isEqualTo(1);
        assertThat(first.xmitBytesPerSecond()).isEqualTo(4000.0 + MAD_BYTES);
        assertThat(first.reset() || first.saturated()).isFalse();

        time.advanceTimeBy(SECOND.multipliedBy(3));
        assertThat(seen).hasSize(4);
        assertThat(seen.subList(1, 4)).allSatisfy(quiet -> {
            assertThat(quiet.xmitPackets()).isEqualTo(1);
            assertThat(quiet.rcvPackets()).isEqualTo(1);
        });
        assertThat(failed.get()).isNull();
    }

    /** Someone resets the data counter between two reads: the interval says so and counts from the reset. */
    @Test
    void aResetInBetweenIsSaidAndCountedFrom() {
        watch(fabric.lid("host3", 1), 1);
        time.advanceTimeBy(SECOND);
        fabric.setCounter("host3", 1, PortCounter.XMIT_DATA, 5);
        time.advanceTimeBy(SECOND);
        PortTraffic afterReset = seen.get(seen.size() - 1);
        assertThat(afterReset.reset()).isTrue();
        assertThat(afterReset.xmitBytes()).isEqualTo(20);
        assertThat(afterReset.xmitPackets()).isEqualTo(1);
    }

    /** A switch's every port summed (AllPortSelect): sw1's traffic includes what its hosts sent through it. */
    @Test
    void aSwitchsPortsSummed() {
        watch(fabric.lid("sw1", 0), 0xFF);
        fabric.addCounter("sw1", 2, PortCounter.RCV_PKTS, 7);
        fabric.addCounter("sw1", 3, PortCounter.RCV_PKTS, 5);
        time.advanceTimeBy(SECOND);
        assertThat(seen).hasSize(1);
        assertThat(seen.get(0).rcvPackets()).isGreaterThanOrEqualTo(12);
    }

    /** Given the PMA's ClassPortInfo, the flux asks for it no more: the counters alone are read. */
    @Test
    void capabilitiesAlreadyReadAreNotAskedAgain() {
        int host3 = fabric.lid("host3", 1);
        ClassPortInfo pma = perf.classPortInfo(host3).block(WAIT);
        long before = port.stats().sent();
        watching = perf.traffic(host3, 1, SECOND, pma).subscribe(seen::add, failed::set);
        time.advanceTimeBy(SECOND);
        assertThat(seen).hasSize(1);
        assertThat(seen.get(0).extended()).isTrue();
        assertThat(port.stats().sent() - before).as("two reads of the counters, no ClassPortInfo").isEqualTo(2);
    }

    /** A PMA that stops answering ends the flux with the timeout, and nothing is left waiting. */
    @Test
    void aPmaThatIsGoneEndsTheFluxWithTheTimeout() {
        watch(999, 1);
        time.advanceTimeBy(Duration.ofSeconds(5));
        assertThat(failed.get()).isInstanceOf(MadTimeoutException.class);
        assertThat(seen).isEmpty();
    }
}
