package io.reactiveumad.test;

import io.reactiveumad.mad.attr.LinearForwardingTable;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.test.topology.Node;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;

/**
 * Runtime state of one node: its ports (0..n; port 0 only meaningful on a switch), a switch's linear
 * forwarding table, and its NodeDescription. Mutated on the fabric executor only.
 */
final class FabricNode {
    static final int NO_ROUTE = LinearForwardingTable.NO_ROUTE;

    final Node node;
    final FabricPort[] ports;
    int[] lft = new int[0];
    /** A switch's multicast forwarding table: the ports each MLID the SM programmed goes out of (absent: none). */
    final Map<Integer, SortedSet<Integer>> mft = new HashMap<>();
    String description;
    /**
     * The SMA's M_Key, 0 for none. With one, every SMP that does not carry it is discarded, Gets too, as a port whose
     * MKeyProtectBits are 3 does.
     */
    long mKey;
    /** The cabling as of the last sweep, by port: the node and port at the other end (null / 0 if none). */
    FabricNode[] peer;
    int[] peerPort;

    FabricNode(Node node) {
        this.node = node;
        this.description = node.description();
        this.ports = new FabricPort[node.portCount() + 1];
        for (int p = 0; p < ports.length; p++) {
            ports[p] = new FabricPort(p);
        }
    }

    String id() {
        return node.id();
    }

    boolean isSwitch() {
        return node.isSwitch();
    }

    /** The port that owns LID and GUID for {@code port}: port 0 on a switch. */
    FabricPort addressable(int port) {
        return ports[isSwitch() ? 0 : port];
    }

    /** The egress port the LFT gives for {@code dlid}, or {@link #NO_ROUTE}. */
    int route(int dlid) {
        return dlid < lft.length ? lft[dlid] : NO_ROUTE;
    }

    /** Block {@code block} of the LFT: the egress ports of LIDs {@code 64 * block ..}. */
    LinearForwardingTable lftBlock(int block) {
        List<Integer> ports = new ArrayList<>(LinearForwardingTable.ENTRIES);
        for (int i = 0; i < LinearForwardingTable.ENTRIES; i++) {
            ports.add(route(block * LinearForwardingTable.ENTRIES + i));
        }
        return new LinearForwardingTable(ports);
    }

    /** The highest MLID programmed here (SwitchInfo:MulticastFDBTop), 0 when none is. */
    int multicastTop() {
        return mft.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    /** Block {@code block} of the MFT at {@code position}: ports {@code 16 * position ..} of MLIDs {@code 0xC000 + 32 * block ..}. */
    MulticastForwardingTable mftBlock(int block, int position) {
        List<Integer> masks = new ArrayList<>(MulticastForwardingTable.ENTRIES);
        int first = position * MulticastForwardingTable.PORTS_PER_POSITION;
        for (int i = 0; i < MulticastForwardingTable.ENTRIES; i++) {
            int mask = 0;
            for (int port : mft.getOrDefault(MulticastForwardingTable.FIRST_MLID + block * MulticastForwardingTable.ENTRIES + i,
                    Collections.emptySortedSet())) {
                if (port >= first && port < first + MulticastForwardingTable.PORTS_PER_POSITION) {
                    mask |= 1 << (port - first);
                }
            }
            masks.add(mask);
        }
        return new MulticastForwardingTable(masks);
    }

    void resetLft(int size) {
        lft = new int[size];
        Arrays.fill(lft, NO_ROUTE);
    }
}
