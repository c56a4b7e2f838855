package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.examples.cli.CommandLine;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * portstate's changes of a port's state against ibportstate's, on a fabric of their own (the default topology: sw2
 * reached from host3 by route 0,1, its port 8 one of the two cables to sw1) with OpenSM sweeping once, so nothing
 * but the two tools changes the port between their runs.
 */
class PortStateIbsimTest {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(0).startTimeout(Duration.ofMinutes(1)));

    private static final String[] PORT = {"-D", "0,1", "8"};

    private static CliRun ours(String op) {
        return DiagsOracle.umad(FABRIC.fabric(), "host3", 0, "portstate", PORT[0], PORT[1], PORT[2], op);
    }

    private static String theirs(String op) {
        return FABRIC.fabric().diag("host3", "ibportstate", PORT[0], PORT[1], PORT[2], op).requireSuccess().stdout();
    }

    /**
     * Ours disables, theirs enables, theirs disables, ours enables: each Set leaves the port as the other tool's
     * does, so the two enables start from the same state and print the same; both queries see the port disabled;
     * on an enabled port (Polling: ibsim trains no link by itself), "on" does nothing in both.
     */
    @Test
    void disableAndEnableChangeThePortAsIbportstateDoes() {
        String disabled = ours("disable").out();
        assertThat(disabled).startsWith("Initial Switch PortInfo:\n").contains("Disable may be irreversible\n\nAfter PortInfo set:\n");
        assertThat(disabled.substring(disabled.indexOf("After PortInfo set:"))).contains("PhysLinkState:...................Disabled\n");
        // ibsim leaves a disabled port's LinkState Active, so both tools go on to its peer, which does not answer: both
        // print the port, then fail (ibportstate its error line on stdout and 255; we on stderr and 1).
        String theirQuery = FABRIC.fabric().diag("host3", "ibportstate", PORT[0], PORT[1], PORT[2], "query").stdout();
        CliRun ourQuery = DiagsOracle.umad(FABRIC.fabric(), "host3", UmadCli.EXIT_FAILED, "portstate", PORT[0], PORT[1],
                PORT[2], "query");
        assertThat(ourQuery.out()).contains("PhysLinkState:...................Disabled\n")
                .isEqualTo(theirQuery.replaceFirst("(?m)^.*iberror.*\\R", ""));
        assertThat(ourQuery.err()).contains("error: no response");

        String theirEnable = theirs("enable");
        theirs("disable");
        assertThat(ours("enable").out()).isEqualTo(theirEnable).contains("PhysLinkState:...................Polling\n");

        assertThat(ours("on").out()).endsWith("Port is already in enable state\n").isEqualTo(theirs("on"));
    }

    /** An operation ibportstate does not have, or one of its value settings this command leaves out, is bad usage. */
    @Test
    void anUnknownOperationIsBadUsage() {
        CliRun speed = DiagsOracle.umad(FABRIC.fabric(), "host3", CommandLine.EXIT_USAGE, "portstate", "-D", "0,1", "8",
                "speed");
        assertThat(speed.err()).contains("invalid operation: speed").contains("try 'umad portstate --help'");
        assertThat(speed.out()).isEmpty();
    }
}
