package io.reactiveumad.test;

import io.reactiveumad.PortSpec;
import io.reactiveumad.Transport;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The transport contract on ibsim with OpenSM (under umad2sim) as the SM. */
class IbsimTransportContractIT extends TransportContract {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1"));

    @Override
    Transport transport(String node) {
        return FABRIC.fabric().transport(node);
    }

    @Override
    PortSpec port(String node) {
        return transport(node).ports().get(0);
    }
}
