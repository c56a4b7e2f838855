package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.topology.Topology;
import org.junit.jupiter.api.Test;

/**
 * Commands run on a host whose cable was pulled after the SM gave it a LID: its port is Down and keeps that LID.
 * What needs no one else answers as the tools do (the port's own counters, which say why a link went down; its
 * address; a discovery that finds the host alone); what needs the SM fails at once naming the port's state, where
 * the tools wait out their timeouts. Its own fabric, since a cable is pulled.
 */
class DownLocalPortIbsimTest {
    @Test
    void aHostWhoseCableWasPulledReadsItsOwnCountersAndAddressAsTheToolsDo() {
        Topology topology = Topology.defaultTopology();
        try (IbsimFabric fabric = IbsimFabric.builder().topology(topology).smNode("host1").sweepSeconds(0).start()) {
            int lid = fabric.lidsByPortGuid().get(topology.requireNode("host3").portGuid(1));
            fabric.performanceSet("host3", 1, "PortCounters.LinkDownedCounter", 2);
            fabric.unlink("host3", 1);

            CliRun perf = DiagsOracle.sameAsTheTool(fabric, "host3", "perfquery", "perf", "");
            assertThat(perf.out()).startsWith("# Port counters: Lid " + lid + " port 1")
                    .containsPattern("LinkDownedCounter:\\.+2\\R");
            DiagsOracle.sameAsTheTool(fabric, "host3", "ibaddr", "addr", "");
            CliRun discover = DiagsOracle.sameAsTheTool(fabric, "host3", "ibnetdiscover", "discover", "");
            assertThat(discover.out()).contains("\"host3").doesNotContain("Switch");

            String down = "port host3:1 is Down (LID " + lid + ", SM LID ";
            assertThat(DiagsOracle.umad(fabric, "host3", 1, "sa").err()).contains(down).contains("no SA to ask");
            assertThat(DiagsOracle.umad(fabric, "host3", 1, "sminfo").err()).contains(down).contains("no SM to ask");
        }
    }
}
