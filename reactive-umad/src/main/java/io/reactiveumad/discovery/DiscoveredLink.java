package io.reactiveumad.discovery;

/**
 * A cable found by {@link FabricDiscovery}: NodeInfo sent out of one node's port was answered by the other
 * node through its port. Ends are in canonical order (lower node GUID, then lower port, first), so a link
 * found from both sides is one link.
 */
public record DiscoveredLink(long nodeGuidA, int portA, long nodeGuidB, int portB) {
    public DiscoveredLink {
        if (Long.compareUnsigned(nodeGuidA, nodeGuidB) > 0 || nodeGuidA == nodeGuidB && portA > portB) {
            long guid = nodeGuidA;
            int port = portA;
            nodeGuidA = nodeGuidB;
            portA = portB;
            nodeGuidB = guid;
            portB = port;
        }
    }

    // Written out, as DiscoveryRun's own keys are: a record's generated ones go through the ObjectMethods bootstrap,
    // which a cold discovery (a few thousand cables) would run in the interpreter.
    @Override
    public boolean equals(Object other) {
        return other instanceof DiscoveredLink l && l.nodeGuidA == nodeGuidA && l.portA == portA
                && l.nodeGuidB == nodeGuidB && l.portB == portB;
    }

    @Override
    public int hashCode() {
        return (Long.hashCode(nodeGuidA) * 31 + portA) * 961 + Long.hashCode(nodeGuidB) * 31 + portB;
    }

    /** The node GUIDs in hex, as every tool prints them. */
    @Override
    public String toString() {
        return String.format("DiscoveredLink[0x%016x port %d - 0x%016x port %d]", nodeGuidA, portA, nodeGuidB, portB);
    }
}
