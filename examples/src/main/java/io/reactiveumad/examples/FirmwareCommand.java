package io.reactiveumad.examples;

import io.reactiveumad.MadPort;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.fabric.FirmwareInventory;
import io.reactiveumad.fabric.NodeFirmware;
import io.reactiveumad.mad.mlnx.GeneralInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import reactor.core.scheduler.Schedulers;

/**
 * Every node's device and firmware versions, fabric-wide (what vendstat -N reads of one device, asked of all with many
 * in flight, as ibdiagnet reports them): a line per node, then how many nodes run each firmware version. A node of
 * another vendor is listed as having no Mellanox vendor class; one that does not answer makes the exit status 1. On
 * ibsim it refuses: its nodes have no vendor classes, and the Get it would send the SM's node crashes OpenSM under
 * umad2sim.
 */
final class FirmwareCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(FirmwareCommand.class, "firmware",
            "Every node's device and firmware versions (Mellanox's GeneralInfo, as vendstat -N reads one), asked after "
                    + "one discovery with many in flight; then how many nodes run each firmware version.");

    private final WalkTimeout walk = new WalkTimeout();
    private final NodeNames nodeNames = new NodeNames();
    private int outstanding;
    private boolean json;

    FirmwareCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        walk.declare(d);
        nodeNames.declare(d);
        d.option("-o", "--outstanding").label("N").defaultValue("" + FirmwareInventory.DEFAULT_IN_FLIGHT)
                .help("SMPs (discovery) and nodes asked at once (default: ${DEFAULT-VALUE}).")
                .to(Values.atLeast(1), v -> outstanding = v);
        d.flag("--json").help("Print JSON: one object a node, and the versions' counts.").to(() -> json = true);
    }

    /** The discovery and what its nodes answered. */
    private record Inventory(DiscoveredFabric fabric, List<NodeFirmware> nodes) {
    }

    @Override
    public Integer call() {
        NodeNameMap names = nodeNames.load(context, err());
        Inventory inventory;
        // The inventory's callbacks only collect (for block() here): they run where the answers are read.
        try (Connection connection = transport.connect(err(), Schedulers.immediate())) {
            if (connection.kind() == TransportKind.IBSIM) {
                // ibsim hands a Get of a class its node does not serve to the node's request receiver, and OpenSM
                // under umad2sim dies of one (vendstat -N at the SM's LID kills it too): the SM's node would be asked.
                throw new IllegalStateException("ibsim's nodes have no Mellanox vendor class (vendstat fails there too), "
                        + "and ibsim hands such a Get to the node's own client: OpenSM under umad2sim crashes on one. "
                        + "Nothing was asked");
            }
            MadPort port = connection.port();
            inventory = transport.discover(port, transport.discovery().withOutstanding(outstanding))
                    .flatMap(fabric -> FirmwareInventory.of(port, fabric, outstanding).collectList()
                            .map(nodes -> new Inventory(fabric, nodes)))
                    .block(walk.timeout);
        }
        if (inventory == null) {
            throw new IllegalStateException("the inventory ended without a result");
        }
        List<NodeFirmware> nodes = inventory.nodes();
        out().print(json ? Json.pretty(json(nodes)) + "\n" : text(nodes, names));
        long failed = nodes.stream().filter(n -> n.failure().isPresent()).count();
        nodes.forEach(n -> n.failure().ifPresent(f -> err().println("umad firmware: warning: \"" + n.node().description()
                + "\": " + f)));
        int discovery = warnIfIncomplete(inventory.fabric());
        return failed == 0 ? discovery : UmadCli.EXIT_FAILED;
    }

    private static String text(List<NodeFirmware> nodes, NodeNameMap names) {
        StringBuilder out = new StringBuilder();
        for (NodeFirmware n : nodes) {
            out.append(String.format("%-6s 0x%016x lid %d \"%s\": ", NodeTypes.keyword(n.node().nodeInfo().nodeType()),
                    n.node().guid(), n.lid(), names.rename(n.node()).description()));
            if (n.generalInfo().isPresent()) {
                GeneralInfo info = n.generalInfo().get();
                out.append(String.format("device 0x%04x rev 0x%04x firmware %s psid '%s' software %s", info.deviceId(),
                        info.hwRevision(), info.firmware(), info.psid(), info.software()));
            } else if (n.failure().isPresent()) {
                out.append("no answer");
            } else {
                out.append("no Mellanox vendor class");
            }
            out.append('\n');
        }
        long answered = nodes.stream().filter(n -> n.generalInfo().isPresent()).count();
        long failed = nodes.stream().filter(n -> n.failure().isPresent()).count();
        out.append(String.format("## Summary: %d nodes: %d answered, %d without the class, %d did not answer%n",
                nodes.size(), answered, nodes.size() - answered - failed, failed));
        versions(nodes).forEach((firmware, devices) -> out.append(String.format("## firmware %s: %d node(s), device(s) %s%n",
                firmware, devices.size(), String.join(", ", new TreeSet<>(devices)))));
        return out.toString();
    }

    /** Each firmware version (by its text) and the device IDs of the nodes that run it, one entry a node. */
    private static Map<String, List<String>> versions(List<NodeFirmware> nodes) {
        Map<String, List<String>> versions = new TreeMap<>();
        for (NodeFirmware n : nodes) {
            n.generalInfo().ifPresent(info -> versions.computeIfAbsent(info.firmware().toString(), v -> new ArrayList<>())
                    .add(String.format("0x%04x", info.deviceId())));
        }
        return versions;
    }

    private static Map<String, Object> json(List<NodeFirmware> nodes) {
        List<Object> list = new ArrayList<>();
        for (NodeFirmware n : nodes) {
            Map<String, Object> node = new LinkedHashMap<>();
            node.put("nodeType", NodeTypes.name(n.node().nodeInfo().nodeType()));
            node.put("nodeGuid", String.format("0x%016x", n.node().guid()));
            node.put("lid", n.lid());
            node.put("description", n.node().description());
            node.put("hasClass", n.hasClass());
            n.generalInfo().ifPresent(info -> {
                node.put("deviceId", String.format("0x%04x", info.deviceId()));
                node.put("hwRevision", String.format("0x%04x", info.hwRevision()));
                node.put("firmware", info.firmware().toString());
                node.put("psid", info.psid());
                node.put("software", info.software().toString());
                node.put("uptime", info.uptime());
            });
            n.failure().ifPresent(f -> node.put("failure", f));
            list.add(node);
        }
        Map<String, Object> counts = new LinkedHashMap<>();
        versions(nodes).forEach((firmware, devices) -> counts.put(firmware, devices.size()));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("nodes", list);
        out.put("firmware", counts);
        return out;
    }
}
