package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An ibsim net file, loaded into the embedded fabric (our command with {@code --topology}) and into ibsim with OpenSM
 * (the Debian tool): the same text. The files have what ibsim and OpenSM number by rules of their own: routers
 * without an {@code rtguid=} line, counted from GUID 0 (so the first one's node GUID is 0, which OpenSM ignores: no
 * LID, its link left in Initialize) and cabled at 4X SDR whatever their own lines say, or at QDR where the switch's
 * line declares QDR or faster and OpenSM has written its port (ibsim then runs the cable at QDR); switch ports
 * without a cable, which say 4X SDR; LIDs in OpenSM's order; IPoIB's broadcast group, which OpenSM makes from its
 * default partition, shown to a requester without the SM_Key as one record of PortGID 0, and to one with it as no
 * member.
 */
class EmbeddedFabricAsIbsimTest {
    private static final Path ROUTERS = DiagsOracle.resource("topologies/routers.net");
    private static final Path RANDOM = DiagsOracle.resource("topologies/random-643.net");
    private static final Path RATES = DiagsOracle.resource("topologies/rates.net");

    @RegisterExtension
    static final IbsimFabricExtension ROUTERS_FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(ROUTERS).smNode("h1"));
    @RegisterExtension
    static final IbsimFabricExtension RATES_FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(RATES).smNode("h1"));
    @RegisterExtension
    static final IbsimFabricExtension RANDOM_FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(RANDOM).smNode("h1"));

    @ParameterizedTest
    @ValueSource(strings = {"ibnetdiscover|discover|", "ibnetdiscover|discover|-p", "iblinkinfo|links|",
        "ibrouters|routers|", "ibswitches|switches|", "ibhosts|hosts|", "saquery|sa|-g", "saquery|sa|-m",
        "saquery|sa|--smkey 1 -m", "dump_fts|dump-fts|"})
    void theEmbeddedFabricOfANetFileWithRoutersIsWhatIbsimAndOpenSmMakeOfIt(String toolCommandOptions) {
        CliRun ours = sameAsIbsim(ROUTERS_FABRIC.fabric(), ROUTERS, "h2", toolCommandOptions);
        if (toolCommandOptions.equals("ibnetdiscover|discover|")) {
            assertThat(ours.out()).contains("rtguid=0x0\nRt\t2 \"R-0000000000000000\"", "# lid 0 lmc 0 \"sw1\"");
        }
    }

    /**
     * A random net: the same LIDs (OpenSM's order), nodes, cables, rates, the rates each link could run at, the
     * forwarding tables (OpenSM's min-hop routing, its ties balanced as it balances them), and the paths the SA gives
     * (MTU, rate and packet life as OpenSM works them out).
     */
    @ParameterizedTest
    @ValueSource(strings = {"ibnetdiscover|discover|", "ibnetdiscover|discover|-p", "ibqueryerrors|errors|",
        "ibrouters|routers|", "ibswitches|switches|", "ibhosts|hosts|", "iblinkinfo|links|", "dump_fts|dump-fts|",
        "dump_fts|dump-fts|-M", "saquery|sa|-p --src-to-dst 1:2", "saquery|sa|-p --src-to-dst 3:7",
        "saquery|sa|-p --src-to-dst 5:5"})
    void theEmbeddedFabricOfARandomNetIsWhatIbsimAndOpenSmMakeOfIt(String toolCommandOptions) {
        sameAsIbsim(RANDOM_FABRIC.fabric(), RANDOM, "h3", toolCommandOptions);
    }

    /**
     * Its SMAs answer as ibsim's once OpenSM has swept: h3's port and its switch, sw3, whose port 0, port 1 (cabled to
     * a switch), port 6 (to h3) and port 2 (no cable) differ in what they hold; and OpenSM's records of what it did not
     * set (SL to VL and VL arbitration tables) and of sw6's ports (LID 11: port 6 cabled, port 1 down, of which
     * OpenSM holds only the states). Not compared: CapabilityMask and CapabilityMask2 of a CA's port and a switch's
     * port 0, where the embedded ports add ClientReregistration and PortInfoExtended.
     */
    @ParameterizedTest
    @ValueSource(strings = {"smpquery|smp|-D nodeinfo 0", "smpquery|smp|-D nodeinfo 0,1", "smpquery|smp|-D switchinfo 0,1",
        "smpquery|smp|-D sl2vl 0,1 1", "smpquery|smp|-D sl2vl 0", "smpquery|smp|-D vlarb 0,1 6", "smpquery|smp|-D vlarb 0",
        "smpquery|smp|-D pkeys 0,1 0", "smpquery|smp|-D pkeys 0,1 6", "smpquery|smp|-D pkeys 0",
        "smpquery|smp|-D portinfo 0,1 1", "smpquery|smp|-D portinfo 0,1 6", "smpquery|smp|-D portinfo 0,1 2",
        "saquery|sa|SL2VL 1", "saquery|sa|VLAR 1", "saquery|sa|PIR 11/6", "saquery|sa|PIR 11/1"})
    void theSmasOfARandomNetAnswerAsIbsimsAfterOpenSmsSweep(String toolCommandOptions) {
        sameAsIbsim(RANDOM_FABRIC.fabric(), RANDOM, "h3", toolCommandOptions);
    }

    /**
     * A net whose two lines of a cable disagree on its rate, or only one gives it: each cable at the rate ibsim runs it
     * at under OpenSM, and each port enabling what its own line says (4X alone where it says nothing), kept apart from
     * what the cable runs at: the switch's ports, and the hosts' ports whose lines give no rate, a narrower or a wider
     * one. Not compared: the hosts' CapabilityMask (see above).
     */
    @ParameterizedTest
    @ValueSource(strings = {"ibnetdiscover|discover|", "iblinkinfo|links|", "smpquery|smp|-D portinfo 0,1 1",
        "smpquery|smp|-D portinfo 0,1 3", "smpquery|smp|-D portinfo 0,1 5", "smpquery|smp|-D portinfo 0,1 10",
        "smpquery|smp|-D portinfo 0,1 14", "smpquery|smp|-D portinfo 0,1 15", "smpquery|smp|-D portinfo 0,1 16",
        "smpquery|smp|-D portinfo 0,1 18", "smpquery|smp|-D mlnxextportinfo 0,1 6"})
    void eachCableOfANetRunsAtTheRateIbsimRunsItAtUnderOpenSm(String toolCommandOptions) {
        sameAsIbsim(RATES_FABRIC.fabric(), RATES, "h1", toolCommandOptions);
    }

    /** {@code tool|command|options}: the tool on ibsim and our command on the embedded fabric of {@code net}. */
    private static CliRun sameAsIbsim(IbsimFabric fabric, Path net, String from, String toolCommandOptions) {
        String[] parts = toolCommandOptions.split("\\|", -1);
        String[] options = parts[2].isEmpty() ? new String[0] : parts[2].split(" ");
        String theirs = fabric.diag(from, parts[0], options).requireSuccess().stdout();
        List<String> args = new ArrayList<>(List.of(parts[1]));
        args.addAll(List.of(options));
        args.addAll(List.of("--transport", "embedded", "--topology", net.toString(), "-C", from));
        CliRun ours = CliRun.run(args.toArray(String[]::new));
        assertThat(ours.exitCode()).as("%s", ours).isZero();
        assertThat(DiagsOracle.undated(ours.out())).as("%s %s", parts[1], parts[2]).isEqualTo(DiagsOracle.undated(theirs));
        return ours;
    }
}
