package io.reactiveumad.examples;

import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.fabric.Endpoint;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.fabric.SwitchRoutes;
import io.reactiveumad.service.FabricJson;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** A switch's unicast forwarding table as ibroute and dump_lfts print it, and as JSON. */
final class UnicastTable {
    private UnicastTable() {
    }

    /** What answers at a LID: the node and port, and the LID range of that port (its base LID and LMC). */
    record Destination(int nodeType, long nodeGuid, long portGuid, String description, int baseLid, int lmc) {
        static Destination of(Endpoint e) {
            return new Destination(e.nodeInfo().nodeType(), e.nodeInfo().nodeGuid(), e.nodeInfo().portGuid(),
                    e.description(), e.portInfo().lid(), e.portInfo().lmc());
        }

        /**
         * Every LID of the fabric and what answers there, as the tools' scan found it: each LID of a port's LMC range,
         * a switch's from its port 0, the first port found with a LID keeping it.
         */
        static Map<Integer, Destination> byLid(DiscoveredFabric fabric) {
            Map<Integer, Destination> byLid = new HashMap<>();
            for (DiscoveredNode node : fabric.nodes()) {
                for (Map.Entry<Integer, PortInfo> port : node.ports().entrySet()) {
                    if (node.isSwitch() && port.getKey() != 0) {
                        continue;
                    }
                    PortInfo info = port.getValue();
                    Destination d = new Destination(node.nodeInfo().nodeType(), node.guid(),
                            node.portGuid(port.getKey()), node.description(), info.lid(), info.lmc());
                    for (int lid = info.lid(); lid > 0 && lid < info.lid() + (1 << info.lmc()); lid++) {
                        byLid.putIfAbsent(lid, d);
                    }
                }
            }
            return byLid;
        }
    }

    /** One shown LID: its egress port and, when resolved, what answers there (empty: nothing known does). */
    record Row(int lid, int port, boolean valid, Optional<Destination> destination) {
    }

    /** The LIDs {@code first..last} to show: those the table routes, or every one with {@code all}. */
    static List<Integer> shown(SwitchRoutes routes, int first, int last, boolean all) {
        List<Integer> shown = new ArrayList<>();
        for (int lid = first; lid <= last; lid++) {
            if (all || routes.routes(lid)) {
                shown.add(lid);
            }
        }
        return shown;
    }

    /** The rows {@code first..last} of {@code routes} ({@link #shown}), each destination as a discovery found it. */
    static List<Row> rows(SwitchRoutes routes, int first, int last, boolean all, Map<Integer, Destination> destinations) {
        List<Row> rows = new ArrayList<>();
        for (int lid : shown(routes, first, last, all)) {
            rows.add(new Row(lid, routes.egressPort(lid), routes.routes(lid), Optional.ofNullable(destinations.get(lid))));
        }
        return rows;
    }

    /**
     * The rows ibroute and dump_fts print of {@code rows} (LIDs up to {@code last}): they read the table's blocks below
     * ALIGN(last, 64) only, so a last LID that opens a 64-LID block of its own (LinearFDBTop 64, 128, ...) is left out
     * of their rows and count while their header names it. The text keeps their rows; {@link #leftOut} says what they
     * drop, for a note on stderr, and JSON keeps every row.
     */
    static List<Row> printed(List<Row> rows, int last) {
        int below = alignedEnd(last);
        return rows.stream().filter(row -> row.lid() < below).toList();
    }

    /** The rows of {@code rows} the tools' text leaves out (see {@link #printed}). */
    static List<Row> leftOut(List<Row> rows, int last) {
        int below = alignedEnd(last);
        return rows.stream().filter(row -> row.lid() >= below && row.valid()).toList();
    }

    /**
     * {@code rows} as dump_fts reads them: it keeps the table's blocks in an array of {@code char}, signed on the
     * platforms the tools are built for, so an egress port above 127 reads as a number beyond any switch's ports: its
     * row is left out, or with -a ({@code all}) shown as an illegal port. ibroute reads the same blocks unsigned.
     */
    static List<Row> asDumpFtsReadsThem(List<Row> rows, boolean all) {
        List<Row> read = new ArrayList<>(rows.size());
        for (Row row : rows) {
            if (row.port() <= Byte.MAX_VALUE) {
                read.add(row);
            } else if (all) {
                read.add(new Row(row.lid(), row.port(), false, row.destination()));
            }
        }
        return read;
    }

    /** The routed rows of {@code rows} whose egress port dump_fts cannot read (see {@link #asDumpFtsReadsThem}). */
    static List<Row> routedBeyondDumpFtsPorts(List<Row> rows) {
        return rows.stream().filter(row -> row.valid() && row.port() > Byte.MAX_VALUE).toList();
    }

    /** What {@link #routedBeyondDumpFtsPorts} found, said once. */
    static String beyondDumpFtsPortsNote(List<Row> rows) {
        String lids = rows.stream().map(row -> String.format("0x%x (port %d)", row.lid(), row.port())).distinct()
                .collect(java.util.stream.Collectors.joining(", "));
        return "note: LID " + lids + " is routed too, but shown as dump_fts shows it: it reads an egress port above 127 "
                + "as a signed char, so as no port (ibroute and routes read it right); --json lists it";
    }

    /** What the text leaves out, said once: the LIDs and {@code tool}'s reason. */
    static String leftOutNote(List<Row> rows, String tool) {
        String lids = rows.stream().map(row -> String.format("0x%x", row.lid())).distinct()
                .collect(java.util.stream.Collectors.joining(", "));
        return "note: LID " + lids + " is routed too, but left out of the text as " + tool + " leaves it out (it reads "
                + "the blocks below ALIGN(last LID, 64) only); --json lists it";
    }

    private static int alignedEnd(int last) {
        return (last + 63) / 64 * 64;
    }

    /**
     * The tools' text: the header naming the switch ({@code where}: how it was reached), a line per row, the count.
     * A LID inside the range of the last port with LMC > 0 printed is a path of that port (the tools' own state,
     * kept across the rows as they keep it: starting at 0..0, so LID 0 counts as a path of nothing); a LID nothing
     * answers at says {@code unknown} (ibroute and dump_lfts word it differently).
     */
    static String text(String where, SwitchRoutes routes, int first, int last, List<Row> rows, boolean all,
                       boolean noDestinations, String unknown, NodeNameMap names) {
        return text(where, routes, first, last, rows, all, noDestinations, unknown, names, d -> described(d, names));
    }

    /**
     * As {@link #text(String, SwitchRoutes, int, int, List, boolean, boolean, String, NodeNameMap)}, each destination
     * {@code described} by the caller: dump-fts describes each one once for all its switches (some 40 000 rows on a
     * 1000-node fabric, where formatting every row again was most of the command's time).
     */
    static String text(String where, SwitchRoutes routes, int first, int last, List<Row> rows, boolean all,
                       boolean noDestinations, String unknown, NodeNameMap names, Function<Destination, String> described) {
        List<Row> printed = printed(rows, last);
        StringBuilder out = new StringBuilder(64 * printed.size() + 256);
        out.append(String.format("Unicast lids [0x%x-0x%x] of switch %s guid 0x%016x (%s):%n", first, last, where,
                routes.nodeInfo().nodeGuid(), names.name(routes.nodeInfo().nodeGuid(), routes.description())));
        out.append("  Lid  Out   Destination\n");
        out.append("       Port     Info \n");
        int baseLid = 0;
        int lastPortLid = 0;
        long portGuid = 0;
        for (Row row : printed) {
            out.append("0x").append(padded(Integer.toHexString(row.lid()), 4)).append(' ')
                    .append(padded(Integer.toString(row.port()), 3)).append(' ');
            if (noDestinations) {
                out.append('\n');
                continue;
            }
            if (row.lid() <= lastPortLid) {
                if (!row.valid()) {
                    out.append(String.format(": (path #%d - illegal port)%n", row.lid() - baseLid));
                } else {
                    out.append(String.format(": (path #%d out of %d", row.lid() - baseLid + 1, lastPortLid - baseLid + 1))
                            .append(portGuid == 0 ? "" : String.format(": portguid 0x%016x", portGuid)).append(")\n");
                }
            } else if (!row.valid()) {
                out.append(": (illegal port)\n");
            } else if (row.destination().isEmpty()) {
                portGuid = 0;
                out.append(": (").append(unknown).append(")\n");
            } else {
                Destination d = row.destination().get();
                portGuid = d.portGuid();
                out.append(described.apply(d)).append('\n');
                if (d.lmc() > 0) {
                    baseLid = d.baseLid();
                    lastPortLid = baseLid + (1 << d.lmc()) - 1;
                }
            }
        }
        out.append(String.format("%d %slids dumped %n", printed.size(), all ? "" : "valid "));
        return out.toString();
    }

    /** A destination as the tools print it after the port: {@code : (Switch portguid 0x…: 'name')}. */
    static String described(Destination d, NodeNameMap names) {
        return String.format(": (%s portguid 0x%016x: '%s')", NodeTypes.name(d.nodeType()), d.portGuid(),
                names.name(d.nodeGuid(), d.description()));
    }

    private static String padded(String digits, int width) {
        return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
    }

    static Map<String, Object> json(SwitchRoutes routes, int first, int last, List<Row> rows) {
        Map<String, Object> sw = new LinkedHashMap<>();
        sw.put("nodeGuid", FabricJson.hex(routes.nodeInfo().nodeGuid()));
        sw.put("description", routes.description());
        sw.put("linearFdbTop", routes.switchInfo().linearFdbTop());
        List<Map<String, Object>> entries = new ArrayList<>();
        for (Row row : rows) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("lid", row.lid());
            entry.put("port", row.port());
            row.destination().ifPresent(d -> {
                Map<String, Object> destination = new LinkedHashMap<>();
                destination.put("nodeType", NodeTypes.name(d.nodeType()));
                destination.put("nodeGuid", FabricJson.hex(d.nodeGuid()));
                destination.put("portGuid", FabricJson.hex(d.portGuid()));
                destination.put("description", d.description());
                entry.put("destination", destination);
            });
            entries.add(entry);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("switch", sw);
        out.put("firstLid", first);
        out.put("lastLid", last);
        out.put("routes", entries);
        return out;
    }
}
