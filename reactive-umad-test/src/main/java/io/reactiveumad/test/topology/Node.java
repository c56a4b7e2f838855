package io.reactiveumad.test.topology;

import java.util.List;
import java.util.Optional;

/**
 * One node of a {@link Topology}.
 *
 * @param type            switch, CA or router
 * @param id              the name the topology file links by: {@code "Switch1"} in an ibsim net file,
 *                        {@code "S-0002c90000000001"} in {@code ibnetdiscover} output
 * @param description     NodeDescription (64 bytes on the wire at most)
 * @param portCount       NodeInfo.NumPorts: external ports 1..portCount
 * @param nodeGuid        NodeInfo.NodeGUID
 * @param systemImageGuid NodeInfo.SystemImageGUID
 * @param vendorId        NodeInfo.VendorID (24 bits)
 * @param deviceId        NodeInfo.DeviceID (16 bits)
 * @param ports           the addressable ports: port 0 alone for a switch, ports 1..portCount otherwise
 * @param enhancedPort0   a switch whose port 0 is enhanced (SwitchInfo.EnhancedPort0: it has a PMA, VLs and
 *                        counters of its own); ibnetdiscover says "enhanced port 0" where others say "base"
 */
public record Node(NodeType type, String id, String description, int portCount, long nodeGuid,
                   long systemImageGuid, int vendorId, int deviceId, List<Port> ports, boolean enhancedPort0) {
    /** NodeDescription is 64 bytes on the wire. */
    public static final int DESCRIPTION_BYTES = 64;

    public Node {
        if (type == null || id == null || id.isEmpty()) {
            throw new IllegalArgumentException("a node needs a type and an id");
        }
        if (portCount < 1 || portCount > 254) {
            throw new IllegalArgumentException("node " + id + ": port count must be 1..254: " + portCount);
        }
        description = description == null ? id : description;
        ports = List.copyOf(ports);
        int expected = type == NodeType.SWITCH ? 1 : portCount;
        if (ports.size() != expected) {
            throw new IllegalArgumentException("node " + id + " needs " + expected + " addressable port(s), got " + ports.size());
        }
        if (enhancedPort0 && type != NodeType.SWITCH) {
            throw new IllegalArgumentException("node " + id + ": only a switch has a port 0 to enhance");
        }
    }

    /** A node with a base port 0 if it is a switch: most switches, and every node before this component existed. */
    public Node(NodeType type, String id, String description, int portCount, long nodeGuid, long systemImageGuid,
                int vendorId, int deviceId, List<Port> ports) {
        this(type, id, description, portCount, nodeGuid, systemImageGuid, vendorId, deviceId, ports, false);
    }

    public boolean isSwitch() {
        return type == NodeType.SWITCH;
    }

    /** The addressable port that owns {@code portNumber}'s LID and GUID: port 0 on a switch. */
    public Port addressablePort(int portNumber) {
        checkPort(portNumber);
        return isSwitch() ? ports.get(0) : ports.get(portNumber - 1);
    }

    /** The GUID of {@code portNumber}: a switch's ports all share the node GUID's port 0 GUID. */
    public long portGuid(int portNumber) {
        return addressablePort(portNumber).guid();
    }

    /** Looks up an addressable port by GUID. */
    public Optional<Port> portByGuid(long guid) {
        return ports.stream().filter(p -> p.guid() == guid).findFirst();
    }

    /** Fails unless {@code portNumber} exists on this node (0 only on switches). */
    public void checkPort(int portNumber) {
        int first = isSwitch() ? 0 : 1;
        if (portNumber < first || portNumber > portCount) {
            throw new IllegalArgumentException("node " + id + " has no port " + portNumber + " (ports " + first + ".."
                    + portCount + ")");
        }
    }

    /** {@code ibnetdiscover}'s name for this node: {@code S-} / {@code H-} / {@code R-} and the 16-digit GUID. */
    public String guidName() {
        return type.guidName(nodeGuid);
    }

    /** A copy with a new description. */
    public Node withDescription(String text) {
        return new Node(type, id, text, portCount, nodeGuid, systemImageGuid, vendorId, deviceId, ports, enhancedPort0);
    }

    /** A copy whose addressable ports carry these LIDs (same order as {@link #ports()}). */
    public Node withPorts(List<Port> newPorts) {
        return new Node(type, id, description, portCount, nodeGuid, systemImageGuid, vendorId, deviceId, newPorts,
                enhancedPort0);
    }
}
