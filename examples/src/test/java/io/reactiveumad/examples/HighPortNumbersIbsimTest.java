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
