package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.mlnx.GeneralInfo;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.MadMatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code umad firmware} on the embedded fabric's devices (mellanox-devices.net: a SwitchX, an InfiniScale III, a
 * ConnectX-3, a host of another vendor): a line per node in discovery's order, the versions' counts, JSON; a device
 * that never answers makes the exit status 1 and is named on stderr.
 */
class FirmwareCommandTest {
    private static final String TOPOLOGY = DiagsOracle.resource("topologies/mellanox-devices.net").toString();

    private static CliRun umad(Consumer<EmbeddedFabric> setUp, String... args) {
        List<String> all = new ArrayList<>(List.of("firmware"));
        all.addAll(List.of(args));
        all.addAll(List.of("--transport", "embedded", "--topology", TOPOLOGY));
        return CliRun.run(Map.of(), setUp, all.toArray(String[]::new));
    }

    private static void firmware(EmbeddedFabric fabric) {
        fabric.setFirmware("switchx", new GeneralInfo.Version(9, 4, 2000));
        fabric.setFirmware("is3", new GeneralInfo.Version(9, 4, 200));
    }

    @Test
    void aLinePerNodeThenTheVersionsCounted() {
        CliRun run = umad(FirmwareCommandTest::firmware);
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).isEqualTo("""
                Ca     0x0000000000100002 lid 4 "other": no Mellanox vendor class
                Switch 0x0000000000200000 lid 2 "switchx": device 0xc738 rev 0x00a1 firmware 09.04.2000 psid '' software 00.00.00
                Ca     0x0000000000100000 lid 1 "cx3": device 0x1003 rev 0x00a1 firmware 01.00.00 psid '' software 00.00.00
                Switch 0x0000000000200001 lid 3 "is3": device 0xb924 rev 0x00a1 firmware 09.04.200 psid '' software 00.00.00
                ## Summary: 4 nodes: 3 answered, 1 without the class, 0 did not answer
                ## firmware 01.00.00: 1 node(s), device(s) 0x1003
                ## firmware 09.04.200: 1 node(s), device(s) 0xb924
                ## firmware 09.04.2000: 1 node(s), device(s) 0xc738
                """);
        JsonNode json = umad(FirmwareCommandTest::firmware, "--json").json();
        assertThat(json.get("nodes")).hasSize(4);
        assertThat(json.at("/nodes/0/hasClass").asBoolean()).isFalse();
        assertThat(json.at("/nodes/1/firmware").asText()).isEqualTo("09.04.2000");
        assertThat(json.at("/firmware/09.04.2000").asInt()).isEqualTo(1);
    }

    /** With a node name map the text names nodes by it, as the diag tools do; JSON keeps the descriptions. */
    @Test
    void aNodeNameMapNamesTheNodesInTheText(@TempDir Path dir) throws IOException {
        Path map = Files.writeString(dir.resolve("names"), "0x0000000000200000 \"core-1\"\n");
        CliRun run = umad(fabric -> { }, "--node-name-map", map.toString());
        assertThat(run.out()).contains("Switch 0x0000000000200000 lid 2 \"core-1\": device 0xc738");
        assertThat(umad(fabric -> { }, "--node-name-map", map.toString(), "--json").json().at("/nodes/1/description")
                .asText()).isEqualTo("switchx");
    }

    @Test
    void aDeviceThatNeverAnswersIsNamedAndTheExitStatusIsOne() {
        CliRun run = umad(fabric -> fabric.faults().drop(1.0, MadMatch.toNode("is3").mgmtClass(MgmtClass.MLNX_VENDOR)),
                "-t", "50");
        assertThat(run.exitCode()).isEqualTo(UmadCli.EXIT_FAILED);
        assertThat(run.out()).contains("\"is3\": no answer\n", "1 without the class", "1 did not answer");
        assertThat(run.err()).contains("umad firmware: warning: \"is3\": no response from LID 3");
    }
}
