package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.mlnx.ConfigSpaceAccess;
import io.reactiveumad.mad.mlnx.CounterGroupConfig;
import io.reactiveumad.mad.mlnx.CounterGroupInfo;
import io.reactiveumad.mad.mlnx.GeneralInfo;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.PortCounter;
import io.reactiveumad.test.topology.Topology;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * {@link MlnxClient} against the embedded fabric's Mellanox vendor agents, in virtual time: a SwitchX (the extended
 * GeneralInfo), an InfiniScale III (the one-byte one, and its PortXmitWait words), a ConnectX-3 host, and a host of
 * another vendor, which does not have the class.
 */
class MlnxOnEmbeddedFabricTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    /** A SwitchX, an InfiniScale III, a ConnectX-3 host and a host of another vendor. */
    private static final Path MELLANOX_DEVICES = Path.of("src/test/resources/mellanox-devices.net");

    private VirtualTimeScheduler time;
    private EmbeddedFabric fabric;
    private MadPort port;
    private MlnxClient mlnx;

    @BeforeEach
    void open() {
        time = VirtualTimeScheduler.create();
        fabric = EmbeddedFabric.builder(Topology.parse(MELLANOX_DEVICES)).scheduler(time).build();
        RequestOptions quick = RequestOptions.defaults().withTimeout(Duration.ofMillis(50)).withRetries(0);
        port = Umad.open(fabric.transport(), fabric.port("cx3", 1), new PortOptions(time).withRequests(quick))
                .block(WAIT);
        mlnx = MlnxClient.of(port);
    }

    @AfterEach
    void close() {
        mlnx.dispose();
        port.dispose();
        fabric.close();
        time.dispose();
    }

    /** The device's ID and revision as its NodeInfo says, the fabric's uptime in seconds, the firmware a test set. */
    @Test
    void generalInfoIsTheDevicesWithTheFirmwareSetAndTheUptime() {
        int switchx = fabric.lid("switchx", 0);
        assertThat(mlnx.classPortInfo(switchx).block(WAIT).classVersion()).isEqualTo(MlnxClient.CLASS_VERSION);
        GeneralInfo before = mlnx.generalInfo(switchx).block(WAIT);
        assertThat(before.deviceId()).isEqualTo(0xc738);
        assertThat(before.hwRevision()).isEqualTo(0xa1);
        assertThat(before.firmware()).hasToString("01.00.00");

        fabric.setFirmware("switchx", new GeneralInfo.Version(9, 4, 2000));
        time.advanceTimeBy(Duration.ofSeconds(90));
        GeneralInfo after = mlnx.generalInfo(switchx).block(WAIT);
        assertThat(after.firmware()).hasToString("09.04.2000");
        assertThat(after.uptime()).isEqualTo(before.uptime() + 90);
        assertThat(mlnx.generalInfo(fabric.lid("cx3", 1)).block(WAIT).deviceId()).isEqualTo(0x1003);
    }

    /** InfiniScale III's layout has a byte per firmware number: a larger one is refused when set, naming the node. */
    @Test
    void anInfiniScaleIiiTakesAByteFirmwareVersionOnly() {
        fabric.setFirmware("is3", new GeneralInfo.Version(7, 4, 200));
        assertThat(mlnx.generalInfo(fabric.lid("is3", 0)).block(WAIT).firmware()).hasToString("07.04.200");
        assertThatThrownBy(() -> fabric.setFirmware("is3", new GeneralInfo.Version(9, 4, 2000)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is3: ").hasMessageContaining("0xb924");
    }

    /** A Set writes the bits its mask names; a Get reads the word back through the mask asked with. */
    @Test
    void theConfigSpaceKeepsWhatASetWroteUnderItsMask() {
        int switchx = fabric.lid("switchx", 0);
        assertThat(mlnx.readConfigSpace(switchx, List.of(ConfigSpaceAccess.Entry.read(0x2000))).block(WAIT))
                .containsExactly(new ConfigSpaceAccess.Entry(0x2000, 0, 0xFFFF_FFFFL));
        mlnx.writeConfigSpace(switchx, List.of(new ConfigSpaceAccess.Entry(0x2000, 0x12345678, 0xFFFF_FFFFL),
                new ConfigSpaceAccess.Entry(0x2004, 0xABCD, 0xFF))).block(WAIT);
        mlnx.writeConfigSpace(switchx, List.of(new ConfigSpaceAccess.Entry(0x2000, 0xFFFF_FFFFL, 0xF0))).block(WAIT);
        List<ConfigSpaceAccess.Entry> read = mlnx.readConfigSpace(switchx, List.of(ConfigSpaceAccess.Entry.read(0x2000),
                new ConfigSpaceAccess.Entry(0x2004, 0, 0xF))).block(WAIT);
        assertThat(read).extracting(ConfigSpaceAccess.Entry::value).containsExactly(0x123456F8L, 0xDL);
    }

    /** The words vendstat -w reads, by the ports it names them for: a port's XmitWait counter on an InfiniScale III. */
    @Test
    void anInfiniScaleIiiShowsItsPortsXmitWaitWhereVendstatReadsThem() {
        fabric.setCounter("is3", 1, PortCounter.XMIT_WAIT, 0x111);
        fabric.setCounter("is3", 7, PortCounter.XMIT_WAIT, 0x777);
        fabric.setCounter("is3", 20, PortCounter.XMIT_WAIT, 0x2020);
        fabric.setCounter("is3", 24, PortCounter.XMIT_WAIT, 0x2424);
        List<MlnxClient.XmitWait> waits = mlnx.portXmitWait(fabric.lid("is3", 0)).block(WAIT);
        assertThat(waits).extracting(MlnxClient.XmitWait::unit).containsExactlyElementsOf(
                IntStream.rangeClosed(1, 24).boxed().toList());
        assertThat(waits).extracting(MlnxClient.XmitWait::port).doesNotContain(20);
        assertThat(waits).filteredOn(w -> w.count() != 0).extracting(MlnxClient.XmitWait::port,
                MlnxClient.XmitWait::count).containsExactly(tuple(7, 0x777L),
                tuple(24, 0x2424L), tuple(1, 0x111L));
    }

    /** A switch port's counter groups take the selections CounterGroupInfo lists; a CA has none. */
    @Test
    void aSwitchPortsCounterGroupsTakeTheSelectionsItLists() {
        int switchx = fabric.lid("switchx", 0);
        CounterGroupInfo info = mlnx.counterGroupInfo(switchx, 12).block(WAIT);
        assertThat(info).isEqualTo(new CounterGroupInfo(2, 0b111, 0b1_0000_0110));
        assertThat(mlnx.setCounterGroupConfig(switchx, 12, new CounterGroupConfig(2, 8)).block(WAIT))
                .isEqualTo(new CounterGroupConfig(2, 8));
        assertThat(mlnx.counterGroupConfig(switchx, 12).block(WAIT)).isEqualTo(new CounterGroupConfig(2, 8));
        assertThat(mlnx.counterGroupConfig(switchx, 11).block(WAIT)).isEqualTo(new CounterGroupConfig(0, 1));
        assertThatThrownBy(() -> mlnx.setCounterGroupConfig(switchx, 12, new CounterGroupConfig(8, 8)).block(WAIT))
                .isInstanceOf(MadStatusException.class).hasMessageContaining("invalid");
        assertThatThrownBy(() -> mlnx.counterGroupInfo(fabric.lid("cx3", 1), 1).block(WAIT))
                .isInstanceOfSatisfying(MadStatusException.class,
                        e -> assertThat(e.status()).isEqualTo(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE));
    }

    /** Another vendor's node has no agent of the class: the unclaimed-class answer, as its kernel gives it. */
    @Test
    void anotherVendorsNodeDoesNotHaveTheClass() {
        assertThatThrownBy(() -> mlnx.generalInfo(fabric.lid("other", 1)).block(WAIT))
                .isInstanceOf(MadStatusException.class);
    }
}
