package io.reactiveumad.poll.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.spi.channel.PortAttributes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UmadSysfsTest {
    @TempDir
    Path root;
    private UmadSysfs sysfs;

    @BeforeEach
    void buildTree() {
        sysfs = new UmadSysfs(FakeSysfs.build(root));
    }

    @Test
    void listsEveryUmadDeviceInIndexOrder() {
        assertThat(sysfs.ports()).containsExactly(
                new UmadPortRef(0, "mlx5_0", 1, "issm0"), new UmadPortRef(1, "mlx5_0", 2, "issm1"),
                new UmadPortRef(2, "mlx5_1", 1, "issm2"), new UmadPortRef(3, "mlx5_1", 2, "issm3"));
    }

    @Test
    void ordersUmadTenAfterUmadTwo() {
        FakeSysfs.madDevices(root, 10, "mlx5_1", 3);

        assertThat(sysfs.ports()).extracting(UmadPortRef::index).containsExactly(0, 1, 2, 3, 10);
    }

    /** A managed switch: its umad device is its port 0 (Documentation/infiniband/user_mad.rst). */
    @Test
    void aSwitchIsServedOnItsPortZero(@TempDir Path switchRoot) {
        UmadSysfs sw = new UmadSysfs(FakeSysfs.buildSwitch(switchRoot));
        assertThat(sw.ports()).singleElement().satisfies(ref -> {
            assertThat(ref.ibdev()).isEqualTo("sw0");
            assertThat(ref.port()).isZero();
            assertThat(ref.umadName()).isEqualTo("umad0");
            assertThat(ref.issmName()).isEqualTo("issm0");
        });
        PortAttributes a = sw.attributes("sw0", 0);
        assertThat(a.port()).isZero();
        assertThat(a.lid()).isEqualTo(FakeSysfs.lid(0, 0));
        assertThat(sw.find("sw0", 0)).isPresent();
    }

    @Test
    void portZeroOfAChannelAdapterIsAnError() {
        FakeSysfs.madDevices(root, 7, "mlx5_0", 0);
        assertThatThrownBy(sysfs::ports).isInstanceOf(SysfsException.class).hasMessageContaining("mlx5_0")
                .hasMessageContaining("port 0");
    }

    /** Each port's IsSM device is the issm entry naming that CA and port, read, not derived from the umad index. */
    @Test
    void theIssmDeviceOfAPortIsTheOneSysfsNamesForItOnATwoCaHost() throws Exception {
        // Renumber the IsSM devices so that issmN no longer sits beside umadN.
        Path mad = root.resolve("class/infiniband_mad");
        for (int i = 0; i < 4; i++) {
            Files.move(mad.resolve("issm" + i), mad.resolve("issm" + (i + 20)));
        }
        Files.move(mad.resolve("issm20"), mad.resolve("issm9"));
        assertThat(sysfs.ports()).extracting(UmadPortRef::ibdev, UmadPortRef::port, UmadPortRef::issmName)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("mlx5_0", 1, "issm9"),
                        org.assertj.core.groups.Tuple.tuple("mlx5_0", 2, "issm21"),
                        org.assertj.core.groups.Tuple.tuple("mlx5_1", 1, "issm22"),
                        org.assertj.core.groups.Tuple.tuple("mlx5_1", 2, "issm23"));
        assertThat(sysfs.attributes("mlx5_1", 2).nodeGuid()).isNotEqualTo(sysfs.attributes("mlx5_0", 2).nodeGuid());
    }

    /** As libibumad picks the port a diag tool opens by default: the first CA's first Active InfiniBand port. */
    @Test
    void theDefaultPortIsTheFirstActiveInfiniBandPort() {
        assertThat(sysfs.defaultPort(null)).contains(new UmadPortRef(0, "mlx5_0", 1, "issm0"));
        assertThat(sysfs.defaultPort("mlx5_1")).contains(new UmadPortRef(2, "mlx5_1", 1, "issm2"));
        assertThat(sysfs.defaultPort("mlx5_9")).isEmpty();
    }

    /**
     * A dual-port HCA cabled on port 2 only opens port 2; a first CA that is RoCE gives way to an InfiniBand one
     * further on; where nothing is Active, the first CA with a port whose link is up (or at least not Disabled)
     * wins, a RoCE port included (rxe alone in a VM).
     */
    @Test
    void theDefaultPortSkipsDownAndRoCEPortsAsLibibumadDoes() {
        Path mlx50 = root.resolve("class/infiniband/mlx5_0/ports");
        Path mlx51 = root.resolve("class/infiniband/mlx5_1/ports");
        FakeSysfs.write(mlx50.resolve("1/state"), "1: DOWN");
        FakeSysfs.write(mlx50.resolve("1/phys_state"), "3: Disabled");
        FakeSysfs.write(mlx50.resolve("2/state"), "4: ACTIVE");
        FakeSysfs.write(mlx50.resolve("2/phys_state"), "5: LinkUp");
        assertThat(sysfs.defaultPort(null)).contains(new UmadPortRef(1, "mlx5_0", 2, "issm1"));

        FakeSysfs.write(mlx50.resolve("2/link_layer"), "Ethernet");
        assertThat(sysfs.defaultPort(null)).as("mlx5_0 is RoCE now; mlx5_1 port 1 is Active")
                .contains(new UmadPortRef(2, "mlx5_1", 1, "issm2"));

        FakeSysfs.write(mlx51.resolve("1/state"), "2: INIT");
        assertThat(sysfs.defaultPort(null)).as("nothing Active: mlx5_0's RoCE port is up and not Disabled")
                .contains(new UmadPortRef(1, "mlx5_0", 2, "issm1"));
        assertThat(sysfs.defaultPort("mlx5_1")).as("its InfiniBand port with the link up")
                .contains(new UmadPortRef(2, "mlx5_1", 1, "issm2"));

        for (String port : new String[] {"1", "2"}) {
            FakeSysfs.write(mlx51.resolve(port + "/phys_state"), "3: Disabled");
        }
        assertThat(sysfs.defaultPort("mlx5_1")).isEmpty();
    }

    @Test
    void findsAPortByDeviceAndNumber() {
        assertThat(sysfs.find("mlx5_1", 2)).contains(new UmadPortRef(3, "mlx5_1", 2, "issm3"));
        assertThat(sysfs.find("mlx5_1", 9)).isEmpty();
    }

    @Test
    void readsEveryPortAttribute() {
        PortAttributes port = sysfs.attributes(new UmadPortRef(2, "mlx5_1", 1, "issm2"));

        assertThat(port.device()).isEqualTo("mlx5_1");
        assertThat(port.port()).isEqualTo(1);
        assertThat(port.nodeGuid()).isEqualTo(0x0002_c903_0000_1001L);
        assertThat(port.lid()).isEqualTo(FakeSysfs.lid(1, 1));
        assertThat(port.lmc()).isZero();
        assertThat(port.smLid()).isEqualTo(1);
        assertThat(port.smSl()).isZero();
        assertThat(port.state()).isEqualTo(PortAttributes.STATE_ACTIVE);
        assertThat(port.isActive()).isTrue();
        assertThat(port.physState()).isEqualTo(5);
        assertThat(port.linkLayer()).isEqualTo("InfiniBand");
        assertThat(port.gids()).hasSize(FakeSysfs.GIDS)
                .startsWith(new Gid(0xfe80_0000_0000_0000L, 0x0002_c903_0001_0001L));
        assertThat(port.gids().subList(1, FakeSysfs.GIDS)).containsOnly(Gid.ZERO);
        assertThat(port.pkeys()).containsExactly(0xffff, 0x8001);
        assertThat(port.capabilityMask()).isEqualTo(0x2651e848L);
        assertThat(port.rate()).isEqualTo("100 Gb/sec (4X EDR)");
        assertThat(port.portGuid()).isEqualTo(0x0002_c903_0001_0001L);
    }

    /** What ibstat lists: every CA, switch and router in name order, umad or not; not an iWARP device. */
    @Test
    void devicesAreEveryInfiniBandDeviceInNameOrderWithAllTheirPorts() throws Exception {
        Path rnic = root.resolve("class/infiniband/iw_cxgb4_0");
        FakeSysfs.write(rnic.resolve("node_type"), "4: RNIC");
        Files.createDirectories(root.resolve("class/infiniband/b_no_type")); // no node_type: not a device libibumad lists
        Path noUmad = root.resolve("class/infiniband/a_first");
        FakeSysfs.write(noUmad.resolve("node_type"), "1: CA");
        FakeSysfs.write(noUmad.resolve("node_guid"), "0002:c903:0000:3000");
        FakeSysfs.write(noUmad.resolve("sys_image_guid"), "0002:c903:0000:3000");
        Files.createDirectories(noUmad.resolve("ports"));

        assertThat(sysfs.devices()).extracting(DeviceAttributes::name).containsExactly("a_first", "mlx5_0", "mlx5_1");
        DeviceAttributes first = sysfs.devices().get(1);
        assertThat(first.nodeType()).isEqualTo(1);
        assertThat(first.type()).isEqualTo("MT4123");
        assertThat(first.firmwareVersion()).isEqualTo("20.28.1002");
        assertThat(first.hardwareVersion()).isEqualTo("0x0");
        assertThat(first.nodeGuid()).isEqualTo(0x0002_c903_0000_1000L);
        assertThat(first.systemImageGuid()).isEqualTo(0x0002_c903_0000_1000L);
        assertThat(first.portCount()).isEqualTo(FakeSysfs.PORTS);
        assertThat(first.ports()).containsExactly(sysfs.attributes("mlx5_0", 1), sysfs.attributes("mlx5_0", 2));
        DeviceAttributes second = sysfs.devices().get(2);
        assertThat(second.type()).as("no hca_type").isEmpty();
        assertThat(sysfs.devices().get(0).ports()).isEmpty();
    }

    /** The kernel refuses to read the rate of a port whose width it does not know (EINVAL); the port still reads. */
    @Test
    void anUnreadableRateIsUnknown() throws Exception {
        Path rate = root.resolve("class/infiniband/mlx5_0/ports/2/rate");
        Files.delete(rate);
        Files.createDirectory(rate);

        assertThat(sysfs.attributes("mlx5_0", 2).rate()).isEmpty();
    }

    @Test
    void aPortsEntryThatIsNoNumberIsAnError() {
        FakeSysfs.write(root.resolve("class/infiniband/mlx5_1/ports/x"), "");

        assertThatThrownBy(sysfs::devices).isInstanceOf(SysfsException.class).hasMessageContaining("mlx5_1/ports")
                .hasMessageContaining("'x'");
    }

    @Test
    void aSwitchDeviceHasItsPortZeroAlone(@TempDir Path switchRoot) {
        UmadSysfs sw = new UmadSysfs(FakeSysfs.buildSwitch(switchRoot));

        assertThat(sw.devices()).singleElement().satisfies(d -> {
            assertThat(d.nodeType()).isEqualTo(2);
            assertThat(d.ports()).extracting(PortAttributes::port).containsExactly(0);
            assertThat(d.portCount()).isZero();
            assertThat(d.firmwareVersion()).isEmpty();
        });
    }

    @Test
    void noInfiniBandClassMeansNoDevices(@TempDir Path empty) {
        assertThat(new UmadSysfs(empty).devices()).isEmpty();
    }

    @Test
    void aDownPortReadsAsDown() {
        PortAttributes port = sysfs.attributes("mlx5_0", 2);

        assertThat(port.state()).isEqualTo(1);
        assertThat(port.isActive()).isFalse();
        assertThat(port.physState()).isEqualTo(2);
    }

    @Test
    void anUnreadableGidSlotKeepsItsIndexAsZero() throws Exception {
        Path slot = root.resolve("class/infiniband/mlx5_0/ports/1/gids/2");
        Files.delete(slot);
        Files.createDirectory(slot);

        assertThat(sysfs.attributes("mlx5_0", 1).gids()).hasSize(FakeSysfs.GIDS).element(2).isEqualTo(Gid.ZERO);
    }

    @Test
    void acceptsAbiVersionFive() {
        assertThat(sysfs.abiVersion()).isEqualTo(UmadSysfs.ABI_VERSION);
        sysfs.checkAbiVersion();
    }

    @Test
    void rejectsAnotherAbiVersion() {
        FakeSysfs.write(root.resolve("class/infiniband_mad/abi_version"), "4");

        assertThatThrownBy(sysfs::checkAbiVersion).isInstanceOf(SysfsException.class)
                .hasMessageContaining("ABI version 4");
    }

    @Test
    void aMissingAttributeNamesTheFile() throws Exception {
        Files.delete(root.resolve("class/infiniband/mlx5_0/ports/1/sm_lid"));

        assertThatThrownBy(() -> sysfs.attributes("mlx5_0", 1)).isInstanceOf(SysfsException.class)
                .hasMessageContaining("ports/1/sm_lid");
    }

    @Test
    void garbageInAnAttributeNamesTheFile() {
        FakeSysfs.write(root.resolve("class/infiniband/mlx5_0/ports/1/lid"), "banana");

        assertThatThrownBy(() -> sysfs.attributes("mlx5_0", 1)).isInstanceOf(SysfsException.class)
                .hasMessageContaining("ports/1/lid").hasMessageContaining("banana");
    }

    @Test
    void aGapInATableIsAnError() throws Exception {
        Files.delete(root.resolve("class/infiniband/mlx5_0/ports/1/pkeys/0"));

        assertThatThrownBy(() -> sysfs.attributes("mlx5_0", 1)).isInstanceOf(SysfsException.class)
                .hasMessageContaining("no 0");
    }

    @Test
    void anUnknownPortIsAnError() {
        assertThatThrownBy(() -> sysfs.attributes("mlx5_0", 7)).isInstanceOf(SysfsException.class)
                .hasMessageContaining("no such port");
    }

    @Test
    void noUmadClassMeansNoPorts(@TempDir Path empty) {
        assertThat(new UmadSysfs(empty).ports()).isEmpty();
    }
}
