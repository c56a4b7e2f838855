package io.reactiveumad.examples;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.fabric.Routing;
import io.reactiveumad.service.FabricJson;
import io.reactiveumad.service.Routes;
import io.reactiveumad.test.topology.DiscoveredTopology;
import io.reactiveumad.test.topology.IbnetdiscoverWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * infiniband-diags' ibfindnodesusing: the channel adapters whose LIDs a switch sends out of one port, and those the
 * switch at the cable's other end sends back through it. The tool finds the switch and the cable's far end in
 * ibnetdiscover -g's text and each end's CAs in ibroute's text of its table; ours reads the same texts (one discovery,
 * then both tables by directed route at once) with its patterns, and groups the names as it does ({@code h1-3}), so
 * the text is the tool's. Where the tool fails, ours answers: a switch given by name (the tool formats the name as a
 * GUID and never finds it) and a fabric without an SM (the tool resolves each switch through the SA).
 */
final class NodesUsingCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(NodesUsingCommand.class, "nodes-using",
            "The channel adapters routed through one switch port (as ibfindnodesusing): those whose LIDs the switch "
                    + "sends out of it, and those the switch at the cable's other end sends back through it, read "
                    + "from both forwarding tables after one discovery.");

    /** ibnetdiscover's switch line: its GUID, and what the tool takes for its description ({@code "sw3" base}). */
    private static final Pattern SWITCH = Pattern.compile("^Switch.*\"S-(.*)\"\\s+# (.*) port.*");
    /** A switch port's line, as the tool's get_link_ends reads it: port, far node GUID and port, its name. */
    private static final Pattern LINK_END = Pattern.compile(
            "^\\[(\\d+)\\](?:\\[ext \\d+\\])?\\s+\"[HSR]-(.+)\"\\[(\\d+)\\](?:\\[ext \\d+\\])?(\\(.+\\))?\\s+#.*\"(.*)\"\\.* "
                    + "lid (\\d+).*");
    /** ibroute's line for a LID a channel adapter answers at: the LID, its egress port and the CA's name. */
    private static final Pattern CA_ROUTE = Pattern.compile("(\\w+)\\s+(\\d+)\\s+:\\s+\\(Channel Adapter.*:\\s+'(.*)'\\)");
    /** A name's trailing number, by which the tool sorts and groups its list. */
    private static final Pattern TRAILING_NUMBER = Pattern.compile("(.*?)(\\d*)", Pattern.DOTALL);

    private final WalkTimeout walk = new WalkTimeout();
    private final NodeNames nodeNames = new NodeNames();
    private String target;
    private int portNumber;
    private int outstanding;
    private boolean json;

    NodesUsingCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        d.parameter("SWITCH").help("The switch: its node GUID (hex, with or without 0x) or its name.")
                .to(Values::text, v -> target = v);
        d.parameter("PORT").help("The switch's port the cable leaves from.").to(Values.atLeast(1), v -> portNumber = v);
        d.flag("-R").help("Accepted as ibfindnodesusing takes it (discover again instead of reusing its cache): the "
                + "fabric is always discovered afresh here.").to(() -> { });
        d.option("--outstanding").label("N").defaultValue("16")
                .help("SMPs on the wire at once per table (default: ${DEFAULT-VALUE}; ibroute sends one at a time).")
                .to(Values.atLeast(1), v -> outstanding = v);
        d.flag("--json").help("Print JSON: the switch port, the port at the other end, and the channel adapters routed "
                + "each way with their LIDs.").to(() -> json = true);
        walk.declare(d);
        nodeNames.declare(d);
    }

    /** One end of the cable as the tool prints it: GUID ({@code 0x} and 16 digits), port and description. */
    private record End(String guid, String port, String description) {
        static final End NONE = new End("", "", "");

        long nodeGuid() {
            return Long.parseUnsignedLong(guid.substring(2), 16);
        }
    }

    /** A CA's LID the table sends out of the port, and its name as ibroute prints it. */
    private record Routed(int lid, String name) {
    }

    @Override
    public Integer call() {
        NodeNameMap names = nodeNames.load(context, err());
        record Answer(DiscoveredFabric fabric, End local, End far, List<Routed> out, List<Routed> back) {
        }
        List<String> unread = new java.util.concurrent.CopyOnWriteArrayList<>();
        Answer answer;
        // The callbacks only collect (for block() here): they run where the answers are read.
        try (Connection connection = transport.connect(err(), Schedulers.immediate())) {
            MadPort port = connection.port();
            SmpClient smp = transport.smp(port);
            try {
                answer = transport.discover(port, transport.discovery().withOutstanding(outstanding)).flatMap(fabric -> {
                    String text = DiscoveredTopology.toIbnetdiscover(NodeNameMap.none().rename(fabric),
                            node -> names.name(node.nodeGuid(), node.description()), IbnetdiscoverWriter::grouped);
                    End local = findSwitch(text, fabric);
                    DiscoveredNode sw = fabric.node(local.nodeGuid()).orElseThrow();
                    if (portNumber > sw.nodeInfo().numPorts()) {
                        throw new IllegalArgumentException("PORT: switch " + local.guid() + " has ports 1 to "
                                + sw.nodeInfo().numPorts() + ", not " + portNumber);
                    }
                    End far = linkEnds(text, local.guid()).getOrDefault(portNumber, End.NONE);
                    Map<Integer, UnicastTable.Destination> destinations = UnicastTable.Destination.byLid(fabric);
                    Optional<DiscoveredNode> farSwitch = far == End.NONE ? Optional.empty()
                            : fabric.node(far.nodeGuid()).filter(DiscoveredNode::isSwitch);
                    Mono<List<Routed>> out = routed(smp, sw, portNumber, destinations, names, unread);
                    Mono<List<Routed>> back = farSwitch.map(node -> routed(smp, node, Integer.parseInt(far.port()),
                            destinations, names, unread)).orElse(Mono.just(List.of()));
                    return Mono.zip(out, back, (o, b) -> new Answer(fabric, local, far, o, b));
                }).block(walk.timeout);
            } finally {
                smp.dispose();
            }
        }
        if (answer == null) {
            throw new IllegalStateException("the forwarding tables ended without a result");
        }
        if (json) {
            out().println(Json.pretty(json(answer.fabric(), answer.local(), answer.far(), answer.out(), answer.back())));
        } else {
            out().print(heading(answer.local(), "==>>", answer.far()) + hostList(names(answer.out())) + "\n\n"
                    + heading(answer.local(), "<<==", answer.far()) + hostList(names(answer.back())) + "\n");
        }
        if (answer.far() == End.NONE) {
            out().flush();
            err().println(spec.qualifiedName() + ": note: port " + portNumber + " of switch " + answer.local().guid()
                    + " has no active link");
        }
        unread.forEach(err()::println);
        int discovery = warnIfIncomplete(answer.fabric());
        return unread.isEmpty() ? discovery : UmadCli.EXIT_FAILED;
    }

    private String heading(End local, String arrow, End far) {
        return local.guid() + " " + portNumber + " (" + local.description() + ")  " + arrow + "  " + far.guid() + " "
                + far.port() + " (" + far.description() + ")\n";
    }

    /**
     * The switch named by {@link #target} in ibnetdiscover's text: by node GUID first, as the tool looks for it, then
     * by name (the tool takes a name for a GUID and never finds it). A name two switches have is refused.
     */
    private End findSwitch(String text, DiscoveredFabric fabric) {
        Optional<Long> guid = Optional.empty();
        try {
            guid = Optional.of(Guids.parse(target));
        } catch (IllegalArgumentException notHex) {
            // a name
        }
        List<End> named = new ArrayList<>();
        for (String line : text.lines().toList()) {
            Matcher m = SWITCH.matcher(line);
            if (!m.find()) {
                continue;
            }
            End sw = new End("0x" + m.group(1), "", m.group(2));
            if (guid.isPresent() && sw.nodeGuid() == guid.get()) {
                return sw;
            }
            if (sw.description().startsWith("\"" + target + "\" ")) {
                named.add(sw);
            }
        }
        if (named.size() == 1) {
            return named.get(0);
        }
        long switches = fabric.nodes().stream().filter(DiscoveredNode::isSwitch).count();
        if (named.isEmpty()) {
            throw new IllegalStateException("no switch " + target + " (by node GUID or name) among the " + switches
                    + " switches discovered" + (fabric.complete() ? "" : ", a discovery that gave up on "
                    + fabric.problems().size() + " SMP(s): " + String.join("; ", fabric.problems())));
        }
        throw new IllegalArgumentException("SWITCH: " + named.size() + " switches are named " + target + " ("
                + String.join(", ", named.stream().map(End::guid).toList()) + "): give its node GUID");
    }

    /** The tool's get_link_ends for one switch: each port's far end, from the switch's block of the text. */
    private static Map<Integer, End> linkEnds(String text, String switchGuid) {
        Map<Integer, End> ends = new TreeMap<>();
        boolean inSwitch = false;
        for (String line : text.lines().toList()) {
            Matcher sw = SWITCH.matcher(line);
            if (sw.find()) {
                inSwitch = ("0x" + sw.group(1)).equals(switchGuid);
            } else if (line.startsWith("Ca") || line.startsWith("Rt")) {
                inSwitch = false;
            } else if (inSwitch) {
                Matcher m = LINK_END.matcher(line);
                if (m.find()) {
                    ends.put(Integer.parseInt(m.group(1)), new End("0x" + m.group(2), m.group(3), m.group(5)));
                }
            }
        }
        return ends;
    }

    /**
     * The CAs {@code sw} sends out of {@code port}: the channel adapter lines of ibroute's text of its table whose
     * egress port is {@code port}. A table that cannot be read is said in {@code unread} and routes nothing.
     */
    private Mono<List<Routed>> routed(SmpClient smp, DiscoveredNode sw, int port,
                                      Map<Integer, UnicastTable.Destination> destinations, NodeNameMap names,
                                      List<String> unread) {
        return Routing.switchRoutes(smp, sw.path(), outstanding).map(routes -> {
            int last = routes.egressPorts().size() - 1;
            String table = UnicastTable.text("", routes, 0, last, UnicastTable.rows(routes, 0, last, false,
                    destinations), false, false, "unknown node and type", names);
            List<Routed> routed = new ArrayList<>();
            for (String line : table.lines().toList()) {
                Matcher m = CA_ROUTE.matcher(line);
                if (m.find() && Integer.parseInt(m.group(2)) == port) {
                    routed.add(new Routed(Integer.decode(m.group(1)), m.group(3)));
                }
            }
            return routed;
        }).onErrorResume(e -> !PortClosedException.endsThePort(e), e -> {
            unread.add(String.format("%s: switch 0x%016x (%s) at route %s: its forwarding table: %s",
                    spec.qualifiedName(), sw.guid(), sw.description(), Routes.format(sw.path()), e.getMessage()));
            return Mono.just(List.of());
        });
    }

    private static List<String> names(List<Routed> routed) {
        return routed.stream().map(Routed::name).toList();
    }

    /**
     * ibfindnodesusing's line of names: sorted by their trailing number, each prefix's runs of numbers as ranges
     * ({@code h1-3}), prefixes in string order. Its list starts with an undefined element, which sorts as a name ""
     * numbered 0 and gives the line its leading space; kept, as are its other turns (a name without a number is its
     * own entry, a name twice is listed twice).
     */
    static String hostList(List<String> names) {
        List<String[]> split = new ArrayList<>();
        split.add(new String[] {"", ""});
        for (String name : names) {
            Matcher m = TRAILING_NUMBER.matcher(name);
            m.matches();
            split.add(new String[] {m.group(1), m.group(2)});
        }
        split.sort(java.util.Comparator.comparingDouble(s -> Perl.number(s[1])));
        // Per prefix, its runs of consecutive numbers; a run ends where a number is not the last one plus one.
        Map<String, List<List<String>>> runs = new TreeMap<>();
        for (String[] s : split) {
            List<List<String>> prefixRuns = runs.computeIfAbsent(s[0], k -> new ArrayList<>());
            List<String> run = prefixRuns.isEmpty() ? null : prefixRuns.get(prefixRuns.size() - 1);
            if (run != null && Perl.number(run.get(run.size() - 1)) == Perl.number(s[1]) - 1) {
                run.add(s[1]);
            } else {
                prefixRuns.add(new ArrayList<>(List.of(s[1])));
            }
        }
        List<String> listed = new ArrayList<>();
        runs.forEach((prefix, prefixRuns) -> prefixRuns.forEach(run -> listed.add(prefix
                + (run.size() > 1 ? run.get(0) + "-" + run.get(run.size() - 1) : run.get(0)))));
        String joined = String.join(",", listed);
        // Then split on commas again (as Perl's split: leading empty fields kept) and joined with spaces.
        return joined.isEmpty() ? "" : String.join(" ", joined.split(","));
    }

    private Map<String, Object> json(DiscoveredFabric fabric, End local, End far, List<Routed> out, List<Routed> back) {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("switch", end(fabric, local.nodeGuid(), portNumber));
        if (far != End.NONE) {
            report.put("peer", end(fabric, far.nodeGuid(), Integer.parseInt(far.port())));
        }
        report.put("routedOut", routedJson(out));
        report.put("routedBack", routedJson(back));
        return report;
    }

    /** One end of the cable: its node (described as it answered, as JSON keeps descriptions) and port. */
    private static Map<String, Object> end(DiscoveredFabric fabric, long guid, int port) {
        Map<String, Object> end = new LinkedHashMap<>();
        end.put("nodeGuid", FabricJson.hex(guid));
        fabric.node(guid).ifPresent(node -> {
            end.put("nodeType", NodeTypes.name(node.nodeInfo().nodeType()));
            end.put("description", node.description());
        });
        end.put("port", port);
        return end;
    }

    private static List<Map<String, Object>> routedJson(List<Routed> routed) {
        return routed.stream().map(r -> {
            Map<String, Object> ca = new LinkedHashMap<>();
            ca.put("lid", r.lid());
            ca.put("name", r.name());
            return ca;
        }).toList();
    }
}
