package io.reactiveumad.test.topology;

/**
 * A two-level fat tree: {@code spines} spine switches, {@code leaves} leaf switches each cabled once to
 * every spine, and {@code hostsPerLeaf} single-port CAs under each leaf. Leaf ports 1..hostsPerLeaf go
 * to hosts, the next {@code spines} ports up; spine port n goes to leaf n. Names are
 * {@code spine-1}, {@code leaf-1}, {@code host-1} (hosts numbered across leaves), descriptions as real
 * fabrics show them ({@code "host-1 HCA-1"}). 4x QDR everywhere.
 */
public final class FatTree {
    private FatTree() {
    }

    public static Topology generate(int leaves, int spines, int hostsPerLeaf) {
        if (leaves < 1 || spines < 0 || hostsPerLeaf < 0) {
            throw new IllegalArgumentException("a fat tree needs leaves >= 1, spines >= 0, hosts >= 0: " + leaves + " x "
                    + spines + " x " + hostsPerLeaf);
        }
        if (leaves > 254 || hostsPerLeaf + spines > 254 || hostsPerLeaf + spines < 1) {
            throw new IllegalArgumentException("switch radix is 1..254 ports: leaves need " + (hostsPerLeaf + spines)
                    + ", spines need " + leaves);
        }
        TopologyBuilder b = Topology.builder();
        for (int s = 1; s <= spines; s++) {
            b.switchNode("spine-" + s, leaves);
        }
        int host = 0;
        for (int l = 1; l <= leaves; l++) {
            String leaf = "leaf-" + l;
            b.switchNode(leaf, hostsPerLeaf + spines);
            for (int h = 1; h <= hostsPerLeaf; h++) {
                String name = "host-" + ++host;
                b.ca(name, 1).describe(name, name + " HCA-1");
                b.link(leaf, h, name, 1, LinkWidth.X4, LinkSpeed.QDR);
            }
            for (int s = 1; s <= spines; s++) {
                b.link(leaf, hostsPerLeaf + s, "spine-" + s, l, LinkWidth.X4, LinkSpeed.QDR);
            }
        }
        return b.build();
    }
}
