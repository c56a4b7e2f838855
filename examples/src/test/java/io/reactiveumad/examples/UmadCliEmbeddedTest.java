package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.reactiveumad.service.FabricJson;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.PortCounter;
import io.reactiveumad.test.topology.FatTree;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.Topology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every subcommand end to end on the embedded fabric (the bundled default: host1..host4, sw1 and sw2
 * joined by two parallel links; the SM on host1; the CLI's port is host4 unless --device says otherwise),
 * run in-process with stdout and stderr captured.
 */
class UmadCliEmbeddedTest {
    private static final Topology DEFAULT = Topology.defaultTopology();
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    private static CliRun umad(String... args) {
        return CliRun.run(Map.of(), args);
    }

    private static CliRun succeeds(String... args) {
        CliRun run = umad(args);
        assertThat(run.exitCode()).as("%s", run).isZero();
        return run;
    }

    /** Runs a command while {@code drive} changes the fabric it started, from the test's thread. */
    private static CliRun whileDriving(Consumer<EmbeddedFabric> drive, String... args) throws Exception {
        CompletableFuture<EmbeddedFabric> started = new CompletableFuture<>();
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.run(Map.of(), started::complete, args));
        EmbeddedFabric fabric = started.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
        drive.accept(fabric);
        return run.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }

    private static void awaitSubscriptions(EmbeddedFabric fabric, int count) {
        DemoCommand.awaitSubscriptions(fabric, count);
    }

    @Test
    void demoPrintsTrapsAsLinksFlapThenASummary() {
        CliRun run = succeeds("demo", "--settle", "100");
        assertThat(run.out())
                .contains("-> unlink host2[1]", "-> relink host2[1]", "-> rename host2")
                .containsPattern("trap 65 +GID out of service +gid \\S+ \\(host2 port 1\\)")
                .containsPattern("trap 64 +GID in service +gid \\S+ \\(host2 port 1\\)")
                .containsPattern("trap 128 link state change +at switch lid \\d+ \\(sw1\\)")
                .containsPattern("trap 144 local changes")
                .contains("summary: 5 changes");
        assertThat(run.out().indexOf("trap 65")).isLessThan(run.out().indexOf("-> relink host2[1]"));
    }

    @Test
    void demoAsJsonLines() {
        CliRun run = succeeds("demo", "--settle", "100", "--json");
        List<JsonNode> lines = run.out().lines().map(CliRunJson::parse).toList();
        assertThat(lines).extracting(l -> l.get("event").asText()).contains("fabric", "action", "notice", "summary");
        JsonNode summary = lines.get(lines.size() - 1);
        assertThat(summary.get("unreported")).isEmpty();
        assertThat(summary.get("perTrap").get("65").asInt()).isEqualTo(1);
        assertThat(summary.get("perTrap").get("64").asInt()).isEqualTo(1);
    }

    @Test
    void watchPrintsNoticesUntilCount() throws Exception {
        CliRun run = whileDriving(fabric -> {
            awaitSubscriptions(fabric, 2);
            fabric.unlink("host3", 1);
            fabric.relink("host3", 1);
        }, "watch", "--transport", "embedded", "--traps", "64,65", "--count", "2", "--json");
        assertThat(run.exitCode()).as("%s", run).isZero();
        List<JsonNode> notices = run.out().lines().map(CliRunJson::parse).toList();
        assertThat(notices).extracting(n -> n.get("trap").asInt()).containsExactly(65, 64);
        String host3 = String.format("%016x", DEFAULT.requireNode("host3").portGuid(1));
        assertThat(notices.get(0).get("details").get("gid").asText().replace(":", "")).endsWith(host3);
        assertThat(run.err()).contains("umad watch: subscribed to traps [64, 65]");
    }

    @Test
    void watchRenewsItsSubscriptionWhenTheSmRestarts() throws Exception {
        CliRun run = whileDriving(fabric -> {
            awaitSubscriptions(fabric, 1);
            fabric.restartSm();
            // The restarted SA knows no subscriptions until the watcher registers again.
            awaitSubscriptions(fabric, 1);
            fabric.unlink("host3", 1);
        }, "watch", "--transport", "embedded", "--traps", "65", "--count", "1", "--json");
        assertThat(run.exitCode()).as("%s", run).isZero();
        List<JsonNode> lines = run.out().lines().map(CliRunJson::parse).toList();
        assertThat(lines).extracting(l -> l.get("event").asText()).containsExactly("resubscribed", "notice");
        assertThat(lines.get(1).get("trap").asInt()).isEqualTo(65);
    }

    @Test
    void discoverPrintsTheFabricAsIbnetdiscoverDoes() {
        CliRun run = succeeds("discover", "--transport", "embedded");
        Topology found = Topology.parse(run.out());
        assertThat(found.nodes()).extracting(Node::nodeGuid)
                .containsExactlyInAnyOrderElementsOf(DEFAULT.nodes().stream().map(Node::nodeGuid).toList());
        assertThat(found.links()).hasSize(DEFAULT.links().size());
        assertThat(run.out()).contains("# Initiated from node " + String.format("%016x", DEFAULT.requireNode("host4").nodeGuid()))
                .contains("\"sw1 leaf switch\"");
        assertThat(run.err()).contains("umad discover: 6 nodes, 6 links");
    }

    /**
     * A CA whose port 1 has no cable (the port every transport but the kernel opens by default): what needs the SM or
     * a LID of its own fails at once, naming the port's state, as the diag tools fail, instead of asking LID 0 until
     * four timeouts have run out (errors too, where ibqueryerrors prints nothing); the embedded SM, as OpenSM, never
     * told that port an SM LID.
     */
    @Test
    void aDownPortSaysSoForWhatNeedsTheSmOrALidOfItsOwn(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("one-cable.net");
        Files.writeString(file, """
                Switch 8 "sw"
                [1] "h1"[1]
                [2] "h2"[2]

                Hca 1 "h1"
                [1] "sw"[1]

                Hca 2 "h2"
                [2] "sw"[2]
                """);
        String down = "port h2:1 is Down (LID 0, SM LID 0): ";
        for (String[] command : new String[][] {{"sa"}, {"sa", "paths"}, {"mcast"}, {"perf"}, {"sminfo"}, {"errors"}}) {
            List<String> args = new ArrayList<>(List.of(command));
            args.addAll(List.of("--transport", "embedded", "--topology", file.toString(), "-C", "h2"));
            CliRun run = umad(args.toArray(String[]::new));
            String name = "umad " + String.join(" ", command);
            assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
            assertThat(run.err().strip()).as("%s", run).isEqualTo(name + ": error: " + down + switch (command[0]) {
                case "perf" -> "no LID of its own to ask its PMA at";
                case "errors" -> "no LID of its own to ask PMAs from";
                case "sminfo" -> "no SM to ask";
                default -> "no SA to ask";
            });
        }
        // Port 2, cabled, is Active and reaches the SA.
        assertThat(succeeds("sa", "-D", "--transport", "embedded", "--topology", file.toString(), "-C", "h2", "-P", "2")
                .out()).contains("1  \"h1\"", "3  \"h2\"");
    }

    @Test
    void discoverAFatTreeFileAsJson(@TempDir Path dir) throws Exception {
        Topology fatTree = FatTree.generate(4, 2, 3);
        Path file = dir.resolve("fat-tree.topology");
        Files.writeString(file, fatTree.toIbnetdiscover());
        JsonNode json = succeeds("discover", "--transport", "embedded", "--topology", file.toString(), "--format", "json",
                "--outstanding", "4").json();
        Set<String> guids = fatTree.nodes().stream().map(n -> FabricJson.hex(n.nodeGuid())).collect(Collectors.toSet());
        Set<String> found = new java.util.HashSet<>();
        json.get("nodes").forEach(n -> found.add(n.get("guid").asText()));
        assertThat(found).isEqualTo(guids);
        assertThat(json.get("links")).hasSize(fatTree.links().size());
        assertThat(json.get("problems")).isEmpty();
        // --json, as every other command takes it, is --format json.
        assertThat(succeeds("discover", "--transport", "embedded", "--topology", file.toString(), "--json").json())
                .isEqualTo(json);
    }

    /**
     * Two SwitchX switches (device 0xc738) cabled once at FDR10 and once at QDR: links says FDR10 of the one and
     * nothing more of the other, whose ports show no FDR10 in their MlnxExtPortInfo (ibsim's write it only while they
     * run at FDR10; LinkTextTest has the hint a QDR link between FDR10 ports gets); discover writes 4xFDR10 and 4xQDR.
     * (MellanoxDirectorIbsimTest compares FDR10 links with the tools on ibsim.)
     */
    @Test
    void fdr10LinksAndQdrLinksBetweenSwitchXSwitches(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("switchx.topology");
        Files.writeString(file, String.join("\n",
                "vendid=0x2c9", "devid=0xc738", "switchguid=0x200001(200001)",
                "Switch\t8 \"S-0000000000200001\"\t\t# \"sx2\" base port 0 lid 8 lmc 0",
                "[1]\t\"S-0000000000200000\"[1]\t\t# \"sx1\" lid 4 4xFDR10",
                "[2]\t\"S-0000000000200000\"[2]\t\t# \"sx1\" lid 4 4xQDR", "",
                "vendid=0x2c9", "switchguid=0x200000(200000)",
                "Switch\t8 \"S-0000000000200000\"\t\t# \"sx1\" base port 0 lid 4 lmc 0",
                "[1]\t\"S-0000000000200001\"[1]\t\t# \"sx2\" lid 8 4xFDR10",
                "[2]\t\"S-0000000000200001\"[2]\t\t# \"sx2\" lid 8 4xQDR",
                "[3]\t\"H-0000000000100000\"[1](100001) \t\t# \"h1\" lid 2 4xSDR", "",
                "vendid=0x0", "devid=0x0", "caguid=0x100000", "Ca\t1 \"H-0000000000100000\"\t\t# \"h1\"",
                "[1](100001) \t\"S-0000000000200000\"[3]\t\t# lid 2 lmc 0 \"sx1\" lid 4 4xSDR", ""));
        String links = succeeds("links", "--transport", "embedded", "--topology", file.toString(), "-C", "h1").out();
        assertThat(links).contains("    1[  ] ==( 4X  10.0 Gbps (FDR10) Active/  LinkUp)==>", "    2[  ] ==( 4X          10.0 Gbps "
                + "Active/  LinkUp)==>").doesNotContain("Could be FDR10");
        assertThat(succeeds("discover", "--transport", "embedded", "--topology", file.toString(), "-C", "h1").out())
                .containsPattern("\\[1]\t\"S-0000000000200001\"\\[1]\t\t# \"sx2\" lid \\d+ 4xFDR10\n")
                .containsPattern("\\[2]\t\"S-0000000000200001\"\\[2]\t\t# \"sx2\" lid \\d+ 4xQDR\n");
    }

    /**
     * discover -g lists a fabric without chassis under "Non-Chassis Nodes" (the ring test compares it with ibnetdiscover
     * -g), groups two switches sharing a SystemImageGUID into a chassis, places a Mellanox InfiniScale IV named for its
     * slot there, and refuses a Voltaire fabric on which libibnetdisc's chassis grouping fails: exit 1, naming the
     * node and why, no text.
     */
    @Test
    void discoverGroupingListsChassisAndRefusesAFabricWhereLibibnetdiscsGroupingFails(@TempDir Path dir) throws Exception {
        assertThat(succeeds("discover", "-g", "--transport", "embedded").out()).contains("\nNon-Chassis Nodes\n")
                .contains(")\t# \nSwitch\t");
        Path file = dir.resolve("chassis.topology");
        Files.writeString(file, String.join("\n",
                "vendid=0x0", "devid=0x0", "sysimgguid=0x1234", "switchguid=0x200001(200001)",
                "Switch\t8 \"S-0000000000200001\"\t\t# \"S2\" base port 0 lid 8 lmc 0",
                "[1]\t\"S-0000000000200000\"[1]\t\t# \"S1\" lid 4 4xSDR",
                "[2]\t\"H-0000000000100002\"[1](100003) \t\t# \"h2\" lid 1 4xSDR", "",
                "vendid=0x0", "devid=0x0", "sysimgguid=0x1234", "switchguid=0x200000(200000)",
                "Switch\t8 \"S-0000000000200000\"\t\t# \"S1\" base port 0 lid 4 lmc 0",
                "[1]\t\"S-0000000000200001\"[1]\t\t# \"S2\" lid 8 4xSDR",
                "[2]\t\"H-0000000000100000\"[1](100001) \t\t# \"h1\" lid 2 4xSDR", "",
                "vendid=0x0", "devid=0x0", "sysimgguid=0x100002", "caguid=0x100002", "Ca\t1 \"H-0000000000100002\"\t\t# \"h2\"",
                "[1](100003) \t\"S-0000000000200001\"[2]\t\t# lid 1 lmc 0 \"S2\" lid 8 4xSDR", "",
                "vendid=0x0", "devid=0x0", "sysimgguid=0x100000", "caguid=0x100000", "Ca\t1 \"H-0000000000100000\"\t\t# \"h1\"",
                "[1](100001) \t\"S-0000000000200000\"[2]\t\t# lid 2 lmc 0 \"S1\" lid 4 4xSDR", ""));
        // S1 and S2 share SystemImageGUID 0x1234: one chassis, as ibnetdiscover -g groups it (ChassisIbsimTest
        // compares a larger one with the tool).
        assertThat(succeeds("discover", "-g", "--transport", "embedded", "--topology", file.toString()).out())
                .contains("\nChassis 1 (guid 0x1234)\n\n# Spine Nodes\n# Line Nodes\n# Chassis Switches\n",
                        "sysimgguid=0x1234\t\t# Chassis 1\nswitchguid=0x200000(200000)\t# \n",
                        "\n# Chassis CAs\nNon-Chassis Nodes\n");
        // Voltaire's switches are never grouped by SystemImageGUID; a Voltaire spine board (0x5a0b) is the heart of a
        // chassis libibnetdisc builds by cabling (VoltaireDirectorsIbsimTest compares three with the tools). Here the
        // other Voltaire switch, cabled to the spine but no line board, gets no line slot: libibnetdisc's grouping fails
        // (the tools abort). -g says why, naming it; links prints all it can, and says so.
        Path voltaire = file.resolveSibling("voltaire.topology");
        Files.writeString(voltaire, Files.readString(file).replace("vendid=0x0\ndevid=0x0\nsysimgguid=0x1234",
                "vendid=0x8f1\ndevid=0x0\nsysimgguid=0x1234"));
        assertThat(succeeds("discover", "-g", "--transport", "embedded", "--topology", voltaire.toString()).out())
                .doesNotContain("Chassis 1").contains("vendid=0x8f1\ndevid=0x0\nsysimgguid=0x1234\nswitchguid=");
        Path spine = file.resolveSibling("voltaire-spine.topology");
        Files.writeString(spine, Files.readString(voltaire).replaceFirst("devid=0x0", "devid=0x5a0b"));
        CliRun refused = umad("discover", "-g", "--transport", "embedded", "--topology", spine.toString());
        assertThat(refused.exitCode()).as("%s", refused).isEqualTo(1);
        assertThat(refused.out()).isEmpty();
        String why = "\"S1\" (0x0000000000200000, device 0x0000) is cabled into a Voltaire chassis as a line board, but "
                + "its cabling gives it no line slot (index -3): libibnetdisc's chassis grouping fails there";
        assertThat(refused.err()).contains(why);
        CliRun links = succeeds("links", "--transport", "embedded", "--topology", spine.toString());
        assertThat(links.out()).contains("\"S1\"", "\"S2\"");
        assertThat(links.err()).contains("umad links: note: " + why);
        // A Mellanox InfiniScale IV named as libibnetdisc's Mellanox rules read it ("MF0;system:type/slot/U1") is the
        // chassis' line board in that slot, its ports 1-18 numbered as the chassis' (MellanoxIs4DirectorIbsimTest
        // compares a director with ibnetdiscover -g). Named otherwise, it is grouped by SystemImageGUID alone.
        String is4 = Files.readString(file).replace("vendid=0x0\ndevid=0x0\nsysimgguid=0x1234",
                "vendid=0x2c9\ndevid=0xbd36\nsysimgguid=0x1234");
        Path slotted = file.resolveSibling("is4-slotted.topology");
        Files.writeString(slotted, is4.replace("\"S1\"", "\"MF0;sw:IS5030/L01/U1\""));
        assertThat(succeeds("discover", "-g", "--transport", "embedded", "--topology", slotted.toString()).out())
                .contains("\n# Line Nodes\nvendid=0x2c9\ndevid=0xbd36\nsysimgguid=0x1234\t\t# Chassis 1\n"
                        + "switchguid=0x200000(200000)\t# IS5030 Line 1 Chip 1\n", "[1][ext 1]\t\"S-0000000000200001\"[1]",
                        "\"S-0000000000200000\"[1][ext 1]\t\t# \"MF0;sw:IS5030/L01/U1\"");
        Path unslotted = file.resolveSibling("is4.topology");
        Files.writeString(unslotted, is4);
        assertThat(succeeds("discover", "-g", "--transport", "embedded", "--topology", unslotted.toString()).out())
                .contains("\nChassis 1 (guid 0x1234)\n", "vendid=0x2c9\ndevid=0xbd36\nsysimgguid=0x1234\t\t# Chassis 1\n");
    }

    /**
     * stat prints ibstat's lines for every CA of the fabric, host4's LID and port GUID the ones addr reads there with
     * SMPs; CA or -C only that CA, CA PORT that port alone, unindented, after "CA: 'name'".
     */
    @Test
    void statDescribesTheLocalDeviceAsIbstatDoes() {
        JsonNode addr = succeeds("addr", "--transport", "embedded", "--json").json();
        String portGuid = "0x" + addr.get("gid").asText().replace(":", "").substring(16);
        String lid = addr.get("lid").asText();

        assertThat(succeeds("stat", "host4", "--transport", "embedded").out()).isEqualTo(String.join("\n",
                "CA 'host4'", "\tCA type: embedded", "\tNumber of ports: 1", "\tFirmware version: ", "\tHardware version: ",
                "\tNode GUID: 0x0000000000100006", "\tSystem image GUID: 0x0000000000100006", "\tPort 1:",
                "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 10", "\t\tBase lid: " + lid, "\t\tLMC: 0",
                "\t\tSM lid: 1", "\t\tCapability mask: 0x0250c048", "\t\tPort GUID: " + portGuid,
                "\t\tLink layer: InfiniBand", ""));
        assertThat(succeeds("stat", "host4", "1", "--transport", "embedded").out()).startsWith(String.join("\n",
                "CA: 'host4'", "Port 1:", "State: Active", "Physical state: LinkUp", "Rate: 10", "Base lid: " + lid, ""));
        assertThat(succeeds("stat", "-C", "host1", "--transport", "embedded").out()).startsWith("CA 'host1'\n")
                .contains("\t\tCapability mask: 0x0250c04a\n"); // the SM's port: IsSM
        assertThat(succeeds("stat", "-s", "host4", "--transport", "embedded").out()).startsWith("CA 'host4'\n")
                .doesNotContain("Port");
        assertThat(succeeds("stat", "-l", "--transport", "embedded").out()).isEqualTo("host1\nhost2\nhost3\nhost4\n");
        assertThat(succeeds("stat", "-p", "--transport", "embedded").out()).endsWith("\n" + portGuid + "\n")
                .hasLineCount(4);
        assertThat(succeeds("stat", "--transport", "embedded").out()).startsWith("CA 'host1'\n").contains("\nCA 'host4'\n");
    }

    @Test
    void statAsJsonNamesEnumsAndWritesGuidsInHex() {
        assertThat(succeeds("stat", "--transport", "embedded", "--json").json()).hasSize(4);
        JsonNode devices = succeeds("stat", "host4", "--transport", "embedded", "--json").json();

        assertThat(devices).hasSize(1);
        JsonNode device = devices.get(0);
        assertThat(device.get("name").asText()).isEqualTo("host4");
        assertThat(device.get("nodeType").asText()).isEqualTo("CA");
        assertThat(device.get("nodeGuid").asText()).isEqualTo("0x0000000000100006");
        assertThat(device.get("portCount").asInt()).isEqualTo(1);
        JsonNode port = device.get("ports").get(0);
        assertThat(port.get("state").asText()).isEqualTo("Active");
        assertThat(port.get("physicalState").asText()).isEqualTo("LinkUp");
        assertThat(port.get("rate").asText()).isEqualTo("10 Gb/sec (4X SDR)");
        assertThat(port.get("portGuid").asText()).isEqualTo("0x0000000000100007");
        assertThat(port.get("capabilityMask").asText()).isEqualTo("0x0250c048");
    }

    @Test
    void statOfADeviceOrPortThereIsNotFailsNamingIt() {
        CliRun noDevice = umad("stat", "mlx5_0", "--transport", "embedded");
        assertThat(noDevice.exitCode()).isEqualTo(1);
        assertThat(noDevice.err()).contains("no device named 'mlx5_0'").contains("host4");
        CliRun noPort = umad("stat", "host4", "2", "--transport", "embedded");
        assertThat(noPort.exitCode()).isEqualTo(1);
        assertThat(noPort.err()).contains("CA 'host4' has no port 2 (ports: [1])");
        assertThat(noPort.out()).isEmpty();
        assertThat(umad("stat", "host4", "x", "--transport", "embedded").exitCode()).isEqualTo(2);
    }

    /** status prints ibstatus's lines, sysfs's words: a port named DEVICE:PORT, a device's ports, every port. */
    @Test
    void statusPrintsIbstatusLines() {
        JsonNode addr = succeeds("addr", "--transport", "embedded", "--json").json();

        assertThat(succeeds("status", "host4:1", "--transport", "embedded").out()).isEqualTo(String.join("\n",
                "Infiniband device 'host4' port 1 status:", "\tdefault gid:\t " + addr.get("gid").asText(),
                "\tbase lid:\t 0x" + Integer.toHexString(addr.get("lid").asInt()), "\tsm lid:\t\t 0x1",
                "\tstate:\t\t 4: ACTIVE", "\tphys state:\t 5: LinkUp", "\trate:\t\t 10 Gb/sec (4X SDR)",
                "\tlink_layer:\t InfiniBand", "", ""));
        assertThat(succeeds("status", "host1", "host4:1", "--transport", "embedded").out())
                .contains("'host1' port 1").contains("'host4' port 1");
        assertThat(succeeds("status", "--transport", "embedded").out().split("status:")).hasSize(5);
        CliRun noPort = umad("status", "host4:2", "--transport", "embedded");
        assertThat(noPort.exitCode()).isEqualTo(1);
        assertThat(noPort.err()).contains("device 'host4' has no port 2");
        assertThat(umad("status", "nosuch", "--transport", "embedded").err()).contains("no device named 'nosuch'");
        assertThat(umad("status", "host4:x", "--transport", "embedded").exitCode()).isEqualTo(2);
    }

    /** smpdump's bytes of NodeInfo are the NodeInfo smp decodes: node type, port count and node GUID where IBA puts them. */
    @Test
    void smpdumpDumpsTheBytesSmpDecodes() {
        JsonNode decoded = succeeds("smp", "nodeinfo", "4", "--transport", "embedded", "--json").json();
        JsonNode dumped = succeeds("smpdump", "4", "0x11", "--transport", "embedded", "--json").json();

        assertThat(dumped.get("status").asText()).isEqualTo("0x0000");
        byte[] data = java.util.HexFormat.of().parseHex(dumped.get("data").asText());
        assertThat(data).hasSize(64);
        assertThat(data[2]).isEqualTo((byte) decoded.get("nodeType").asInt());
        assertThat(data[3]).isEqualTo((byte) decoded.get("numPorts").asInt());
        assertThat(String.format("0x%016x", java.nio.ByteBuffer.wrap(data, 12, 8).getLong()))
                .isEqualTo(decoded.get("nodeGuid").asText());
        String text = succeeds("smpdump", "4", "0x11", "--transport", "embedded").out();
        assertThat(text.lines()).hasSize(4).allMatch(line -> line.matches("([0-9a-f]{4} ){7}[0-9a-f]{4}"));
        assertThat(umad("smpdump", "4", "0x10000", "--transport", "embedded").exitCode()).isEqualTo(2);
        assertThat(umad("smpdump", "4", "--transport", "embedded").exitCode()).isEqualTo(2);
    }

    /**
     * discover --diff and links --diff against a cache of the same fabric print nothing; what they cannot do is said as
     * bad usage.
     */
    @Test
    void discoverDiffOfAnUnchangedFabricIsEmpty(@TempDir Path dir) {
        String cache = dir.resolve("fabric.cache").toString();
        succeeds("discover", "--transport", "embedded", "--cache", cache);

        assertThat(succeeds("discover", "--transport", "embedded", "--diff", cache).out()).isEmpty();
        CliRun badKey = umad("discover", "--transport", "embedded", "--diff", cache, "--diffcheck", "sw,cables");
        assertThat(badKey.exitCode()).isEqualTo(2);
        assertThat(badKey.err()).contains("'cables' is not one of SW, CA, ROUTER, PORT, LID, NODEDESC");
        assertThat(umad("discover", "--transport", "embedded", "--diff", cache, "--format", "json").exitCode()).isEqualTo(2);
        assertThat(umad("discover", "--transport", "embedded", "--diff", cache, "--json").err())
                .contains("--diff prints ibnetdiscover's text: not with JSON");
        CliRun missing = umad("discover", "--transport", "embedded", "--diff", dir.resolve("none.cache").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("--diff: cannot read " + dir.resolve("none.cache") + ": no such file");

        assertThat(succeeds("links", "--transport", "embedded", "--diff", cache).out()).isEmpty();
        assertThat(umad("links", "--transport", "embedded", "--diff", cache, "--diffcheck", "port,sw").err())
                .contains("'sw' is not one of PORT, STATE, LID, NODEDESC");
        CliRun partial = umad("links", "--transport", "embedded", "--diff", cache, "-D", "0,1");
        assertThat(partial.exitCode()).isEqualTo(2);
        assertThat(partial.err()).contains("not with -G, -D");
    }

    @Test
    void smpQueriesByLidAndByDirectedRoute() {
        Node sw2 = DEFAULT.requireNode("sw2");
        JsonNode byRoute = succeeds("smp", "nodeinfo", "-D", "0,1", "--transport", "embedded", "--json").json();
        assertThat(byRoute.get("nodeGuid").asText()).isEqualTo(FabricJson.hex(sw2.nodeGuid()));
        assertThat(byRoute.get("numPorts").asInt()).isEqualTo(sw2.portCount());

        // A switch's LID is its port 0's (its external ports have none, as ibsim's).
        JsonNode port = succeeds("smp", "portinfo", "-D", "0,1", "0", "--transport", "embedded", "--json").json();
        int sw2Lid = port.get("lid").asInt();
        JsonNode byLid = succeeds("smp", "nodeinfo", String.valueOf(sw2Lid), "--transport", "embedded", "--json").json();
        // LocalPortNum is the port the SMP came in by: along the route, the cable's; LID-routed, the switch's port 0.
        assertThat(byRoute.get("localPortNum").asInt()).isPositive();
        assertThat(byLid.get("localPortNum").asInt()).isZero();
        assertThat(withoutLocalPort(byLid)).isEqualTo(withoutLocalPort(byRoute));

        assertThat(succeeds("smp", "nodedesc", "-D", "0,1", "--transport", "embedded").out())
                .contains("Node Description:").contains("sw2 leaf switch");
        assertThat(succeeds("smp", "switchinfo", "-D", "0,1", "--transport", "embedded", "--json").json()
                .get("linearFdbTop").asInt()).isPositive();

        // smpquery's order (the route option before the operation) works too; a switch has an SL to VL table from
        // each of its ports, 0 included, to the output port; the default one, as ibsim's: SL i to VL i, SL 15 to VL 7.
        String sl2vl = succeeds("smp", "-D", "sl2vl", "0,1", "2", "--transport", "embedded").out();
        assertThat(sl2vl.lines()).hasSize(2 + sw2.portCount() + 1)
                .contains("ports: in  7, out  2: | 0| 1| 2| 3| 4| 5| 6| 7| 8| 9|10|11|12|13|14| 7|");
        assertThat(sl2vl).startsWith("# SL2VL table: DR path slid 65535; dlid 65535; 0,1\n");
    }

    @Test
    void saQueriesFilterAtTheSa() {
        // Single-record answers: whole tables need RMPP reassembly in the agent (not wired into the core yet).
        int host2 = succeeds("smp", "portinfo", "-D", "0,1,7,2", "1", "--transport", "embedded", "--json").json()
                .get("lid").asInt();
        JsonNode nodes = succeeds("sa", "nodes", "--lid", String.valueOf(host2), "--transport", "embedded", "--json").json();
        assertThat(nodes).hasSize(1);
        assertThat(nodes.get(0).get("nodeDescription.text").asText()).isEqualTo("host2 HCA-1");
        assertThat(nodes.get(0).get("nodeInfo.nodeGuid").asText())
                .isEqualTo(FabricJson.hex(DEFAULT.requireNode("host2").nodeGuid()));

        JsonNode links = succeeds("sa", "links", "--lid", String.valueOf(host2), "--transport", "embedded", "--json").json();
        assertThat(links.get(0).get("fromLid").asInt()).isEqualTo(host2);
        assertThat(links.get(0).get("fromPort").asInt()).isEqualTo(1);
        JsonNode paths = succeeds("sa", "paths", "--slid", String.valueOf(host2), "--dlid", "1", "--transport", "embedded",
                "--json").json();
        assertThat(paths.get(0).get("slid").asInt()).isEqualTo(host2);
        assertThat(paths.get(0).get("dlid").asInt()).isEqualTo(1);
        JsonNode portInfo = succeeds("sa", "portinfo", "--lid", String.valueOf(host2), "--port-number", "1", "--transport",
                "embedded", "--json").json();
        assertThat(portInfo.get(0).get("portInfo.lid").asInt()).isEqualTo(host2);
    }

    /** The SA refuses P_KeyTableRecords to an untrusted requester as invalid: sa pkeys says what to give. */
    @Test
    void pkeysWithoutAnSmKeySaysToGiveOne() {
        CliRun untrusted = CliRun.run("sa", "pkeys", "--transport", "embedded");
        assertThat(untrusted.exitCode()).as("%s", untrusted).isEqualTo(1);
        assertThat(untrusted.err().strip()).contains("umad sa pkeys: error: MAD status 0x0200 (SA ERR_REQ_INVALID",
                "; the SA tells P_KeyTableRecords only to a trusted requester: give its SM_Key with --smkey");
        assertThat(succeeds("sa", "pkeys", "--smkey", "1", "--transport", "embedded").out()).contains("PKeyTableRecord dump:");
    }

    /** An SA drops a request whose SM_Key is neither 0 nor its own, unanswered: the timeout asks whether the key is right. */
    @Test
    void aWrongSmKeyIsAnsweredWithSilenceAndTheTimeoutSaysWhy() {
        for (String[] command : new String[][] {{"sa", "pkeys"}, {"sa", "nodes"}, {"mcast"}}) {
            List<String> args = new ArrayList<>(List.of(command));
            args.addAll(List.of("--smkey", "0x2", "-t", "50", "--transport", "embedded"));
            CliRun wrong = CliRun.run(args.toArray(String[]::new));
            assertThat(wrong.exitCode()).as("%s", wrong).isEqualTo(1);
            assertThat(wrong.err().strip()).as("%s", wrong).startsWith("umad " + String.join(" ", command) + ": error: no "
                    + "response from LID 1 QP1 to SubnAdm ").endsWith("; an SA ignores a request whose SM_Key is not its "
                    + "own: is the SM_Key given (--smkey) the SM's?");
        }
        assertThat(CliRun.run("perf", "-G", "0x0002c90000000003", "-s", "9", "-t", "50", "--transport", "embedded").err())
                .as("an SA that is not there, asked without an SM_Key").contains("no response from LID 9 QP1 to SubnAdm ")
                .doesNotContain("SM_Key");
    }

    /**
     * saquery's node arguments name a node by its NodeDescription as well as by LID: sa looks the LID up among the
     * NodeRecords (the whole table: the embedded SA segments it) and asks for that LID's records, as saquery does.
     */
    @Test
    void saNodeArgumentsNameANodeByDescription() {
        JsonNode byName = succeeds("sa", "sw2 leaf switch", "--transport", "embedded", "--json").json();
        assertThat(byName).hasSize(1);
        assertThat(byName.get(0).get("lid").asInt()).isEqualTo(3);
        assertThat(succeeds("sa", "NR", "3", "--transport", "embedded", "--json").json()).isEqualTo(byName);
        JsonNode ports = succeeds("sa", "PIR", "host2 HCA-1/1", "--transport", "embedded", "--json").json();
        assertThat(ports).hasSize(1);
        assertThat(ports.get(0).get("endportLid").asInt()).isEqualTo(4);
        assertThat(ports.get(0).get("portNum").asInt()).isEqualTo(1);
        JsonNode links = succeeds("sa", "LR", "sw2 leaf switch/1", "host3 HCA-1", "--transport", "embedded", "--json").json();
        assertThat(links).hasSize(1);
        assertThat(links.get(0).get("fromLid").asInt()).isEqualTo(3);
        assertThat(links.get(0).get("fromPort").asInt()).isEqualTo(1);
        assertThat(links.get(0).get("toLid").asInt()).isEqualTo(5);

        JsonNode switches = succeeds("sa", "SWIR", "--transport", "embedded", "--json").json();
        assertThat(switches).hasSize((int) DEFAULT.nodes().stream().filter(n -> n.isSwitch()).count());
        JsonNode sw2 = succeeds("sa", "switchinfo", "sw2 leaf switch", "--transport", "embedded", "--json").json();
        assertThat(sw2).hasSize(1);
        assertThat(sw2.get(0).get("lid").asInt()).isEqualTo(3);
        assertThat(switches).contains(sw2.get(0));
        JsonNode sm = succeeds("sa", "SMIR", "--transport", "embedded", "--json").json();
        assertThat(sm).hasSize(1);
        assertThat(sm.get(0).get("lid").asInt()).isEqualTo(1);
        assertThat(sm.get(0).get("smInfo.guid").asText()).isEqualTo(FabricJson.hex(DEFAULT.requireNode("host1").portGuid(1)));
        assertThat(sm.get(0).has("smInfo.smKey")).as("the SM_Key is never shown").isFalse();
        JsonNode block = succeeds("sa", "LFTR", "sw2 leaf switch/0", "--transport", "embedded", "--json").json();
        assertThat(block).hasSize(1);
        assertThat(block.get(0).get("lid").asInt()).isEqualTo(3);

        JsonNode guids = succeeds("sa", "GIR", "host2 HCA-1", "--transport", "embedded", "--json").json();
        assertThat(guids).hasSize(4); // a CA port's GUIDCap, 32: four blocks, its GUID in the first
        assertThat(guids.get(0).get("guidInfo.guids").get(0).asText())
                .isEqualTo(FabricJson.hex(DEFAULT.requireNode("host2").portGuid(1)));
        int sw2Ports = DEFAULT.requireNode("sw2").portCount();
        assertThat(succeeds("sa", "SL2VL", "3", "--transport", "embedded", "--json").json()).hasSize((sw2Ports + 1) * (sw2Ports + 1));
        assertThat(succeeds("sa", "SL2VL", "3/1/2", "--transport", "embedded").out())
                .isEqualTo("SL2VLTableRecord dump:\n\t\tLID........................3\n\t\tInPort.....................1\n"
                        + "\t\tOutPort....................2\n\t\tSL: 0| 1| 2| 3| 4| 5| 6| 7| 8| 9|10|11|12|13|14|15|\n"
                        + "\t\tVL: 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0|\n"); // OpenSM's: it set none
        assertThat(succeeds("sa", "VLAR", "4", "--transport", "embedded", "--json").json()).hasSize(2); // blocks 1, 2
        assertThat(succeeds("sa", "VLAR", "3/2", "--transport", "embedded", "--json").json()).hasSize(2);

        CliRun untrusted = CliRun.run("sa", "PKTR", "4", "--transport", "embedded");
        assertThat(untrusted.exitCode()).isEqualTo(1);
        assertThat(untrusted.err()).contains("SA ERR_REQ_INVALID");
        JsonNode pkeys = succeeds("sa", "--smkey", "1", "PKTR", "host2 HCA-1", "--transport", "embedded", "--json").json();
        assertThat(pkeys).hasSize(1);
        assertThat(pkeys.get(0).get("table.pKeys").get(0).asInt()).isEqualTo(0xFFFF);
        assertThat(succeeds("sa", "pkeys", "3/2", "--smkey", "0x1", "--transport", "embedded").out())
                .startsWith("PKeyTableRecord dump:\n\t\tLID........................3\n\t\tPort.......................2\n")
                .contains("\t\t0xffff 0x0000 0x0000");

        CliRun unknown = CliRun.run("sa", "NR", "nosuch", "--transport", "embedded");
        assertThat(unknown.exitCode()).isEqualTo(1);
        assertThat(unknown.err()).contains("no NodeRecord is described as \"nosuch\"");
        CliRun badPort = CliRun.run("sa", "PIR", "4/x", "--transport", "embedded");
        assertThat(badPort.exitCode()).isEqualTo(2);
        assertThat(badPort.err()).contains("'4/x' is not NODE[/PORT[/OPTIONS]]: 'x' is not a number");
        assertThat(CliRun.run("sa", "-L", "x", "sw2 leaf switch", "--transport", "embedded").exitCode()).isEqualTo(2);
    }

    /**
     * -y puts the M_Key in every SMP, as the diag tools' -y: a switch protected with it (MKeyProtectBits 3) answers
     * nothing without it, every query and the discovery through it with it. The key itself is printed nowhere.
     */
    @Test
    void mKeyOptionReachesAProtectedSma() {
        long key = 0x1122334455667788L;
        java.util.function.Consumer<io.reactiveumad.test.EmbeddedFabric> protect = fabric -> fabric.protectWithMKey("sw2", key);
        CliRun refused = CliRun.run(Map.of(), protect, "smp", "nodeinfo", "3", "-t", "50", "--transport", "embedded");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).contains("no response from LID 3");

        CliRun answered = CliRun.run(Map.of(), protect, "smp", "nodeinfo", "3", "-y", "0x1122334455667788", "--transport",
                "embedded", "--json");
        assertThat(answered.exitCode()).isEqualTo(0);
        assertThat(answered.json().get("nodeGuid").asText()).isEqualTo(FabricJson.hex(DEFAULT.requireNode("sw2").nodeGuid()));
        CliRun decimal = CliRun.run(Map.of(), protect, "smp", "portinfo", "3", "0", "--m_key", Long.toUnsignedString(key),
                "--transport", "embedded");
        assertThat(decimal.exitCode()).isEqualTo(0);
        assertThat(decimal.out()).contains("ProtectBits:.....................3\n").doesNotContain("1122334455667788");
        // -K: the M_Key printed, as smpquery -K and ibportstate -K print it; in JSON as hex text.
        CliRun shown = CliRun.run(Map.of(), protect, "smp", "-K", "portinfo", "3", "0", "-y", "0x1122334455667788",
                "--transport", "embedded");
        assertThat(shown.out()).contains("Mkey:............................0x1122334455667788\n")
                .doesNotContain("not displayed");
        CliRun shownJson = CliRun.run(Map.of(), protect, "smp", "-K", "portinfo", "3", "0", "-y", "0x1122334455667788",
                "--transport", "embedded", "--json");
        assertThat(shownJson.json().get("mKey").asText()).isEqualTo("0x1122334455667788");
        CliRun hiddenJson = CliRun.run(Map.of(), protect, "smp", "portinfo", "3", "0", "-y", "0x1122334455667788",
                "--transport", "embedded", "--json");
        assertThat(hiddenJson.json().has("mKey")).isFalse();
        CliRun portState = CliRun.run(Map.of(), protect, "portstate", "3", "0", "-K", "-y", "0x1122334455667788",
                "--transport", "embedded");
        assertThat(portState.out()).contains("Mkey:............................0x1122334455667788\n");

        CliRun walked = CliRun.run(Map.of(), protect, "discover", "-y", "0x1122334455667788", "--transport", "embedded");
        CliRun unkeyed = CliRun.run(Map.of(), protect, "discover", "-t", "20", "--transport", "embedded");
        assertThat(walked.exitCode()).isEqualTo(0);
        assertThat(walked.out()).contains("\"sw2 leaf switch\"");
        assertThat(unkeyed.out()).doesNotContain("\"sw2 leaf switch\"");

        CliRun bad = CliRun.run("smp", "nodeinfo", "3", "-y", "0xkey", "--transport", "embedded");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("not a key").doesNotContain("0xkey");
    }

    /**
     * infiniband-diags' ibdiag.conf gives the defaults of -t, -y and --smkey (and on the kernel of -C and -P, which the
     * embedded fabric ignores): its m_key reaches a protected SMA without -y, and -y overrides it; its sa_key is the
     * SM_Key P_KeyTableRecords need. -z names another file. A line that cannot be parsed is bad usage in a -z file,
     * and a warning in the default one, whose other lines still count; a key is never echoed.
     */
    @Test
    void ibdiagConfGivesTheDiagToolsDefaults(@TempDir Path etc) throws Exception {
        Path conf = etc.resolve(DiagConfig.DEFAULT);
        Files.createDirectories(conf.getParent());
        Files.writeString(conf, "# site defaults\nCA=mlx5_0\nPort=1\ntimeout=50\nm_key=0x1122334455667788\nsa_key=1\n"
                + "MLX_EPI=false\n");
        Consumer<EmbeddedFabric> protect = fabric -> fabric.protectWithMKey("sw2", 0x1122334455667788L);
        assertThat(CliRun.runWithEtc(etc, protect, "smp", "nodeinfo", "3", "--transport", "embedded").exitCode()).isZero();
        CliRun overridden = CliRun.runWithEtc(etc, protect, "smp", "nodeinfo", "3", "-y", "0x1", "--transport", "embedded");
        assertThat(overridden.exitCode()).isEqualTo(1);
        assertThat(overridden.err()).contains("after 3 attempt(s) of 50 ms");
        assertThat(CliRun.runWithEtc(etc, fabric -> { }, "sa", "PKTR", "4", "--transport", "embedded").exitCode()).isZero();

        Path other = etc.resolve("other.conf");
        Files.writeString(other, "timeout=soon\n");
        CliRun bad = CliRun.runWithEtc(etc, fabric -> { }, "smp", "nodeinfo", "3", "-z", other.toString(), "--transport",
                "embedded");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("other.conf line 1");

        Files.writeString(conf, "m_key=0xsecret\nsa_key=1\n");
        CliRun warned = CliRun.runWithEtc(etc, fabric -> { }, "sa", "PKTR", "4", "--transport", "embedded");
        assertThat(warned.exitCode()).as(warned.err()).isZero();
        assertThat(warned.err()).contains("warning:").contains("ibdiag.conf line 1").doesNotContain("secret");
    }

    /**
     * smp PortInfoExtended asks as smpquery PIE does: the port's PortInfo first, and only where its CapabilityMask2 says
     * IsPortInfoExtendedSupported (the embedded ports say so; ibsim's do not, see DiagsOnARingIbsimTest) the attribute,
     * printed with smpquery's names; the embedded ports have no FEC mode. MlnxExtPortInfo is Mellanox's devices' only.
     */
    @Test
    void smpAsksPortInfoExtendedWhereThePortHasIt() {
        assertThat(succeeds("smp", "PIE", "4", "1", "--transport", "embedded").out()).isEqualTo(
                "# Port info Extended: Lid 4 port 1\nCapMask:.........................0x00000000\n"
                        + "FECModeActive:...................0\nFDRFECModeSupported:.............0x0000\n"
                        + "FDRFECModeEnabled:...............0x0000\nEDRFECModeSupported:.............0x0000\n"
                        + "EDRFECModeEnabled:...............0x0000\nHDRFECModeSupported:.............0x0000\n"
                        + "HDRFECModeEnabled:...............0x0000\nNDRFECModeSupported:.............0x0000\n"
                        + "NDRFECModeEnabled:...............0x0000\n");
        assertThat(succeeds("smp", "-D", "portinfoextended", "0,1", "--transport", "embedded", "--json").json()
                .get("fecModeActive").asInt()).isZero();
        // The default fabric's adapters are ConnectX-3s, which answer it; another vendor's adapter (mellanox-devices.net's
        // "other", LID 4 there) does not.
        assertThat(succeeds("smp", "MEPI", "4", "1", "--transport", "embedded").out())
                .startsWith("# MLNX ext Port info: Lid 4 port 1\n");
        CliRun other = CliRun.run("smp", "MEPI", "4", "1", "--transport", "embedded", "--topology",
                DiagsOracle.resource("topologies/mellanox-devices.net").toString());
        assertThat(other.exitCode()).isEqualTo(1);
        assertThat(other.err()).contains("unsupported method/attribute");
    }

    /** The node lists' JSON: a node line's fields, a switch's port 0 (base or enhanced), its LID and LMC. */
    @Test
    void nodeListJsonHoldsTheLinesFields() {
        assertThat(NodeListCommand.json("Switch", "36", "0008F10400411A08", "\"ISR9024 \"edge\"\" enhanced port 0 lid 12 lmc 2"))
                .containsExactly(Map.entry("nodeType", "Switch"), Map.entry("nodeGuid", "0x0008f10400411a08"),
                        Map.entry("ports", 36), Map.entry("description", "ISR9024 \"edge\""), Map.entry("port0", "enhanced"),
                        Map.entry("lid", 12), Map.entry("lmc", 2));
        assertThat(NodeListCommand.json("Ca", "2", "0002C90300A1B2C0", "\"node01 HCA-1\""))
                .containsExactly(Map.entry("nodeType", "Channel Adapter"), Map.entry("nodeGuid", "0x0002c90300a1b2c0"),
                        Map.entry("ports", 2), Map.entry("description", "node01 HCA-1"));
        JsonNode hosts = succeeds("hosts", "--json", "--transport", "embedded").json();
        assertThat(hosts).hasSize((int) DEFAULT.nodes().stream().filter(n -> !n.isSwitch()).count());
        assertThat(hosts.get(0).has("lid")).as("a CA's line has no port 0").isFalse();
    }

    /** ping --json prints the statistics as one object and no line per pong: here every ping lost (no server at LID 4). */
    @Test
    void pingJsonIsTheStatisticsAlone() {
        CliRun run = succeeds("ping", "-c", "2", "-f", "--json", "4", "--transport", "embedded");
        JsonNode stats = run.json();
        assertThat(stats.get("destination").asText()).isEqualTo("Lid 4");
        assertThat(stats.get("transmitted").asInt()).isEqualTo(2);
        assertThat(stats.get("received").asInt()).isZero();
        assertThat(stats.get("lossPercent").asInt()).isEqualTo(100);
        assertThat(stats.get("host").isNull()).as("no pong named a host").isTrue();
        assertThat(stats.get("rttMs").get("max").asDouble()).isZero();
        assertThat(run.out()).doesNotContain("Pong").doesNotContain("statistics");
    }

    /**
     * ping -S -c N answers N pings, a resend counted once: the first pong of the second ping is dropped, its sender
     * sends it again with the same TID, and the server answers that too, then the third ping; before, it stopped
     * after the resend and the third went unanswered.
     */
    @Test
    void pingServerCountsAResendOnce() throws Exception {
        CompletableFuture<List<Boolean>> client = new CompletableFuture<>();
        CliRun server = CliRun.run(Map.of(), fabric -> CompletableFuture.runAsync(() -> {
            try {
                client.complete(pingThrice(fabric));
            } catch (RuntimeException e) {
                client.completeExceptionally(e);
            }
        }), "ping", "-S", "-c", "3", "--device", "host3", "--transport", "embedded");
        assertThat(server.exitCode()).as(server.err()).isZero();
        assertThat(client.get(30, TimeUnit.SECONDS)).containsExactly(true, true, true);
    }

    /** From host1 to host3's ping server: one ping once it answers, one whose first pong is lost, one more. */
    private static List<Boolean> pingThrice(EmbeddedFabric fabric) {
        io.reactiveumad.MadPort port = io.reactiveumad.Umad.open(fabric.transport(), fabric.port("host1", 1))
                .block(Duration.ofSeconds(10));
        try {
            io.reactiveumad.MadAgent agent = port.agent(io.reactiveumad.AgentSpec.vendor(PingCommand.PING_CLASS, 1,
                    0x001405)).block(Duration.ofSeconds(10));
            io.reactiveumad.mad.Mad get = io.reactiveumad.mad.Mad.build(io.reactiveumad.mad.MadHeader.MAD_SIZE, b -> {
                new io.reactiveumad.mad.MadHeader().wrap(b, 0).mgmtClass(PingCommand.PING_CLASS).classVersion(1)
                        .methodByte(io.reactiveumad.mad.Method.GET);
                new io.reactiveumad.mad.VendorRange2Header().wrap(b, 0).oui(0x001405);
            });
            io.reactiveumad.mad.MadAddress to = io.reactiveumad.mad.MadAddress.gsi(fabric.lid("host3", 1));
            io.reactiveumad.RequestOptions resend = io.reactiveumad.RequestOptions.defaults()
                    .withTimeout(Duration.ofMillis(200)).withRetries(5);
            // Until the server's agent is there, host3 answers a ping with "unsupported": ask again.
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(20)).ignoreExceptions()
                    .until(() -> agent.request(get, to, resend).block(Duration.ofSeconds(5)) != null);
            fabric.faults().dropNext(1, io.reactiveumad.test.MadMatch.any().mgmtClass(PingCommand.PING_CLASS)
                    .method(io.reactiveumad.mad.Method.GET_RESP));
            boolean second = agent.request(get, to, resend).block(Duration.ofSeconds(5)) != null;
            boolean third = agent.request(get, to, resend).block(Duration.ofSeconds(5)) != null;
            return List.of(true, second, third);
        } finally {
            port.dispose();
        }
    }

    /**
     * perf -X and -S read the data per SL, as perfquery -X and -S: the embedded fabric carries everything on SL 0, so
     * SL 0 counts what PortXmitData (PortRcvData) counts, in perfquery's text; the embedded PMA refuses to reset them.
     */
    @Test
    void perfReadsTheDataPerSl() {
        CliRun sent = CliRun.run(Map.of(), fabric -> fabric.setCounter("host2", 1, PortCounter.XMIT_DATA, 5000),
                "perf", "-X", "4", "1", "--transport", "embedded");
        assertThat(sent.exitCode()).as("%s", sent).isZero();
        // 5000 words, and the 64 of the ClassPortInfo answer perf asks for first, as perfquery does.
        assertThat(sent.out()).startsWith("# PortXmitDataSL counters: Lid 4 port 1\nPortSelect:......................1\n"
                + "CounterSelect:...................0x0000\nXmtDataSL0:......................5064\n")
                .contains("\nXmtDataSL15:.....................0\n");
        JsonNode received = CliRun.run(Map.of(), fabric -> fabric.setCounter("host2", 1, PortCounter.RCV_DATA, 7),
                "perf", "--rcvsl", "4", "1", "--transport", "embedded", "--json").json();
        assertThat(received.get("kind").asText()).isEqualTo("RCV_DATA_SL");
        assertThat(received.get("values").get(0).asLong()).isGreaterThanOrEqualTo(7);
        CliRun reset = CliRun.run("perf", "-X", "-R", "4", "1", "--transport", "embedded");
        assertThat(reset.exitCode()).isEqualTo(1);
        assertThat(reset.err()).contains("unsupported method/attribute");
    }

    @Test
    void perfReadsThePmaCounters() {
        // The hook runs once the fabric is up and before the command queries it.
        int host2 = 4;
        CliRun run = CliRun.run(Map.of(), fabric -> {
            assertThat(fabric.lid("host2", 1)).isEqualTo(host2);
            fabric.setCounter("host2", 1, PortCounter.SYMBOL_ERROR, 9);
            fabric.setCounter("host2", 1, PortCounter.XMIT_PKTS, 4321);
        }, "perf", String.valueOf(host2), "1", "--transport", "embedded", "--json");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.json().get("symbolErrorCounter").asInt()).isEqualTo(9);
        // The port sent 4321 packets, and its answer to the ClassPortInfo perf asks first (as perfquery does).
        assertThat(run.json().get("portXmitPkts").asLong()).isEqualTo(4321 + 1);

        CliRun extended = CliRun.run(Map.of(), fabric -> fabric.setCounter("host2", 1, PortCounter.UNICAST_XMIT_PKTS, 77),
                "perf", String.valueOf(host2), "1", "--extended", "--transport", "embedded", "--json");
        assertThat(extended.exitCode()).as("%s", extended).isZero();
        assertThat(extended.json().get("portUnicastXmitPkts").asLong()).isEqualTo(77);

        // The text is perfquery's: the PMA's CapMask in the header, libibmad's names and dots.
        CliRun text = CliRun.run(Map.of(), fabric -> fabric.setCounter("host2", 1, PortCounter.SYMBOL_ERROR, 9),
                "perf", String.valueOf(host2), "1", "--transport", "embedded");
        assertThat(text.out()).startsWith("# Port counters: Lid 4 port 1 (CapMask: 0x1200)\n"
                + "PortSelect:......................1\nCounterSelect:...................0x0000\n"
                + "SymbolErrorCounter:..............9\n");
        // A CA's PMA takes no AllPortSelect: -a sums its ports, as perfquery emulates it, and says so.
        CliRun all = CliRun.run(Map.of(), fabric -> fabric.setCounter("host2", 1, PortCounter.SYMBOL_ERROR, 4),
                "perf", String.valueOf(host2), "-a", "--transport", "embedded");
        assertThat(all.out()).startsWith("# Port counters: Lid 4 port 255 (CapMask: 0x1200)\nPortSelect:......................255\n")
                .contains("SymbolErrorCounter:..............4\n");
        assertThat(all.err()).contains("has no AllPortSelect: summing ports 1..1");
    }

    /**
     * --watch: one JSON object per interval as it ends (two here, 50 ms each), what host2's port sent and received in
     * it: at least the PMA's answer to the read before and the read that ends it, 256 bytes each.
     */
    @Test
    void perfWatchPrintsEachIntervalsTraffic() {
        CliRun run = CliRun.run("perf", "4", "1", "--watch", "0.05", "--count", "2", "--json", "--transport",
                "embedded");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.err()).contains("umad perf: lid 4 port 1 every 0.05 s; 2 interval(s)");
        List<String> lines = run.out().lines().toList();
        assertThat(lines).hasSize(2);
        for (String line : lines) {
            JsonNode interval = CliRunJson.parse(line);
            assertThat(interval.get("lid").asInt()).isEqualTo(4);
            assertThat(interval.get("port").asInt()).isEqualTo(1);
            assertThat(interval.get("extended").asBoolean()).isTrue();
            assertThat(interval.get("xmitPackets").asLong()).isGreaterThanOrEqualTo(1);
            assertThat(interval.get("rcvBytes").asLong()).isGreaterThanOrEqualTo(256);
            assertThat(interval.get("seconds").asDouble()).isGreaterThan(0.0);
        }
        CliRun text = CliRun.run("perf", "4", "--watch", "0.05", "--count", "1", "--transport", "embedded");
        assertThat(text.out()).containsPattern("^\\S+ lid 4 port 1: xmit \\d+ B/s \\d+ pkt/s, rcv \\d+ B/s \\d+ pkt/s "
                + "over 0\\.\\d+ s\n$");
        assertThat(CliRun.run("perf", "4", "--count", "2", "--transport", "embedded").err())
                .contains("--count is for --watch");
        assertThat(CliRun.run("perf", "4", "-x", "--watch", "1", "--transport", "embedded").err())
                .contains("--watch reads the data and packet counters of one port");
        assertThat(CliRun.run("perf", "4", "--watch", "0", "--transport", "embedded").err())
                .contains("'0' is not 0.001 to 86400 seconds");
        // A CA's PMA has no AllPortSelect: -a with --watch says so, rather than failing in the library's words.
        CliRun all = CliRun.run("perf", "4", "-a", "--watch", "1", "--transport", "embedded");
        assertThat(all.exitCode()).isEqualTo(2);
        assertThat(all.err()).contains("-a: the PMA of lid 4 has no AllPortSelect (CapMask 0x1200)")
                .contains("name a port");
    }

    /** perfquery's -D and -E (the details attributes), -a (all ports) and -R (reset only: no output). */
    @Test
    void perfReadsTheDetailsAndResetsAsPerfquery() {
        int host2 = 4;
        java.util.function.Consumer<io.reactiveumad.test.EmbeddedFabric> counters = fabric -> {
            fabric.setCounter("host2", 1, PortCounter.SYMBOL_ERROR, 9);
            fabric.setCounter("host2", 1, PortCounter.NEIGHBOR_MTU_DISCARDS, 3);
            fabric.setCounter("host2", 1, PortCounter.LOOPING_ERRORS, 2);
        };
        String lid = String.valueOf(host2);
        CliRun discards = CliRun.run(Map.of(), counters, "perf", lid, "1", "-D", "--transport", "embedded", "--json");
        assertThat(discards.json().get("portNeighborMtuDiscards").asInt()).as("%s", discards).isEqualTo(3);
        CliRun errors = CliRun.run(Map.of(), counters, "perf", lid, "1", "-E", "--transport", "embedded", "--json");
        assertThat(errors.json().get("portLoopingErrors").asInt()).as("%s", errors).isEqualTo(2);

        CliRun resetOnly = CliRun.run(Map.of(), counters, "perf", lid, "1", "-E", "-R", "--transport", "embedded");
        assertThat(resetOnly.exitCode()).as("%s", resetOnly).isZero();
        assertThat(resetOnly.out()).as("-R prints nothing (the resets are checked with perfquery on ibsim)").isEmpty();

        CliRun all = CliRun.run(Map.of(), counters, "perf", "2", "-a", "--transport", "embedded", "--json"); // the switch
        assertThat(all.json().get("portSelect").asInt()).as("%s", all).isEqualTo(255);
        assertThat(CliRun.run("perf", lid, "1", "-x", "-D", "--transport", "embedded").exitCode()).isEqualTo(2);
        // -a with one port named reads that port, as perfquery -a LID PORT does.
        assertThat(CliRun.run("perf", lid, "1", "-a", "--transport", "embedded", "--json").json().get("portSelect").asInt())
                .isEqualTo(1);
    }

    /**
     * perfquery's congestion control counters (--swportvlcong, --rcvcc, --slrcvfecn, --slrcvbecn, --xmitcc,
     * --vlxmittimecc): each with perfquery's header and libibmad's names; the embedded fabric congests nothing, so all
     * are zero, and a reset (-r) is answered too.
     */
    @Test
    void perfReadsTheCongestionCountersAsPerfquery() {
        assertThat(succeeds("perf", "2", "3", "--swportvlcong", "--transport", "embedded").out())
                .startsWith("# SwPortVLCongestion counters: Lid 2 port 3\nPortSelect:......................3\n")
                .contains("\nSWPortVLCongestion0:.............0\n").contains("\nSWPortVLCongestion15:............0\n");
        assertThat(succeeds("perf", "--rcvcc", "--transport", "embedded").out())
                .contains("\nPortPktRcvFECN:..................0\nPortPktRcvBECN:..................0\n");
        assertThat(succeeds("perf", "3", "1", "--slrcvfecn", "--transport", "embedded").out())
                .contains("# PortSLRcvFECN counters: Lid 3 port 1\n").contains("\nPortSLRcvFECN15:.................0\n");
        assertThat(succeeds("perf", "3", "1", "--slrcvbecn", "-r", "--transport", "embedded").out())
                .contains("\nPortSLRcvBECN0:..................0\n");
        assertThat(succeeds("perf", "3", "1", "--xmitcc", "--transport", "embedded").out())
                .endsWith("\nPortXmitTimeCong:................0\n");
        assertThat(succeeds("perf", "2", "3", "--vlxmittimecc", "--transport", "embedded").out())
                .contains("\nPortVLXmitTimeCong14:............0\n").doesNotContain("PortVLXmitTimeCong15");
        assertThat(umad("perf", "3", "1", "--rcvcc", "--xmitcc", "--transport", "embedded").exitCode()).isEqualTo(2);
    }

    /**
     * perfquery -c and -T: PortSamplesControl (a PMA that is not sampling: all zero but the port) and
     * PortExtendedSpeedsCounters (the embedded links see no errors), in perfquery's headers, as JSON, and -T's reset with
     * a 64-bit mask; -c has nothing to reset, and a mask wider than 32 bits is -T's alone.
     */
    @Test
    void perfReadsTheSamplesControlAndTheExtendedSpeedsCountersAsPerfquery() {
        assertThat(succeeds("perf", "-c", "2", "3", "--transport", "embedded").out())
                .startsWith("# PortSamplesControl: Lid 2 port 3\nOpCode:..........................0x00\n"
                        + "PortSelect:......................3\n")
                .endsWith("\nSamplesOnlyOptionMask:...........0x0000000000000000\n");
        assertThat(succeeds("perf", "-T", "2", "3", "--transport", "embedded").out())
                .startsWith("# PortExtendedSpeedsCounters counters: Lid 2 port 3\nPortSelect:......................3\n")
                .contains("\nErrorDetectionCounterLane11:.....0\n").endsWith("\nFECUncorrectableBlockCtrLane11:..0\n");
        assertThat(succeeds("perf", "-T", "2", "3", "--json", "--transport", "embedded").json()
                .get("errorDetectionCounters")).hasSize(12);
        assertThat(succeeds("perf", "-T", "-R", "2", "3", "0x3fffffffff", "--transport", "embedded").out()).isEmpty();
        CliRun resetControl = umad("perf", "-c", "-r", "2", "3", "--transport", "embedded");
        assertThat(resetControl.exitCode()).isEqualTo(2);
        assertThat(resetControl.err()).contains("no counters to reset");
        CliRun wideMask = umad("perf", "-R", "2", "3", "0x100000000", "--transport", "embedded");
        assertThat(wideMask.exitCode()).isEqualTo(2);
        assertThat(wideMask.err()).contains("more than 32 bits");
        assertThat(umad("perf", "-c", "-T", "2", "3", "--transport", "embedded").exitCode()).isEqualTo(2);
        assertThat(umad("perf", "-T", "-a", "2", "1,3", "--transport", "embedded").exitCode()).isEqualTo(2);
    }

    /** --details adds each counter's details after it, non-zero ones only, in the text and the JSON. */
    @Test
    void errorsWithDetailsPrintWhyAPortDiscardedOrRefused() {
        java.util.function.Consumer<io.reactiveumad.test.EmbeddedFabric> counters = fabric -> {
            fabric.setCounter("host2", 1, PortCounter.XMIT_DISCARDS, 4);
            fabric.setCounter("host2", 1, PortCounter.NEIGHBOR_MTU_DISCARDS, 3);
            fabric.setCounter("host2", 1, PortCounter.RCV_ERRORS, 2);
            fabric.setCounter("host2", 1, PortCounter.MALFORMED_PACKET_ERRORS, 2);
        };
        CliRun text = CliRun.run(Map.of(), counters, "errors", "--details", "--transport", "embedded");
        assertThat(text.exitCode()).as("%s", text).isEqualTo(UmadCli.EXIT_FAILED);
        assertThat(text.out()).contains(": [PortRcvErrors == 2] [PortMalformedPktErrors == 2] [PortXmitDiscards == 4] "
                + "[PortNeighborMTUDiscards == 3]\n");
        assertThat(CliRun.run(Map.of(), counters, "errors", "--transport", "embedded").out())
                .contains(": [PortRcvErrors == 2] [PortXmitDiscards == 4]\n");
        JsonNode json = CliRun.run(Map.of(), counters, "errors", "--details", "--json", "--transport", "embedded").json();
        JsonNode host2 = json.findValues("errors").stream().filter(e -> e.size() > 0).findFirst().orElseThrow().get(0);
        assertThat(host2.get("details").get("PortXmitDiscards").get("PortNeighborMTUDiscards").asLong()).isEqualTo(3);
        assertThat(host2.get("details").get("PortRcvErrors").get("PortMalformedPktErrors").asLong()).isEqualTo(2);
    }

    @Test
    void routesListEveryLidTheSwitchForwardsAndWhoIsThere() {
        JsonNode json = succeeds("routes", "-D", "0,1", "--transport", "embedded", "--json").json();
        assertThat(json.get("switch").get("description").asText()).isEqualTo("sw2 leaf switch");
        JsonNode routes = json.get("routes");
        assertThat(routes).hasSize(DEFAULT.nodes().size());
        Map<String, Integer> portByDescription = new java.util.HashMap<>();
        routes.forEach(r -> portByDescription.put(r.get("destination").get("description").asText(), r.get("port").asInt()));
        assertThat(portByDescription).containsEntry("sw2 leaf switch", 0).containsEntry("host3 HCA-1", 1)
                .containsEntry("host4 HCA-1", 2);
        assertThat(portByDescription.get("host1 HCA-1")).isIn(7, 8);
        assertThat(json.get("lastLid").asInt()).as("LinearFDBTop: one LID per port").isEqualTo(DEFAULT.nodes().size());

        CliRun text = succeeds("routes", "-D", "0,1", "--transport", "embedded");
        assertThat(text.out()).startsWith("Unicast lids [0x0-0x").contains("(sw2 leaf switch):")
                .containsPattern("0x[0-9a-f]{4} 001 : \\(Channel Adapter portguid 0x[0-9a-f]{16}: 'host3 HCA-1'\\)")
                .endsWith("6 valid lids dumped \n");
        CliRun all = succeeds("routes", "-D", "0,1", "-a", "-n", "--transport", "embedded");
        assertThat(all.out()).contains("0x0000 255").endsWith("7 lids dumped \n");

        // dump-fts: both switches after one discovery, sw2 (found last) first, each named by its route, sw2's table
        // as routes prints it but for the route's DrSLID and DrDLID (0: libibnetdisc's routes).
        String both = succeeds("dump-fts", "--transport", "embedded").out();
        assertThat(both.split("Unicast lids ", -1)).hasSize(3);
        assertThat(both).startsWith("Unicast lids [0x0-0x").contains("of switch DR path slid 0; dlid 0; 0,1 guid")
                .contains(text.out().substring(text.out().indexOf("  Lid  Out"))).contains("(sw1 leaf switch):");
        // A switch whose table does not answer (every LFT SMP to sw1 lost) is named on stderr, exit 1; the other prints.
        CliRun lost = CliRun.run(Map.of(), fabric -> fabric.faults().drop(1.0,
                io.reactiveumad.test.MadMatch.toNode("sw1").attribute(io.reactiveumad.mad.attr.LinearForwardingTable.ATTRIBUTE_ID)),
                "dump-fts", "--transport", "embedded");
        assertThat(lost.exitCode()).as("%s", lost).isEqualTo(1);
        assertThat(lost.out()).contains("(sw2 leaf switch):").doesNotContain("(sw1 leaf switch):");
        assertThat(lost.err()).contains("umad dump-fts: switch 0x").contains("(sw1 leaf switch) at route 0");
    }

    /**
     * A node that does not answer discovery (every NodeInfo to sw1 lost) leaves itself and what lies behind it out of
     * every command that discovers: each prints what answered, says what it gave up on as its warning and exits 1
     * (links, dump-fts and errors printed a partial report without a word and exited 0).
     */
    @Test
    void everyCommandThatDiscoversSaysWhatDidNotAnswerAndExits1() {
        for (String command : List.of("discover", "links", "dump-fts", "errors", "switches")) {
            CliRun partial = CliRun.run(Map.of(), fabric -> fabric.faults().drop(1.0, io.reactiveumad.test.MadMatch
                            .toNode("sw1").attribute(io.reactiveumad.mad.attr.NodeInfo.ATTRIBUTE_ID)),
                    command, "--transport", "embedded");
            assertThat(partial.exitCode()).as("%s", partial).isEqualTo(1);
            assertThat(partial.out()).as(command).contains(command.equals("errors") ? "## Summary: 3 nodes checked" : "sw2")
                    .doesNotContain("sw1");
            assertThat(partial.err()).as(command).contains("umad " + command + ": warning: NodeInfo via DR [");
        }
    }

    @Test
    void routesTextLeavesLinearFdbTopOutWhereTheToolsDoAndSaysSo(@TempDir Path dir) throws Exception {
        // 4 leaves, 4 spines, 14 hosts a leaf: 64 ports with a LID, so LinearFDBTop is 64, the first LID of the
        // table's second 64-LID block. ibroute and dump_fts read blocks up to ALIGN(top, 64) / 64 exclusive and so
        // never print that LID (their header still says 0x40), though it is a host here. The text is theirs; stderr
        // says what it leaves out; JSON has every route.
        Path file = dir.resolve("fat-tree-64.topo");
        Files.writeString(file, FatTree.generate(4, 4, 14).toIbnetdiscover());
        String[] embedded = {"--transport", "embedded", "--topology", file.toString()};

        JsonNode json = succeeds(concat(new String[] {"routes", "-D", "0,1", "--json"}, embedded)).json();
        assertThat(json.get("lastLid").asInt()).isEqualTo(64);
        assertThat(json.get("routes")).hasSize(64);
        assertThat(json.get("routes").get(63).get("lid").asInt()).isEqualTo(64);

        CliRun text = succeeds(concat(new String[] {"routes", "-D", "0,1"}, embedded));
        assertThat(text.out()).startsWith("Unicast lids [0x0-0x40]").contains("\n0x003f 0").doesNotContain("\n0x0040 ")
                .endsWith("63 valid lids dumped \n");
        assertThat(text.err()).contains("umad routes: note: LID 0x40 is routed too, but left out of the text as ibroute "
                + "leaves it out");
        CliRun all = succeeds(concat(new String[] {"dump-fts"}, embedded));
        assertThat(all.out().split("Unicast lids ", -1)).hasSize(9);
        assertThat(all.out()).doesNotContain("\n0x0040 ");
        assertThat(all.err().lines().filter(l -> l.contains("note: LID 0x40 is routed too"))).as("said once").hasSize(1);
    }

    private static String[] concat(String[] first, String[] second) {
        String[] both = java.util.Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    @Test
    void traceFollowsTheTablesFromHostToHost() {
        // The embedded SM gives LIDs in sweep order: host1 1, then the nodes it reaches.
        JsonNode json = succeeds("trace", "1", "6", "--transport", "embedded", "--json").json();
        assertThat(json.get("from").get("description").asText()).isEqualTo("host1 HCA-1");
        assertThat(json.get("hops")).hasSize(3);
        assertThat(json.get("hops").get(0).get("description").asText()).isEqualTo("sw1 leaf switch");
        assertThat(json.get("hops").get(1).get("egressPort").asInt()).isIn(7, 8);
        assertThat(json.get("to").get("lid").asInt()).isEqualTo(6);

        CliRun text = succeeds("trace", "1", "6", "--transport", "embedded");
        assertThat(text.out()).startsWith("From ca {0x").contains("[1] -> switch port {0x")
                .containsPattern("To ca \\{0x[0-9a-f]{16}\\} portnum 1 lid 6-6 \"host\\d HCA-1\"\n$");
    }

    /**
     * trace -f, as ibtracert -f: a destination that answers is traced as without it; one that does not (no port has
     * LID 99) is looked for along the tables, and the error names the switch whose table leads nowhere, where a plain
     * trace can only say that LID 99 did not answer.
     */
    @Test
    void traceWithForceNamesTheSwitchWhoseTableStopsLeadingToALid() {
        assertThat(succeeds("trace", "-f", "1", "6", "--transport", "embedded").out())
                .isEqualTo(succeeds("trace", "1", "6", "--transport", "embedded").out());
        CliRun forced = umad("trace", "-f", "1", "99", "-t", "50", "--transport", "embedded");
        assertThat(forced.exitCode()).as("%s", forced).isEqualTo(1);
        assertThat(forced.err()).contains("bad forwarding table entry at \"sw1 leaf switch\": lid 99 is routed to port 255");
        CliRun plain = umad("trace", "1", "99", "-t", "50", "--transport", "embedded");
        assertThat(plain.exitCode()).isEqualTo(1);
        assertThat(plain.err()).contains("no response from LID 99");
    }

    @Test
    void errorsReportsPortsOverThresholdGroupedByNodeAndClearsOnlyWhenConfirmed() {
        CliRun clean = succeeds("errors", "--transport", "embedded");
        assertThat(clean.out()).startsWith("\n## Summary: 6 nodes checked, 0 bad nodes found")
                .contains("## ").contains("20 ports checked, 0 ports have errors beyond threshold");

        CliRun bad = CliRun.run(Map.of(), fabric -> fabric.setCounter("host2", 1, PortCounter.SYMBOL_ERROR, 9),
                "errors", "--transport", "embedded", "--json");
        assertThat(bad.exitCode()).as("%s", bad).isEqualTo(UmadCli.EXIT_FAILED);
        JsonNode host2 = null;
        for (JsonNode n : bad.json().get("nodes")) {
            if (n.get("description").asText().equals("host2 HCA-1")) {
                host2 = n;
            }
        }
        assertThat(host2.get("errors").get(0).get("counters").get("SymbolErrorCounter").asInt()).isEqualTo(9);
        assertThat(bad.json().get("summary").get("badPorts").asInt()).isEqualTo(1);

        CliRun unconfirmed = umad("errors", "--transport", "embedded", "--clear");
        assertThat(unconfirmed.exitCode()).isEqualTo(2);
        assertThat(unconfirmed.err()).contains("--yes");
        assertThat(umad("errors", "--transport", "embedded", "--threshold", "NoSuchCounter=1").exitCode()).isEqualTo(2);
    }

    @Test
    void linksListEverySwitchPortAndEveryCaPortWithTheFarEnd() {
        JsonNode links = succeeds("links", "--transport", "embedded", "--json").json().get("links");
        // Two 8-port switches and four one-port hosts; 6 cables, so 12 ports see a far end.
        assertThat(links).hasSize(2 * 8 + 4);
        int cabled = 0;
        for (JsonNode l : links) {
            if (!l.get("to").isNull()) {
                cabled++;
                assertThat(l.get("state").asText()).isEqualTo("Active");
                assertThat(l.get("physicalState").asText()).isEqualTo("LinkUp");
            } else {
                assertThat(l.get("state").asText()).isEqualTo("Down");
            }
        }
        assertThat(cabled).isEqualTo(2 * DEFAULT.links().size());
        CliRun text = succeeds("links", "--transport", "embedded", "--down");
        assertThat(text.out()).contains("Switch: 0x").contains("==(                Down/ Polling)==>")
                .doesNotContain("Active");
    }

    /** NodeInfo as JSON without LocalPortNum, which says how the SMP came in, not what the node is. */
    private static JsonNode withoutLocalPort(JsonNode nodeInfo) {
        ObjectNode copy = nodeInfo.deepCopy();
        copy.remove("localPortNum");
        return copy;
    }

    @Test
    void infinibandDiagsHabits() {
        // smpquery's short attribute names, port GUID addressing through the SA, enums named in text.
        JsonNode byAlias = succeeds("smp", "NI", "-D", "0,1", "--transport", "embedded", "--json").json();
        String sw2PortGuid = byAlias.get("portGuid").asText();
        JsonNode byGuid = succeeds("smp", "nodeinfo", "-G", sw2PortGuid, "--transport", "embedded", "--json").json();
        assertThat(withoutLocalPort(byGuid)).isEqualTo(withoutLocalPort(byAlias)); // LID-routed: in by port 0
        // The text is smpquery's: libibmad's field names, its dots and value names.
        assertThat(succeeds("smp", "NI", "-D", "0,1", "--transport", "embedded").out())
                .startsWith("# Node info: DR path slid 65535; dlid 65535; 0,1\nBaseVers:........................1\n")
                .contains("NodeType:........................Switch\n");
        assertThat(succeeds("smp", "PI", "-D", "0", "1", "--transport", "embedded").out())
                .startsWith("# Port info: DR path slid 65535; dlid 65535; 0 port 1\nMkey:............................<not displayed>\n")
                .contains("LinkState:.......................Active\n").contains("LinkWidthActive:.................4X\n")
                .contains("CapMask:.........................0x").contains("\n\t\t\t\tIsTrapSupported\n");
        assertThat(succeeds("smp", "PI", "-D", "0", "1", "--transport", "embedded", "--json").json()
                .get("gidPrefix").asText()).isEqualTo("0xfe80000000000000");
        assertThat(succeeds("smp", "SI", "-D", "0,1", "--transport", "embedded").out()).contains("\nLinearFdbTop:....................");
        // -x sets PortInfo's AttributeModifier bit 31 (extended speeds): the SMA takes the port from bits 0-7.
        assertThat(succeeds("smp", "-x", "PI", "-D", "0,1", "2", "--transport", "embedded").out())
                .isEqualTo(succeeds("smp", "PI", "-D", "0,1", "2", "--transport", "embedded").out());
        assertThat(succeeds("smp", "ND", "-D", "0,1", "--transport", "embedded").out())
                .isEqualTo("Node Description:.................sw2 leaf switch\n");
        // -c, smpquery's combined route: by LID to sw2 (3), then out of its port 1 to host3 (LID 5), named as libibmad
        // names it (our port, host4, is LID 6); the answer is host3's. Its two words, and one way to name the target.
        String combined = succeeds("smp", "-c", "nodeinfo", "3", "0,1", "--transport", "embedded").out();
        String host3 = succeeds("smp", "nodeinfo", "5", "--transport", "embedded").out();
        assertThat(combined).startsWith("# Node info: Lid 3 DR path slid 6; dlid 65535; 0,1\n")
                .isEqualTo(host3.replace("# Node info: Lid 5\n", "# Node info: Lid 3 DR path slid 6; dlid 65535; 0,1\n"));
        assertThat(succeeds("smp", "NI", "-c", "5", "0", "--transport", "embedded").out()).isEqualTo(host3);
        CliRun oneWord = umad("smp", "-c", "nodeinfo", "3", "--transport", "embedded");
        assertThat(oneWord.exitCode()).isEqualTo(2);
        assertThat(oneWord.err()).contains("is two words here, with -c a LID and a directed route from it");
        CliRun twoWays = umad("smp", "-c", "-D", "nodeinfo", "3", "0,1", "--transport", "embedded");
        assertThat(twoWays.exitCode()).isEqualTo(2);
        assertThat(twoWays.err()).contains("-G, -D and -c name the target in different ways");
        // ibaddr's and sminfo's lines: the local port, and the SM on host1 (LID 1).
        assertThat(succeeds("addr", "--transport", "embedded").out())
                .matches("GID fe80::[0-9a-f:]+ LID start 0x([0-9a-f]+) end 0x\\1\n");
        assertThat(succeeds("sminfo", "--transport", "embedded").out())
                .matches("sminfo: sm lid 1 sm guid 0x[0-9a-f]+, activity count \\d+ priority \\d+ state 3 SMINFO_MASTER\n");
        // ibportstate's query of a switch port, its peer (host1) after it; a disable in the same run takes the link down.
        assertThat(succeeds("portstate", "-D", "0,1", "1", "--transport", "embedded").out())
                .startsWith("Switch PortInfo:\n# Port info: DR path slid 65535; dlid 65535; 0,1 port 1\n")
                .contains("Peer PortInfo:\n# Port info: DR path slid 65535; dlid 65535; 0,1,1 port 1\n");
        JsonNode state = succeeds("portstate", "-D", "0,1", "1", "--json", "--transport", "embedded").json();
        assertThat(state.get("port").get("switch").asBoolean()).isTrue();
        assertThat(state.get("port").get("portInfo").get("portState").asInt()).isEqualTo(4);
        assertThat(state.get("peer").get("node").asText()).isEqualTo("DR path slid 65535; dlid 65535; 0,1,1");
        // By LID, the peer is asked by a combined route (LID-routed to sw2, then its port 1), named as libibmad names
        // it; the ports enable the link's width and speed (as ibsim's do), so no warning that they could run faster.
        CliRun byLid = succeeds("portstate", "3", "1", "--transport", "embedded");
        assertThat(byLid.out()).startsWith("Switch PortInfo:\n# Port info: Lid 3 port 1\n")
                .containsPattern("Peer PortInfo:\n# Port info: Lid 3 DR path slid \\d+; dlid 65535; 0,1 port 1\n");
        assertThat(byLid.err()).doesNotContain("warning");
        String disabled = succeeds("portstate", "-D", "0,1", "1", "disable", "--transport", "embedded").out();
        assertThat(disabled.substring(disabled.indexOf("After PortInfo set:")))
                .contains("LinkState:.......................Down\nPhysLinkState:...................Disabled\n");

        // saquery's lookups over the NodeRecords: LIDs, the first LID and port GUIDs of a name, names of a LID and a
        // port GUID, the CAs' list; one lookup at a time.
        assertThat(succeeds("sa", "-L", "sw2 leaf switch", "--transport", "embedded").out()).isEqualTo("3\n");
        assertThat(succeeds("sa", "-l", "host3 HCA-1", "--transport", "embedded").out()).isEqualTo("5\n");
        assertThat(succeeds("sa", "-G", "host3 HCA-1", "--transport", "embedded").out()).isEqualTo("0x0000000000100005\n");
        assertThat(succeeds("sa", "-O", "5", "--transport", "embedded").out()).isEqualTo("host3 HCA-1\n");
        assertThat(succeeds("sa", "-U", "0x100005", "--transport", "embedded").out()).isEqualTo("host3 HCA-1\n");
        assertThat(succeeds("sa", "-D", "--transport", "embedded").out()).startsWith("   LID \"name\"\n================\n")
                .contains("     5  \"host3 HCA-1\"\n").doesNotContain("switch");
        assertThat(CliRun.run("sa", "-L", "x", "-O", "5", "--transport", "embedded").exitCode())
                .isEqualTo(io.reactiveumad.examples.cli.CommandLine.EXIT_USAGE);

        // umad sa alone lists the NodeRecords; sa paths alone, as saquery PR, the path between every two end ports (every
        // node has one here), by destination; perf LID of a CA reads port 1.
        JsonNode nodes = succeeds("sa", "--transport", "embedded", "--json").json();
        int ends = DEFAULT.nodes().size();
        assertThat(nodes).hasSize(ends);
        JsonNode paths = succeeds("sa", "paths", "--transport", "embedded", "--json").json();
        assertThat(paths).hasSize(ends * ends);
        for (int d = 0; d < ends; d++) {
            java.util.Set<Integer> sources = new java.util.HashSet<>();
            for (int s = 0; s < ends; s++) {
                JsonNode path = paths.get(d * ends + s);
                assertThat(path.get("dlid").asInt()).isEqualTo(paths.get(d * ends).get("dlid").asInt());
                sources.add(path.get("slid").asInt());
            }
            assertThat(sources).as("every source to destination %d", d).hasSize(ends);
        }
        assertThat(succeeds("perf", "1", "--transport", "embedded", "--json").json().get("portSelect").asInt())
                .isEqualTo(1);
    }

    /**
     * Before any join the SA has IPoIB's broadcast group alone, which a requester without the SM_Key is shown (by OpenSM
     * too) as one record of PortGID 0; a group that does not exist has no records, which mcast says.
     */
    @Test
    void mcastListsTheBroadcastGroupAloneAndSaysWhenThereAreNoRecords() {
        assertThat(succeeds("mcast", "--transport", "embedded").out()).isEqualTo("""
                MCMemberRecord member dump:
                \t\tMGID....................ff12:401b:ffff::ffff:ffff
                \t\tMlid....................0xC000
                \t\tPortGid.................::
                \t\tScopeState..............0x20
                \t\tProxyJoin...............0x0
                \t\tNodeDescription.........<unknown>
                """);
        CliRun run = succeeds("mcast", "0xc005", "--transport", "embedded", "--json");
        assertThat(run.json()).isEmpty();
        assertThat(run.err()).contains("umad mcast: no records");
        assertThat(umad("mcast", "--mgid", "ff12", "--transport", "embedded").exitCode()).isEqualTo(2);
    }

    @Test
    void mcastJoinOnceCreatesTheGroupWithThisPortAsMember() throws Exception {
        CliRun run = succeeds("mcast", "join", "0xff12601bffff0000:0x42", "--create", "--qkey", "0x0b1b", "--once",
                "--json", "--transport", "embedded");
        JsonNode joined = CliRunJson.parse(run.out().strip());
        assertThat(joined.get("event").asText()).isEqualTo("joined");
        assertThat(joined.get("qKey").asText()).isEqualTo("0x00000b1b");
        assertThat(joined.get("joinState").asInt()).isEqualTo(1);
        byte[] portGid = java.net.InetAddress.getByName(joined.get("portGid").asText()).getAddress();
        assertThat(java.util.HexFormat.of().formatHex(portGid, 8, 16))
                .isEqualTo(String.format("%016x", Topology.defaultTopology().requireNode("host4").portGuid(1)));
    }

    /**
     * service register --once registers at this port's GID, with an infinite lease unless given one, and prints the
     * SA's record without its ServiceKey; unregistering what the SA does not have fails naming it, and so does a
     * P_Key the port is not in, saying why the SA refused it; what the options refuse is bad usage naming the option.
     */
    @Test
    void serviceRegisterOnceAndWhatItRefuses() throws Exception {
        String key = "00112233445566778899aabbccddeeff";
        CliRun run = succeeds("service", "register", "0x1000000000000ab7", "--name", "ops.once", "--data", "0102",
                "--key", key, "--once", "--json", "--transport", "embedded");
        JsonNode registered = CliRunJson.parse(run.out().strip());
        assertThat(registered.get("event").asText()).isEqualTo("registered");
        assertThat(registered.get("serviceId").asText()).isEqualTo("0x1000000000000ab7");
        assertThat(registered.get("serviceLease").asLong()).isEqualTo(0xFFFF_FFFFL);
        assertThat(registered.get("serviceName").asText()).isEqualTo("ops.once");
        assertThat(registered.get("serviceData").asText()).isEqualTo("0102" + "00".repeat(62));
        assertThat(registered.has("serviceKey")).isFalse();
        assertThat(run.out()).doesNotContain(key);
        byte[] gid = java.net.InetAddress.getByName(registered.get("serviceGid").asText()).getAddress();
        assertThat(java.util.HexFormat.of().formatHex(gid, 8, 16))
                .isEqualTo(String.format("%016x", Topology.defaultTopology().requireNode("host4").portGuid(1)));
        assertThat(succeeds("service", "register", "7", "--lease", "30", "--once", "--transport", "embedded").out())
                .startsWith("registered ServiceID 0x0000000000000007 ").contains(" Lease 30 s ");

        CliRun missing = umad("service", "unregister", "0x55", "--transport", "embedded");
        assertThat(missing.exitCode()).as("%s", missing).isEqualTo(1);
        assertThat(missing.err()).contains("the SA has no service 0x0000000000000055 registered at fe80:")
                .contains("with P_Key 0xffff");
        assertThat(succeeds("service", "--transport", "embedded").err()).contains("umad service: no records");
        CliRun outside = umad("service", "register", "5", "--pkey", "0x8002", "--once", "--transport", "embedded");
        assertThat(outside.exitCode()).as("%s", outside).isEqualTo(1);
        assertThat(outside.err()).contains("SA ERR_REQ_INVALID",
                "an SM refuses a ServiceP_Key (here 0x8002) that is not a partition of this port's");

        for (String[] bad : new String[][] {{"--key", "zz"}, {"--key", "00".repeat(17)}, {"--data", "00".repeat(65)},
                {"--name", "n".repeat(65)}, {"--lease", "0"}, {"--lease", "-5"}, {"--lease", "4294967296"},
                {"--pkey", "0x10000"}}) {
            CliRun refused = umad("service", "register", "1", bad[0], bad[1], "--once", "--transport", "embedded");
            assertThat(refused.exitCode()).as("%s", refused).isEqualTo(2);
            assertThat(refused.err()).as("%s", refused).contains(bad[0]);
            if (bad[0].equals("--lease")) {
                assertThat(refused.err()).as("%s", refused)
                        .contains("'" + bad[1] + "' is not a lease: give 1 to 4294967294 seconds, or 'infinite'");
            }
        }
        assertThat(umad("service", "register", "--once", "--transport", "embedded").exitCode()).isEqualTo(2);
    }

    /**
     * The embedded SA creates groups by OpenSM's rules: an IPoIB group (ff12:601b) only with its broadcast group's
     * Q_Key, which --create takes without --qkey; with another, or an MGID only the SA may give (the SA's signature at
     * link-local scope), the command fails naming why; a join that would create a group without --create is refused
     * for the values it lacks.
     */
    @Test
    void mcastJoinCreatesAnIpoibGroupWithItsBroadcastGroupsValues() throws Exception {
        JsonNode joined = CliRunJson.parse(succeeds("mcast", "join", "ff12:601b:ffff::77", "--create", "--once", "--json",
                "--transport", "embedded").out().strip());
        assertThat(joined.get("qKey").asText()).isEqualTo("0x00000b1b");
        assertThat(joined.get("pKey").asText()).isEqualTo("0xffff");
        CliRun otherKey = umad("mcast", "join", "ff12:601b:ffff::77", "--create", "--qkey", "7", "--once", "--transport",
                "embedded");
        assertThat(otherKey.exitCode()).isEqualTo(1);
        assertThat(otherKey.err()).contains("SA ERR_REQ_INVALID", "an SM refuses to create a group with a Q_Key");
        CliRun saOwn = umad("mcast", "join", "ff12:a01b::5", "--create", "--once", "--transport", "embedded");
        assertThat(saOwn.exitCode()).as("%s", saOwn).isEqualTo(2);
        assertThat(saOwn.err()).contains("has the SA's signature (a01b) at link-local scope");
        CliRun notThere = umad("mcast", "join", "ff15:1234::1", "--once", "--transport", "embedded");
        assertThat(notThere.exitCode()).isEqualTo(1);
        assertThat(notThere.err()).contains("SA ERR_REQ_INSUFFICIENT_COMPONENTS",
                "the SA has no group ff15:1234:0000:0000:0000:0000:0000:0001: --create creates it");
        CliRun keyWithoutCreate = umad("mcast", "join", "ff15:1234::1", "--qkey", "7", "--transport", "embedded");
        assertThat(keyWithoutCreate.exitCode()).isEqualTo(2);
        assertThat(keyWithoutCreate.err()).contains("--qkey, --pkey and --sl name a group's values when --create");
    }

    /**
     * A join the SA finds invalid says what an SM refuses: here a 1xSDR port joining the IPoIB broadcast group, whose
     * rate (10 Gb/s, as OpenSM creates it) the port cannot have.
     */
    @Test
    void mcastJoinOfAGroupThePortCannotHaveSaysWhyTheSaRefused() {
        CliRun slow = umad("mcast", "join", "ff12:401b:ffff::ffff:ffff", "--once", "--transport", "embedded",
                "--topology", DiagsOracle.resource("topologies/mcast.net").toString(), "-C", "h3");
        assertThat(slow.exitCode()).as("%s", slow).isEqualTo(1);
        assertThat(slow.err()).contains("SA ERR_REQ_INVALID", "an SM refuses a join from a port outside the group's "
                + "partition", "from a port that cannot have the group's MTU or rate");
    }

    /**
     * --partitions gives the embedded SM an OpenSM partitions.conf: the partition's IPoIB group is there, a path
     * takes its P_Key (the first shared in OpenSM's order), and a file OpenSM would only warn about is a usage error
     * naming the option, the file and the line.
     */
    @Test
    void theEmbeddedSmMakesThePartitionsOfAPartitionsFile(@TempDir Path dir) throws Exception {
        Path conf = Files.writeString(dir.resolve("partitions.conf"),
                "Default=0x7fff, ipoib : ALL=limited, ALL_SWITCHES=full, SELF=full ;\nLab=0x0012, ipoib : ALL_CAS=full ;\n");
        assertThat(succeeds("mcast", "--transport", "embedded", "--partitions", conf.toString()).out())
                .contains("MGID....................ff12:401b:8012::ffff:ffff\n\t\tMlid....................0xC001\n");
        JsonNode paths = succeeds("sa", "paths", "--src-to-dst", "1:1", "--json", "--transport", "embedded",
                "--partitions", conf.toString()).json();
        assertThat(paths.get(0).get("pKey").asInt()).isEqualTo(0x8012);
        Path bad = Files.writeString(dir.resolve("bad.conf"), "# a file\nX=2, colour=red : ALL ;\n");
        CliRun refused = umad("mcast", "--transport", "embedded", "--partitions", bad.toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains("--partitions " + bad + ": partitions, line 2: unknown partition flag 'colour'");
    }

    @Test
    void mcastJoinAndLeaveRefuseBadValuesAsUsageErrors() {
        assertThat(umad("mcast", "join", "--transport", "embedded").exitCode()).isEqualTo(2);
        assertThat(umad("mcast", "join", "ff12", "--transport", "embedded").exitCode()).isEqualTo(2);
        CliRun badKey = umad("mcast", "join", "0xff12601bffff0000:0x42", "--create", "--qkey", "zz", "--transport",
                "embedded");
        assertThat(badKey.exitCode()).isEqualTo(2);
        assertThat(badKey.err()).contains("--qkey is not a number");
        assertThat(umad("mcast", "leave", "0xff12601bffff0000:0x42", "--join-state", "sometimes").exitCode())
                .isEqualTo(2);
    }

    @Test
    void autoTransportFallsBackToTheEmbeddedFabricAndSaysSo() {
        CliRun run = CliRun.run(Map.of("IBSIM_SOCKNAME", "umad-no-such-simulator"), "smp", "nodedesc", "-D", "0");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.err()).contains("using the embedded fabric");
        assertThat(run.out()).contains("host4 HCA-1");
    }

    /**
     * With umad devices there that this user cannot open (a dangling link stands for one here: root, as CI runs, reads
     * any file) and no simulator, a command fails saying so: answers from the embedded fabric would pass for the real
     * one's.
     */
    @Test
    void umadDevicesThatCannotBeReadAreAnErrorNotTheEmbeddedFabric(@TempDir Path dev) throws Exception {
        Files.createSymbolicLink(dev.resolve("umad0"), dev.resolve("gone"));
        Files.createSymbolicLink(dev.resolve("umad1"), dev.resolve("gone"));
        CliRun run = CliRun.runWithDevices(dev, Map.of("IBSIM_SOCKNAME", "umad-no-such-simulator"), "smp", "nodedesc",
                "-D", "0");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(UmadCli.EXIT_FAILED);
        assertThat(run.err()).contains("umad smp nodedesc: error: " + dev.resolve("umad0")
                + " and every other umad device cannot be read by this user").contains("no ibsim server answers")
                .contains("--transport embedded").doesNotContain("using the embedded fabric");
        assertThat(run.out()).isEmpty();
    }

    /**
     * LID 0 and a multicast LID name no port: every command that takes a destination refuses them as bad usage, as
     * the diag tools fail to resolve them (libibmad's IB_LID_VALID), instead of sending and waiting out the retries.
     */
    @Test
    void lidZeroAndMulticastLidsAreBadUsageForEveryDestination() {
        for (String lid : List.of("0", "0xc000", "65535")) {
            for (List<String> command : List.of(List.of("smp", "nodeinfo", lid), List.of("perf", lid),
                    List.of("ping", "-c", "1", lid), List.of("sysstat", lid), List.of("trace", "2", lid),
                    List.of("addr", lid), List.of("portstate", lid, "1"), List.of("sminfo", lid))) {
                List<String> args = new ArrayList<>(command);
                args.addAll(List.of("--transport", "embedded"));
                CliRun run = umad(args.toArray(String[]::new));
                assertThat(run.exitCode()).as("%s: %s", command, run).isEqualTo(2);
                assertThat(run.err()).as("%s", command).contains("not a unicast LID");
            }
        }
    }

    @Test
    void errorsAreOneLineWithANonZeroExit() {
        CliRun missing = umad("nodes-using", "no-such-switch", "1", "--transport", "embedded");
        assertThat(missing.exitCode()).isEqualTo(UmadCli.EXIT_FAILED);
        assertThat(missing.err().lines()).singleElement().asString()
                .startsWith("umad nodes-using: error: ").contains("no switch no-such-switch");
        assertThat(missing.out()).isEmpty();

        CliRun usage = umad("smpdump", "4");
        assertThat(usage.exitCode()).isEqualTo(2);
        assertThat(usage.err().lines()).singleElement().asString().contains("Missing required parameter").contains("--help");

        // A value the command or the library refuses is bad usage too: exit 2, one line pointing at --help.
        CliRun badRoute = umad("smp", "nodeinfo", "-D", "0,x", "--transport", "embedded");
        assertThat(badRoute.exitCode()).isEqualTo(2);
        assertThat(badRoute.err().lines()).singleElement().asString().contains("not a directed route")
                .endsWith("(try 'umad smp nodeinfo --help')");
        assertThat(umad("routes", "-D", "0", "--transport", "embedded").exitCode()).as("a CA is not a switch")
                .isEqualTo(2);
        assertThat(umad("trace", "one", "2", "--transport", "embedded").exitCode()).isEqualTo(2);
        for (String notAGroup : List.of("5", "0xffff", "99999")) {
            assertThat(umad("mcast", notAGroup, "--transport", "embedded").err()).as(notAGroup)
                    .contains("is not a multicast LID (0xC000 to 0xFFFE)");
        }
    }

    @Test
    void helpEverywhere() {
        for (String[] command : List.of(new String[] {"--help"}, new String[] {"demo", "--help"}, new String[] {"watch", "--help"},
                new String[] {"discover", "--help"}, new String[] {"smp", "portinfo", "--help"}, new String[] {"sa", "paths", "--help"},
                new String[] {"perf", "--help"}, new String[] {"routes", "--help"}, new String[] {"trace", "--help"},
                new String[] {"errors", "--help"}, new String[] {"links", "--help"},
                new String[] {"mcast", "--help"})) {
            CliRun run = succeeds(command);
            assertThat(run.out()).as(String.join(" ", command)).startsWith("Usage: umad");
        }
    }

    /**
     * sminfo with a modifier sends that SM control as a SubnSet(SMInfo) carrying -s, -p and -a, and the embedded SM
     * answers as OpenSM does: a master takes a handover from another master, and refuses (class-specific status 7)
     * what OpenSM refuses; -s, -p and -a without a modifier would go nowhere, and are refused before anything opens.
     */
    @Test
    void sminfoSendsAnSmControlWithAModifier() {
        String portGuid = FabricJson.hex(DEFAULT.requireNode("host1").portGuid(1));
        assertThat(succeeds("sminfo", "-s", "3", "1", "1", "--transport", "embedded").out())
                .matches("sminfo: sm lid 1 sm guid 0x[0-9a-f]+, activity count \\d+ priority 0 state 3 SMINFO_MASTER\n");
        assertThat(succeeds("sminfo", "-G", portGuid, "--transport", "embedded").out()).startsWith("sminfo: sm lid 1 ");
        for (String[] refused : new String[][] {{"sminfo", "1", "5"}, {"sminfo", "-s", "2", "1", "2"},
            {"sminfo", "-s", "3", "-p", "4", "-a", "7", "1", "3"}}) {
            CliRun run = umad(java.util.stream.Stream.concat(java.util.Arrays.stream(refused),
                    java.util.stream.Stream.of("--transport", "embedded")).toArray(String[]::new));
            assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
            assertThat(run.err()).contains("MAD status 0x0700");
        }
        CliRun nowhere = umad("sminfo", "-p", "3", "1", "--transport", "embedded");
        assertThat(nowhere.exitCode()).isEqualTo(2);
        assertThat(nowhere.err()).contains("give a MODIFIER (1-5)");
        CliRun unknownControl = umad("sminfo", "1", "6", "--transport", "embedded");
        assertThat(unknownControl.exitCode()).isEqualTo(2);
        assertThat(unknownControl.err()).contains("parameter MODIFIER: '6' is not 0 to 5");
    }
}
