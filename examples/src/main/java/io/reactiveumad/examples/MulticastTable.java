package io.reactiveumad.examples;

import io.reactiveumad.fabric.SwitchMulticastRoutes;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.service.FabricJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code umad routes -M}: a switch's multicast forwarding table printed as {@code ibroute -M} prints it, or as JSON. */
final class MulticastTable {
    private MulticastTable() {
    }

    /**
     * ibroute -M's text: a header naming the range and the switch, a ruler of port numbers, then one line per
     * MLID that goes somewhere (every MLID with {@code all}) with an x under each egress port, or with
     * {@code brief} the 16-bit port masks in hex. The switch is called {@code name}.
     */
    static String text(String where, SwitchMulticastRoutes routes, String name, boolean all, boolean brief) {
        int ports = routes.nodeInfo().numPorts();
        StringBuilder out = new StringBuilder();
        out.append(String.format("Multicast mlids [0x%x-0x%x] of switch %s guid 0x%016x (%s):%n", routes.firstMlid(),
                routes.lastMlid(), where, routes.nodeInfo().nodeGuid(), name));
        if (brief) {
            out.append(" MLid       Port Mask\n");
        } else {
            if (ports > 9) {
                out.append("            ");
                for (int p = 0; p <= ports; p++) {
                    out.append(p % 10 == 0 ? (char) ('0' + p / 10) : ' ').append(' ');
                }
                out.append('\n');
            }
            out.append("     Ports: ");
            for (int p = 0; p <= ports; p++) {
                out.append(p % 10).append(' ');
            }
            out.append("\n MLid\n");
        }
        int shown = 0;
        for (int mlid = routes.firstMlid(); mlid <= routes.lastMlid(); mlid++) {
            List<Integer> egress = routes.egressPorts(mlid);
            if (egress.isEmpty() && !all) {
                continue;
            }
            out.append(String.format("0x%04x      ", mlid));
            if (brief) {
                for (int mask : masks(egress, ports)) {
                    out.append(String.format("%04x", mask));
                }
            } else {
                for (int p = 0; p <= ports; p++) {
                    out.append(egress.contains(p) ? 'x' : ' ').append(' ');
                }
            }
            out.append('\n');
            shown++;
        }
        out.append(String.format("%d %smlids dumped %n", shown, all ? "" : "valid "));
        return out.toString();
    }

    /** The port masks of one MLID, 16 ports each, as the table's positions hold them. */
    private static int[] masks(List<Integer> egress, int ports) {
        int[] masks = new int[ports / MulticastForwardingTable.PORTS_PER_POSITION + 1];
        for (int p : egress) {
            masks[p / MulticastForwardingTable.PORTS_PER_POSITION] |= 1 << p % MulticastForwardingTable.PORTS_PER_POSITION;
        }
        return masks;
    }

    static Map<String, Object> json(SwitchMulticastRoutes routes, boolean all) {
        Map<String, Object> sw = new LinkedHashMap<>();
        sw.put("nodeGuid", FabricJson.hex(routes.nodeInfo().nodeGuid()));
        sw.put("description", routes.description());
        sw.put("multicastFdbCap", routes.switchInfo().multicastFdbCap());
        sw.put("multicastFdbTop", routes.switchInfo().multicastFdbTop());
        List<Map<String, Object>> entries = new ArrayList<>();
        for (int mlid = routes.firstMlid(); mlid <= routes.lastMlid(); mlid++) {
            List<Integer> egress = routes.egressPorts(mlid);
            if (egress.isEmpty() && !all) {
                continue;
            }
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("mlid", mlid);
            entry.put("ports", egress);
            entries.add(entry);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("switch", sw);
        out.put("firstMlid", routes.firstMlid());
        out.put("lastMlid", routes.lastMlid());
        out.put("routes", entries);
        return out;
    }
}
