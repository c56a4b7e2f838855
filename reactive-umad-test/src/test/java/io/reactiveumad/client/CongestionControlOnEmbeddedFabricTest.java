package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.cc.CaCongestionSetting;
import io.reactiveumad.mad.cc.CongestionControlTable;
import io.reactiveumad.mad.cc.CongestionKeyInfo;
import io.reactiveumad.mad.cc.CongestionLog;
import io.reactiveumad.mad.cc.SwitchCongestionSetting;
import io.reactiveumad.mad.cc.SwitchPortCongestionSetting;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * {@link CcClient} against the embedded fabric's congestion control agents (default topology: host1, host2 on sw1;
 * host3, host4 on sw2), in virtual time: what a Set leaves is what a Get then reads, a switch's attributes on a switch
 * and a CA's on a CA, and a CC_Key that guards them.
 */
class CongestionControlOnEmbeddedFabricTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    private VirtualTimeScheduler time;
    private EmbeddedFabric fabric;
    private MadPort port;
    private CcClient cc;

    @BeforeEach
    void open() {
        time = VirtualTimeScheduler.create();
        fabric = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(time).build();
        RequestOptions quick = RequestOptions.defaults().withTimeout(Duration.ofMillis(50)).withRetries(0);
        port = Umad.open(fabric.transport(), fabric.port("host2", 1), new PortOptions(time).withRequests(quick))
                .block(WAIT);
        cc = CcClient.of(port);
    }

    @AfterEach
    void close() {
        cc.dispose();
        port.dispose();
        fabric.close();
        time.dispose();
    }

    @Test
    void theClassIsVersionTwoAndACaHasTableBlocksASwitchNone() {
        assertThat(cc.classPortInfo(fabric.lid("sw2", 0)).block(WAIT).classVersion()).isEqualTo(2);
        assertThat(cc.congestionInfo(fabric.lid("host3", 1)).block(WAIT).controlTableCap()).isEqualTo(2);
        assertThat(cc.congestionInfo(fabric.lid("sw2", 0)).block(WAIT).controlTableCap()).isZero();
    }

    /** Control_Map says which fields a Set applies: the victim mask and marking rate here, not the credit mask. */
    @Test
    void aSwitchKeepsTheFieldsItsControlMapNames() {
        int sw1 = fabric.lid("sw1", 0);
        byte[] victims = new byte[32];
        victims[31] = 0b0110;
        byte[] credits = new byte[32];
        credits[0] = (byte) 0x80;
        SwitchCongestionSetting asked = new SwitchCongestionSetting(0b10001, Octets.of(victims), Octets.of(credits), 9,
                3, 2, 0x4005, 77);
        SwitchCongestionSetting answered = cc.setSwitchCongestionSetting(sw1, asked).block(WAIT);
        SwitchCongestionSetting read = cc.switchCongestionSetting(sw1).block(WAIT);
        assertThat(read).isEqualTo(answered);
        assertThat(read.victimMask()).isEqualTo(Octets.of(victims));
        assertThat(read.creditMask()).isEqualTo(Octets.zeros(32));
        assertThat(read.markingRate()).isEqualTo(77);
        assertThat(read.threshold()).isZero();
        assertThat(cc.switchCongestionSetting(fabric.lid("sw2", 0)).block(WAIT).markingRate()).isZero();
    }

    @Test
    void aSwitchPortsSettingsAreInTheirBlock() {
        int sw2 = fabric.lid("sw2", 0);
        var element = new SwitchPortCongestionSetting.Element(true, 1, 12, 8, 500);
        cc.setSwitchPortCongestionSetting(sw2, SwitchPortCongestionSetting.block(7),
                SwitchPortCongestionSetting.none().with(7, element)).block(WAIT);
        SwitchPortCongestionSetting block = cc.switchPortCongestionSetting(sw2, 0).block(WAIT);
        assertThat(block.port(7)).isEqualTo(element);
        assertThat(block.port(6)).isEqualTo(SwitchPortCongestionSetting.Element.NONE);
        // The default switches have 8 ports: block 0 is every one of them, block 1 none.
        assertThatThrownBy(() -> cc.switchPortCongestionSetting(sw2, 1).block(WAIT))
                .isInstanceOf(MadStatusException.class);
        assertThatThrownBy(() -> cc.switchPortCongestionSetting(sw2, CcClient.PORT_BLOCKS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("block must be 0..7");
    }

    /** A CA takes the entries of the SLs its Control_Map names and keeps the others'. */
    @Test
    void aCaKeepsTheServiceLevelsItsControlMapNames() {
        int host3 = fabric.lid("host3", 1);
        List<CaCongestionSetting.Entry> entries = IntStream.range(0, 16)
                .mapToObj(sl -> new CaCongestionSetting.Entry(100 + sl, 1, 2, 3)).toList();
        cc.setCaCongestionSetting(host3, new CaCongestionSetting(1, 0b101, entries)).block(WAIT);
        CaCongestionSetting read = cc.caCongestionSetting(host3).block(WAIT);
        assertThat(read.portControl()).isEqualTo(1);
        assertThat(read.entries().get(0).cctiTimer()).isEqualTo(100);
        assertThat(read.entries().get(1)).isEqualTo(CaCongestionSetting.Entry.NONE);
        assertThat(read.entries().get(2).cctiTimer()).isEqualTo(102);
    }

    @Test
    void aCaTableHasItsLimitAndItsBlocksEntries() {
        int host1 = fabric.lid("host1", 1);
        List<CongestionControlTable.Entry> entries = new ArrayList<>(
                CongestionControlTable.none(0).entries());
        entries.set(5, new CongestionControlTable.Entry(2, 1000));
        cc.setCongestionControlTable(host1, 1, new CongestionControlTable(69, entries)).block(WAIT);
        assertThat(cc.congestionControlTable(host1, 1).block(WAIT).entries().get(5))
                .isEqualTo(new CongestionControlTable.Entry(2, 1000));
        CongestionControlTable first = cc.congestionControlTable(host1, 0).block(WAIT);
        assertThat(first.cctiLimit()).isEqualTo(69);
        assertThat(first.entries()).containsOnly(CongestionControlTable.Entry.NONE);
    }

    @Test
    void aSwitchAttributeAskedOfACaIsRefusedWithAStatus() {
        assertThatThrownBy(() -> cc.switchCongestionSetting(fabric.lid("host3", 1)).block(WAIT))
                .isInstanceOf(MadStatusException.class);
        assertThatThrownBy(() -> cc.caCongestionSetting(fabric.lid("sw1", 0)).block(WAIT))
                .isInstanceOf(MadStatusException.class);
    }

    /** The log sits at byte 32 of the MAD, of the node's type; nothing congests here, so it has no events. */
    @Test
    void theLogIsTheNodesTypeWithoutEvents() {
        assertThat(cc.congestionLog(fabric.lid("sw1", 0)).block(WAIT)).isInstanceOfSatisfying(
                CongestionLog.SwitchLog.class, log -> assertThat(log.events()).allMatch(CongestionLog.SwitchEvent::isEmpty));
        assertThat(cc.congestionLog(fabric.lid("host4", 1)).block(WAIT)).isInstanceOfSatisfying(
                CongestionLog.CaLog.class, log -> assertThat(log.events()).allMatch(CongestionLog.CaEvent::isEmpty));
        assertThatThrownBy(() -> cc.set(1, CcClient.CONGESTION_LOG, 0, cc.congestionLog(fabric.lid("sw1", 0))
                .block(WAIT))).hasMessageContaining("read only");
    }

    /**
     * With a CC_Key set, a Set without it goes unanswered and is counted; with the protect bit a Get too; with the key
     * both are answered.
     */
    @Test
    void aCcKeyGuardsTheSettings() {
        int sw2 = fabric.lid("sw2", 0);
        long key = 0x5eed_1234_abcd_0001L;
        cc.setCongestionKeyInfo(sw2, new CongestionKeyInfo(key, true, 60, 0)).block(WAIT);
        SwitchCongestionSetting any = cc.withCcKey(key).switchCongestionSetting(sw2).block(WAIT);

        assertUnanswered(cc.setSwitchCongestionSetting(sw2, any));
        assertUnanswered(cc.switchCongestionSetting(sw2));
        CcClient keyed = cc.withCcKey(key);
        assertThat(keyed.setSwitchCongestionSetting(sw2, any).block(WAIT)).isEqualTo(any);
        CongestionKeyInfo info = keyed.congestionKeyInfo(sw2).block(WAIT);
        assertThat(info.violations()).isEqualTo(2);
        assertThat(info.ccKey()).isEqualTo(key);
        assertThat(info.protect()).isTrue();

        // A Set of a violation count but 0 leaves it as it is; 0 clears it.
        keyed.setCongestionKeyInfo(sw2, new CongestionKeyInfo(key, false, 60, 1)).block(WAIT);
        assertThat(cc.congestionKeyInfo(sw2).block(WAIT).violations()).isEqualTo(2);
        keyed.setCongestionKeyInfo(sw2, new CongestionKeyInfo(key, false, 60, 0)).block(WAIT);
        assertThat(cc.congestionKeyInfo(sw2).block(WAIT).violations()).isZero();
    }

    private void assertUnanswered(reactor.core.publisher.Mono<?> request) {
        AtomicReference<Throwable> failed = new AtomicReference<>();
        request.subscribe(v -> { }, failed::set);
        time.advanceTimeBy(Duration.ofMillis(50));
        assertThat(failed.get()).isInstanceOf(MadTimeoutException.class);
    }
}
