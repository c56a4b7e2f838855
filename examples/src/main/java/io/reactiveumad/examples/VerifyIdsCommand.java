package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.test.topology.IbnetdiscoverWriter;
import io.reactiveumad.test.topology.Node;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * infiniband-diags' ibidsverify: the LIDs and GUIDs of ibnetdiscover's grouped text (-g) checked for zeros and
 * duplicates, line by line in its order, with its patterns, so that what it prints and its exit code are the tool's.
 * Among them its blind spot: it compares a GUID with 0 as a string ("0x0" is not "0"), so it never reports a zero
 * GUID; that is said here as a warning on stderr, outside the tool's text.
 */
final class VerifyIdsCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(VerifyIdsCommand.class, "verify-ids",
            "Check every LID and GUID for zeros and duplicates (as ibidsverify): a LID 0, a LID, node GUID or port "
                    + "GUID that two ports or nodes share, a port GUID that is another node's GUID. Exit 1 when "
                    + "one is found.");

    private static final Pattern CA_OR_ROUTER_GUID = Pattern.compile("^(?:caguid|rtguid)=(.*)");
    private static final Pattern SWITCH_GUID = Pattern.compile("^switchguid=(.*)");
    private static final Pattern SWITCH_GUIDS = Pattern.compile("^switchguid=(.*)\\((.*)\\)");
    private static final Pattern SWITCH_LINE = Pattern.compile("^Switch.*\"S-(.*)\"\\s+# (.*) port.* lid (\\d+) .*");
    /** A CA's or router's port cabled to a switch, a CA or a router: its own LID follows the "#". */
    private static final List<Pattern> PORT_TO_NODE = List.of(Pattern.compile("\"S-(.*)# lid (\\d+) .*"),
            Pattern.compile("^.*\"H-(.*)# lid (\\d+) .*"), Pattern.compile("^.*\"R-(.*)# lid (\\d+) .*"));
    private static final Pattern PORT_GUID = Pattern.compile("^\\[(\\d+)\\]\\((.*)\\)");

    private final WalkTimeout walk = new WalkTimeout();
    private Path topologyFile;
    private boolean json;

    VerifyIdsCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        walk.declare(d);
        d.parameter("TOPOLOGY_FILE").optional()
                .help("Check this topology (ibnetdiscover -g's output, as ibidsverify keeps it) instead of discovering "
                        + "the fabric.")
                .to(Values::path, v -> topologyFile = v);
        d.flag("-R").help("Accepted as ibidsverify takes it (discover again instead of reusing its cache): the fabric "
                + "is always discovered afresh here.").to(() -> { });
        d.flag("--json").help("Print JSON: one object a finding, its kind, the LID and GUID concerned and the text "
                + "line.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        TopologyText topology;
        if (topologyFile != null) {
            topology = new TopologyText(NamedFiles.text("TOPOLOGY_FILE", topologyFile), 0);
        } else {
            topology = discoveredTopology(walk.timeout, Node::description, IbnetdiscoverWriter::grouped);
        }
        Check check = new Check();
        topology.text().lines().forEach(check::line);
        if (json) {
            out().println(Json.pretty(Map.of("findings", check.findings)));
        } else {
            check.findings.forEach(f -> out().println(f.get("text")));
        }
        check.zeroGuids.forEach(w -> err().println(spec.qualifiedName() + ": warning: " + w));
        return check.findings.isEmpty() ? topology.exit() : UmadCli.EXIT_FAILED;
    }

    /** ibidsverify's pass over the text: the node and port it is in, what it has seen, what it found. */
    private static final class Check {
        final List<Map<String, Object>> findings = new ArrayList<>();
        final List<String> zeroGuids = new ArrayList<>();
        private final Map<String, String> nodeGuidByLid = new HashMap<>();
        private final Map<String, String> lidByNodeGuid = new HashMap<>();
        private final Map<String, String> lidByPortGuid = new HashMap<>();
        private String nodeType = "";
        private String nodeGuid = "";
        private String portGuid = "";
        private String lid = "";
        private boolean firstPort;

        void line(String line) {
            Matcher m = CA_OR_ROUTER_GUID.matcher(line);
            if (m.find()) {
                nodeGuid = m.group(1);
                nodeType = "";
            }
            m = SWITCH_GUID.matcher(line);
            if (m.find()) {
                nodeGuid = m.group(1);
                portGuid = "";
                nodeType = "";
            }
            m = SWITCH_GUIDS.matcher(line);
            if (m.find()) {
                nodeGuid = m.group(1);
                portGuid = "0x" + m.group(2);
            }
            m = SWITCH_LINE.matcher(line);
            if (m.find()) {
                nodeType = "switch";
                firstPort = true;
                lid = m.group(3);
                lid(lid, nodeGuid, nodeType);
                nodeGuid(lid, nodeGuid, nodeType);
                if (!portGuid.isEmpty()) {
                    portGuid(lid, portGuid, nodeType, nodeGuid);
                }
            }
            if (line.startsWith("Ca")) {
                nodeType = "ca";
                firstPort = true;
            }
            if (line.startsWith("Rt")) {
                nodeType = "router";
                firstPort = true;
            }
            if (nodeType.equals("ca") || nodeType.equals("router")) {
                for (Pattern toNode : PORT_TO_NODE) {
                    m = toNode.matcher(line);
                    if (m.find()) {
                        lid = m.group(2);
                        lid(lid, nodeGuid, nodeType);
                        if (firstPort) {
                            nodeGuid(lid, nodeGuid, nodeType);
                            firstPort = false;
                        }
                    }
                }
                m = PORT_GUID.matcher(line);
                if (m.find()) {
                    portGuid = "0x" + m.group(2);
                    portGuid(lid, portGuid, nodeType, nodeGuid);
                }
            }
        }

        private void lid(String lid, String nodeGuid, String type) {
            if (lid.equals("0")) {
                found("zeroLid", lid, nodeGuid, "LID 0 found for " + type + " NodeGUID " + nodeGuid);
            } else if (nodeGuidByLid.containsKey(lid)) {
                found("duplicateLid", lid, nodeGuid, "LID " + lid + " already defined for NodeGUID "
                        + nodeGuidByLid.get(lid));
            } else {
                nodeGuidByLid.put(lid, nodeGuid);
            }
        }

        private void nodeGuid(String lid, String nodeGuid, String type) {
            zeroGuid(lid, nodeGuid, type + " NodeGUID");
            if (lidByNodeGuid.containsKey(nodeGuid)) {
                found("duplicateNodeGuid", lid, nodeGuid, "NodeGUID " + nodeGuid + " already defined for LID "
                        + lidByNodeGuid.get(nodeGuid));
            } else {
                lidByNodeGuid.put(nodeGuid, lid);
            }
        }

        private void portGuid(String lid, String portGuid, String type, String nodeGuid) {
            zeroGuid(lid, portGuid, type + " PortGUID");
            if (lidByPortGuid.containsKey(portGuid)) {
                found("duplicatePortGuid", lid, portGuid, "PortGUID " + portGuid + " already defined for LID "
                        + lidByPortGuid.get(portGuid));
                return;
            }
            lidByPortGuid.put(portGuid, lid);
            if (!nodeGuid.equals(portGuid) && lidByNodeGuid.containsKey(portGuid)) {
                found("portGuidIsANodeGuid", lid, portGuid, "PortGUID " + portGuid
                        + " is an invalid duplicate of a NodeGUID");
            }
        }

        /** ibidsverify's zero test never fires (it compares the text with "0"): said apart from its findings. */
        private void zeroGuid(String lid, String guid, String what) {
            if (guid.matches("0x0+")) {
                zeroGuids.add(what + " " + guid + " (lid " + lid + ") is zero; ibidsverify does not report it");
            }
        }

        private void found(String kind, String lid, String guid, String text) {
            Map<String, Object> finding = new LinkedHashMap<>();
            finding.put("kind", kind);
            finding.put("lid", lid);
            finding.put("guid", guid);
            finding.put("text", text);
            findings.add(finding);
        }
    }
}
