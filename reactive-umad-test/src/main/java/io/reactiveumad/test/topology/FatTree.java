package io.reactiveumad.test.topology;

/**
 * A two-level fat tree: {@code spines} spine switches, {@code leaves} leaf switches each cabled once to
 * every spine, and {@code hostsPerLeaf} single-port CAs under each leaf. Leaf ports 1..hostsPerLeaf go
 * to hosts, the next {@code spines} ports up; spine port n goes to leaf n. Names are
 * {@code spine-1}, {@code leaf-1}, {@code host-1} (hosts numbered across leaves), descriptions as real
 * fabrics show them ({@code "host-1 HCA-1"}). 4x QDR everywhere. With {@code linksPerSpine} k > 1 every
 * leaf is cabled k times to every spine (parallel links): leaf port {@code hostsPerLeaf + k (s - 1) + j}
 * goes to spine s's port {@code k (l - 1) + j}, j = 1..k.
 */
public final class FatTree {
    private FatTree() {
    }

    public static Topology generate(int leaves, int spines, int hostsPerLeaf) {
        return generate(leaves, spines, hostsPerLeaf, 1);
    }

    public static Topology generate(int leaves, int spines, int hostsPerLeaf, int linksPerSpine) {
        if (linksPerSpine < 1) {
            throw new IllegalArgumentException("a fat tree needs at least one link per leaf and spine: " + linksPerSpine);
        }
        if (leaves < 1 || spines < 0 || hostsPerLeaf < 0) {
            throw new IllegalArgumentException("a fat tree needs leaves >= 1, spines >= 0, hosts >= 0: " + leaves + " x "
                    + spines + " x " + hostsPerLeaf);
        }
        int uplinks = spines * linksPerSpine;
        if (leaves * linksPerSpine > 254 || hostsPerLeaf + uplinks > 254 || hostsPerLeaf + uplinks < 1) {
            throw new IllegalArgumentException("switch radix is 1..254 ports: leaves need " + (hostsPerLeaf + uplinks)
                    + ", spines need " + leaves * linksPerSpine);
        }
        TopologyBuilder b = Topology.builder();
        for (int s = 1; s <= spines; s++) {
            b.switchNode("spine-" + s, leaves * linksPerSpine);
        }
        int host = 0;
        for (int l = 1; l <= leaves; l++) {
            String leaf = "leaf-" + l;
            b.switchNode(leaf, hostsPerLeaf + uplinks);
            for (int h = 1; h <= hostsPerLeaf; h++) {
                String name = "host-" + ++host;
                b.ca(name, 1).describe(name, name + " HCA-1");
                b.link(leaf, h, name, 1, LinkWidth.X4, LinkSpeed.QDR);
            }
            for (int s = 1; s <= spines; s++) {
                for (int j = 1; j <= linksPerSpine; j++) {
                    b.link(leaf, hostsPerLeaf + linksPerSpine * (s - 1) + j, "spine-" + s, linksPerSpine * (l - 1) + j,
                            LinkWidth.X4, LinkSpeed.QDR);
                }
            }
        }
        return b.build();
    }
}
