package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.reactiveumad.examples.cli.CommandLine;
import io.reactiveumad.mad.mlnx.GeneralInfo;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.PortCounter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * {@code umad vendstat} on the embedded fabric's Mellanox devices (mellanox-devices.net: a SwitchX at LID 2, an
 * InfiniScale III at 3, a ConnectX-3 at 1 where the SM runs, a host of another vendor at 4, the CLI's port): what the
 * devices answer as text and JSON, and what is refused before anything is asked. {@code VendstatIbsimTest} compares the
 * text with vendstat's.
 */
class VendstatCommandTest {
    private static final String TOPOLOGY = DiagsOracle.resource("topologies/mellanox-devices.net").toString();
    private static final String SWITCHX = "2";
    private static final String IS3 = "3";
    private static final String CX3 = "1";

    private static CliRun umad(Consumer<EmbeddedFabric> setUp, String... args) {
        List<String> all = new ArrayList<>(List.of("vendstat"));
        all.addAll(List.of(args));
        all.addAll(List.of("--transport", "embedded", "--topology", TOPOLOGY));
        return CliRun.run(Map.of(), setUp, all.toArray(String[]::new));
    }

    private static CliRun umad(String... args) {
        return umad(fabric -> { }, args);
    }

    @Test
    void generalInfoAsVendstatPrintsItAndAsJson() {
        Consumer<EmbeddedFabric> firmware = fabric -> fabric.setFirmware("switchx", new GeneralInfo.Version(9, 4, 2000));
        CliRun text = umad(firmware, "-N", SWITCHX);
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).matches("hw_dev_rev:  0x00a1\nhw_dev_id:   0xc738\nhw_uptime:   0x[0-9a-f]{8}\n"
                + "fw_version:  09.04.2000\nfw_build_id: 0x0000\nfw_date:     00/00/0000\nfw_psid:     ''\n"
                + "fw_ini_ver:  0\nsw_version:  00.00.00\n");
        JsonNode json = umad(firmware, "-N", SWITCHX, "--json").json();
        assertThat(json.get("lid").asInt()).isEqualTo(2);
        assertThat(json.at("/generalInfo/deviceId").asText()).isEqualTo("0xc738");
        assertThat(json.at("/generalInfo/firmware").asText()).isEqualTo("09.04.2000");
    }

    /** With no LID vendstat asks the local port's device: here the host of another vendor, which has not the class. */
    @Test
    void withoutALidTheLocalDeviceIsAskedAndAnotherVendorsHasNotTheClass() {
        CliRun run = umad("-N");
        assertThat(run.exitCode()).isEqualTo(UmadCli.EXIT_FAILED);
        assertThat(run.err()).contains("lid 4 has no agent of Mellanox's vendor class 0x0a").contains("not a Mellanox device");
    }

    /** An InfiniScale III's PortXmitWait counters, the ports whose counter is not 0 in vendstat's order (port 20 has none). */
    @Test
    void xmitWaitOfAnInfiniScaleIii() {
        CliRun run = umad(fabric -> {
            fabric.setCounter("is3", 2, PortCounter.XMIT_WAIT, 0x22);
            fabric.setCounter("is3", 19, PortCounter.XMIT_WAIT, 0x1919);
            fabric.setCounter("is3", 20, PortCounter.XMIT_WAIT, 0x2020);
            fabric.setCounter("is3", 23, PortCounter.XMIT_WAIT, 0x2323);
        }, "-w", IS3);
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).isEqualTo("Port 19: PortXmitWait 0x1919\nPort 23: PortXmitWait 0x2323\n"
                + "Port 2: PortXmitWait 0x22\n");
        JsonNode json = umad("-w", IS3, "--json").json();
        assertThat(json.get("portXmitWait")).hasSize(24);
        assertThat(json.at("/portXmitWait/23/unit").asInt()).isEqualTo(24);
        assertThat(json.at("/portXmitWait/23/port").asInt()).isEqualTo(4);

        CliRun other = umad("-N", "-w", SWITCHX);
        assertThat(other.exitCode()).isEqualTo(UmadCli.EXIT_FAILED);
        assertThat(other.out()).startsWith("hw_dev_rev:");
        assertThat(other.err()).contains("unsupported device ID 0xc738");
    }

    /** A write keeps the bits of its mask; a read shows the word through its own. */
    @Test
    void configSpaceWritesAndReads() {
        CliRun run = umad(fabric -> { }, "-W", "2000,12345678,ffff0000", "-W", "0x2004,0xab", CX3);
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).isEqualTo("Config space record at 0x2000: 0x12340000\nConfig space record at 0x2004: 0xab\n");
        JsonNode json = umad("-R", "2000,ff", "-W", "2000,ff,f0", CX3, "--json").json();
        assertThat(json.at("/read/0/value").asText()).isEqualTo("0x0");
        assertThat(json.at("/written/0/value").asText()).isEqualTo("0xf0");
        assertThat(json.at("/written/0/mask").asText()).isEqualTo("0xf0");
    }

    /** -c says what it sets before it asks; the switch port then counts that, which -i's masks allow. */
    @Test
    void counterGroupsOfASwitchPort() {
        CliRun set = umad("-c", "0,8", SWITCHX, "12");
        assertThat(set.exitCode()).as(set.err()).isZero();
        assertThat(set.out()).isEqualTo("counter_groups_config: configuring group0 0 group1 8\n");
        assertThat(umad("-c", "2,1", SWITCHX, "12", "--json").json().get("group1Select").asInt()).isEqualTo(1);
        assertThat(umad("-i", SWITCHX, "12").out())
                .isEqualTo("counter_group_info:\n2 counter groups\ngroup0 mask 0x7\ngroup1 mask 0x106\n");

        CliRun refused = umad("-c", "9,9", SWITCHX, "12");
        assertThat(refused.exitCode()).isEqualTo(UmadCli.EXIT_FAILED);
        assertThat(refused.err()).contains("status 0x001c");
        assertThat(umad("-i", CX3, "1").exitCode()).as("a CA has no counter groups").isEqualTo(UmadCli.EXIT_FAILED);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "2|give what to ask",
        "-N -i 2|separate requests",
        "-R 2000 -c 0,1 2|separate requests",
        "-R 123456789 2|-R: not a 32-bit hex number: 123456789",
        "-R 2000,1,2 2|-R: give ADDR[,MASK]",
        "-W 2000 2|-W: give ADDR,VALUE[,MASK]",
        "-c 1 2|-c: give the two groups' selections",
        "-c 1,256 2|-c:",
        "-N 0|LID",
        "-N -G xyz|-G",
        "-i 2 255|PORT",
    })
    void badUsageIsRefusedBeforeAnythingIsAsked(String args, String message) {
        CliRun run = umad(args.split(" "));
        assertThat(run.exitCode()).as(run.err()).isEqualTo(CommandLine.EXIT_USAGE);
        assertThat(run.err()).contains(message).contains("(try 'umad vendstat --help')");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void nineteenReadsAreTooMany() {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < 19; i++) {
            args.add("-R");
            args.add(Integer.toHexString(0x2000 + 4 * i));
        }
        args.add(CX3);
        CliRun run = umad(args.toArray(String[]::new));
        assertThat(run.exitCode()).isEqualTo(CommandLine.EXIT_USAGE);
        assertThat(run.err()).contains("at most 18 records");
    }
}
