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
 * ibportstate's MlnxExtPortInfo block for a device that answers it (a Switch-IB 2 here), its peer's too.
 */
class MellanoxDirectorIbsimTest {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(DiagsOracle.resource("topologies/mellanox-director.net")).smNode("sm"));

    @ParameterizedTest
    @ValueSource(strings = {"h1|-g", "h3|-g", "h4|-g", "h2|", "h4|-p", "sm|-g -p"})
    void aMellanoxDirectorIsGroupedAsIbnetdiscoverGroupsIt(String fromAndOptions) {
        String[] parts = fromAndOptions.split("\\|", -1);
        String[] args = parts[1].isEmpty() ? new String[0] : parts[1].split(" ");
        String theirs = FABRIC.fabric().diag(parts[0], "ibnetdiscover", args).requireSuccess().stdout();
        CliRun ours = DiagsOracle.umad(FABRIC.fabric(), parts[0], 0, "discover", args);
        assertThat(DiagsOracle.undated(ours.out())).as("discover %s from %s", parts[1], parts[0])
                .isEqualTo(DiagsOracle.undated(theirs));
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
}
