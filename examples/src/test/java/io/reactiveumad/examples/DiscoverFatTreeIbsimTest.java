package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.IbsimTransport;
import io.reactiveumad.test.ibsim.DiagResult;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.FatTree;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code umad discover} on a 504-node fat tree in ibsim finds and prints what {@code ibnetdiscover} does. */
class DiscoverFatTreeIbsimTest {
    private static final Topology FAT_TREE = FatTree.generate(16, 8, 30);
    private static final String LOCAL = "host-1";

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder().topology(FAT_TREE)
            .smNode("host-2").sweepSeconds(0).startTimeout(Duration.ofMinutes(3)).diagTimeout(Duration.ofMinutes(2)));

    @Test
    void discoverEqualsIbnetdiscoverOnA504NodeFatTree() {
        assertThat(FAT_TREE.nodes()).hasSizeGreaterThanOrEqualTo(500);
        IbsimFabric fabric = FABRIC.fabric();
        CliRun ours = CliRun.run(Map.of(IbsimTransport.ENV_SOCKET_NAME, fabric.socketName()),
                "discover", "--transport", "ibsim", "--sim-host", LOCAL, "--outstanding", "32");
        assertThat(ours.exitCode()).as("%s", ours.err()).isZero();
        DiagResult theirs = fabric.diag(LOCAL, "ibnetdiscover").requireSuccess();

        Topology discovered = Topology.parse(ours.out());
        assertThat(discovered.nodes()).hasSize(FAT_TREE.nodes().size());
        assertThat(discovered.links()).hasSize(FAT_TREE.links().size());
        TopologyAssert.assertSameFabric(discovered, Topology.parse(theirs.stdout()));
        // With 32 SMPs in flight our own order follows answer timing; the text is still the tool's, line for line.
        assertThat(DiagsOracle.undated(ours.out())).isEqualTo(DiagsOracle.undated(theirs.stdout()));
    }
}
