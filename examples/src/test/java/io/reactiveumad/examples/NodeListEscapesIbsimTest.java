package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * ibhosts, ibswitches and ibnodes are shell scripts that pass ibnetdiscover's text through {@code echo}, which under
 * Debian's dash expands backslash escapes in the node descriptions: hosts, switches and nodes print what they print
 * on a fabric whose names have backslashes, and their JSON keeps the names as the nodes give them. (The escapes one by
 * one, \c included, are NodeListCommandTest's.)
 */
class NodeListEscapesIbsimTest {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(DiagsOracle.resource("topologies/backslashes-in-names.net")).smNode("plain"));

    @Test
    void nodeListsPrintTheScriptsTextAndJsonTheNames() {
        IbsimFabric fabric = FABRIC.fabric();
        assertThat(DiagsOracle.sameAsTheTool(fabric, "plain", "ibhosts", "hosts", "").out())
                .contains("\"back\bspace\"", "\"octAal \\q\"");
        assertThat(DiagsOracle.sameAsTheTool(fabric, "plain", "ibswitches", "switches", "").out()).contains("\"sw\\one\"");
        DiagsOracle.sameAsTheTool(fabric, "plain", "ibnodes", "nodes", "");
        assertThat(DiagsOracle.umad(fabric, "plain", 0, "nodes", "--json").json().findValuesAsText("description"))
                .containsExactlyInAnyOrder("plain", "back\\bspace", "oct\\0101al \\q", "after", "sw\\\\one");
    }
}
