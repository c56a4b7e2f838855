package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A Mellanox InfiniScale IV director, whose switch chips libibnetdisc places in spine and line slots by their
 * NodeDescriptions ("MF0;big:IS5600/L02:MLB/U1"), numbering a line board's ports 1-18 as the chassis' external ports:
 * iblinkinfo prints those numbers whatever its options, ibnetdiscover -g lists the spines and lines by slot and the
 * numbers after each port. A board whose slot another took first is in no chassis; a SwitchX sharing the
 * SystemImageGUID is a chassis switch; a standalone IS4 named for a slot is numbered too. Before session 18, -g was
 * refused on such a fabric and links left the numbers out.
 */
class MellanoxIs4DirectorIbsimTest {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(DiagsOracle.resource("topologies/mellanox-is4-director.net")).smNode("sm"));

    @ParameterizedTest
    @ValueSource(strings = {"h1|ibnetdiscover|discover|-g", "h3|ibnetdiscover|discover|-g", "h4|ibnetdiscover|discover|-g -p",
            "h2|ibnetdiscover|discover|", "h1|iblinkinfo|links|", "h3|iblinkinfo|links|-l", "h4|iblinkinfo|links|-D 0,1"})
    void slottedBoardsAreLaidOutAsTheToolsLayThemOut(String fromToolAndOptions) {
        String[] parts = fromToolAndOptions.split("\\|", -1);
        CliRun ours = DiagsOracle.sameAsTheTool(FABRIC.fabric(), parts[0], parts[1], parts[2], parts[3]);
        if (parts[3].equals("-g")) {
            assertThat(ours.out()).contains("\n# Spine Nodes\n", "\t# IS5600 Spine 2 Chip 1\n", "\t# IS5600 Line 2 Chip 1\n",
                    "[5][ext 5]\t\"S-", "\n# Chassis Switches\n", "\nNon-Chassis Nodes\n");
        } else if (parts[2].equals("links") && !parts[3].startsWith("-D")) {
            assertThat(ours.out()).containsPattern("    5\\[ 5] ==\\(").containsPattern("   22\\[  ] ==\\(");
        }
    }

    /**
     * A node name map that renames the line boards changes their names, not their slots: the tools read the slot from
     * the NodeDescription the switch answered, and so do we (links used to lose the numbers of a renamed board).
     */
    @Test
    void aRenamedBoardKeepsItsExternalPortNumbers(@TempDir Path dir) throws IOException {
        Path map = dir.resolve("node-name-map");
        Files.writeString(map, "0x200002 \"line-one\"\n0x200003 \"line-two\"\n");
        for (String options : new String[] {"--node-name-map " + map, "-l --node-name-map " + map}) {
            CliRun ours = DiagsOracle.sameAsTheTool(FABRIC.fabric(), "h1", "iblinkinfo", "links", options);
            assertThat(ours.out()).contains("line-two").containsPattern("    1\\[ 1] ==\\(");
        }
        CliRun grouped = DiagsOracle.sameAsTheTool(FABRIC.fabric(), "h1", "ibnetdiscover", "discover", "-g --node-name-map " + map);
        assertThat(grouped.out()).contains("# \"line-two\"", "\t# IS5600 Line 2 Chip 1\n");
    }
}
