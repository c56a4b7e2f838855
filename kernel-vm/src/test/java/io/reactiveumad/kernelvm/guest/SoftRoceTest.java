package io.reactiveumad.kernelvm.guest;

import static io.reactiveumad.kernelvm.guest.InVm.sysfs;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/** The VM is what the conformance suite assumes: ib_umad ABI 5 and rxe0 with an ACTIVE Ethernet port. */
@Order(0)
class SoftRoceTest {

    @Test
    void kernelSpeaksUmadAbiVersion5() {
        assertThat(sysfs(InVm.UMAD_CLASS.resolve("abi_version"))).isEqualTo("5");
    }

    @Test
    void rxe0HasAUmadDeviceOnPort1() throws IOException {
        List<Path> umadDevices;
        try (Stream<Path> entries = Files.list(InVm.UMAD_CLASS)) {
            umadDevices = entries.filter(p -> p.getFileName().toString().startsWith("umad")).toList();
        }
        assertThat(umadDevices).anySatisfy(dir -> {
            assertThat(sysfs(dir.resolve("ibdev"))).isEqualTo(InVm.DEVICE);
            assertThat(sysfs(dir.resolve("port"))).isEqualTo(Integer.toString(InVm.PORT));
            assertThat(Path.of("/dev/infiniband", dir.getFileName().toString())).exists();
        });
    }

    @Test
    void rxe0PortIsActiveOnEthernet() {
        assertThat(sysfs(InVm.PORT_DIR.resolve("state"))).endsWith("ACTIVE");
        assertThat(sysfs(InVm.PORT_DIR.resolve("link_layer"))).isEqualTo("Ethernet");
    }
}
