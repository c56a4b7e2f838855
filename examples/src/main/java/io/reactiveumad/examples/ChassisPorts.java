package io.reactiveumad.examples;

import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.fabric.LinkEnd;
import io.reactiveumad.test.topology.ChassisRules;
import io.reactiveumad.test.topology.DiscoveredTopology;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.Topology;
import io.reactiveumad.test.topology.VoltaireChassis;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The numbers the tools print in a port's brackets (iblinkinfo's {@code 16[24]}, ibqueryerrors -r's link lines): the
 * chassis' external port of a line board's port, which libibnetdisc works out in every scan. A Mellanox InfiniScale IV
 * line board's by the NodeDescription it answered ({@link ChassisRules.MellanoxSlot}, before a node name map renamed
 * it); a Voltaire line board's by its cabling in the fabric as scanned ({@link VoltaireChassis}).
 */
final class ChassisPorts {
    private final NodeNameMap names;
    /** A Voltaire board's external port numbers, by port number, by node GUID; only boards that have some. */
    private final Map<Long, int[]> voltaire;
    private final Optional<String> groupingFailure;

    private ChassisPorts(NodeNameMap names, Map<Long, int[]> voltaire, Optional<String> groupingFailure) {
        this.names = names;
        this.voltaire = voltaire;
        this.groupingFailure = groupingFailure;
    }

    /** The numbers of {@code fabric}'s ports (of {@code later}'s where both have a node: --diff's two fabrics). */
    static ChassisPorts of(NodeNameMap names, DiscoveredFabric fabric, DiscoveredFabric... later) {
        Map<Long, int[]> voltaire = new HashMap<>();
        Optional<String> failure = voltaire(fabric, voltaire);
        for (DiscoveredFabric next : later) {
            Optional<String> earlier = failure;
            failure = voltaire(next, voltaire).or(() -> earlier);
        }
        return new ChassisPorts(names, Map.copyOf(voltaire), failure);
    }

    /** Adds the Voltaire boards' numbers of {@code fabric} to {@code into}; why libibnetdisc's grouping fails there, if it does. */
    private static Optional<String> voltaire(DiscoveredFabric fabric, Map<Long, int[]> into) {
        // Most fabrics have no Voltaire board: no topology is built for them.
        if (fabric.nodes().stream().noneMatch(n -> VoltaireChassis.isBoard(n.nodeInfo().vendorId(),
                n.nodeInfo().deviceId()))) {
            return Optional.empty();
        }
        Topology topology = DiscoveredTopology.of(fabric);
        VoltaireChassis chassis = VoltaireChassis.of(topology);
        for (Node node : topology.nodes()) {
            int[] ports = new int[node.portCount() + 1];
            boolean any = false;
            for (int p = 1; p <= node.portCount(); p++) {
                ports[p] = chassis.externalPort(node, p);
                any |= ports[p] != 0;
            }
            if (any) {
                into.put(node.nodeGuid(), ports);
            }
        }
        return chassis.failure();
    }

    /** The number in the port's brackets: its chassis' external port, else empty. */
    String of(LinkEnd end) {
        DiscoveredNode node = end.node();
        int external = ChassisRules.MellanoxSlot.of(node.nodeInfo().vendorId(), node.nodeInfo().deviceId(),
                node.isSwitch(), names.answeredDescription(node)).map(slot -> slot.externalPort(end.port()))
                .orElseGet(() -> {
                    int[] ports = voltaire.get(node.guid());
                    return ports == null || end.port() >= ports.length ? 0 : ports[end.port()];
                });
        return external == 0 ? "" : Integer.toString(external);
    }

    /**
     * A note for stderr where the tools would not print this at all: libibnetdisc's grouping of Voltaire chassis fails
     * on the fabric, and with it every scan.
     */
    Optional<String> note(String command) {
        return groupingFailure.map(why -> "umad " + command + ": note: " + why);
    }
}
