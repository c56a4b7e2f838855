package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.reactiveumad.MadPort;
import io.reactiveumad.Umad;
import io.reactiveumad.client.CcClient;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.cc.CaCongestionSetting;
import io.reactiveumad.mad.cc.CongestionControlTable;
import io.reactiveumad.mad.cc.CongestionKeyInfo;
import io.reactiveumad.mad.cc.SwitchCongestionSetting;
import io.reactiveumad.mad.cc.SwitchPortCongestionSetting;
import io.reactiveumad.test.EmbeddedFabric;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@code umad cc} on the embedded fabric (host1, host2 on sw1 at LID 2; the CLI's port is host4), its agents set up by
 * another port before the command asks: values in every field, printed as libibmad prints them (hex as wide as the
 * field's bytes, masks as bytes), the blocks of ports and of the table read as far as they go. ibsim's agents answer
 * only zeros, which {@code FabricOpsIbsimTest} compares with ibccquery's lines.
 */
class CcCommandTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    /** The default topology's LIDs: the SM gives them out in the same order every time. */
    private static final int SW1 = 2;
    private static final int HOST1 = 1;
    private static final int HOST2 = 4;

    /** Runs {@code args} after {@code setUp} has set the fabric's agents up through host1's port. */
    private static CliRun umad(Consumer<CcClient> setUp, String... args) {
        return CliRun.run(Map.of(), fabric -> withClient(fabric, setUp), args);
    }

    /** Hands {@code setUp} a CcClient on host1's port of {@code fabric}, and closes both after. */
    static void withClient(EmbeddedFabric fabric, Consumer<CcClient> setUp) {
        MadPort port = Umad.open(fabric.transport(), fabric.port("host1", 1)).block(WAIT);
        CcClient cc = CcClient.of(port);
        try {
            setUp.accept(cc);
        } finally {
            cc.dispose();
            port.dispose();
        }
    }

    @Test
    void aSwitchsSettingsInEveryField() {
        byte[] victims = new byte[32];
        victims[31] = 0x06;
        byte[] credits = new byte[32];
        credits[0] = (byte) 0x80;
        CliRun run = umad(cc -> cc.setSwitchCongestionSetting(SW1, new SwitchCongestionSetting(0x1f, Octets.of(victims),
                Octets.of(credits), 0xd, 66, 7, 0x8123, 500)).block(WAIT), "cc", "SS", "2");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.out()).isEqualTo("""
                # SwitchCongestionSetting: Lid 2
                Control_Map:.....................0x0000001f
                Victim_Mask:.....................%s06
                Credit_Mask:.....................80%s
                Threshold:.......................0x0d
                Packet_Size:.....................66
                CS_Threshold:....................0x07
                CS_ReturnDelay:..................0x8123
                Marking_Rate:....................500
                """.formatted("00".repeat(31), "00".repeat(31)));
    }

    /** sw1 has eight ports: ports 0 to 8, all in block 0; port 7's settings, then port 7 alone. */
    @Test
    void aSwitchsPortsEachUnderItsNumber() {
        Consumer<CcClient> setUp = cc -> cc.setSwitchPortCongestionSetting(SW1, 0, SwitchPortCongestionSetting.none()
                .with(7, new SwitchPortCongestionSetting.Element(true, 1, 12, 8, 1000))).block(WAIT);
        CliRun all = umad(setUp, "cc", "SwitchPortCongestionSetting", "2");
        assertThat(all.exitCode()).as("%s", all).isZero();
        String port7 = """
                Valid:...........................1
                Control_Type:....................1
                Threshold:.......................0x0c
                Packet_Size:.....................8
                Cong_Parm_Marking_Rate:..........1000
                """;
        assertThat(all.out()).startsWith("# SwitchPortCongestionSetting: Lid 2\nPort:............................0\n")
                .contains("Port:............................7\n" + port7 + "\nPort:............................8\n")
                .endsWith("Cong_Parm_Marking_Rate:..........0\n\n");
        assertThat(all.out().lines().filter(l -> l.startsWith("Port:"))).hasSize(9);
        CliRun one = umad(setUp, "cc", "sp", "2", "7");
        assertThat(one.out()).isEqualTo("# SwitchPortCongestionSetting: Lid 2\n" + port7);
        assertThat(umad(setUp, "cc", "SP", "2", "7", "--json").json().get("ports").get(0).get("threshold").asInt())
                .isEqualTo(12);
    }

    @Test
    void aCasSettingsPerServiceLevel() {
        List<CaCongestionSetting.Entry> entries = IntStream.range(0, 16)
                .mapToObj(sl -> new CaCongestionSetting.Entry(1000 + sl, 2, 3, 4)).toList();
        CliRun run = umad(cc -> cc.setCaCongestionSetting(HOST2, new CaCongestionSetting(1, 0x8001, entries))
                .block(WAIT), "cc", "CS", String.valueOf(HOST2));
        assertThat(run.out()).startsWith("""
                # CACongestionSetting: Lid 4
                Port_Control:....................0x0001
                Control_Map:.....................0x8001

                SL:..............................0
                CCTI_Timer:......................1000
                CCTI_Increase:...................2
                Trigger_Threshold:...............3
                CCTI_Min:........................4

                SL:..............................1
                CCTI_Timer:......................0
                """).endsWith("""
                SL:..............................15
                CCTI_Timer:......................1015
                CCTI_Increase:...................2
                Trigger_Threshold:...............3
                CCTI_Min:........................4

                """);
    }

    /** CCTI_Limit 69: entries 0 to 69, the last six from the second block. */
    @Test
    void aCasTableToItsLimitAcrossBlocks() {
        Consumer<CcClient> setUp = cc -> {
            List<CongestionControlTable.Entry> second = new ArrayList<>(CongestionControlTable.none(0).entries());
            second.set(5, new CongestionControlTable.Entry(3, 16383));
            cc.setCongestionControlTable(HOST1, 1, new CongestionControlTable(69, second)).block(WAIT);
        };
        CliRun run = umad(setUp, "cc", "CT", "1");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.out()).startsWith("# CongestionControlTable: Lid 1\nCCTI_Limit:......................69\n\n"
                + "Entry:...........................0\n").endsWith("""
                Entry:...........................69
                CCT_Shift:.......................3
                CCT_Multiplier:..................16383

                """);
        assertThat(run.out().lines().filter(l -> l.startsWith("Entry:"))).hasSize(70);
        JsonNode json = umad(setUp, "cc", "CT", "1", "--json").json();
        assertThat(json.get("cctiLimit").asInt()).isEqualTo(69);
        assertThat(json.get("entries")).hasSize(70);
    }

    /**
     * A protected CC_Key: without -c the agent drops the request and the command fails naming it; with -c it answers,
     * the key printed as ibccquery prints it (the user asked for it), and the two refusals counted.
     */
    @Test
    void aProtectedKeyNeedsMinusC() {
        long key = 0x0123456789abcdefL;
        Consumer<CcClient> protect = cc -> cc.setCongestionKeyInfo(SW1, new CongestionKeyInfo(key, true, 30, 0))
                .block(WAIT);
        CliRun refused = umad(protect, "cc", "-t", "50", "CK", "2");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).contains("umad cc: error: no response from LID 2").contains("CongestionControl Get");
        CliRun keyed = umad(protect, "cc", "-c", "0x0123456789abcdef", "CK", "2");
        assertThat(keyed.out()).isEqualTo("""
                # CongestionKeyInfo: Lid 2
                CC_Key:..........................0x0123456789abcdef
                CC_KeyProtectBit:................1
                CC_KeyLeasePeriod:...............30
                CC_KeyViolations:................0
                """);
        assertThat(umad(protect, "cc", "-c", "0x0123456789abcdef", "CK", "2", "--json").json().get("ccKey").asText())
                .isEqualTo("0x0123456789abcdef");
    }

    @Test
    void theLogOfASwitchWithoutEvents() {
        CliRun run = umad(cc -> { }, "cc", "CL", "2");
        assertThat(run.out()).startsWith("""
                # CongestionLog: Lid 2
                LogType:.........................1
                CongestionFlags:.................0x00
                LogEventsCounter:................0
                CurrentTimeStamp:................""").endsWith("PortMap:.........................%s\n\n"
                .formatted("00".repeat(32)));
    }

    @Test
    void badUsageIsRefusedNamingWhat() {
        assertThat(umad(cc -> { }, "cc", "CongestionStuff", "2").err()).contains("not an operation: CongestionStuff");
        CliRun port = umad(cc -> { }, "cc", "CI", "2", "3");
        assertThat(port.exitCode()).isEqualTo(2);
        assertThat(port.err()).contains("PORT is for SwitchPortCongestionSetting (SP) only");
        CliRun notSwitch = umad(cc -> { }, "cc", "SP", "1");
        assertThat(notSwitch.exitCode()).isEqualTo(2);
        assertThat(notSwitch.err()).contains("lid 1 is not a switch");
        assertThat(umad(cc -> { }, "cc", "SP", "2", "9").err()).contains("PORT 9: the switch at lid 2 has ports 0 to 8");
    }
}
