package io.reactiveumad.test;

import io.reactiveumad.PortSpec;
import io.reactiveumad.Transport;
import io.reactiveumad.test.topology.Topology;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The transport contract on the embedded fabric, in real time. */
class EmbeddedTransportContractTest extends TransportContract {
    static EmbeddedFabric fabric;

    @BeforeAll
    static void start() {
        fabric = EmbeddedFabric.start(Topology.defaultTopology());
    }

    @AfterAll
    static void stop() {
        fabric.close();
    }

    @Override
    Transport transport(String node) {
        return fabric.transport();
    }

    @Override
    PortSpec port(String node) {
        return fabric.port(node, 1);
    }
}
