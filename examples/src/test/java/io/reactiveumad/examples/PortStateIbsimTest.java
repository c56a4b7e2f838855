package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.examples.cli.CommandLine;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * portstate's changes of a port's state and values against ibportstate's, on a fabric of their own (the default topology: sw2
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

    /**
     * ibportstate's value settings, alone and with an operation: theirs on sw2's port 1, ours on its port 2 (the same
     * kind of port, a host's cable, in the same state), each run after the other's, so each Set meets the port as the
     * other tool's met its own and both print the same (but the port number). ibsim applies the speeds and widths it
     * acts on to the link's two ends and keeps the VLs and the LMC (every mask: PortInfoSetsAsIbsimTest).
     */
    @ParameterizedTest
    @ValueSource(strings = {"speed 1", "speed 3 width 3", "query vls 2", "mtu 4", "lmc 1", "espeed 1", "fdr10 0 speed 1",
        "width 255 speed 7"})
    void valueSettingsChangeThePortAsIbportstateDoes(String settings) {
        String[] words = settings.split(" ");
        String theirs = FABRIC.fabric().diag("host3", "ibportstate", concat("-D", "0,1", "1", words)).requireSuccess()
                .stdout();
        CliRun ours = DiagsOracle.umad(FABRIC.fabric(), "host3", 0, "portstate", concat("-D", "0,1", "2", words));
        assertThat(ours.out().replaceAll("(?m)^(# (Port|MLNX ext Port) info: .*) port 2$", "$1 port 1"))
                .as("portstate %s", settings).isEqualTo(theirs).contains("\nAfter PortInfo set:\n");
    }

    private static String[] concat(String a, String b, String c, String[] rest) {
        String[] all = new String[3 + rest.length];
        all[0] = a;
        all[1] = b;
        all[2] = c;
        System.arraycopy(rest, 0, all, 3, rest.length);
        return all;
    }

    /**
     * What ibportstate refuses before it sends a Set is bad usage here, with its words: an unknown operation, two
     * operations, a setting without its value or with one out of its range, M_Key fields on a switch port but 0. None
     * prints a port.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "bogus|invalid operation: bogus",
        "enable disable|disable: only one of query, enable, disable, reset, on, off, down, arm and active",
        "speed|speed requires an additional parameter",
        "speed 16|invalid speed value 16 (0 to 15)",
        "width 32|invalid width value 32 (0 to 31, or 255)",
        "vls 0|invalid vls value 0 (1 to 5)",
        "lid 0xc000|invalid lid value 0xc000 (1 to 0xBFFF)",
        "mkeylease 5|can't set M_Key fields on switch port != 0"})
    void whatIbportstateRefusesIsBadUsage(String words, String message) {
        String[] args = concat("-D", "0,1", "8", words.split(" "));
        CliRun ours = DiagsOracle.umad(FABRIC.fabric(), "host3", CommandLine.EXIT_USAGE, "portstate", args);
        assertThat(ours.err()).contains(message).contains("try 'umad portstate --help'");
        assertThat(ours.out()).isEmpty();
        assertThat(FABRIC.fabric().diag("host3", "ibportstate", args).stdout()).contains("iberror");
    }

    /** A value that is not a number is bad usage too, where ibportstate's strtoull reads it as 0 (no change) and sets. */
    @Test
    void aValueThatIsNotANumberIsBadUsage() {
        CliRun ours = DiagsOracle.umad(FABRIC.fabric(), "host3", CommandLine.EXIT_USAGE, "portstate", "-D", "0,1", "8",
                "speed", "fast");
        assertThat(ours.err()).contains("speed takes a number (decimal, or hex with 0x), not 'fast'");
        assertThat(ours.out()).isEmpty();
    }
}
