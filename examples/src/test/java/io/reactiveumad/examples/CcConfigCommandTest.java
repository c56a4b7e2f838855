package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.reactiveumad.client.CcClient;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.mad.cc.CongestionKeyInfo;
import io.reactiveumad.mad.cc.SwitchPortCongestionSetting;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * {@code umad cc-config} on the embedded fabric (sw1 at LID 2 with eight ports, host1 at LID 1; the CLI's port is
 * host4): ibccconfig's operations with its values in its order, and what the agent holds afterwards (its answer, which
 * {@code --json} prints, and a Get through another port of the same fabric before it closes).
 */
class CcConfigCommandTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final int SW1 = 2;
    private static final int HOST1 = 1;

    private static CliRun umad(String... args) {
        return CliRun.run(args);
    }

    /** Runs {@code args} with host1's CcClient handed to {@code before} (to set up) once the fabric is up. */
    private static CliRun umadAfter(Consumer<CcClient> before, String... args) {
        return CliRun.run(Map.of(), fabric -> CcCommandTest.withClient(fabric, before), args);
    }


    /** ibccconfig's own example; prints nothing, as ibccconfig. */
    @Test
    void aSwitchsSettingsAsIbccconfigsExampleGivesThem() {
        CliRun quiet = umad("cc-config", "SwitchCongestionSetting", "2", "0x1F", "0x1FFFFFFFFF", "0x0", "0xF", "8", "0",
                "0:0", "1");
        assertThat(quiet.exitCode()).as("%s", quiet).isZero();
        assertThat(quiet.out()).isEmpty();
        JsonNode answer = umad("cc-config", "ss", "2", "0x1F", "0x1FFFFFFFFF", "0x0", "0xF", "8", "0", "2:100", "1",
                "--json").json();
        assertThat(answer.get("victimMask").asText()).isEqualTo("00".repeat(27) + "1fffffffff");
        assertThat(answer.get("threshold").asInt()).isEqualTo(15);
        assertThat(answer.get("csReturnDelay").asInt()).isEqualTo(2 << 14 | 100);
    }

    /**
     * A port's element changes and the block's other ports keep theirs: port 3 set before through another port, port 7
     * by the command; the agent's answer to the Set is the whole block.
     */
    @Test
    void aSwitchPortsSettingLeavesItsBlocksOthers() {
        var port3 = new SwitchPortCongestionSetting.Element(true, 0, 5, 2, 10);
        CliRun run = umadAfter(cc -> cc.setSwitchPortCongestionSetting(SW1, 0, SwitchPortCongestionSetting.none()
                .with(3, port3)).block(WAIT), "cc-config", "SP", "2", "7", "1", "1", "12", "8", "1000", "--json");
        assertThat(run.exitCode()).as("%s", run).isZero();
        JsonNode ports = run.json().get("ports");
        assertThat(ports).hasSize(9);
        assertThat(ports.get(7).get("threshold").asInt()).isEqualTo(12);
        assertThat(ports.get(7).get("markingRate").asInt()).isEqualTo(1000);
        assertThat(ports.get(3).get("threshold").asInt()).isEqualTo(5);
        assertThat(ports.get(3).get("markingRate").asInt()).isEqualTo(10);
        assertThat(ports.get(4).get("valid").asBoolean()).isFalse();
    }

    /** ibccconfig's example: SL 0 and SL 1 get the entry, the other SLs keep theirs. */
    @Test
    void aCasSettingsGoToTheServiceLevelsOfItsMap() {
        JsonNode answer = umad("cc-config", "CACongestionSetting", "1", "0", "0x3", "150", "1", "0", "0", "--json")
                .json();
        assertThat(answer.get("controlMap").asInt()).isEqualTo(3);
        assertThat(answer.get("entries").get(0).get("cctiTimer").asInt()).isEqualTo(150);
        assertThat(answer.get("entries").get(1).get("cctiIncrease").asInt()).isEqualTo(1);
        assertThat(answer.get("entries").get(2).get("cctiTimer").asInt()).isZero();
    }

    /** ibccconfig's examples: the first block with limit 63, the second with 127; each needs its 64 entries. */
    @Test
    void aTablesBlocksEachEndingAtTheLimit() {
        List<String> first = new ArrayList<>(List.of("cc-config", "CT", "1", "63", "0"));
        List<String> second = new ArrayList<>(List.of("cc-config", "CT", "1", "127", "1"));
        for (int i = 0; i < 64; i++) {
            first.add("0:" + i);
            second.add((i % 4) + ":" + (64 + i));
        }
        assertThat(umad(first.toArray(String[]::new)).exitCode()).isZero();
        second.add("--json");
        JsonNode answer = umad(second.toArray(String[]::new)).json();
        assertThat(answer.get("cctiLimit").asInt()).isEqualTo(127);
        assertThat(answer.get("entries").get(5).get("shift").asInt()).isEqualTo(1);
        assertThat(answer.get("entries").get(5).get("multiplier").asInt()).isEqualTo(69);

        CliRun short_ = umad("cc-config", "CT", "1", "63", "0", "0:0", "0:1");
        assertThat(short_.exitCode()).isEqualTo(2);
        assertThat(short_.err()).contains("CCTILIMIT 63 with BLOCK 0 needs 64 entries").contains("got 2");
        assertThat(umad("cc-config", "CT", "1", "0", "0", "0:0", "0:1").exitCode()).isZero();
    }

    /** Set with -c; the key answered only with --json, and then in hex. */
    @Test
    void aCcKeySetIsNeededByTheNextSet() {
        long key = 0xfeedL;
        CliRun keyed = umad("cc-config", "CK", "2", "0xfeed", "1", "60", "0", "--json");
        assertThat(keyed.json().get("ccKey").asText()).isEqualTo("0x000000000000feed");
        CliRun refused = umadAfter(cc -> cc.setCongestionKeyInfo(SW1,
                new CongestionKeyInfo(key, false, 0, 0)).block(WAIT),
                "cc-config", "-t", "50", "SS", "2", "0x10", "0", "0", "0", "0", "0", "0:0", "9");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).contains("no response from LID 2");
        CliRun accepted = umadAfter(cc -> cc.setCongestionKeyInfo(SW1,
                new CongestionKeyInfo(key, false, 0, 0)).block(WAIT),
                "cc-config", "-c", "0xfeed", "SS", "2", "0x10", "0", "0", "0", "0", "0", "0:0", "9", "--json");
        assertThat(accepted.json().get("markingRate").asInt()).isEqualTo(9);
    }

    @Test
    void badValuesAreRefusedBeforeAnythingIsSent() {
        assertThat(umad("cc-config", "CI", "2").err()).contains("CongestionInfo cannot be set");
        assertThat(umad("cc-config", "CK", "2", "1", "2", "0", "0").err()).contains("PROTECTBIT: '2' is not 0 to 0x1");
        assertThat(umad("cc-config", "SS", "2", "0", "0", "0", "16", "0", "0", "0:0", "0").err())
                .contains("THRESHOLD: '16' is not 0 to 0xf");
        assertThat(umad("cc-config", "SP", "2", "9", "1", "0", "0", "0", "0").err())
                .contains("PORT 9: the switch at lid 2 has ports 0 to 8");
        assertThat(umad("cc-config", "SP", "1", "1", "1", "0", "0", "0", "0").err()).contains("lid 1 is not a switch");
        assertThat(umad("cc-config", "CS", "1", "0", "0").err())
                .contains("CACongestionSetting takes 6 values, PORTCONTROL CONTROLMAP");
        assertThat(umad("cc-config", "SS", "2", "0", "0", "0", "0", "0", "0", "7", "0").err())
                .contains("CSRETURNDELAY: '7' is not SHIFT:MULTIPLIER");
    }

    /** The masks as ibccconfig reads them: a number of up to 256 bits, its last hex digit port 0's bits. */
    @Test
    void aMaskIsA256BitNumberInHex() {
        assertThat(CcConfigCommand.mask("M", "0x1").toString()).isEqualTo("00".repeat(31) + "01");
        assertThat(CcConfigCommand.mask("M", "1FF").toString()).isEqualTo("00".repeat(30) + "01ff");
        assertThat(CcConfigCommand.mask("M", "f".repeat(64)).toByteArray())
                .isEqualTo(HexFormat.of().parseHex("ff".repeat(32)));
        assertThatThrownBy(() -> CcConfigCommand.mask("M", "1".repeat(65))).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> CcConfigCommand.mask("M", "0x")).isInstanceOf(UsageException.class);
        assertThat(CcConfigCommand.delay("D", "3:16383")).isEqualTo(0xFFFF);
        assertThatThrownBy(() -> CcConfigCommand.delay("D", "0:16384")).hasMessageContaining("MULTIPLIER");
    }
}
