package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.Umad;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.topology.Topology;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * PortInfo Sets of enabled widths and speeds (what {@code ibportstate} sends for speed, espeed and width), one after
 * another to one switch port, on ibsim under OpenSM and on the embedded fabric of the same net: after each, both ends
 * of the cable say the same widths and speeds enabled and active, and the same FDR10, on both. ibsim acts on some
 * masks and ignores the rest (0, "all supported" 15 and 255, a speed mask that skips SDR...), keeping what a mask it
 * acted on enables; the embedded SMA does as it does.
 */
class PortInfoSetsAsIbsimTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Path RATES = DiagsOracle.resource("topologies/rates.net");
    private static final long EXTENDED_SPEEDS_VALID = 1L << 31;

    /** A Set of LinkWidthEnabled, LinkSpeedEnabled and LinkSpeedExtEnabled (0: no change). */
    private record Masks(int widths, int speeds, int extendedSpeeds) {
        @Override
        public String toString() {
            return "width " + widths + " speed " + speeds + " espeed " + extendedSpeeds;
        }
    }

    private static final List<Masks> SETS = List.of(new Masks(0, 15, 0), new Masks(0, 1, 0), new Masks(0, 15, 0),
            new Masks(0, 2, 0), new Masks(0, 4, 0), new Masks(0, 6, 0), new Masks(0, 7, 0), new Masks(0, 3, 0),
            new Masks(0, 5, 0), new Masks(255, 0, 0), new Masks(1, 0, 0), new Masks(255, 0, 0), new Masks(16, 0, 0),
            new Masks(2, 0, 0), new Masks(4, 0, 0), new Masks(9, 0, 0), new Masks(19, 0, 0), new Masks(3, 3, 0),
            new Masks(0, 0, 31), new Masks(0, 0, 1), new Masks(0, 0, 8), new Masks(0, 0, 2), new Masks(0, 0, 6),
            new Masks(0, 0, 3), new Masks(0, 1, 1), new Masks(11, 7, 7));

    /** sw1's ports of rates.net: a cable at 4X EDR, one at 12X QDR, one at FDR10, one at 12X SDR, one at 1X QDR. */
    static Stream<Arguments> ports() {
        return Stream.of(Arguments.of(9), Arguments.of(16), Arguments.of(7), Arguments.of(11), Arguments.of(3));
    }

    @ParameterizedTest(name = "sw1 port {0}")
    @MethodSource("ports")
    void eachSetLeavesTheCableAsIbsimLeavesIt(int port) {
        Topology topology = Topology.parse(RATES);
        List<String> theirs;
        try (IbsimFabric ibsim = IbsimFabric.builder().netFile(RATES).smNode("h1").sweepSeconds(0).start()) {
            theirs = setEachAndRead(Umad.open(ibsim.transport("h2")).block(WAIT), port);
        }
        List<String> ours;
        try (EmbeddedFabric embedded = EmbeddedFabric.builder(topology).sm("h1", 1).build()) {
            ours = setEachAndRead(Umad.open(embedded.transport(), embedded.port("h2", 1)).block(WAIT), port);
        }
        assertThat(ours).containsExactlyElementsOf(theirs);
    }

    /** Before the Sets and after each: what both ends of sw1's {@code port} enable and run at. */
    private static List<String> setEachAndRead(MadPort madPort, int port) {
        SmpClient smp = SmpClient.of(madPort);
        try {
            SmpRoute sw1 = SmpRoute.directed(1);
            SmpRoute host = SmpRoute.directed(1, port);
            List<String> states = new ArrayList<>();
            states.add("before: " + state(smp, sw1, port, host));
            for (Masks set : SETS) {
                PortInfo now = smp.portInfo(sw1, port).block(WAIT);
                PortInfo wanted = now.toBuilder().portState(0).portPhysicalState(0).linkWidthEnabled(set.widths())
                        .linkSpeedEnabled(set.speeds()).linkSpeedExtEnabled(set.extendedSpeeds()).build();
                smp.set(sw1, SmpClient.PORT_INFO, port | EXTENDED_SPEEDS_VALID, wanted).block(WAIT);
                states.add(set + ": " + state(smp, sw1, port, host));
            }
            return states;
        } finally {
            smp.dispose();
            madPort.dispose();
        }
    }

    private static String state(SmpClient smp, SmpRoute sw1, int port, SmpRoute host) {
        return "sw1 " + rates(smp.portInfo(sw1, port).block(WAIT)) + " fdr10 "
                + smp.mlnxExtPortInfo(sw1, port).block(WAIT).fdr10Active() + "; host "
                + rates(smp.portInfo(host, 1).block(WAIT));
    }

    private static String rates(PortInfo p) {
        return "widths " + p.linkWidthEnabled() + "/" + p.linkWidthActive() + " speeds " + p.linkSpeedEnabled() + "/"
                + p.linkSpeedActive() + " extended " + p.linkSpeedExtEnabled() + "/" + p.linkSpeedExtActive();
    }
}
