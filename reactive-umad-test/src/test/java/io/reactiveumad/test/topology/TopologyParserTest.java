package io.reactiveumad.test.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import io.reactiveumad.MadPort;
import io.reactiveumad.Umad;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.test.EmbeddedFabric;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class TopologyParserTest {
    private static final Path EXAMPLES = Path.of("/usr/share/doc/ibsim-utils/net-examples");

    /** Output of ibnetdiscover (format of infiniband-diags' out_switch/out_ca) for a switch and two hosts. */
    private static final String IBNETDISCOVER = """
            #
            # Topology file: generated on Sun Nov 22 03:00:56 2026
            #
            # Initiated from node 0002c90300001230 port 0002c90300001231

            vendid=0x2c9
            devid=0xb924
            sysimgguid=0x2c90000000a00
            switchguid=0x2c90000000a01(2c90000000a01)
            Switch	24 "S-0002c90000000a01"		# "ISR9024 Voltaire" base port 0 lid 1 lmc 0
            [1]	"H-0002c90300001230"[1](2c90300001231) 		# "host1 HCA-1" lid 2 4xQDR
            [3]	"H-0002c90300001240"[2](2c90300001242) 		# "host2 HCA-1" lid 7 4xQDR

            vendid=0x2c9
            devid=0x6282
            sysimgguid=0x2c90300001233
            caguid=0x2c90300001230
            Ca	2 "H-0002c90300001230"		# "host1 HCA-1"
            [1](2c90300001231) 	"S-0002c90000000a01"[1]		# lid 2 lmc 0 "ISR9024 Voltaire" lid 1 4xQDR

            vendid=0x2c9
            devid=0x6282
            sysimgguid=0x2c90300001243
            caguid=0x2c90300001240
            Ca	2 "H-0002c90300001240"		# "host2 HCA-1"
            [2](2c90300001242) 	"S-0002c90000000a01"[3]		# lid 7 lmc 0 "ISR9024 Voltaire" lid 1 4xQDR
            """;

    static Stream<Path> debianExamples() throws Exception {
        boolean present = Files.isDirectory(EXAMPLES);
        if (Boolean.getBoolean("umad.requirePeers")) {
            assertThat(present).as("ibsim-utils examples in " + EXAMPLES).isTrue();
        }
        assumeTrue(present, "ibsim-utils is not installed");
        return Files.list(EXAMPLES).filter(p -> p.getFileName().toString().startsWith("net")).sorted();
    }

    @ParameterizedTest
    @MethodSource("debianExamples")
    void parsesEveryDebianExampleAndRoundTrips(Path file) {
        Topology t = Topology.parse(file);

        assertThat(t.nodes()).isNotEmpty();
        assertThat(t.nodes(NodeType.SWITCH)).isNotEmpty();
        String written = t.toIbnetdiscover();
        Topology again = Topology.parse(written);
        assertThat(again.toIbnetdiscover()).isEqualTo(written);
        assertThat(again.nodes()).extracting(Node::nodeGuid).containsExactlyInAnyOrderElementsOf(
                t.nodes().stream().map(Node::nodeGuid).toList());
        assertThat(again.links()).hasSameSizeAs(t.links());
    }

    @Test
    void parsesTheTwoSwitchTwoPathExampleAsIbsimDoes() throws Exception {
        debianExamples().close();
        Topology t = Topology.parse(EXAMPLES.resolve("net.2sw2path4hca"));

        assertThat(t.nodes()).extracting(Node::id).containsExactly("Switch1", "Switch2", "Hca1", "Hca2", "Hca3", "Hca4");
        // ibsim: switches from 0x200000 one GUID each; CAs from 0x100000, ports+1 GUIDs each.
        assertThat(t.requireNode("Switch2").nodeGuid()).isEqualTo(0x200001L);
        assertThat(t.requireNode("Hca2").nodeGuid()).isEqualTo(0x100003L);
        assertThat(t.requireNode("Hca2").portGuid(1)).isEqualTo(0x100004L);
        assertThat(t.requireNode("Hca4").description()).isEqualTo("Hca4");
        assertThat(t.links()).hasSize(6);
        assertThat(t.remote("Switch1", 5)).contains(new Link.End("Switch2", 5));
    }

    @Test
    void parsesIbnetdiscoverOutputWithGuidsLidsAndRates() {
        Topology t = Topology.parse(IBNETDISCOVER);

        Node sw = t.requireNode("S-0002c90000000a01");
        assertThat(sw.nodeGuid()).isEqualTo(0x2c90000000a01L);
        assertThat(sw.systemImageGuid()).isEqualTo(0x2c90000000a00L);
        assertThat(sw.vendorId()).isEqualTo(0x2c9);
        assertThat(sw.deviceId()).isEqualTo(0xb924);
        assertThat(sw.description()).isEqualTo("ISR9024 Voltaire");
        assertThat(sw.ports().get(0).lid()).isEqualTo(1);
        Node host2 = t.requireNode("H-0002c90300001240");
        assertThat(host2.portGuid(2)).isEqualTo(0x2c90300001242L);
        assertThat(host2.addressablePort(2).lid()).isEqualTo(7);
        assertThat(host2.systemImageGuid()).isEqualTo(0x2c90300001243L);
        assertThat(Topology.parse("Hca 1 \"x\"\n").nodes().get(0).systemImageGuid()).as("ibsim's default").isEqualTo(0x100000L);
        Link link = t.link("S-0002c90000000a01", 3).orElseThrow();
        assertThat(link.width()).isEqualTo(LinkWidth.X4);
        assertThat(link.speed()).isEqualTo(LinkSpeed.QDR);
    }

    /**
     * An enhanced switch port 0 (ibsim's net files write it after the id, ibnetdiscover in the comment) is kept,
     * written back as ibnetdiscover writes it, and answered by the embedded fabric's SwitchInfo.
     */
    @Test
    void anEnhancedPort0IsReadWrittenAndAnswered() {
        Topology t = Topology.parse("Switch 4 \"e\" enhanced port 0\n[1] \"h\"[1]\n[2] \"b\"[1]\n"
                + "Switch 4 \"b\"\n[1] \"e\"[2]\n[2] \"h2\"[1]\n"
                + "Hca 1 \"h\"\n[1] \"e\"[1]\nHca 1 \"h2\"\n[1] \"b\"[2]\n");
        assertThat(t.requireNode("e").enhancedPort0()).isTrue();
        assertThat(t.requireNode("b").enhancedPort0()).isFalse();
        assertThat(t.toIbnetdiscover()).contains("# \"e\" enhanced port 0 lid ").contains("# \"b\" base port 0 lid ");
        assertThat(Topology.parse(t.toIbnetdiscover()).nodes(NodeType.SWITCH)).filteredOn(Node::enhancedPort0).hasSize(1);
        assertThatThrownBy(() -> new Node(NodeType.CA, "c", "c", 1, 1, 1, 0, 0, List.of(new Port(1, 2, 0, 0)), true))
                .hasMessageContaining("only a switch");
        try (EmbeddedFabric fabric = EmbeddedFabric.start(t)) {
            MadPort port = Umad.open(fabric.transport(), fabric.port("h", 1)).block(Duration.ofSeconds(10));
            SmpClient smp = SmpClient.of(port);
            assertThat(smp.switchInfo(SmpRoute.directed(1)).block(Duration.ofSeconds(10)).enhancedPort0()).isTrue();
            assertThat(smp.switchInfo(SmpRoute.directed(1, 2)).block(Duration.ofSeconds(10)).enhancedPort0()).isFalse();
            smp.dispose();
            port.dispose();
        }
    }

    @Test
    void writesWhatIbnetdiscoverPrints() {
        String written = Topology.parse(IBNETDISCOVER).toIbnetdiscover();
        String body = IBNETDISCOVER.substring(IBNETDISCOVER.indexOf("\nvendid"));

        assertThat(written).endsWith(body);
    }

    /** Record blocks (from one blank line to the next), the unit ibnetdiscover's output order varies by. */
    private static java.util.Set<String> records(String text) {
        return java.util.Arrays.stream(text.split("\n\n")).filter(b -> !b.startsWith("#")).map(String::strip)
                .collect(java.util.stream.Collectors.toSet());
    }

    @Test
    void writesWhatTheRealIbnetdiscoverPrintedForTheSameIbsimFabric() throws Exception {
        // Recorded from ibnetdiscover (infiniband-diags) on ibsim running net.2sw2path4hca, before any SM ran.
        String real;
        try (var in = getClass().getResourceAsStream("/ibnetdiscover-net.2sw2path4hca.txt")) {
            real = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        Topology fromRealOutput = Topology.parse(real);
        assertThat(records(fromRealOutput.toIbnetdiscover())).isEqualTo(records(real));

        debianExamples().close();
        Topology fromIbsimFile = Topology.parse(EXAMPLES.resolve("net.2sw2path4hca"));
        assertThat(records(fromIbsimFile.toIbnetdiscover())).isEqualTo(records(real));
    }

    @Test
    void optionsSetWidthAndSpeed() {
        Topology t = Topology.parse("""
                Switch 4 "s"
                [1] "h"[1] w=8 s=7
                Hca 1 "h"
                [1] "s"[1] w=11
                """);

        assertThat(t.links()).singleElement().satisfies(l -> {
            assertThat(l.width()).isEqualTo(LinkWidth.X12);
            assertThat(l.speed()).isEqualTo(LinkSpeed.QDR);
        });
        assertThat(t.rates("s", 1)).hasValue(new PortRates(8, 7, 0, false));
        assertThat(t.rates("h", 1)).hasValue(new PortRates(11, 1, 0, false));
    }

    /**
     * Each cable at the rate ibsim 0.10 ran it at under Debian's OpenSM (ibnetdiscover's), for lines that disagree or
     * where only one gives a rate: switch's line, host's line, the rate.
     */
    @ParameterizedTest
    @CsvSource({"4xQDR,12xQDR,4xQDR", "-,4xSDR,4xSDR", "1xQDR,4xSDR,1xQDR", "4xDDR,4xSDR,4xSDR", "4xSDR,4xDDR,4xDDR",
        "4xFDR10,4xQDR,4xQDR", "4xQDR,4xFDR10,4xQDR", "4xFDR,4xQDR,4xQDR", "4xEDR,4xFDR,4xFDR", "4xFDR,4xEDR,4xEDR",
        "12xSDR,4xSDR,12xSDR", "4xSDR,12xSDR,4xSDR", "4xQDR,-,4xQDR", "-,4xHDR,4xQDR", "4xHDR,4xFDR,4xHDR",
        "12xQDR,1xSDR,12xQDR", "-,12xQDR,4xQDR", "12xDDR,-,12xSDR", "4xFDR10,4xFDR10,4xFDR10", "-,-,4xSDR"})
    void aCableRunsAtTheRateIbsimRunsItAtUnderOpenSm(String switchSays, String hostSays, String runs) {
        Topology t = Topology.parse("Switch 4 \"s\"\n[1] \"h\"[1]" + rate("h", switchSays) + "\nHca 1 \"h\"\n[1] \"s\"[1]"
                + rate("s", hostSays) + "\n");

        assertThat(t.links()).singleElement().satisfies(l -> assertThat(l.width().text() + l.speed()).isEqualTo(runs));
        // Each port enables what its own line says: 4X SDR alone where it says nothing.
        assertThat(t.rates("h", 1)).hasValue(hostSays.equals("-") ? PortRates.UNDECLARED
                : PortRates.declared(LinkWidth.parse(hostSays.replaceAll("x.*", "x")), LinkSpeed.parse(hostSays.replaceAll(".*x", ""))));
    }

    /**
     * Two switches whose lines of a cable disagree: OpenSM writes the switch with the higher node GUID last, and its
     * width wins, whatever the names sort as and whichever the file gives first (ibsim 0.10 under Debian's OpenSM).
     */
    @Test
    void ofTwoSwitchesWhoseLinesDisagreeTheOneWithTheHigherGuidWins() {
        Topology t = Topology.parse("""
                Switch 4 "zz"
                [1] "sw2"[1]		# "sw2" lid 0 12xSDR
                [2] "sw2"[2]		# "sw2" lid 0 4xSDR
                [3] "sw2"[3]		# "sw2" lid 0 12xQDR

                Switch 4 "sw2"
                [1] "zz"[1]		# "zz" lid 0 4xSDR
                [2] "zz"[2]		# "zz" lid 0 12xSDR
                [3] "zz"[3]		# "zz" lid 0 1xSDR
                """);

        assertThat(t.requireNode("zz").nodeGuid()).isLessThan(t.requireNode("sw2").nodeGuid());
        assertThat(List.of(1, 2, 3)).extracting(port -> t.link("zz", port).map(l -> l.width().text() + l.speed())
                .orElseThrow()).containsExactly("4xSDR", "12xSDR", "1xQDR");
        // The GUIDs, not the file's order: the first switch given the higher GUID, its widths win.
        Topology guids = Topology.parse("""
                switchguid=0x300000
                Switch 4 "zz"
                [1] "sw2"[1]		# "sw2" lid 0 12xSDR
                [2] "sw2"[2]		# "sw2" lid 0 4xSDR
                [3] "sw2"[3]		# "sw2" lid 0 12xQDR

                switchguid=0x200000
                Switch 4 "sw2"
                [1] "zz"[1]		# "zz" lid 0 4xSDR
                [2] "zz"[2]		# "zz" lid 0 12xSDR
                [3] "zz"[3]		# "zz" lid 0 1xSDR
                """);
        assertThat(List.of(1, 2, 3)).extracting(port -> guids.link("zz", port).map(l -> l.width().text() + l.speed())
                .orElseThrow()).containsExactly("12xSDR", "4xSDR", "12xQDR");
    }

    /** A host whose GUID is above its switch's: the switch's width still wins (ibsim 0.10: only switches' writes set it). */
    @Test
    void aHostWithAHigherGuidThanItsSwitchRunsAtTheSwitchsWidth() {
        Topology t = Topology.parse("""
                Switch 4 "sw1"
                [1] "h1"[1]		# "h1" lid 0 4xQDR

                caguid=0x500000
                Hca 1 "h1"
                [1] "sw1"[1]		# "sw1" lid 0 12xQDR
                """);

        assertThat(t.requireNode("h1").nodeGuid()).isGreaterThan(t.requireNode("sw1").nodeGuid());
        assertThat(t.links()).singleElement().satisfies(l -> assertThat(l.width().text() + l.speed()).isEqualTo("4xQDR"));
    }

    /** Two hosts back to back: a port enabling SDR-DDR-QDR raises the cable to QDR whichever host it is (ibsim 0.10). */
    @ParameterizedTest
    @CsvSource({"4xQDR,4xSDR", "4xSDR,4xQDR"})
    void twoHostsBackToBackRunAtQdrWhereEitherEnablesIt(String first, String second) {
        Topology t = Topology.parse("Hca 1 \"h1\"\n[1] \"h2\"[1]" + rate("h2", first) + "\n\nHca 1 \"h2\"\n[1] \"h1\"[1]"
                + rate("h1", second) + "\n");

        assertThat(t.links()).singleElement().satisfies(l -> assertThat(l.width().text() + l.speed()).isEqualTo("4xQDR"));
    }

    private static String rate(String remote, String says) {
        return says.equals("-") ? "" : "\t\t# \"" + remote + "\" lid 0 " + says;
    }

    /** A cable whose ends share no width (ibsim panics on it), or a mask ibsim would not take, on the switch's line. */
    @ParameterizedTest
    @CsvSource({"w=8,enable no width in common", "s=9,s=9: ibsim takes 1 to 7"})
    void aCableWithoutACommonWidthOrAMaskIbsimRefusesIsRefusedNamingItsLine(String option, String says) {
        assertThatThrownBy(() -> Topology.parse("Switch 4 \"s\"\n[1] \"h\"[1] " + option + "\nHca 1 \"h\"\n[1] \"s\"[1]\n"))
                .isInstanceOf(TopologyFormatException.class).hasMessageContaining("line 2").hasMessageContaining(says);
    }

    @Test
    void contradictoryCablingNamesTheLine() {
        assertThatThrownBy(() -> Topology.parse("""
                Switch 4 "s"
                [1] "a"[1]
                Hca 1 "a"
                [1] "s"[2]
                """)).isInstanceOf(TopologyFormatException.class).hasMessageContaining("line 2");
    }

    @Test
    void unknownRemoteAndBadPortsAreTypedErrors() {
        assertThatThrownBy(() -> Topology.parse("Switch 4 \"s\"\n[1] \"nowhere\"[1]\n"))
                .isInstanceOf(TopologyFormatException.class).hasMessageContaining("unknown node \"nowhere\"");
        assertThatThrownBy(() -> Topology.parse("Switch 4 \"s\"\n[9] \"s\"[1]\n"))
                .isInstanceOf(TopologyFormatException.class).hasMessageContaining("no port 9");
        assertThatThrownBy(() -> Topology.parse("include \"other\"\n"))
                .isInstanceOf(TopologyFormatException.class).hasMessageContaining("not supported");
    }

    @Test
    void defaultTopologyIsBundled() {
        Topology t = Topology.defaultTopology();

        assertThat(t.nodes(NodeType.CA)).extracting(Node::description).containsExactly("host1 HCA-1", "host2 HCA-1",
                "host3 HCA-1", "host4 HCA-1");
        assertThat(t.link("sw1", 7).orElseThrow().width()).isEqualTo(LinkWidth.X4);
        assertThat(t.links()).hasSize(6);
    }
}
