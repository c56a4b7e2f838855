package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A switch with 128 ports, a host cabled to its port 128: port numbers above 127 go through every command as through
 * the tools, including dump_fts' way of reading them (a signed char, so port 128 is no port to it): dump-fts prints
 * its text, says on stderr which route that text drops, and lists it with --json; routes prints ibroute's, which reads
 * the port right.
 */
class HighPortNumbersIbsimTest {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(DiagsOracle.resource("topologies/a-128-port-switch.net")).smNode("h1"));

    @Test
    void dumpFtsPrintsDumpFtsTextAndSaysWhichRouteItDrops() {
        IbsimFabric fabric = FABRIC.fabric();
        CliRun ours = DiagsOracle.sameAsTheTool(fabric, "h2", "dump_fts", "dump-fts", "");
        String h7 = lidOfH7(fabric);
        assertThat(ours.out()).doesNotContainPattern("(?m)^0x0+" + h7.substring(2) + " 128 ");
        assertThat(ours.err()).contains("note: LID " + h7 + " (port 128) is routed too, but shown as dump_fts shows it");
        assertThat(DiagsOracle.sameAsTheTool(fabric, "h2", "dump_fts", "dump-fts", "-a").out())
                .containsPattern("(?m)^0x0+" + h7.substring(2) + " 128 : \\(illegal port\\)$");

        JsonNode big = StreamSupport.stream(DiagsOracle.umad(fabric, "h2", 0, "dump-fts", "--json").json().get("switches")
                .spliterator(), false).filter(s -> s.get("switch").get("description").asText().equals("big"))
                .findFirst().orElseThrow();
        JsonNode route = StreamSupport.stream(big.get("routes").spliterator(), false)
                .filter(r -> r.get("lid").asInt() == Integer.decode(h7)).findFirst().orElseThrow();
        assertThat(route.get("port").asInt()).isEqualTo(128);
        assertThat(route.get("destination").get("description").asText()).isEqualTo("h7");
    }

    @Test
    void routesTraceLinksAndDiscoverReadPort128AsTheToolsDo() {
        IbsimFabric fabric = FABRIC.fabric();
        assertThat(DiagsOracle.sameAsTheTool(fabric, "h2", "ibroute", "routes", "-D 0,1").out()).contains("128 : (Channel Adapter");
        String h7 = Integer.toString(Integer.decode(lidOfH7(fabric)));
        DiagsOracle.sameAsTheTool(fabric, "h2", "ibtracert", "trace", lidOf(fabric, "h9") + " " + h7);
        DiagsOracle.sameAsTheTool(fabric, "h2", "ibtracert", "trace", h7 + " " + lidOf(fabric, "h9"));
        DiagsOracle.sameAsTheTool(fabric, "h2", "iblinkinfo", "links", "");
        DiagsOracle.sameAsTheTool(fabric, "h2", "iblinkinfo", "links", "-l");
        DiagsOracle.sameAsTheTool(fabric, "h2", "ibnetdiscover", "discover", "-p");
        DiagsOracle.sameAsTheTool(fabric, "h2", "smpquery", "smp", "portinfo -D 0,1 128");
        DiagsOracle.sameAsTheTool(fabric, "h2", "ibqueryerrors", "errors", "-r");
    }

    /**
     * cc SP of the 128-port switch lists its ports 0 to 128 as ibccquery does, the same lines for ports 0 to 31; from
     * port 32 on the two read different bytes: ibccquery takes 48 ports from each block, where IBA's blocks (and
     * OpenSM's) hold 32, so its ports 32 to 47 are the bytes after block 0's 128 and its port 48 is IBA's port 32.
     * ibsim's agent answers with zeros in every block, which is what cc prints for every port.
     */
    @Test
    void ccListsEveryPortOfTheBigSwitchInIbasBlocksOf32() {
        IbsimFabric fabric = FABRIC.fabric();
        String big = fabric.diag("h2", "ibswitches").requireSuccess().stdout().lines()
                .filter(l -> l.contains("\"big\"")).map(l -> l.replaceFirst(".* lid (\\d+) .*", "$1")).findFirst()
                .orElseThrow();
        String theirs = fabric.diag("h2", "ibccquery", "SP", big).requireSuccess().stdout();
        String ours = DiagsOracle.umad(fabric, "h2", 0, "cc", "SP", big).out();
        String port32 = "Port:............................32\n";
        assertThat(ours.substring(0, ours.indexOf(port32))).isEqualTo(theirs.substring(0, theirs.indexOf(port32)));
        assertThat(ours.lines().filter(l -> l.startsWith("Port:"))).hasSize(129);
        assertThat(ours).endsWith("Port:............................128\nValid:...........................0\n"
                + "Control_Type:....................0\nThreshold:.......................0x00\n"
                + "Packet_Size:.....................0\nCong_Parm_Marking_Rate:..........0\n\n");
        assertThat(ours.lines().filter(l -> !l.startsWith("Port:") && !l.startsWith("#") && !l.isEmpty()))
                .allMatch(l -> l.endsWith(".0") || l.endsWith(".0x00"));
        assertThat(theirs.lines().filter(l -> l.startsWith("Port:"))).hasSize(129);
    }

    /** h7's LID, as 0x-hex, from ibnetdiscover -p's line for it. */
    private static String lidOfH7(IbsimFabric fabric) {
        return String.format("0x%x", Integer.parseInt(lidOf(fabric, "h7")));
    }

    private static String lidOf(IbsimFabric fabric, String host) {
        String ports = fabric.diag("h2", "ibnetdiscover", "-p").requireSuccess().stdout();
        return ports.lines().filter(l -> l.startsWith("CA") && l.contains("( '" + host + "' "))
                .map(l -> l.trim().split("\\s+")[1]).findFirst().orElseThrow();
    }
}
