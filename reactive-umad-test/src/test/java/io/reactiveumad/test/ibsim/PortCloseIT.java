package io.reactiveumad.test.ibsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Transport;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code MadPort.close()} completes only once the channel is released (on ibsim: the DISCONNECT that
 * gives back the client slot and the node's request-receiver role), so the same port opened again at
 * once registers the same server agent (the notices' SA Report agent) every time. With {@code dispose()}
 * alone, which releases asynchronously, the reopened port found the role still taken.
 */
class PortCloseIT {
    static final int CYCLES = 200;
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1"));

    @Test
    void aClosedPortReopenedAtOnceRegistersTheSameServerAgentEveryTime() {
        Transport sim = FABRIC.fabric().transport("host2");
        AgentSpec reports = AgentSpec.server(MgmtClass.SUBN_ADM, 2, Method.REPORT);
        for (int cycle = 0; cycle < CYCLES; cycle++) {
            MadPort port = Umad.open(sim, new PortSpec("host2", 1)).block(PATIENCE);
            assertThat(port.agent(reports).block(PATIENCE)).as("cycle %d", cycle).isNotNull();
            port.close().block(PATIENCE);
        }
        // Every slot came back: nine clients (all but OpenSM's) attach at once.
        java.util.List<MadPort> all = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 9; i++) {
                all.add(Umad.open(sim, new PortSpec("host3", 1)).block(PATIENCE));
            }
        } finally {
            all.forEach(p -> p.close().block(PATIENCE));
        }
    }
}
