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
 * A Mellanox director as libibnetdisc sees one that is not an InfiniScale IV: four switch chips of vendor 0x2c9 and
 * device 0xcf08 (Switch-IB 2) sharing a SystemImageGUID, grouped by it alone. discover -g prints what ibnetdiscover -g
 * prints, from hosts on either leaf and beyond the standalone switch; discover and -p too (their vendid and devid
 * lines are the fabric's, not zero). Before session 17, -g refused every Mellanox chassis. And portstate prints
 * ibportstate's MlnxExtPortInfo block for a device that answers it (a Switch-IB 2 here), its peer's too. Its links
 * run at FDR10, QDR, FDR and EDR, so the tools' FDR10 (session 18) is checked here as well.
 */
class MellanoxDirectorIbsimTest {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(DiagsOracle.resource("topologies/mellanox-director.net")).smNode("sm"));

    @ParameterizedTest
    @ValueSource(strings = {"h1|-g", "h3|-g", "h4|-g", "h2|", "h4|-p", "sm|-g -p"})
    void aMellanoxDirectorIsGroupedAsIbnetdiscoverGroupsIt(String fromAndOptions) {
        String[] parts = fromAndOptions.split("\\|", -1);
        CliRun ours = DiagsOracle.sameAsTheTool(FABRIC.fabric(), parts[0], "ibnetdiscover", "discover", parts[1]);
        if (parts[1].equals("-g")) {
            assertThat(ours.out()).contains("\nChassis 1 (guid 0xd1d1)\n", "vendid=0x2c9\ndevid=0xcf08\n"
                    + "sysimgguid=0xd1d1\t\t# Chassis 1\n", "\nNon-Chassis Nodes\n");
        }
    }

    /**
     * ibportstate asks a device infiniband-diags takes to answer MlnxExtPortInfo (these switches, device 0xcf08) for
     * it and prints it after the PortInfo: of a CA, of a switch's port 0, of a switch port and of its peer.
     */
    @ParameterizedTest
    @ValueSource(strings = {"-D 0,1 1", "-D 0,1 0", "-D 0,1 3", "-D 0 1"})
    void portstatePrintsIbportstatesMlnxExtPortInfoBlocks(String address) {
        String[] args = address.split(" ");
        String theirs = FABRIC.fabric().diag("h1", "ibportstate", args).requireSuccess().stdout();
        CliRun ours = DiagsOracle.umad(FABRIC.fabric(), "h1", 0, "portstate", args);
        assertThat(ours.out()).as("portstate %s", address).isEqualTo(theirs);
        if (address.endsWith(",1 1")) {
            assertThat(ours.out()).contains("\nPeer PortInfo:\n").containsPattern(
                    "(?s)# MLNX ext Port info: DR path slid 65535; dlid 65535; 0,1 port 1\n.*"
                            + "Peer PortInfo:.*# MLNX ext Port info: DR path slid 65535; dlid 65535; 0,1,1 port 1\n");
        }
    }

    /**
     * FDR10, which PortInfo shows as QDR: the tools ask MlnxExtPortInfo of a Mellanox device's port in LinkUp at QDR
     * (the links at FDR10 and the one at QDR here), print "10.0 Gbps (FDR10)" and "4xFDR10" where it answers FDR10,
     * and find the nodes in the order those extra SMPs give. h2 (device 0x6282) is never asked, so its end of an FDR10
     * link reads QDR while its switch's end reads FDR10.
     */
    @ParameterizedTest
    @ValueSource(strings = {"h1|iblinkinfo|links|", "h4|iblinkinfo|links|-l", "h2|iblinkinfo|links|-D 0,1",
            "h3|ibnetdiscover|discover|", "h2|ibnetdiscover|discover|-p", "h1|ibnetdiscover|discover|-g"})
    void fdr10LinksReadAsTheToolsReadThem(String fromToolsAndOptions) {
        String[] parts = fromToolsAndOptions.split("\\|", -1);
        CliRun ours = DiagsOracle.sameAsTheTool(FABRIC.fabric(), parts[0], parts[1], parts[2], parts[3]);
        assertThat(ours.out()).contains("FDR10");
    }

    /** MLX_EPI=false in the configuration file turns the question off in both. */
    @Test
    void mlxEpiFalseInTheConfigurationFileLeavesTheBlockOut(@TempDir Path dir) throws IOException {
        Path config = dir.resolve("ibdiag.conf");
        Files.writeString(config, "# no MlnxExtPortInfo\nMLX_EPI=false\n");
        String theirs = FABRIC.fabric().diag("h1", "ibportstate", "-z", config.toString(), "-D", "0,1", "1")
                .requireSuccess().stdout();
        CliRun ours = DiagsOracle.umad(FABRIC.fabric(), "h1", 0, "portstate", "-z", config.toString(), "-D", "0,1", "1");
        assertThat(ours.out()).isEqualTo(theirs).contains("\nPeer PortInfo:\n").doesNotContain("MLNX");
    }

    /** ... and FDR10 with it: the links read QDR, and the scan's order is the one without those SMPs. */
    @Test
    void mlxEpiFalseReadsFdr10LinksAsQdr(@TempDir Path dir) throws IOException {
        Path config = dir.resolve("ibdiag.conf");
        Files.writeString(config, "MLX_EPI=false\n");
        String theirs = FABRIC.fabric().diag("h1", "iblinkinfo", "-z", config.toString()).requireSuccess().stdout();
        CliRun ours = DiagsOracle.umad(FABRIC.fabric(), "h1", 0, "links", "-z", config.toString());
        assertThat(ours.out()).isEqualTo(theirs).doesNotContain("FDR10").contains(" 10.0 Gbps Active");
    }
}
