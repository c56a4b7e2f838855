package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.PortCounter;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * The typed clients against the embedded fabric's SMAs and PMAs (default topology: host1, host2 on sw1;
 * host3, host4 on sw2; sw1 and sw2 joined by ports 7 and 8), in virtual time. The fabric emulates
 * directed routes without LID-routed parts only, so those are covered by SmpClientTest's header checks.
 */
class ClientsOnEmbeddedFabricTest {
    static final Duration WAIT = Duration.ofSeconds(10);

    VirtualTimeScheduler time;
    EmbeddedFabric fabric;
    MadPort port;
    SmpClient smp;

    @BeforeEach
    void open() {
        time = VirtualTimeScheduler.create();
        fabric = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(time).build();
        port = Umad.open(fabric.transport(), fabric.port("host2", 1), new PortOptions(time)).block(WAIT);
        smp = SmpClient.of(port);
    }

    @AfterEach
    void close() {
        smp.dispose();
        port.dispose();
        fabric.close();
        time.dispose();
    }

    @Test
    void directedRouteWalksFromTheLocalPortOutward() {
        NodeInfo self = smp.nodeInfo(SmpRoute.directed()).block(WAIT);
        assertThat(self.nodeType()).isEqualTo(NodeInfo.TYPE_CHANNEL_ADAPTER);
        NodeInfo sw1 = smp.nodeInfo(SmpRoute.directed(1)).block(WAIT);
        assertThat(sw1.isSwitch()).isTrue();
        assertThat(sw1.localPortNum()).isEqualTo(2);
        NodeInfo host3 = smp.nodeInfo(SmpRoute.directed(1, 7, 1)).block(WAIT);
        assertThat(host3.nodeType()).isEqualTo(NodeInfo.TYPE_CHANNEL_ADAPTER);
        assertThat(smp.nodeDescription(SmpRoute.directed(1, 7, 1)).block(WAIT).text()).startsWith("host3");
    }

    @Test
    void lidRoutedAndDirectedRouteAgree() {
        int host3 = fabric.lid("host3", 1);
        NodeInfo byLid = smp.nodeInfo(SmpRoute.lid(host3)).block(WAIT);
        assertThat(byLid).isEqualTo(smp.nodeInfo(SmpRoute.directed(1, 7, 1)).block(WAIT));
        PortInfo info = smp.portInfo(SmpRoute.lid(host3), 1).block(WAIT);
        assertThat(info.lid()).isEqualTo(host3);
        assertThat(info.portState()).isEqualTo(PortInfo.STATE_ACTIVE);
        assertThat(info.masterSmLid()).isEqualTo(fabric.smLid());
    }

    @Test
    void switchInfoAndPKeysOfASwitch() {
        int sw1 = fabric.lid("sw1", 0);
        assertThat(smp.switchInfo(SmpRoute.lid(sw1)).block(WAIT).linearFdbTop()).isPositive();
        assertThat(smp.pKeyTable(SmpRoute.directed(), 1, 0).block(WAIT).pKey(0) & 0x7FFF).isEqualTo(0x7FFF);
    }

    @Test
    void perfCountersAreThePmasOwn() {
        fabric.setCounter("host3", 1, PortCounter.SYMBOL_ERROR, 5);
        fabric.setCounter("host3", 1, PortCounter.XMIT_PKTS, 1234);
        PerfClient perf = PerfClient.of(port);
        PortCounters counters = perf.portCounters(fabric.lid("host3", 1), 1).block(WAIT);
        assertThat(counters.symbolErrorCounter()).isEqualTo(5);
        assertThat(counters.portXmitPkts()).isEqualTo(1234);
        perf.resetPortCounters(fabric.lid("host3", 1), 1, PortCounters.SELECT_SYMBOL_ERROR, 0).block(WAIT);
        assertThat(fabric.counter("host3", 1, PortCounter.SYMBOL_ERROR)).isZero();
        assertThat(fabric.counter("host3", 1, PortCounter.XMIT_PKTS)).as("not selected, so not reset")
                .isGreaterThanOrEqualTo(1234);
        perf.dispose();
    }
}
