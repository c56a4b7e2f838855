package io.reactiveumad.kernelvm.guest;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.KernelTransport;
import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.spi.channel.PortAttributes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * {@code KernelTransport.devices()} says of rxe0 and rxe1 what the host's ibstat (infiniband-diags, run in the VM's
 * chroot) prints from the same sysfs, field by field: a device's type, port count, versions and GUIDs; each port's
 * state, physical state, rate, LIDs, capability mask, port GUID and link layer.
 */
@Order(5)
class IbstatTest {
    private static final String IBSTAT = "/usr/sbin/ibstat";
    private static final List<String> STATES = List.of("???", "Down", "Initializing", "Armed", "Active");
    private static final List<String> PHYSICAL_STATES = List.of("No state change", "Sleep", "Polling", "Disabled",
            "PortConfigurationTraining", "LinkUp", "LinkErrorRecovery", "PhyTest");

    @Test
    void devicesAreWhatIbstatPrints() throws Exception {
        List<DeviceAttributes> devices = KernelTransport.system().devices();
        Map<String, Map<String, String>> printed = ibstat();

        assertThat(devices).extracting(DeviceAttributes::name).containsExactlyElementsOf(
                printed.keySet().stream().filter(key -> !key.contains("/")).toList())
                .contains(InVm.DEVICE, InVm.SECOND_DEVICE);
        for (DeviceAttributes device : devices) {
            Map<String, String> fields = printed.get(device.name());
            assertThat(fields).as(device.name()).containsExactlyInAnyOrderEntriesOf(Map.of(
                    "kind", "CA",
                    "CA type", device.type(),
                    "Number of ports", Integer.toString(device.portCount()),
                    "Firmware version", device.firmwareVersion(),
                    "Hardware version", device.hardwareVersion(),
                    "Node GUID", String.format("0x%016x", device.nodeGuid()),
                    "System image GUID", String.format("0x%016x", device.systemImageGuid())));
            assertThat(device.ports()).isNotEmpty();
            for (PortAttributes port : device.ports()) {
                Map<String, String> expected = new LinkedHashMap<>();
                expected.put("State", STATES.get(port.state()));
                expected.put("Physical state", PHYSICAL_STATES.get(port.physState()));
                expected.put("Rate", ibstatRate(port.rate()));
                expected.put("Base lid", Integer.toString(port.lid()));
                expected.put("LMC", Integer.toString(port.lmc()));
                expected.put("SM lid", Integer.toString(port.smLid()));
                expected.put("Capability mask", String.format("0x%08x", port.capabilityMask()));
                expected.put("Port GUID", String.format("0x%016x", port.portGuid()));
                expected.put("Link layer", port.linkLayer());
                assertThat(printed.get(device.name() + "/" + port.port())).as("%s port %d", device.name(), port.port())
                        .containsExactlyInAnyOrderEntriesOf(expected);
            }
        }
    }

    /** ibstat prints sysfs's rate as a whole number of Gb/s, 1X SDR's 2.5 as "2.5". */
    private static String ibstatRate(String sysfs) {
        String whole = sysfs.substring(0, sysfs.indexOf(' ')).replaceFirst("\\.5$", "");
        return whole.equals("2") ? "2.5" : whole;
    }

    /**
     * ibstat's output as "name" → the device's fields (with "kind": CA, Switch...) and "name/port" → the port's.
     */
    private static Map<String, Map<String, String>> ibstat() throws IOException, InterruptedException {
        Process process = new ProcessBuilder(IBSTAT).redirectErrorStream(true).start();
        String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(text).isZero();
        Map<String, Map<String, String>> blocks = new LinkedHashMap<>();
        Map<String, String> current = null;
        String device = null;
        List<String> unparsed = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.matches("\\S+ '.+'")) {
                device = line.substring(line.indexOf('\'') + 1, line.length() - 1);
                current = new LinkedHashMap<>();
                current.put("kind", line.substring(0, line.indexOf(' ')));
                blocks.put(device, current);
            } else if (line.matches("\tPort \\d+:") && device != null) {
                current = new LinkedHashMap<>();
                blocks.put(device + "/" + line.trim().replaceAll("\\D", ""), current);
            } else if (line.contains(": ") && current != null) {
                current.put(line.substring(0, line.indexOf(':')).trim(), line.substring(line.indexOf(':') + 2));
            } else if (line.endsWith(":") && current != null) { // a field with an empty value: "Firmware version: "
                current.put(line.substring(0, line.length() - 1).trim(), "");
            } else {
                unparsed.add(line);
            }
        }
        assertThat(unparsed).as("lines of ibstat's output not understood:\n%s", text).isEmpty();
        return blocks;
    }
}
