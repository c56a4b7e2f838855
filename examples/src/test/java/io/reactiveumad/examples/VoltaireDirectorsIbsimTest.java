package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Voltaire directors (an ISR9096, an ISR9288 and an ISR4700), whose boards libibnetdisc places in spine and line slots
 * by which port of which board each is cabled to, numbering the chassis in its order before a chassis grouped by GUID
 * (two Mellanox switches here), a router on a spine port in a line slot (printed there as a switch), and a line
 * board's external ports by Voltaire's port maps: iblinkinfo and
 * ibqueryerrors -r print those numbers whatever their options, ibnetdiscover -g lays the chassis out. From a host on
 * each chassis. Before session 19, -g was refused on such a fabric and links and errors left the numbers out.
 */
class VoltaireDirectorsIbsimTest {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(DiagsOracle.resource("topologies/voltaire-directors.net")).smNode("sm"));

    @ParameterizedTest
    @ValueSource(strings = {"h1|ibnetdiscover|discover|-g", "h5|ibnetdiscover|discover|-g", "h6|ibnetdiscover|discover|-g -p",
            "h1|ibnetdiscover|discover|", "h1|iblinkinfo|links|", "h5|iblinkinfo|links|-l", "h6|iblinkinfo|links|-d",
            "h1|ibqueryerrors|errors|-r", "h6|ibqueryerrors|errors|-r --details"})
    void boardsAreLaidOutAsTheToolsLayThemOut(String fromToolAndOptions) {
        String[] parts = fromToolAndOptions.split("\\|", -1);
        CliRun ours = DiagsOracle.sameAsTheTool(FABRIC.fabric(), parts[0], parts[1], parts[2], parts[3]);
        if (parts[3].equals("-g")) {
            assertThat(ours.out()).contains("\nChassis 1 (guid 0x", "\nChassis 4 (guid 0x2c900000005ff)\n",
                    "\t# ISR4700 Line 2 Chip 1\n", "\t# ISR9288 Spine 1 Chip 3\n", "\t# ISR9096 Line 1 Chip 2\n",
                    "[22][ext 19]\t\"S-0002c90000000510\"[1]", "\t# ISR9096 SRBD 2 Chip 2\nSwitch\t1 \"R-0008f10400000c00\"",
                    "\nNon-Chassis Nodes\n");
        } else if (parts[2].equals("links") && parts[3].isEmpty()) {
            assertThat(ours.out()).containsPattern(" 16\\[24] ==\\( 4X").containsPattern(" 36\\[18] ==\\( 4X")
                    .containsPattern(" 1\\[  ] ==\\( 4X");
        }
    }
}
