package io.reactiveumad.test.ibsim;

import io.reactiveumad.test.topology.FatTree;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A generated two-level fat tree of 210 nodes (6 spines, 12 leaves, 192 hosts) written in ibsim's net
 * format; the tests walk a sample of its LIDs.
 */
class FatTreeIT extends OracleContract {
    static final int SPINES = 6;
    static final int LEAVES = 12;
    static final int HOSTS_PER_LEAF = 16;

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .topology(FatTree.generate(LEAVES, SPINES, HOSTS_PER_LEAF)).smNode("host-1")
            .startTimeout(Duration.ofSeconds(120)));

    @Override
    IbsimFabric fabric() {
        return FABRIC.fabric();
    }

    @Override
    String node() {
        return "host-150";
    }

    @Test
    void openSmConfiguredEveryNodeOfTheGeneratedTree() {
        int nodes = SPINES + LEAVES + LEAVES * HOSTS_PER_LEAF;
        assertThat(fabric().topology().nodes()).hasSize(nodes).hasSizeGreaterThanOrEqualTo(200);
        assertThat(fabric().lidsByPortGuid()).hasSize(nodes);
    }

    @Override
    int lidSample() {
        return 10;
    }
}
