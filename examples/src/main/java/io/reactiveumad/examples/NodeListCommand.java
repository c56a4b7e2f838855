package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.attr.NodeInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * infiniband-diags' node lists, ibswitches, ibhosts, ibrouters and ibnodes: scripts that reformat ibnetdiscover's
 * node lines, of a fabric discovered now or of a topology file (ibnetdiscover's output) given instead, one line per
 * node of the kinds asked, in ibnetdiscover's order.
 */
abstract class NodeListCommand extends FabricCommand {
    /** A node line of ibnetdiscover's topology: its kind, port count, GUID (after "S-", "H-" or "R-") and comment. */
    private static final Pattern NODE_LINE = Pattern.compile("^(Switch|Ca|Rt)\\s+(\\S+)\\s+\"..([0-9a-fA-F]{16})[^\\n]*?#[ \\t]*(.*)$");
    /** A node line's comment: its quoted name, then on a switch its port 0 ("base" or "enhanced"), LID and LMC. */
    private static final Pattern COMMENT = Pattern.compile("^\"(.*)\"(?:\\s+(base|enhanced) port 0 lid (\\d+) lmc (\\d+))?$");

    private final WalkTimeout walk = new WalkTimeout();
    private final NodeNames nodeNames = new NodeNames();
    /** The kinds listed, in the order the lists follow one another (ibnodes: the hosts, then the switches). */
    private final List<String> kinds;
    private Path topologyFile;
    private boolean json;

    NodeListCommand(CliContext context, String... kinds) {
        super(context);
        this.kinds = List.of(kinds);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        walk.declare(d);
        nodeNames.declare(d);
        d.parameter("TOPOLOGY_FILE").optional()
                .help("List the nodes of this topology (ibnetdiscover's output) instead of discovering the fabric.")
                .to(Values::path, v -> topologyFile = v);
        d.flag("--json").help("Print JSON: one object a node, its type, GUID, port count and description, and a "
                + "switch's port 0 (base or enhanced), LID and LMC.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        String topology;
        int exit = 0;
        if (topologyFile != null) {
            topology = NamedFiles.text("TOPOLOGY_FILE", topologyFile);
        } else {
            NodeNameMap names = nodeNames.load(context, err());
            TopologyText discovered = discoveredTopology(walk.timeout,
                    node -> names.name(node.nodeGuid(), node.description()), UnaryOperator.identity());
            exit = discovered.exit();
            topology = discovered.text();
        }
        StringBuilder out = new StringBuilder();
        List<Object> nodes = new ArrayList<>();
        // The scripts pass the text through dash's echo; JSON keeps the descriptions as they are.
        String[] lines = (json ? topology : echo(topology)).split("\n");
        for (String kind : kinds) {
            for (String line : lines) {
                Matcher m = NODE_LINE.matcher(line);
                if (m.matches() && m.group(1).equals(kind)) {
                    if (json) {
                        nodes.add(json(m.group(1), m.group(2), m.group(3), m.group(4)));
                    } else {
                        out.append(listed(m.group(1), m.group(2), m.group(3), m.group(4))).append('\n');
                    }
                }
            }
        }
        if (json) {
            out().println(Json.pretty(nodes));
        } else {
            out().print(out);
        }
        return exit;
    }

    /**
     * {@code text} as the scripts' {@code echo "$text"} prints it under Debian's /bin/sh, dash 0.5.12, whose echo
     * expands backslash escapes: a b e f n r t v and a backslash after one, an octal byte (a backslash and up to three
     * octal digits, or a backslash, 0 and up to three more), and c, after which nothing is printed at all; a backslash
     * before anything else stays. So a NodeDescription with a backslash prints as the scripts print it.
     */
    static String echo(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\' || i + 1 == text.length()) {
                out.append(c);
                continue;
            }
            char next = text.charAt(++i);
            switch (next) {
                case 'c' -> {
                    return out.toString();
                }
                case 'a' -> out.append('\u0007');
                case 'b' -> out.append('\b');
                case 'e' -> out.append('\u001b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'v' -> out.append('\u000b');
                case '\\' -> out.append('\\');
                default -> {
                    if (!isOctal(next)) {
                        out.append('\\').append(next);
                        break;
                    }
                    if (next == '0' && i + 1 < text.length() && isOctal(text.charAt(i + 1))) {
                        i++;
                    }
                    int value = 0;
                    int digits = 0;
                    while (digits < 3 && i < text.length() && isOctal(text.charAt(i))) {
                        value = value * 8 + text.charAt(i++) - '0';
                        digits++;
                    }
                    i--;
                    out.append((char) (value & 0xff));
                }
            }
        }
        return out.toString();
    }

    private static boolean isOctal(char c) {
        return c >= '0' && c <= '7';
    }

    /**
     * A node line as JSON: the description is the comment's quoted name (as the text's, node-name-mapped), a switch's
     * port 0 what follows it.
     */
    static Map<String, Object> json(String kind, String ports, String guid, String comment) {
        Map<String, Object> node = new LinkedHashMap<>();
        node.put("nodeType", switch (kind) {
            case "Switch" -> NodeTypes.name(NodeInfo.TYPE_SWITCH);
            case "Rt" -> NodeTypes.name(NodeInfo.TYPE_ROUTER);
            default -> NodeTypes.name(NodeInfo.TYPE_CHANNEL_ADAPTER);
        });
        node.put("nodeGuid", "0x" + guid.toLowerCase(java.util.Locale.ROOT));
        node.put("ports", Integer.parseInt(ports));
        String text = comment.strip();
        Matcher m = COMMENT.matcher(text);
        boolean named = m.matches();
        node.put("description", named ? m.group(1) : text);
        if (named && m.group(2) != null) {
            node.put("port0", m.group(2));
            node.put("lid", Integer.parseInt(m.group(3)));
            node.put("lmc", Integer.parseInt(m.group(4)));
        }
        return node;
    }

    /**
     * The scripts' line: the kind, the GUID, the port count, and the comment; a switch's, as ibswitches' awk splits
     * it, its description and what follows "port 0" (the LID and LMC) around "base" or "enhanced".
     */
    static String listed(String kind, String ports, String guid, String comment) {
        String prefix = kind + "\t: 0x" + guid + " ports " + ports + " ";
        if (!kind.equals("Switch")) {
            return prefix + comment;
        }
        int port0 = comment.indexOf("port 0");
        String portInfo = port0 < 0 ? comment : comment.substring(port0);
        String description = port0 < 1 ? "" : comment.substring(0, port0 - 1);
        return prefix + description + " " + portInfo;
    }

    static final class Switches extends NodeListCommand {
        static final CommandInfo INFO = CommandInfo.of(Switches.class, "switches",
                "The switches, one a line: GUID, ports, name, and port 0's LID and LMC (as ibswitches).");

        Switches(CliContext context) {
            super(context, "Switch");
        }
    }

    static final class Hosts extends NodeListCommand {
        static final CommandInfo INFO = CommandInfo.of(Hosts.class, "hosts",
                "The channel adapters, one a line: GUID, ports and name (as ibhosts).");

        Hosts(CliContext context) {
            super(context, "Ca");
        }
    }

    static final class Routers extends NodeListCommand {
        static final CommandInfo INFO = CommandInfo.of(Routers.class, "routers",
                "The routers, one a line: GUID, ports and name (as ibrouters).");

        Routers(CliContext context) {
            super(context, "Rt");
        }
    }

    static final class Nodes extends NodeListCommand {
        static final CommandInfo INFO = CommandInfo.of(Nodes.class, "nodes",
                "The channel adapters, then the switches, one a line (as ibnodes: ibhosts, then ibswitches).");

        Nodes(CliContext context) {
            super(context, "Ca", "Switch");
        }
    }
}
