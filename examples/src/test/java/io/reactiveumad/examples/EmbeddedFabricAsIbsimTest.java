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
 * One ibsim net file, loaded into the embedded fabric (our command with {@code --topology}) and into ibsim with
 * OpenSM (the Debian tool): the same text. The file has what ibsim numbers by rules of its own: routers without an
 * {@code rtguid=} line, counted from GUID 0 (so the first one's node GUID is 0, which OpenSM ignores: no LID, its
 * link left in Initialize), and switch ports without a cable, which say 4X SDR.
 */
class EmbeddedFabricAsIbsimTest {
    private static final Path NET = DiagsOracle.resource("topologies/routers.net");

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder().netFile(NET)
            .smNode("h1"));

    @ParameterizedTest
    @ValueSource(strings = {"ibnetdiscover|discover|", "ibnetdiscover|discover|-p", "iblinkinfo|links|",
        "ibrouters|routers|", "ibswitches|switches|", "ibhosts|hosts|"})
    void theEmbeddedFabricOfANetFileIsWhatIbsimAndOpenSmMakeOfIt(String toolCommandOptions) {
        String[] parts = toolCommandOptions.split("\\|", -1);
        String[] options = parts[2].isEmpty() ? new String[0] : parts[2].split(" ");
        String theirs = FABRIC.fabric().diag("h2", parts[0], options).requireSuccess().stdout();
        List<String> args = new ArrayList<>(List.of(parts[1]));
        args.addAll(List.of(options));
        args.addAll(List.of("--transport", "embedded", "--topology", NET.toString(), "-C", "h2"));
        CliRun ours = CliRun.run(args.toArray(String[]::new));
        assertThat(ours.exitCode()).as("%s", ours).isZero();
        assertThat(DiagsOracle.undated(ours.out())).as("%s %s", parts[1], parts[2]).isEqualTo(DiagsOracle.undated(theirs));
        if (parts[0].equals("ibnetdiscover") && options.length == 0) {
            assertThat(ours.out()).contains("rtguid=0x0\nRt\t2 \"R-0000000000000000\"", "# lid 0 lmc 0 \"sw1\"");
        }
    }
}
