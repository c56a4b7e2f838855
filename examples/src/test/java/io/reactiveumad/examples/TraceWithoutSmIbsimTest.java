package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.ibsim.DiagResult;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.topology.Topology;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * trace where the SM has gone: a host plugged in again stays in Initialize, with no SM to activate it. ibtracert -f
 * stops at such a port ("Bad out port state"), having printed the route up to the switch before it; trace -f prints
 * the same and says why on stderr. Its own fabric, as the SM is stopped.
 */
class TraceWithoutSmIbsimTest {
    @Test
    void aForcedTraceStopsBeforeAHostTheSmDidNotActivateAsIbtracertDoes() {
        Topology topology = Topology.defaultTopology();
        try (IbsimFabric fabric = IbsimFabric.builder().topology(topology).smNode("host1").start()) {
            String host3 = String.valueOf(fabric.lidsByPortGuid().get(topology.requireNode("host3").portGuid(1)));
            String host4 = String.valueOf(fabric.lidsByPortGuid().get(topology.requireNode("host4").portGuid(1)));
            fabric.stopSm();
            fabric.unlink("host3", 1);
            fabric.relink("host3", 1);

            for (String[] args : List.of(new String[] {"-f", host4, host3}, new String[] {"-f", "-n", host4, host3},
                    new String[] {"-f", "-v", host3, host4})) {
                DiagResult theirs = fabric.diag("host4", "ibtracert", args);
                assertThat(theirs.exitCode()).as("ibtracert %s", String.join(" ", args)).isNotZero();
                assertThat(theirs.stderr()).contains("Bad out port state found: node \"host3 HCA-1\"");
                CliRun ours = DiagsOracle.umad(fabric, "host4", 1, "trace", args);
                // ibtracert says why it stopped on stdout (libibmad's IBEXIT); ours says it on stderr.
                assertThat(ours.out()).as("trace %s", String.join(" ", args))
                        .isEqualTo(theirs.stdout().replaceAll("(?m)^.*iberror: failed: .*\\R", ""));
                assertThat(ours.err()).contains("port 1 of \"host3 HCA-1\" (lid " + host3 + ") is Initialize, not Active");
            }
            assertThat(DiagsOracle.umad(fabric, "host4", 1, "trace", "-f", host4, host3).out())
                    .as("the route up to host3's switch").startsWith("From ca").contains("[").doesNotContain("To ");
        }
    }
}
