package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The node name map and the error thresholds infiniband-diags reads by default, on the embedded fabric (the
 * oracle comparison with the tools is DiagsOnARingIbsimTest): where they come from, and what a bad one says.
 * The default topology's switch is "sw1 leaf switch", node GUID 0x200000.
 */
class NodeNamesTest {

    @Test
    void theDefaultMapUnderEtcRenamesNodesAndAGivenOneWins(@TempDir Path etc) throws IOException {
        Files.createDirectories(etc.resolve("rdma"));
        Files.writeString(etc.resolve(NodeNameMap.DEFAULT), "0x200000 \"the default's switch\"\n");
        CliRun defaulted = CliRun.runWithEtc(etc, "links", "--transport", "embedded");
        assertThat(defaulted.exitCode()).as("%s", defaulted).isZero();
        assertThat(defaulted.out()).contains("Switch: 0x0000000000200000 the default's switch:");

        Path given = etc.resolve("mine");
        Files.writeString(given, "# mine\n2097152 \"mine\"\n");
        assertThat(CliRun.runWithEtc(etc, "links", "--transport", "embedded", "--node-name-map", given.toString()).out())
                .contains("Switch: 0x0000000000200000 mine:").doesNotContain("the default's switch");
        assertThat(CliRun.runWithEtc(etc, "links", "--transport", "embedded", "--json").out())
                .as("JSON keeps the descriptions").doesNotContain("the default's switch");
    }

    /** A map written in UTF-8 (any editor's) names a node with its characters, printed as the same UTF-8 bytes. */
    @Test
    void aUtf8MapsNamesPrintAsTheirCharactersInUtf8(@TempDir Path etc) throws IOException {
        Path given = etc.resolve("mine");
        Files.writeString(given, "0x200000 \"Ünïcode spine\"\n", java.nio.charset.StandardCharsets.UTF_8);
        assertThat(CliRun.runWithEtc(etc, "links", "--transport", "embedded", "--node-name-map", given.toString()).out())
                .contains("Switch: 0x0000000000200000 Ünïcode spine:");
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.io.PrintWriter out = UmadCli.utf8(bytes);
        out.println("Ünïcode spine");
        assertThat(bytes.toByteArray()).isEqualTo("Ünïcode spine\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void aMapThatDoesNotParseIsNamedWhenGivenAndWarnedOfWhenDefault(@TempDir Path etc) throws IOException {
        Path bad = etc.resolve("bad-map");
        Files.writeString(bad, "# fine\n0x200000 \"ok\"\nswitch1 \"not a GUID\"\n");
        CliRun given = CliRun.runWithEtc(etc, "links", "--transport", "embedded", "--node-name-map", bad.toString());
        assertThat(given.exitCode()).as("%s", given).isEqualTo(2);
        assertThat(given.err().strip().lines()).singleElement().asString()
                .contains("--node-name-map", bad.toString(), "line 3", "not a GUID: switch1");
        CliRun missing = CliRun.runWithEtc(etc, "trace", "1", "2", "--transport", "embedded", "--node-name-map",
                etc.resolve("nowhere").toString());
        assertThat(missing.exitCode()).as("%s", missing).isEqualTo(2);
        assertThat(missing.err()).contains("--node-name-map", "nowhere");

        Files.createDirectories(etc.resolve("rdma"));
        Files.copy(bad, etc.resolve(NodeNameMap.DEFAULT));
        CliRun defaulted = CliRun.runWithEtc(etc, "links", "--transport", "embedded");
        assertThat(defaulted.exitCode()).as("%s", defaulted).isZero();
        assertThat(defaulted.err()).contains("warning", "line 3");
        assertThat(defaulted.out()).as("the whole map is dropped, as the tools drop it").contains("Switch: 0x0000000000200000 sw1 leaf switch:");
    }

    @Test
    void errorsReadIbqueryerrorsDefaultThresholdsUnderEtc(@TempDir Path etc) throws IOException {
        Files.createDirectories(etc.resolve("infiniband-diags"));
        Files.writeString(etc.resolve(ErrorsCommand.DEFAULT_THRESHOLD_FILE), "# raised\nSymbolErrorCounter=1000\n");
        CliRun run = CliRun.runWithEtc(etc, "errors", "--transport", "embedded");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.out()).contains("[SymbolErrorCounter = 1000]");
        Files.writeString(etc.resolve(ErrorsCommand.DEFAULT_THRESHOLD_FILE), "SymbolErrorCounter\n");
        CliRun bad = CliRun.runWithEtc(etc, "errors", "--transport", "embedded");
        assertThat(bad.exitCode()).as("%s", bad).isEqualTo(2);
        assertThat(bad.err()).contains("error_thresholds", "SymbolErrorCounter");
    }
}
