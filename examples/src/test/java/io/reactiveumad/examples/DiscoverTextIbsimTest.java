package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.IbsimTransport;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code umad discover} prints what {@code ibnetdiscover} prints, line for line and in its order (all but
 * the date line), on a fabric with loops, a doubled cable, a two-port HCA and an odd node description,
 * started from a host, from each port of the two-port HCA's node and from a switch.
 */
class DiscoverTextIbsimTest {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(resource("topologies/ring-of-switches.net")).smNode("H-1").sweepSeconds(0)
            .startTimeout(Duration.ofMinutes(1)));

    @ParameterizedTest
    @ValueSource(strings = {"H-2", "H-5", "D-1", "my host (x)", "S-3"})
    void discoverPrintsIbnetdiscoversTextFrom(String local) {
        IbsimFabric fabric = FABRIC.fabric();
        CliRun ours = CliRun.run(Map.of(IbsimTransport.ENV_SOCKET_NAME, fabric.socketName()),
                "discover", "--transport", "ibsim", "--sim-host", local);
        assertThat(ours.exitCode()).as("%s", ours.err()).isZero();
        String theirs = fabric.diag(local, "ibnetdiscover").requireSuccess().stdout();
        assertThat(undated(ours.out())).isEqualTo(undated(theirs));
    }

    /** The text without its "# Topology file: generated on <time>" line, the one line that differs by when. */
    static String undated(String ibnetdiscover) {
        return ibnetdiscover.replaceFirst("(?m)^# Topology file: generated on .*\\R", "");
    }

    private static Path resource(String name) {
        try {
            return Path.of(DiscoverTextIbsimTest.class.getClassLoader().getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
