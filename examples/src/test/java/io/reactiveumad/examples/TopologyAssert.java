package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.topology.Topology;
import java.util.Set;

/** Two topologies are the same fabric when they have the same nodes and links, in any order. */
final class TopologyAssert {
    private TopologyAssert() {
    }

    static void assertSameFabric(Topology actual, Topology expected) {
        assertThat(Set.copyOf(actual.nodes())).isEqualTo(Set.copyOf(expected.nodes()));
        assertThat(Set.copyOf(actual.links())).isEqualTo(Set.copyOf(expected.links()));
    }
}
