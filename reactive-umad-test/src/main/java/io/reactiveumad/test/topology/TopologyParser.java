package io.reactiveumad.test.topology;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the topology format ibsim reads and {@code ibnetdiscover} writes (ibsim's net files are the
 * same family). Understood:
 * <ul>
 *   <li>records: a header {@code Switch|Hca|Ca|Rt <ports> "<id>" [# "<description>" [base|enhanced
 *       port 0 lid N lmc M]]} followed by port lines {@code [p](portguid) "<remote>"[q](guid) [w=N s=N]
 *       [# ... lid N lmc M "<desc>" lid N 4xQDR]}; the record ends at the first other line;</li>
 *   <li>{@code switchguid=}/{@code caguid=}/{@code hcaguids=}/{@code rtguid=} ({@code =} absolute,
 *       {@code +} relative to the last absolute), {@code sysimgguid=} and {@code vendid=} (next node
 *       only), {@code devid=}; GUIDs otherwise allocated as ibsim does (see {@link TopologyBuilder}; routers from
 *       {@link #IBSIM_ROUTER_GUID_BASE});</li>
 *   <li>link width and speed from the {@code 4xQDR} comment, else {@code w=} (LinkWidthEnabled mask)
 *       and {@code s=}/{@code e=} (LinkWidthEnabled, LinkSpeedEnabled, LinkSpeedExtEnabled masks), else 4X SDR,
 *       as ibsim reads them ({@link PortRates}; none for a router's port); each cable at the rate ibsim runs it at
 *       under OpenSM from what its two ends enable ({@link IbsimCables}); a missing remote port means port 1.</li>
 * </ul>
 * Explicit CA port GUIDs ({@code [1](2c90300001235)}) are kept (ibsim itself ignores them). ibsim's
 * {@code include}, {@code do}, {@code module} and {@code @alias} extensions are refused with a clear error.
 */
final class TopologyParser {
    private static final Pattern HEADER = Pattern.compile("^(Switch|Hca|Ca|Rt)\\s*(\\d+)\\s*\"([^\"]*)\"(.*)$");
    private static final Pattern PORT = Pattern.compile(
            "^\\[(\\d+)\\](?:\\[ext \\d+\\])?(?:\\(([0-9a-fA-F]+)\\))?\\s*\"([^\"]+)\"(?:\\[(\\d+)\\])?(?:\\[ext \\d+\\])?"
                    + "(?:\\s*\\(([0-9a-fA-F]+)\\))?(.*)$");
    private static final Pattern RATE = Pattern.compile("lid\\s+\\d+\\s+(\\d+x)([A-Za-z0-9]+)");
    private static final Pattern LOCAL_LID = Pattern.compile("^\\s*lid\\s+(\\d+)\\s+lmc\\s+(\\d+)");
    private static final Pattern PORT0_LID = Pattern.compile("port 0 lid\\s+(\\d+)\\s+lmc\\s+(\\d+)");
    private static final Pattern OPTION = Pattern.compile("\\b([wse])=(\\w+)");
    private static final Pattern QUOTED = Pattern.compile("^\\s*\"([^\"]*)\"");

    /**
     * Where ibsim counts routers' GUIDs from without an {@code rtguid=} line: its table of bases has none for routers,
     * so 0, and its first router has node GUID 0, which OpenSM ignores (ibnetdiscover's output names each GUID).
     */
    static final long IBSIM_ROUTER_GUID_BASE = 0;

    private final Map<NodeType, Long> absoluteGuid = new EnumMap<>(NodeType.class);
    private final Map<NodeType, Long> nextGuid = new EnumMap<>(NodeType.class);
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final Map<Link.End, Declared> declared = new LinkedHashMap<>();
    private final Map<Link.End, PortRates> rates = new LinkedHashMap<>();
    private Long sysImageGuid;
    private int vendorId;
    private int deviceId;

    /** One side's claim about a cable: the far end, what this port enables, the line that says so. */
    private record Declared(Link.End remote, PortRates rates, int line) {
    }

    TopologyParser() {
        for (var e : Map.of(NodeType.CA, TopologyBuilder.CA_GUID_BASE, NodeType.SWITCH, TopologyBuilder.SWITCH_GUID_BASE,
                NodeType.ROUTER, IBSIM_ROUTER_GUID_BASE).entrySet()) {
            absoluteGuid.put(e.getKey(), e.getValue());
            nextGuid.put(e.getKey(), e.getValue());
        }
    }

    Topology parse(String text) {
        String[] lines = text.split("\r?\n", -1);
        int i = 0;
        while (i < lines.length) {
            String line = lines[i];
            int lineNo = i + 1;
            i++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher header = HEADER.matcher(line);
            if (header.matches()) {
                i = parseRecord(header, lineNo, lines, i);
            } else {
                parseAssignment(line.strip(), lineNo);
            }
        }
        List<Link> cables = links();
        return new Topology(new ArrayList<>(nodes.values()), cables, rates);
    }

    private void parseAssignment(String line, int lineNo) {
        for (NodeType t : NodeType.values()) {
            if (line.startsWith(t.guidKey()) || t == NodeType.CA && line.startsWith("hcaguids")) {
                setGuidBase(t, line, lineNo);
                return;
            }
        }
        if (line.startsWith("sysimgguid")) {
            sysImageGuid = number(line, lineNo);
        } else if (line.startsWith("vendid")) {
            vendorId = (int) number(line, lineNo);
        } else if (line.startsWith("devid")) {
            deviceId = (int) number(line, lineNo);
        } else if (line.startsWith("include") || line.startsWith("do") || line.startsWith("module")) {
            throw new TopologyFormatException(lineNo, "ibsim's '" + line.split("\\s|=")[0] + "' extension is not supported");
        } else if (line.startsWith("[") || line.startsWith("@")) {
            throw new TopologyFormatException(lineNo, "port line outside a node record: " + line);
        }
        // Anything else (ibnetdiscover's "Chassis", "Hostname:", width=/speed= defaults) carries no topology.
    }

    private void setGuidBase(NodeType type, String line, int lineNo) {
        int eq = line.indexOf('=');
        int plus = line.indexOf('+');
        if (eq < 0 && plus < 0) {
            throw new TopologyFormatException(lineNo, "GUID assignment without '=' or '+': " + line);
        }
        boolean relative = eq < 0 || plus >= 0 && plus < eq;
        long value = parseNumber(line.substring((relative ? plus : eq) + 1), lineNo);
        if (!relative) {
            absoluteGuid.put(type, value);
        }
        nextGuid.put(type, absoluteGuid.get(type) + (relative ? value : 0));
    }

    private int parseRecord(Matcher header, int lineNo, String[] lines, int next) {
        NodeType type = switch (header.group(1)) {
            case "Switch" -> NodeType.SWITCH;
            case "Rt" -> NodeType.ROUTER;
            default -> NodeType.CA;
        };
        int portCount = decimal(header.group(2), lineNo, "port count");
        String id = header.group(3);
        if (portCount < 1 || portCount > 254) {
            throw new TopologyFormatException(lineNo, "node \"" + id + "\": port count must be 1..254, not " + portCount);
        }
        if (nodes.containsKey(id)) {
            throw new TopologyFormatException(lineNo, "node \"" + id + "\" defined twice");
        }
        String rest = header.group(4);
        int hash = rest.indexOf('#');
        String comment = hash < 0 ? "" : rest.substring(hash + 1);
        String description = description(comment, id);
        long guid = nextGuid.get(type);
        if (nodes.values().stream().anyMatch(n -> n.nodeGuid() == guid)) {
            throw new TopologyFormatException(lineNo, String.format("node \"%s\": GUID 0x%x already used", id, guid));
        }
        nextGuid.put(type, guid + (type == NodeType.SWITCH ? 1 : portCount + 1L));

        List<Port> ports = new ArrayList<>();
        if (type == NodeType.SWITCH) {
            Matcher lid = PORT0_LID.matcher(comment);
            ports.add(lid.find() ? new Port(0, guid, decimal(lid.group(1), lineNo, "LID"), decimal(lid.group(2), lineNo, "LMC"))
                    : new Port(0, guid, 0, 0));
        } else {
            for (int p = 1; p <= portCount; p++) {
                ports.add(new Port(p, guid + p, 0, 0));
            }
        }
        int i = next;
        while (i < lines.length) {
            String line = lines[i];
            if (line.startsWith("#")) {
                i++;
                continue;
            }
            if (line.startsWith("@")) {
                throw new TopologyFormatException(i + 1, "ibsim's '@alias' extension is not supported");
            }
            if (!line.startsWith("[")) {
                break;
            }
            parsePortLine(type, id, portCount, ports, line, i + 1);
            i++;
        }
        long sysGuid = sysImageGuid != null ? sysImageGuid : guid;
        // ibsim and ibnetdiscover write it after the id or in the comment: "enhanced port 0" anywhere on the line.
        boolean enhancedPort0 = type == NodeType.SWITCH && rest.contains("enhanced port 0");
        nodes.put(id, new Node(type, id, description, portCount, guid, sysGuid, vendorId, deviceId, ports, enhancedPort0));
        sysImageGuid = null;
        vendorId = 0;
        return i;
    }

    private void parsePortLine(NodeType type, String id, int portCount, List<Port> ports, String line, int lineNo) {
        Matcher m = PORT.matcher(line);
        if (!m.matches()) {
            throw new TopologyFormatException(lineNo, "not a port line: " + line);
        }
        int port = decimal(m.group(1), lineNo, "port number");
        if (port < 1 || port > portCount) {
            throw new TopologyFormatException(lineNo, "node \"" + id + "\" has no port " + port);
        }
        String rest = m.group(6);
        int hash = rest.indexOf('#');
        String options = hash < 0 ? rest : rest.substring(0, hash);
        if (OPTION.matcher(options).replaceAll("").chars().anyMatch(c -> c == '[' || c == '(' || c == '"')) {
            // What the pattern left after the remote end: a "[2" or "(2c9" cut short, not something to ignore.
            throw new TopologyFormatException(lineNo, "truncated or malformed port line: " + line);
        }
        String comment = hash < 0 ? "" : rest.substring(hash + 1);
        if (type != NodeType.SWITCH) {
            long guid = m.group(2) != null ? hexGuid(m.group(2), lineNo) : ports.get(port - 1).guid();
            Matcher lid = LOCAL_LID.matcher(comment);
            ports.set(port - 1, lid.find()
                    ? new Port(port, guid, decimal(lid.group(1), lineNo, "LID"), decimal(lid.group(2), lineNo, "LMC"))
                    : new Port(port, guid, 0, 0));
        }
        PortRates rates = PortRates.UNDECLARED;
        Matcher opt = OPTION.matcher(options);
        try {
            Integer widths = null;
            Integer speeds = null;
            Integer extended = null;
            while (opt.find()) {
                int value = (int) parseNumber(opt.group(2), lineNo);
                switch (opt.group(1)) {
                    case "w" -> widths = mask(value, "w", 1, 31);
                    case "s" -> speeds = mask(value, "s", 1, 7);
                    default -> extended = mask(value, "e", 0, 7);
                }
            }
            rates = rates.withMasks(widths, speeds, extended);
            Matcher rate = RATE.matcher(comment);
            String lastWidth = null;
            String lastSpeed = null;
            while (rate.find()) {
                lastWidth = rate.group(1);
                lastSpeed = rate.group(2);
            }
            if (lastWidth != null) {
                rates = PortRates.declared(LinkWidth.parse(lastWidth), LinkSpeed.parse(lastSpeed));
            }
        } catch (IllegalArgumentException e) {
            throw new TopologyFormatException(lineNo, e.getMessage());
        }
        if (type == NodeType.ROUTER) {
            rates = PortRates.UNDECLARED; // ibsim reads no rate for a router's port
        }
        int remotePort = m.group(4) == null ? 1 : decimal(m.group(4), lineNo, "remote port number");
        if (remotePort < 1) {
            throw new TopologyFormatException(lineNo, "remote port must be >= 1: " + line);
        }
        Link.End here = new Link.End(id, port);
        if (declared.put(here, new Declared(new Link.End(m.group(3), remotePort), rates, lineNo)) != null) {
            throw new TopologyFormatException(lineNo, "port " + here + " listed twice");
        }
    }

    private List<Link> links() {
        Set<Link> links = new LinkedHashSet<>();
        for (var e : declared.entrySet()) {
            Link.End here = e.getKey();
            Declared d = e.getValue();
            Node remote = nodes.get(d.remote().node());
            if (remote == null) {
                throw new TopologyFormatException(d.line(), "port " + here + " is cabled to unknown node \"" + d.remote().node() + "\"");
            }
            if (d.remote().port() > remote.portCount()) {
                throw new TopologyFormatException(d.line(), "port " + here + " is cabled to " + d.remote() + ", which does not exist");
            }
            Declared back = declared.get(d.remote());
            if (back != null && !back.remote().equals(here)) {
                throw new TopologyFormatException(d.line(), "port " + here + " is cabled to " + d.remote()
                        + " but line " + back.line() + " cables that port to " + back.remote());
            }
            PortRates theirs = back != null ? back.rates() : PortRates.UNDECLARED;
            rates.put(here, d.rates());
            rates.putIfAbsent(d.remote(), theirs);
            // In the link's order of ends, so that both lines of a cable make the same link.
            Link ends = new Link(here, d.remote(), Link.DEFAULT_WIDTH, Link.DEFAULT_SPEED);
            boolean hereFirst = ends.a().equals(here);
            try {
                links.add(hereFirst ? IbsimCables.cable(here, nodes.get(here.node()), d.rates(), d.remote(), remote, theirs)
                        : IbsimCables.cable(d.remote(), remote, theirs, here, nodes.get(here.node()), d.rates()));
            } catch (IllegalArgumentException refused) {
                throw new TopologyFormatException(d.line(), refused.getMessage());
            }
        }
        return new ArrayList<>(links);
    }

    /** An option's mask where ibsim takes it ({@code w=} 1 to 31, {@code s=} 1 to 7, {@code e=} 0 to 7). */
    private static int mask(int value, String option, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(option + "=" + value + ": ibsim takes " + min + " to " + max);
        }
        return value;
    }

    /** ibsim's rules: {@code # "desc"} quoted, or up to " base port "/" lid "…, else the id. */
    private static String description(String comment, String id) {
        Matcher quoted = QUOTED.matcher(comment);
        if (quoted.find()) {
            return quoted.group(1);
        }
        String text = comment.strip();
        for (String stop : new String[] {" enhanced port ", " base port ", " lid ", " lmc "}) {
            int at = text.indexOf(stop);
            if (at >= 0) {
                text = text.substring(0, at);
            }
        }
        return text.isEmpty() ? id : text;
    }

    private static long number(String line, int lineNo) {
        int eq = line.indexOf('=');
        if (eq < 0) {
            throw new TopologyFormatException(lineNo, "assignment without '=': " + line);
        }
        return parseNumber(line.substring(eq + 1), lineNo);
    }

    /** strtoull(…, 0) semantics on the leading token: 0x hex, leading-0 octal, else decimal; stops at the first non-digit. */
    private static long parseNumber(String text, int lineNo) {
        String s = text.strip();
        int radix = 10;
        if (s.startsWith("0x") || s.startsWith("0X")) {
            radix = 16;
            s = s.substring(2);
        } else if (s.length() > 1 && s.startsWith("0")) {
            radix = 8;
        }
        int end = 0;
        while (end < s.length() && Character.digit(s.charAt(end), radix) >= 0) {
            end++;
        }
        if (end == 0) {
            throw new TopologyFormatException(lineNo, "not a number: " + text.strip());
        }
        try {
            return Long.parseUnsignedLong(s.substring(0, end), radix);
        } catch (NumberFormatException e) {
            throw new TopologyFormatException(lineNo, "number beyond 64 bits: " + text.strip());
        }
    }

    /** The digits a pattern matched, as an int; more than an int holds is an error naming the line. */
    private static int decimal(String digits, int lineNo, String what) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new TopologyFormatException(lineNo, what + " out of range: " + digits);
        }
    }

    private static long hexGuid(String digits, int lineNo) {
        try {
            return Long.parseUnsignedLong(digits, 16);
        } catch (NumberFormatException e) {
            throw new TopologyFormatException(lineNo, "GUID beyond 64 bits: " + digits);
        }
    }
}
