package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A fabric of exactly 64 LIDs, where ibroute and dump_fts leave LinearFDBTop's LID out of their text (they read the
 * blocks below ALIGN(top, 64) only): routes and dump-fts print their text byte for byte, say on stderr which LID it
 * leaves out, and list it with --json.
 */
class SixtyFourLidsIbsimTest {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(DiagsOracle.resource("topologies/sixty-four-lids.net")).smNode("ha1"));

    @Test
    void routesAndDumpFtsPrintTheToolsTextAndSayWhatItLeavesOut() {
        IbsimFabric fabric = FABRIC.fabric();
        String theirs = fabric.diag("ha2", "ibroute", "-D", "0,1").requireSuccess().stdout();
        CliRun ours = DiagsOracle.umad(fabric, "ha2", 0, "routes", "-D", "0,1");
        assertThat(ours.out()).isEqualTo(theirs).startsWith("Unicast lids [0x0-0x40]").endsWith("63 valid lids dumped \n");
        assertThat(ours.err()).contains("note: LID 0x40 is routed too, but left out of the text as ibroute leaves it out");
        assertThat(DiagsOracle.umad(fabric, "ha2", 0, "routes", "-D", "0,1", "--json").json().get("routes")).hasSize(64);

        CliRun all = DiagsOracle.umad(fabric, "ha2", 0, "dump-fts");
        assertThat(all.out()).isEqualTo(fabric.diag("ha2", "dump_fts").requireSuccess().stdout());
        assertThat(all.err()).contains("note: LID 0x40 is routed too, but left out of the text as dump_fts leaves it out");
    }
}
