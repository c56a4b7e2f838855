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
}
