package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * verify-ids beside ibidsverify on ibsim + OpenSM: a whole fabric, then one whose two hosts share a LID (ibsim's
 * Baselid), then a topology file with a node GUID twice and a port GUID that is a switch's node GUID. ibidsverify is
 * run as itself, its cache directory (fixed at /var/cache/infiniband-diags, root's) moved to a temporary one, so it
 * reads the same file ours is given. Its own fabric, as a LID is changed.
 */
class VerifyIdsIbsimTest {
    @TempDir
    Path cache;

    @Test
    void findsWhatIbidsverifyFindsOnTheFabricAndInATopologyFile() throws Exception {
        DiagsScript.require("ibidsverify");
        Topology topology = Topology.defaultTopology();
        try (IbsimFabric fabric = IbsimFabric.builder().topology(topology).smNode("host1").start()) {
            assertSame(fabric, "");

            int host2 = fabric.lidsByPortGuid().get(topology.requireNode("host2").portGuid(1));
            fabric.baselid("host3", 1, host2);
            CliRun twice = assertSame(fabric, "");
            assertThat(twice.out()).startsWith("LID " + host2 + " already defined for NodeGUID 0x");

            // The file ibidsverify keeps: ibnetdiscover -g's text, here with host3 given host2's node GUID and its port
            // a switch's GUID.
            String text = DiagsOracle.umad(fabric, "host4", 0, "discover", "-g").out();
            Node host3 = topology.requireNode("host3");
            Node sw = topology.nodes().stream().filter(Node::isSwitch).findFirst().orElseThrow();
            String edited = text.replace("caguid=0x" + Long.toHexString(host3.nodeGuid()),
                            "caguid=0x" + Long.toHexString(topology.requireNode("host2").nodeGuid()))
                    .replace("(" + Long.toHexString(host3.portGuid(1)) + ")", "(" + Long.toHexString(sw.nodeGuid()) + ")");
            assertThat(edited).isNotEqualTo(text);
            Path file = cache.resolve("ibnetdiscover--.topology");
            Files.writeString(file, edited);
            CliRun fromFile = assertSame(fabric, file.toString());
            assertThat(fromFile.out()).contains("NodeGUID 0x" + Long.toHexString(topology.requireNode("host2").nodeGuid())
                    + " already defined for LID ").contains("PortGUID 0x" + Long.toHexString(sw.nodeGuid())
                    + " already defined for LID ");
        }
    }

    /**
     * A topology with what the fabric above cannot show: a LID 0, a port GUID that is another CA's node GUID, and a
     * node and port GUID of zero, which ibidsverify never reports (it compares the text with "0"): ours says those on
     * stderr only. The same text and exit code as ibidsverify reading the file; --json names each finding's kind.
     */
    @Test
    void aTopologyWithAZeroLidAndAPortGuidThatIsANodeGuid() throws Exception {
        DiagsScript.require("ibidsverify");
        Path file = cache.resolve("ibnetdiscover--.topology");
        Files.writeString(file, String.join("\n",
                "switchguid=0x200000(200000)",
                "Switch\t4 \"S-0000000000200000\"\t\t# \"sw1\" base port 0 lid 2 lmc 0",
                "[1]\t\"H-0000000000100000\"[1](100001) \t\t# \"h1\" lid 1 4xQDR",
                "",
                "caguid=0x100000",
                "Ca\t1 \"H-0000000000100000\"\t\t# \"h1\"",
                "[1](100001) \t\"S-0000000000200000\"[1]\t\t# lid 1 lmc 0 \"sw1\" lid 2 4xQDR",
                "",
                "caguid=0x100002",
                "Ca\t1 \"H-0000000000100002\"\t\t# \"h2\"",
                "[1](100000) \t\"S-0000000000200000\"[2]\t\t# lid 0 lmc 0 \"sw1\" lid 2 4xQDR",
                "",
                "caguid=0x0",
                "Ca\t1 \"H-0000000000000000\"\t\t# \"h3\"",
                "[1](0) \t\"S-0000000000200000\"[3]\t\t# lid 1 lmc 0 \"sw1\" lid 2 4xQDR", ""));
        DiagsScript.Result theirs = ibidsverify(null, List.of());
        CliRun ours = CliRun.run(java.util.Map.of(), "verify-ids", file.toString());
        assertThat(ours.out()).as("ibidsverify said %s", theirs).isEqualTo(theirs.stdout()).isEqualTo(String.join("\n",
                "LID 0 found for ca NodeGUID 0x100002", "PortGUID 0x100000 is an invalid duplicate of a NodeGUID",
                "LID 1 already defined for NodeGUID 0x100000", ""));
        assertThat(ours.exitCode()).isEqualTo(theirs.exitCode()).isEqualTo(1);
        assertThat(ours.err()).contains("warning: ca NodeGUID 0x0 (lid 1) is zero")
                .contains("warning: ca PortGUID 0x0 (lid 1) is zero");
        assertThat(CliRun.run(java.util.Map.of(), "verify-ids", "--json", file.toString()).json().get("findings"))
                .extracting(f -> f.get("kind").asText())
                .containsExactly("zeroLid", "portGuidIsANodeGuid", "duplicateLid");
    }

    /**
     * Ours (with {@code file}, that topology; else discovering) and ibidsverify (reading that file; else with -R,
     * discovering) from host4: the same text and exit code. Returns ours.
     */
    private CliRun assertSame(IbsimFabric fabric, String file) throws IOException, InterruptedException {
        DiagsScript.Result theirs = ibidsverify(fabric, file.isEmpty() ? List.of("-R") : List.of());
        CliRun ours = file.isEmpty() ? DiagsOracle.umad(fabric, "host4", theirs.exitCode(), "verify-ids")
                : CliRun.run(java.util.Map.of(), "verify-ids", file);
        assertThat(ours.exitCode()).as("%s", ours).isEqualTo(theirs.exitCode());
        assertThat(ours.out()).as("ibidsverify said %s", theirs).isEqualTo(theirs.stdout());
        return ours;
    }

    private DiagsScript.Result ibidsverify(IbsimFabric fabric, List<String> args) throws IOException, InterruptedException {
        return DiagsScript.run(fabric, "host4", cache, "ibidsverify", args);
    }
}
