package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.FatTree;
import io.reactiveumad.test.topology.Topology;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two hosts answering with one node GUID (ibsim's Guid command gives host-6 host-1's), a misconfiguration
 * verify-ids is for: to libibnetdisc they are one node, found where its scan first reaches either and cabled where
 * it reaches one last. discover prints ibnetdiscover's text from either of them and from elsewhere, the node's block
 * where the tool puts it (the discovery's answers come in another order than the tool's scan, which is replayed).
 */
class DuplicateNodeGuidIbsimTest {
    private static final Topology FAT_TREE = FatTree.generate(3, 2, 2);

    @org.junit.jupiter.api.extension.RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder().topology(FAT_TREE)
            .smNode("host-2").sweepSeconds(0));

    @BeforeAll
    static void giveHost6TheNodeGuidOfHost1() {
        FABRIC.fabric().command(String.format("Guid \"host-6\" 0x%x", FAT_TREE.requireNode("host-1").nodeGuid()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"host-1", "host-6", "host-3", "host-5"})
    void discoverPrintsIbnetdiscoversText(String from) {
        DiagsOracle.sameAsTheTool(FABRIC.fabric(), from, "ibnetdiscover", "discover", "");
        DiagsOracle.sameAsTheTool(FABRIC.fabric(), from, "ibnetdiscover", "discover", "-g");
    }
}
