package io.reactiveumad.client;

import io.reactiveumad.mad.MadTimeoutException;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.sa.LinkRecord;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.mad.sa.PortInfoRecord;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.PortCounter;
import io.reactiveumad.test.topology.LinkSpeed;
import io.reactiveumad.test.topology.LinkWidth;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * The typed clients against the embedded fabric's SMAs and PMAs (default topology: host1, host2 on sw1;
 * host3, host4 on sw2; sw1 and sw2 joined by ports 7 and 8), in virtual time. The fabric emulates directed
 * routes with a LID-routed first part too (not a LID-routed last part, which SmpClientTest's header checks cover).
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

    /**
     * A combined route (smpquery -c; ibportstate's peer of a LID-routed switch port) goes by LID to the node where its
     * directed part begins, and its answer comes back the same way: out of sw2's port 1 is host3, through its port 7
     * and sw1's port 2 is this port itself, and no hops from host3's LID is host3.
     */
    @Test
    void aCombinedRouteIsLidRoutedToWhereItsDirectedPartBegins() {
        int sw2 = fabric.lid("sw2", 0);
        NodeInfo host3 = smp.nodeInfo(SmpRoute.directed(1).from(sw2)).block(WAIT);
        assertThat(host3.portGuid()).isEqualTo(Topology.defaultTopology().requireNode("host3").portGuid(1));
        assertThat(smp.nodeDescription(SmpRoute.directed(7, 2).from(sw2)).block(WAIT).text()).startsWith("host2");
        assertThat(smp.nodeInfo(SmpRoute.directed().from(fabric.lid("host3", 1))).block(WAIT)).isEqualTo(host3);
        assertThat(smp.portInfo(SmpRoute.directed(1).from(sw2), 1).block(WAIT).lid()).isEqualTo(fabric.lid("host3", 1));
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

    @Test
    void saGetTableReassemblesAndSplitsEveryNodeRecord() {
        SaClient sa = SaClient.of(port);
        List<NodeRecord> nodes = sa.getTable(SaClient.NODE_RECORD).collectList().block(WAIT);
        assertThat(nodes).extracting(r -> r.nodeDescription().text())
                .allSatisfy(d -> assertThat(d).isNotEmpty())
                .anySatisfy(d -> assertThat(d).startsWith("host3"))
                .anySatisfy(d -> assertThat(d).startsWith("sw2"));
        assertThat(nodes).hasSize(fabric.topology().nodes().size());
        int host3 = fabric.lid("host3", 1);
        NodeRecord one = sa.get(SaClient.NODE_RECORD, new NodeRecord(host3, SmpClientFixtures.anyNodeInfo(),
                SmpClientFixtures.noDescription()), NodeRecord.Component.LID).block(WAIT);
        assertThat(one.nodeInfo()).isEqualTo(smp.nodeInfo(SmpRoute.lid(host3)).block(WAIT));
        sa.dispose();
    }

    @Test
    void saLinksPathsAndPortInfoRecordsAgreeWithTheFabric() {
        SaClient sa = SaClient.of(port);
        int host3 = fabric.lid("host3", 1);
        List<LinkRecord> fromHost3 = sa.getTable(SaClient.LINK_RECORD, new LinkRecord(host3, 0, 0, 0),
                LinkRecord.Component.FROM_LID).collectList().block(WAIT);
        assertThat(fromHost3).singleElement().satisfies(l -> assertThat(l.toLid()).isEqualTo(fabric.lid("sw2", 0)));
        Gid me = port.attributes().gids().get(0);
        Gid them = new Gid(me.prefix(), smp.nodeInfo(SmpRoute.lid(host3)).block(WAIT).portGuid());
        List<PathRecord> paths = sa.pathRecords(me, them).collectList().block(WAIT);
        assertThat(paths).isNotEmpty().allSatisfy(p -> {
            assertThat(p.slid()).isEqualTo(port.attributes().lid());
            assertThat(p.dlid()).isEqualTo(host3);
        });
        List<PortInfoRecord> infos = sa.getTable(SaClient.PORT_INFO_RECORD,
                new PortInfoRecord(host3, 0, 0, smp.portInfo(SmpRoute.lid(host3), 1).block(WAIT)),
                PortInfoRecord.Component.ENDPORT_LID).collectList().block(WAIT);
        assertThat(infos).isNotEmpty().allSatisfy(r -> assertThat(r.portInfo().lid()).isEqualTo(host3));
        sa.dispose();
    }

    /**
     * ibportstate's Sets of sw1's port 8 (one of the two cables to sw2): PortPhysicalState Disabled takes the link
     * down, the port reading Disabled and its peer Polling, until Polling (enable) trains it again and the SM's sweep
     * makes it Active; every other state is left as it was (0: no change).
     */
    /**
     * A Set of enabled speeds and widths retrains the link to the fastest and widest of them, both ends alike, as
     * ibsim's SMA does (ibportstate speed, width): the parallel cable beside it keeps its rate, and 0, 15 and 255 ("all
     * supported", which ibsim ignores) change nothing (every mask against ibsim: PortInfoSetsAsIbsimTest).
     */
    /** As ibsim's ports: one never cabled says 4X SDR, one unplugged the rate its link ran at, port 0 4X SDR too. */
    @Test
    void aPortWithoutACableSaysTheRateItRanAtLast() {
        SmpRoute sw1 = SmpRoute.directed(1);
        PortInfo neverCabled = smp.portInfo(sw1, 5).block(WAIT);
        assertThat(neverCabled.portState()).isEqualTo(PortInfo.STATE_DOWN);
        assertThat(neverCabled.linkWidthActive()).isEqualTo(LinkWidth.X4.code());
        assertThat(neverCabled.linkSpeedActive()).isEqualTo(LinkSpeed.SDR.speedActive());
        assertThat(smp.portInfo(sw1, 0).block(WAIT).linkWidthActive()).isEqualTo(LinkWidth.X4.code());

        PortInfo toSw2 = smp.setPortInfo(sw1, 7, smp.portInfo(sw1, 7).block(WAIT).toBuilder().portState(0)
                .portPhysicalState(0).linkSpeedEnabled(3).linkWidthEnabled(1).build()).block(WAIT);
        assertThat(toSw2.linkWidthActive()).isEqualTo(LinkWidth.X1.code());
        fabric.unlink("sw1", 7);
        PortInfo unplugged = smp.portInfo(sw1, 7).block(WAIT);
        assertThat(unplugged.portState()).isEqualTo(PortInfo.STATE_DOWN);
        assertThat(unplugged.linkWidthActive()).isEqualTo(LinkWidth.X1.code());
        assertThat(unplugged.linkSpeedActive()).isEqualTo(LinkSpeed.DDR.speedActive());
    }

    @Test
    void aPortInfoSetOfEnabledSpeedsAndWidthsRetrainsTheLink() {
        SmpRoute sw1 = SmpRoute.directed(1);
        SmpRoute sw2 = SmpRoute.directed(1, 7);
        PortInfo before = smp.portInfo(sw1, 7).block(WAIT);
        PortInfo.Builder noChange = before.toBuilder().portState(0).portPhysicalState(0).linkSpeedEnabled(0)
                .linkWidthEnabled(0);

        PortInfo slower = smp.setPortInfo(sw1, 7, noChange.linkSpeedEnabled(3).linkWidthEnabled(1).build()).block(WAIT);
        assertThat(slower.linkSpeedActive()).isEqualTo(LinkSpeed.DDR.speedActive());
        assertThat(slower.linkWidthActive()).isEqualTo(LinkWidth.X1.code());
        assertThat(slower.linkSpeedEnabled()).isEqualTo(3);
        PortInfo far = smp.portInfo(sw2, 7).block(WAIT);
        assertThat(far.linkSpeedActive()).isEqualTo(LinkSpeed.DDR.speedActive());
        assertThat(far.linkWidthActive()).isEqualTo(LinkWidth.X1.code());
        PortInfo beside = smp.portInfo(sw1, 8).block(WAIT);
        assertThat(beside.linkSpeedActive()).isEqualTo(before.linkSpeedActive());
        assertThat(beside.linkWidthActive()).isEqualTo(before.linkWidthActive());

        PortInfo unchanged = smp.setPortInfo(sw1, 7, noChange.linkSpeedEnabled(0).linkWidthEnabled(0).build()).block(WAIT);
        assertThat(unchanged.linkSpeedActive()).isEqualTo(LinkSpeed.DDR.speedActive());
        PortInfo allSupported = smp.setPortInfo(sw1, 7, noChange.linkSpeedEnabled(15).linkWidthEnabled(255).build())
                .block(WAIT);
        assertThat(allSupported.linkSpeedActive()).isEqualTo(LinkSpeed.DDR.speedActive());
        assertThat(allSupported.linkWidthActive()).isEqualTo(LinkWidth.X1.code());
        assertThat(allSupported.linkSpeedEnabled()).isEqualTo(3);
        PortInfo fastest = smp.setPortInfo(sw1, 7, noChange.linkSpeedEnabled(7).linkWidthEnabled(0x0B).build())
                .block(WAIT);
        assertThat(fastest.linkSpeedActive()).isEqualTo(PortInfo.LINK_SPEED_QDR);
        assertThat(fastest.linkWidthActive()).isEqualTo(LinkWidth.X12.code());
    }

    /**
     * Cut off from the SM, sw2's side of the fabric keeps what the SM told it, as real switches do: host3 still reaches
     * host4 by LID through sw2's table, and sw2's ports stay Active. (Its ports Init and its table emptied, the answer
     * to a Set that cut the SM off, sent by LID from that side, had no way back.) The cables back, it is swept in again.
     */
    @Test
    void switchesTheSmNoLongerReachesKeepTheirTablesAndActivePorts() {
        int host4 = fabric.lid("host4", 1);
        MadPort far = Umad.open(fabric.transport(), fabric.port("host3", 1), new PortOptions(time)).block(WAIT);
        SmpClient fromHost3 = SmpClient.of(far);
        try {
            fabric.unlink("sw1", 7);
            fabric.unlink("sw1", 8);
            assertThat(fromHost3.nodeInfo(SmpRoute.lid(host4)).block(WAIT).portGuid())
                    .isEqualTo(Topology.defaultTopology().requireNode("host4").portGuid(1));
            assertThat(fromHost3.portInfo(SmpRoute.directed(1), 2).block(WAIT).portState()).isEqualTo(PortInfo.STATE_ACTIVE);
            assertThat(fromHost3.portInfo(SmpRoute.directed(1), 7).block(WAIT).portState()).isEqualTo(PortInfo.STATE_DOWN);

            fabric.relink("sw1", 7);
            fabric.relink("sw1", 8);
            assertThat(smp.nodeInfo(SmpRoute.lid(host4)).block(WAIT).portGuid())
                    .isEqualTo(Topology.defaultTopology().requireNode("host4").portGuid(1));
            assertThat(fromHost3.portInfo(SmpRoute.directed(1), 7).block(WAIT).portState()).isEqualTo(PortInfo.STATE_ACTIVE);
        } finally {
            fromHost3.dispose();
            far.dispose();
        }
    }

    @Test
    void aPortInfoSetDisablesAndEnablesALink() {
        SmpRoute sw1 = SmpRoute.directed(1);
        SmpRoute sw2 = SmpRoute.directed(1, 7);
        PortInfo before = smp.portInfo(sw1, 8).block(WAIT);
        assertThat(before.portPhysicalState()).isEqualTo(PortInfo.PHYS_LINK_UP);
        PortInfo.Builder noChange = before.toBuilder().portState(0).portPhysicalState(0).linkSpeedEnabled(0)
                .linkWidthEnabled(0);

        PortInfo disabled = smp.setPortInfo(sw1, 8, noChange.portPhysicalState(PortInfo.PHYS_DISABLED).build()).block(WAIT);
        assertThat(disabled.portPhysicalState()).isEqualTo(PortInfo.PHYS_DISABLED);
        assertThat(disabled.portState()).isEqualTo(PortInfo.STATE_DOWN);
        assertThat(smp.portInfo(sw2, 8).block(WAIT).portPhysicalState()).isEqualTo(PortInfo.PHYS_POLLING);
        assertThat(fabric.topology().link("sw1", 8)).isEmpty();

        PortInfo enabled = smp.setPortInfo(sw1, 8, noChange.portPhysicalState(PortInfo.PHYS_POLLING).build()).block(WAIT);
        assertThat(enabled.portPhysicalState()).isEqualTo(PortInfo.PHYS_LINK_UP);
        assertThat(enabled.portState()).isEqualTo(PortInfo.STATE_ACTIVE);
        assertThat(fabric.topology().link("sw1", 8)).isPresent();
        assertThat(smp.portInfo(sw2, 8).block(WAIT).portPhysicalState()).isEqualTo(PortInfo.PHYS_LINK_UP);
    }

    /** The SM's port alone has IsSM; a whole-mask match of that one bit (no bit 31) is no port's mask. */
    @Test
    void portsWithCapabilitiesMatchBitwiseAndAWholeMaskMatchesExactly() {
        SaClient sa = SaClient.of(port);
        assertThat(sa.portsWithCapabilities(PortInfo.CAP_IS_SM).collectList().block(WAIT)).singleElement()
                .satisfies(r -> assertThat(r.endportLid()).isEqualTo(fabric.smLid()));
        assertThat(sa.portsWithCapabilities(PortInfo.CAP_IS_SM_DISABLED).collectList().block(WAIT)).isEmpty();
        PortInfoRecord onlyIsSm = new PortInfoRecord(0, 0, 0, PortInfo.builder().capabilityMask(PortInfo.CAP_IS_SM).build());
        assertThat(sa.getTable(SaClient.PORT_INFO_RECORD, onlyIsSm, PortInfoRecord.Component.CAPABILITY_MASK)
                .collectList().block(WAIT)).isEmpty();
        sa.dispose();
    }

    @Test
    void extendedCountersFollowTheClassPortInfo() {
        PerfClient perf = PerfClient.of(port);
        int host3 = fabric.lid("host3", 1);
        fabric.setCounter("host3", 1, PortCounter.UNICAST_XMIT_PKTS, 1L << 40);
        ClassPortInfo cpi = perf.classPortInfo(host3).block(WAIT);
        assertThat(cpi.capabilityMask() & ClassPortInfo.PERF_CAP_EXTENDED_WIDTH_SUPPORTED).isNotZero();
        assertThat(perf.portCountersExtended(host3, 1, cpi).block(WAIT).portUnicastXmitPkts())
                .isGreaterThanOrEqualTo(1L << 40);
        perf.dispose();
    }

    @Test
    void theSaClientFollowsAMovedSm() throws Exception {
        SaClient sa = SaClient.of(port);
        int before = sa.saAddress().lid();
        fabric.moveSm("host4", 1);
        CompletableFuture<List<NodeRecord>> nodes = sa.getTable(SaClient.NODE_RECORD).collectList().toFuture();
        time.advanceTimeBy(RequestOptions.defaults().deadline().multipliedBy(2));
        // The port attributes are re-read on a real thread; the resend then completes at once.
        assertThat(nodes.get(WAIT.toSeconds(), TimeUnit.SECONDS)).hasSize(fabric.topology().nodes().size());
        assertThat(sa.saAddress().lid()).isEqualTo(fabric.smLid()).isNotEqualTo(before);
        sa.dispose();
    }

    /**
     * A port opened with request options gives them to the clients made from it: an SMP and a PMA query to a LID
     * nobody has each give up after the port's one attempt of 50 ms, not the defaults' four of a second.
     */
    @Test
    void clientsMadeFromAPortAskWithItsRequestOptions() {
        RequestOptions quick = RequestOptions.defaults().withTimeout(Duration.ofMillis(50)).withRetries(0);
        MadPort quickPort = Umad.open(fabric.transport(), fabric.port("host3", 1), new PortOptions(time).withRequests(quick))
                .block(WAIT);
        assertThat(quickPort.options().requests()).isEqualTo(quick);
        SmpClient quickSmp = SmpClient.of(quickPort);
        PerfClient perf = PerfClient.of(quickPort);
        try {
            for (reactor.core.publisher.Mono<?> lost : List.of(quickSmp.nodeInfo(SmpRoute.lid(999)), perf.portCounters(999, 1))) {
                java.util.concurrent.atomic.AtomicReference<Throwable> failed = new java.util.concurrent.atomic.AtomicReference<>();
                lost.subscribe(v -> { }, failed::set);
                time.advanceTimeBy(Duration.ofMillis(49));
                assertThat(failed.get()).isNull();
                time.advanceTimeBy(Duration.ofMillis(1));
                assertThat(failed.get()).isInstanceOf(MadTimeoutException.class)
                        .hasMessageContaining("after 1 attempt(s) of 50 ms");
            }
        } finally {
            perf.dispose();
            quickSmp.dispose();
            quickPort.dispose();
        }
    }
}
