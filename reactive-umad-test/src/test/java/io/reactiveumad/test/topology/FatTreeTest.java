package io.reactiveumad.test.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FatTreeTest {

    @Test
    void hasLeavesTimesSpinesUplinksAndHostsUnderEachLeaf() {
        Topology t = FatTree.generate(4, 2, 3);

        assertThat(t.nodes(NodeType.SWITCH)).hasSize(6);
        assertThat(t.nodes(NodeType.CA)).hasSize(12);
        assertThat(t.links()).hasSize(4 * 2 + 4 * 3);
        assertThat(t.requireNode("leaf-1").portCount()).isEqualTo(5);
        assertThat(t.requireNode("spine-2").portCount()).isEqualTo(4);
        for (int l = 1; l <= 4; l++) {
            for (int s = 1; s <= 2; s++) {
                assertThat(t.remote("leaf-" + l, 3 + s)).contains(new Link.End("spine-" + s, l));
            }
        }
        assertThat(t.remote("host-12", 1)).contains(new Link.End("leaf-4", 3));
        assertThat(t.nodes()).extracting(Node::nodeGuid).doesNotHaveDuplicates();
    }

    @Test
    void parallelLinksCableEveryLeafSeveralTimesToEverySpine() {
        Topology t = FatTree.generate(3, 2, 2, 2);

        assertThat(t.links()).hasSize(3 * 2 * 2 + 3 * 2);
        assertThat(t.requireNode("leaf-1").portCount()).isEqualTo(2 + 2 * 2);
        assertThat(t.requireNode("spine-1").portCount()).isEqualTo(3 * 2);
        assertThat(t.remote("leaf-2", 3)).contains(new Link.End("spine-1", 3));
        assertThat(t.remote("leaf-2", 4)).contains(new Link.End("spine-1", 4));
        assertThat(t.remote("leaf-3", 6)).contains(new Link.End("spine-2", 6));
        assertThatThrownBy(() -> FatTree.generate(3, 2, 2, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void roundTripsThroughIbnetdiscoverText() {
        Topology t = FatTree.generate(3, 2, 2);
        String text = t.toIbnetdiscover();

        assertThat(Topology.parse(text).toIbnetdiscover()).isEqualTo(text);
    }

    @Test
    void refusesShapesNoSwitchCanHave() {
        assertThatThrownBy(() -> FatTree.generate(0, 1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FatTree.generate(2, 200, 100)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("radix");
    }

    @Test
    void builderAllocatesGuidsLikeIbsim() {
        Topology t = Topology.builder().ca("a", 2).ca("b", 1).switchNode("s", 4).link("s", 1, "a", 1).build();

        assertThat(t.requireNode("a").nodeGuid()).isEqualTo(0x100000L);
        assertThat(t.requireNode("a").portGuid(2)).isEqualTo(0x100002L);
        assertThat(t.requireNode("b").nodeGuid()).isEqualTo(0x100003L);
        assertThat(t.requireNode("s").portGuid(3)).isEqualTo(0x200000L);
    }
}
