package io.reactiveumad.test.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * libibnetdisc's Voltaire corners an ibsim comparison does not reach (examples' VoltaireDirectorsIbsimTest compares
 * three directors with the tools): a double-density ISR4700 spine's external ports, a router on an ISR9096 spine (in a
 * line slot, where ibnetdiscover -g prints it as a switch), and a grouping that fails.
 */
class VoltaireChassisTest {
    /** ibsim's net format; each node's vendor and device set before it. */
    private static String node(String kind, int ports, String name, int vendor, int device, String... cables) {
        return "vendid=0x" + Integer.toHexString(vendor) + "\ndevid=0x" + Integer.toHexString(device) + "\n" + kind + " "
                + ports + " \"" + name + "\"\n" + String.join("\n", cables) + "\n\n";
    }

    @Test
    void aDoubleDensityIsr4700SpineNumbersItsPorts19To36AsTheChassisExternalPorts() {
        Topology topology = Topology.parse(node("Switch", 36, "spine", 0x8f1, 0x5a5d,
                        "[1] \"line\"[2]", "[19] \"h1\"[1]", "[36] \"h2\"[1]")
                + node("Switch", 36, "line", 0x8f1, 0x5a5b, "[2] \"spine\"[1]")
                + node("Hca", 1, "h1", 0x2c9, 0x6282, "[1] \"spine\"[19]")
                + node("Hca", 1, "h2", 0x2c9, 0x6282, "[1] \"spine\"[36]"));
        VoltaireChassis chassis = VoltaireChassis.of(topology);
        Node spine = topology.requireNode(topology.nodes(NodeType.SWITCH).get(0).id());
        // Cabled at the line's port 2 (even): slot 1, chip 1, whose ports 19-36 are the chassis' 7-12, three a port.
        assertThat(chassis.placement(spine)).hasValueSatisfying(p -> assertThat(p.text()).isEqualTo("ISR4700 Spine 1 Chip 1"));
        assertThat(chassis.externalPort(spine, 19)).isEqualTo(7);
        assertThat(chassis.externalPort(spine, 36)).isEqualTo(12);
        assertThat(chassis.externalPort(spine, 1)).isZero();
        assertThat(chassis.chassis()).singleElement().satisfies(c -> {
            assertThat(c.spines()).containsOnlyKeys(1);
            assertThat(c.guid()).isEqualTo(spine.nodeGuid() - 1);
        });
    }

    @Test
    void aRouterOnAnIsr9096SpineIsInALineSlotWhereTheGroupedTextPrintsItAsASwitch() {
        Topology topology = Topology.parse(node("Switch", 24, "spine", 0x8f1, 0x5a0b, "[1] \"line\"[1]", "[8] \"router\"[1]")
                + node("Switch", 24, "line", 0x8f1, 0x5a09, "[1] \"spine\"[1]")
                + node("Rt", 1, "router", 0x8f1, 0x5a00, "[1] \"spine\"[8]"));
        VoltaireChassis chassis = VoltaireChassis.of(topology);
        Node router = topology.nodes(NodeType.ROUTER).get(0);
        // Spine port 8: slot 2, and chip 3 - (8 - 1) % 3 = 2 on that slot's router board.
        assertThat(chassis.placement(router)).hasValueSatisfying(p -> assertThat(p.text()).isEqualTo("ISR9096 SRBD 2 Chip 2"));
        assertThat(chassis.chassis()).singleElement().satisfies(c -> assertThat(c.lines()).containsKeys(1, 5));
        // ibnetdiscover -g prints it in that line slot as a switch, with neither a port 0 nor a speed of its own.
        assertThat(new IbnetdiscoverWriter().grouped().write(topology)).contains("\n# Line Nodes\n")
                .contains("\t# ISR9096 SRBD 2 Chip 2\nSwitch\t1 \"R-")
                .contains("\"\t\t# \"router\" base port 0 lid 0 lmc 0\n[1]\t\"S-")
                .containsPattern("\\[8]\t\"R-[0-9a-f]+\"\\[1]\\([0-9a-f]+\\) ");
    }

    @Test
    void aVoltaireSwitchOnASpineWithoutALineSlotFailsTheGrouping() {
        Topology topology = Topology.parse(node("Switch", 8, "spine", 0x8f1, 0x5a0b, "[1] \"other\"[1]")
                + node("Switch", 8, "other", 0x8f1, 0x0, "[1] \"spine\"[1]"));
        VoltaireChassis chassis = VoltaireChassis.of(topology);
        assertThat(chassis.chassis()).isEmpty();
        assertThat(chassis.failure()).hasValueSatisfying(why -> assertThat(why)
                .startsWith("\"other\" (0x").contains("as a line board", "(index -3)"));
        assertThatThrownBy(() -> new IbnetdiscoverWriter().grouped().write(topology))
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("grouping fails");
    }

    @Test
    void aFabricWithoutVoltaireBoardsHasNone() {
        Topology topology = Topology.defaultTopology();
        VoltaireChassis chassis = VoltaireChassis.of(topology);
        assertThat(chassis.isEmpty()).isTrue();
        assertThat(chassis.chassis()).isEmpty();
        assertThat(chassis.failure()).isEmpty();
    }
}
