package io.reactiveumad.examples;

import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.fabric.Links;
import io.reactiveumad.fabric.PortLink;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * infiniband-diags' check_lft_balance: from a dump of every switch's unicast table (dump_lfts' text) and a cache of the
 * fabric (ibnetdiscover --cache), how many LIDs each switch routes out of each of its ports, and whether the ports that
 * carry routes are balanced (no port more than one route above another). The script is ported as it reads: its
 * patterns over the table's lines, its view of each port from iblinkinfo's text of the cached switch, its first 36
 * ports only, and its test for a port "directly connected" to a host, which compares names as numbers and so takes
 * every Active port whose route count is one host's LIDs for one. Both files are read and no fabric is asked; without
 * them (the script needs both) the fabric is discovered once and every switch's table read, and the two are what
 * dump-fts would print and discover --cache write.
 */
final class LftBalanceCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(LftBalanceCommand.class, "lft-balance",
            "Check that each switch spreads its routes evenly over its ports (as check_lft_balance), from a dump of the "
                    + "forwarding tables (dump-fts or dump_lfts output) and a fabric cache (discover --cache or "
                    + "ibnetdiscover --cache), or without them from the fabric now.");

    private static final Pattern DR_HEADER = Pattern.compile("Unicast lids .+ of switch DR path slid .+ guid (.+) \\((.+)\\)");
    private static final Pattern LID_HEADER = Pattern.compile("Unicast lids .+ of switch Lid .+ guid (.+) \\((.+)\\)");
    private static final Pattern HOST_ROUTE = Pattern.compile(".+ (.+) : \\(.+ portguid .+: '(.+)'\\)");
    private static final Pattern PATH_ROUTE = Pattern.compile(".+ (.+) : \\(path #. out of .: portguid .+\\)");
    /** The ports the script looks at: 001 to 036, whatever the switch has. */
    private static final int PORTS = 36;

    /** Forwarding-table blocks read at once per switch without files, as dump-fts reads them. */
    private static final int OUTSTANDING = 16;

    private final WalkTimeout walk = new WalkTimeout();
    private Path lftFile;
    private Path cacheFile;
    private boolean verbose;
    private boolean heuristics;
    private boolean json;

    LftBalanceCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        walk.declare(d);
        d.option("-l").label("LFT_FILE").help("The forwarding tables: dump-fts' (or dump_lfts') output (with -i; "
                + "without both, the fabric's tables are read now).").to(Values::path, v -> lftFile = v);
        d.option("-i").label("CACHE").help("The fabric: a cache discover --cache (or ibnetdiscover --cache) wrote (with "
                + "-l; without both, the fabric is discovered now).").to(Values::path, v -> cacheFile = v);
        d.flag("-v").help("Report every switch, balanced or not (default: the unbalanced ones).").to(() -> verbose = true);
        d.flag("-e").help("The script's heuristics: a switch with more than 12 ports in use is balanced when about "
                + "half of its ports are, or when its ports below the most used are all unused.").to(() -> heuristics = true);
        d.flag("--json").help("Print JSON: every switch, whether it is balanced, its ports' route counts.")
                .to(() -> json = true);
    }

    @Override
    public Integer call() {
        if ((lftFile == null) != (cacheFile == null)) {
            throw new UsageException("give both -l LFT_FILE (dump-fts > LFT_FILE) and -i CACHE (discover --cache CACHE), "
                    + "as check_lft_balance takes them, or neither to read the fabric now");
        }
        List<String> lines;
        DiscoveredFabric fabric;
        int exit = 0;
        if (lftFile != null) {
            lines = NamedFiles.lines("-l", lftFile);
            fabric = CacheFiles.read("-i", cacheFile).fabric();
        } else {
            // What dump-fts prints with its defaults, from the discovery discover --cache would write.
            DumpFtsCommand.SwitchTables tables = new DumpFtsCommand(context, OUTSTANDING)
                    .tables(this, walk, new NodeNames().load(context, err()), 0, 0);
            lines = tables.tables().stream().flatMap(table -> ((String) table).lines()).toList();
            fabric = tables.discovered();
            exit = tables.report(this);
        }
        Scan scan = new Scan(fabric);
        lines.forEach(scan::line);
        scan.end();
        if (json) {
            spec.out().println(Json.pretty(Map.of("switches", scan.reports)));
        } else {
            scan.reports.stream().filter(r -> verbose || !(Boolean) r.get("balanced")).forEach(r -> {
                spec.out().print(((Boolean) r.get("balanced") ? "Switch Port Usage: " : "Unbalanced Switch Port Usage: ")
                        + r.get("name") + ", " + r.get("guid") + "\n");
                @SuppressWarnings("unchecked")
                List<Map<String, Object>> ports = (List<Map<String, Object>>) r.get("ports");
                ports.forEach(p -> spec.out().printf("Port %03d: %d%n", (Integer) p.get("port"), (Integer) p.get("routes")));
            });
        }
        return exit;
    }

    /** The script's pass over the table's lines: the switch it is in, its ports' counts, the hosts it has seen. */
    private final class Scan {
        final List<Map<String, Object>> reports = new ArrayList<>();
        /** The cached fabric's links and how iblinkinfo writes them: worked out once, read for each switch. */
        private final List<PortLink> links;
        private final LinkLines lines;
        private String switchGuid;
        private String switchName;
        private final Map<String, Integer> portCount = new HashMap<>();
        private final List<String> maybeDirectlyConnected = new ArrayList<>();
        private String host;
        private final List<String> hostPorts = new ArrayList<>();
        private int lidsPerPort;
        private int lidsPerPortCalculated;

        Scan(DiscoveredFabric fabric) {
            links = Links.of(fabric);
            lines = new LinkLines(false, false, null, ChassisPorts.of(NodeNameMap.none(), fabric));
        }

        void line(String line) {
            if (line.contains("Unicast")) {
                if (!hostPorts.isEmpty()) {
                    hostPortsDone();
                }
                if (switchName != null) {
                    report();
                }
                for (Pattern header : List.of(DR_HEADER, LID_HEADER)) {
                    Matcher m = header.matcher(line);
                    if (m.find()) {
                        switchGuid = m.group(1);
                        switchName = m.group(2);
                    }
                }
                maybeDirectlyConnected.clear();
                portCount.clear();
                hostPorts.clear();
                lidsPerPort = 0;
                lidsPerPortCalculated = 0;
            } else if (line.contains("Channel") || line.contains("Router")) {
                // A line the pattern misses leaves its groups undefined: Perl's last match (/Channel/) had none.
                Matcher m = HOST_ROUTE.matcher(line);
                boolean found = m.find();
                String port = found ? m.group(1) : "";
                host = found ? m.group(2) : "";
                portCount.merge(port, 1, Integer::sum);
                if (!hostPorts.isEmpty()) {
                    hostPortsDone();
                }
                hostPorts.clear();
                hostPorts.add(port);
                if (lidsPerPort == 0) {
                    lidsPerPort++;
                } else {
                    lidsPerPortCalculated++;
                }
            } else if (line.contains("path")) {
                Matcher m = PATH_ROUTE.matcher(line);
                String port = m.find() ? m.group(1) : "";
                portCount.merge(port, 1, Integer::sum);
                if (lidsPerPortCalculated == 0) {
                    lidsPerPort++;
                }
                hostPorts.add(port);
            } else if (lidsPerPort != 0) {
                lidsPerPortCalculated++;
            }
        }

        void end() {
            if (!hostPorts.isEmpty()) {
                hostPortsDone();
            }
            report();
        }

        /** A host whose every LID leaves by one port, one LID a path: maybe cabled to that port. */
        private void hostPortsDone() {
            if (hostPorts.size() == lidsPerPort
                    && hostPorts.stream().allMatch(p -> Perl.number(p) == Perl.number(hostPorts.get(0)))) {
                maybeDirectlyConnected.add(host);
            }
        }

        private void report() {
            List<String> linkLines = linkLines();
            int min = 999999;
            int max = 0;
            int portsOnSwitch = 0;
            List<String> outputPorts = new ArrayList<>();
            for (int number = 1; number <= PORTS; number++) {
                String port = String.format("%03d", number);
                int count = portCount.getOrDefault(port, 0);
                if (count == 0 && !isUp(linkLines, number)) {
                    continue;
                }
                portsOnSwitch++;
                if (isDirectlyConnected(linkLines, number, count)) {
                    continue;
                }
                outputPorts.add(port);
                min = Math.min(min, count);
                max = Math.max(max, count);
            }
            boolean unbalanced = max > min + 1;
            if (heuristics && unbalanced && portsOnSwitch > 12) {
                unbalanced = !(aboutHalfBalanced(outputPorts, max, portsOnSwitch) || restUnused(outputPorts, max));
            }
            Map<String, Object> report = new LinkedHashMap<>();
            report.put("guid", switchGuid == null ? "" : switchGuid);
            report.put("name", switchName == null ? "" : switchName);
            report.put("balanced", !unbalanced);
            report.put("ports", outputPorts.stream().map(p -> {
                Map<String, Object> port = new LinkedHashMap<>();
                port.put("port", Integer.parseInt(p));
                port.put("routes", portCount.getOrDefault(p, 0));
                return port;
            }).toList());
            reports.add(report);
        }

        /** A lineboard: half its ports (give or take one) not at or next to the most used nor unused, and balanced. */
        private boolean aboutHalfBalanced(List<String> outputPorts, int max, int portsOnSwitch) {
            List<Integer> rest = outputPorts.stream().map(p -> portCount.getOrDefault(p, 0))
                    .filter(c -> c != max && c != max - 1 && c != 0).toList();
            int half = portsOnSwitch / 2;
            if (rest.size() != half && rest.size() != half + 1 && rest.size() != half - 1) {
                return false;
            }
            int min2 = rest.stream().mapToInt(Integer::intValue).min().orElse(999999);
            int max2 = rest.stream().mapToInt(Integer::intValue).max().orElse(0);
            return max2 <= min2 + 1;
        }

        /** A switch not fully populated: its ports below the most used (and the one below) all unused. */
        private boolean restUnused(List<String> outputPorts, int max) {
            return outputPorts.stream().map(p -> portCount.getOrDefault(p, 0)).filter(c -> c != max && c != max - 1)
                    .allMatch(c -> c == 0);
        }

        /** iblinkinfo's lines of the switch in the cache (none when the cache has no such switch). */
        private List<String> linkLines() {
            long guid;
            try {
                guid = Long.parseUnsignedLong(switchGuid.replaceFirst("^0[xX]", ""), 16);
            } catch (RuntimeException notAGuid) {
                return List.of();
            }
            List<String> out = new ArrayList<>();
            for (PortLink link : links) {
                if (link.local().node().portGuids().containsValue(guid)) {
                    out.add(lines.port(link, ""));
                }
            }
            return out;
        }

        /** The script's test: the port's first line in iblinkinfo's text does not say Down (no line: not up). */
        private boolean isUp(List<String> linkLines, int port) {
            Pattern line = portLine(port);
            return linkLines.stream().filter(l -> line.matcher(l).find()).findFirst().map(l -> !l.contains("Down"))
                    .orElse(false);
        }

        /**
         * The script's test for a port cabled to a host: its route count is one host's LIDs, some host looked like it,
         * and its last line in iblinkinfo's text says Active. The script then compares the far end's name (a pattern
         * iblinkinfo's line never matches, so an undefined one) with each such host's as numbers: equal for any name
         * that does not start with a number other than 0.
         */
        private boolean isDirectlyConnected(List<String> linkLines, int port, int count) {
            if (count != lidsPerPort || maybeDirectlyConnected.isEmpty()) {
                return false;
            }
            Pattern line = portLine(port);
            String last = null;
            for (String l : linkLines) {
                if (line.matcher(l).find()) {
                    last = l;
                }
            }
            return last != null && last.contains("Active")
                    && maybeDirectlyConnected.stream().anyMatch(h -> Perl.number(h) == 0);
        }

        /** The script's pattern for a port's line: its number, space-padded to two, then {@code [..] ==}. */
        private Pattern portLine(int port) {
            return Pattern.compile((port <= 9 ? " " : "") + port + "\\[..\\] ==");
        }
    }
}
