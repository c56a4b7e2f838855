package io.reactiveumad.fabric;

import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import java.util.List;

/**
 * A switch's multicast routes as its multicast forwarding table holds them: for each multicast LID read,
 * the ports the switch forwards it to (port 0 is the switch itself; none: the switch drops it).
 *
 * @param nodeInfo    the switch's NodeInfo
 * @param description its NodeDescription
 * @param switchInfo  its SwitchInfo (MulticastFDBCap and MulticastFDBTop bound the table)
 * @param firstMlid   the first multicast LID read
 * @param ports       the egress ports of MLID {@code firstMlid + i} at index {@code i}, in port order
 */
public record SwitchMulticastRoutes(NodeInfo nodeInfo, String description, SwitchInfo switchInfo, int firstMlid,
                                    List<List<Integer>> ports) {
    public SwitchMulticastRoutes {
        ports = ports.stream().map(List::copyOf).toList();
        if (firstMlid < MulticastForwardingTable.FIRST_MLID) {
            throw new IllegalArgumentException("not a multicast LID: 0x" + Integer.toHexString(firstMlid));
        }
    }

    /** The last multicast LID read; {@code firstMlid - 1} when none was. */
    public int lastMlid() {
        return firstMlid + ports.size() - 1;
    }

    /** The ports {@code mlid} is forwarded to; empty beyond what was read. */
    public List<Integer> egressPorts(int mlid) {
        int i = mlid - firstMlid;
        return i >= 0 && i < ports.size() ? ports.get(i) : List.of();
    }
}
