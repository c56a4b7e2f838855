package io.reactiveumad.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.discovery.FabricDiscovery;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.mlnx.GeneralInfo;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.InVirtualTime;
import io.reactiveumad.test.MadMatch;
import io.reactiveumad.test.topology.Topology;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * The firmware inventory on the embedded fabric, in virtual time: Mellanox devices of three kinds report their
 * versions, a host of another vendor has no agent of the class, and a device that never answers is a failure of its
 * own that ends nothing.
 */
class FirmwareInventoryOnEmbeddedFabricTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    /** A SwitchX, an InfiniScale III, a ConnectX-3 host and a host of another vendor. */
    private static final Path MELLANOX_DEVICES = Path.of("src/test/resources/mellanox-devices.net");

    private VirtualTimeScheduler time;
    private EmbeddedFabric fabric;
    private MadPort port;

    @BeforeEach
    void open() {
        time = VirtualTimeScheduler.create();
        fabric = EmbeddedFabric.builder(Topology.parse(MELLANOX_DEVICES)).scheduler(time).build();
        port = Umad.open(fabric.transport(), fabric.port("other", 1), new PortOptions(time)).block(WAIT);
    }

    @AfterEach
    void close() {
        port.dispose();
        fabric.close();
        time.dispose();
    }

    /** Every node once, in discovery's order; the versions each device reports, and none from another vendor's. */
    @Test
    void everyMellanoxDeviceReportsItsVersionsAndAnotherVendorsHasNoClass() {
        fabric.setFirmware("switchx", new GeneralInfo.Version(9, 4, 2000));
        fabric.setFirmware("is3", new GeneralInfo.Version(7, 4, 200));
        DiscoveredFabric found = FabricDiscovery.discover(port, DiscoveryOptions.defaults()).block(WAIT);

        List<NodeFirmware> nodes = FirmwareInventory.of(port, found, 2).collectList().block(WAIT);

        assertThat(nodes).extracting(n -> n.node().guid())
                .containsExactlyElementsOf(found.nodes().stream().map(n -> n.guid()).toList());
        Map<String, NodeFirmware> byName = byName(nodes);
        assertThat(byName.get("switchx").generalInfo()).hasValueSatisfying(info -> {
            assertThat(info.deviceId()).isEqualTo(0xc738);
            assertThat(info.firmware()).hasToString("09.04.2000");
        });
        assertThat(byName.get("switchx").lid()).isEqualTo(fabric.lid("switchx", 0));
        assertThat(byName.get("is3").generalInfo().map(GeneralInfo::firmware)).hasValue(new GeneralInfo.Version(7, 4, 200));
        assertThat(byName.get("cx3").generalInfo().map(GeneralInfo::deviceId)).hasValue(0x1003);
        NodeFirmware other = byName.get("other");
        assertThat(other.hasClass()).isFalse();
        assertThat(other.generalInfo()).isEmpty();
        assertThat(other.failure()).isEmpty();
    }

    /** A device that never answers is a failure naming the timeout, after its retries; the others are reported. */
    @Test
    void aDeviceThatNeverAnswersIsAFailureOfItsOwn() {
        fabric.faults().drop(1.0, MadMatch.toNode("is3").mgmtClass(MgmtClass.MLNX_VENDOR));
        Map<String, NodeFirmware> byName = byName(InVirtualTime.result(FirmwareInventory.of(port,
                DiscoveryOptions.defaults(), FirmwareInventory.DEFAULT_IN_FLIGHT).collectList(), time,
                Duration.ofMillis(500), 100));
        assertThat(byName.get("is3").failure()).hasValueSatisfying(f -> assertThat(f).contains("no response"));
        assertThat(byName.get("is3").hasClass()).isTrue();
        assertThat(byName.get("switchx").generalInfo()).isPresent();
        assertThat(byName.get("cx3").generalInfo()).isPresent();
    }

    private static Map<String, NodeFirmware> byName(List<NodeFirmware> nodes) {
        return nodes.stream().collect(Collectors.toMap(n -> n.node().description(), n -> n));
    }
}
