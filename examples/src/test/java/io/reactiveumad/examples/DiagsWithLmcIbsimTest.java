package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.ibsim.DiagResult;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.Port;
import io.reactiveumad.test.topology.Topology;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fabric tools' text equals infiniband-diags' where OpenSM gives every CA port two LIDs (LMC 1), on a
 * line of switches with ports up to 36, a doubled cable, a two-port HCA on two switches and one with a port
 * unconnected: ibroute marks a port's second LID as its second path (with the port's GUID), ibtracert
 * follows either LID, and discovery and the link and error reports print the LMC as the tools do.
 */
class DiagsWithLmcIbsimTest {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(DiagsOracle.resource("topologies/line-of-36-port-switches.net")).smNode("node-02").lmc(1)
            .sweepSeconds(0).startTimeout(Duration.ofMinutes(1)));

    @BeforeAll
    static void setErrorCounters() {
        FABRIC.fabric().performanceSet("lonely", 1, "PortCounters.LinkDownedCounter", 2);
        FABRIC.fabric().performanceSet("SW-B", 20, "PortCounters.PortRcvErrors", 3);
    }

    @ParameterizedTest
    @ValueSource(strings = {"node-02", "node-01 mlx5_0", "lonely"})
    void discoverLinksAndErrorsPrintTheToolsTextFrom(String local) {
        IbsimFabric fabric = FABRIC.fabric();
        assertThat(DiagsOracle.undated(umad(local, 0, "discover").out()))
                .isEqualTo(DiagsOracle.undated(fabric.diag(local, "ibnetdiscover").requireSuccess().stdout()))
                .contains("lmc 1");
        assertThat(umad(local, 0, "links").out()).isEqualTo(fabric.diag(local, "iblinkinfo").requireSuccess().stdout());
        DiagResult errors = fabric.diag(local, "ibqueryerrors", "-r");
        assertThat(umad(local, errors.exitCode(), "errors", "-r").out()).isEqualTo(errors.stdout());
    }

    /**
     * iblinkinfo's ways of choosing and printing: line mode (-l), node types, down ports, one node by port GUID (a
     * CA's, as the tool's partial scan sees it: no far end) or by directed route (a CA at the end of a route is
     * linked, as the tool's partial scan links it, to the node one hop back at the port the route entered it by),
     * and ibqueryerrors -r's link line for such a CA. (The tools' -G of a switch waits for ever under umad2sim.)
     */
    @ParameterizedTest
    @ValueSource(strings = {"-l", "--switches-only", "--cas-only -l", "-d -l", "-G 0x10000a", "-G 0x100002 -l", "-D 0",
        "-D 0 -l", "-D 0,1,1", "-D 0,1,35", "-D 0,1,35,11"})
    void linksChooseAndPrintAsIblinkinfo(String options) {
        String[] args = options.split(" ");
        assertThat(umad("node-02", 0, "links", args).out()).as("links %s", options)
                .isEqualTo(FABRIC.fabric().diag("node-02", "iblinkinfo", args).requireSuccess().stdout());
    }

    /** From a switch too: a CA one hop away by route is linked to nothing (the switch was entered by no port). */
    @ParameterizedTest
    @ValueSource(strings = {"-D 0", "-D 0,11", "-D 0,1", "-D 0,20,3", "-l"})
    void linksFromASwitchChooseAsIblinkinfo(String options) {
        String[] args = options.split(" ");
        assertThat(umad("SW-B", 0, "links", args).out()).as("links %s from SW-B", options)
                .isEqualTo(FABRIC.fabric().diag("SW-B", "iblinkinfo", args).requireSuccess().stdout());
    }

    @ParameterizedTest
    @ValueSource(strings = {"node-02|0,1,35,11", "SW-B|0,11", "SW-B|0,20,3"})
    void errorsReportTheLinkOfACaNamedByARouteAsIbqueryerrors(String fromAndRoute) {
        String from = fromAndRoute.split("\\|")[0];
        String route = fromAndRoute.split("\\|")[1];
        DiagResult theirs = FABRIC.fabric().diag(from, "ibqueryerrors", "-r", "-D", route);
        assertThat(umad(from, theirs.exitCode(), "errors", "-r", "-D", route).out()).as("errors -r -D %s from %s", route, from)
                .isEqualTo(theirs.stdout());
    }

    /** ibnetdiscover's node lists (the last of -l, -H, -S, -R counts) and ports report (-p, which wins over them). */
    @ParameterizedTest
    @ValueSource(strings = {"node-02|-l", "node-02|-H", "node-02|-S", "node-02|-R", "node-02|-S -H", "node-02|-p",
        "node-02|-l -p", "SW-B|-p", "SW-B|-l"})
    void discoverListsAndReportsPortsAsIbnetdiscover(String fromAndOptions) {
        String from = fromAndOptions.split("\\|")[0];
        String[] args = fromAndOptions.split("\\|")[1].split(" ");
        assertThat(umad(from, 0, "discover", args).out()).as("discover %s from %s", String.join(" ", args), from)
                .isEqualTo(FABRIC.fabric().diag(from, "ibnetdiscover", args).requireSuccess().stdout());
    }

    /**
     * routes -G names the switch by a port GUID, resolved through the SA: the text is ibroute's for its LID (the
     * tool's own -G waits for ever on a switch's GUID under umad2sim); a LID given in hex is named in decimal.
     */
    @Test
    void routesOfASwitchNamedByGuidAreIbroutesOfItsLid() {
        for (String sw : List.of("SW-A big", "SW-B")) {
            Node node = Topology.parse(FABRIC.fabric().diag("node-02", "ibnetdiscover").requireSuccess().stdout())
                    .nodes().stream().filter(n -> n.description().equals(sw)).findFirst().orElseThrow();
            String guid = String.format("0x%x", node.portGuid(0));
            String lid = String.valueOf(node.ports().get(0).lid());
            assertThat(umad("node-02", 0, "routes", "-G", guid).out()).as("routes -G %s", guid)
                    .isEqualTo(FABRIC.fabric().diag("node-02", "ibroute", lid).requireSuccess().stdout());
            String hex = String.format("0x%x", node.ports().get(0).lid());
            assertThat(umad("node-02", 0, "routes", hex).out()).as("a LID in hex is named in decimal, as ibroute names it")
                    .isEqualTo(FABRIC.fabric().diag("node-02", "ibroute", hex).requireSuccess().stdout());
        }
    }

    /**
     * smpquery's P_Key, GUID, SL to VL and VL arbitration tables, by LID and by route (-D before the operation, as
     * smpquery takes it, or after it), on a CA and on a switch (every input port; its base port 0, which has no VL
     * arbitration), its aliases in any case.
     */
    @ParameterizedTest
    @ValueSource(strings = {"pkeys 2", "pkeys 4 1", "PKeys 4", "gi 2", "GI 4", "-D pkeys 0,1 3", "-D guidinfo 0",
        "sl2vl 2", "SL2VL 4 3", "-D sl2vltable 0,1 35", "vlarb 2", "VLArb 4", "vlarb 4 35", "-D vlarbitration 0,1 2",
        "-D vlarb 0"})
    void smpPrintsTheTablesAsSmpquery(String options) {
        String[] theirs = options.split(" ");
        List<String> ours = new ArrayList<>(List.of(theirs));
        if (ours.get(0).equals("-D") && ours.get(1).startsWith("g")) {
            ours.add(2, ours.remove(0)); // after the operation works too
        }
        assertThat(umad("node-02", 0, "smp", ours.toArray(String[]::new)).out()).as("smp %s", options)
                .isEqualTo(FABRIC.fabric().diag("node-02", "smpquery", theirs).requireSuccess().stdout());
    }

    /** Every switch, with every LID shown (-a): the second LID of each CA port is "path #2 out of 2". */
    /** dump-fts on the LMC fabric: each port's second LID is a path of it, on every switch, as dump_fts prints it. */
    @ParameterizedTest
    @ValueSource(strings = {"node-02|", "node-02|-a", "SW-B|-n"})
    void dumpFtsPrintsThePathsOfEveryLidOnEverySwitch(String fromAndOptions) {
        String[] parts = fromAndOptions.split("\\|", -1);
        String[] args = parts[1].isEmpty() ? new String[0] : parts[1].split(" ");
        assertThat(umad(parts[0], 0, "dump-fts", args).out()).as("dump-fts %s from %s", parts[1], parts[0])
                .isEqualTo(FABRIC.fabric().diag(parts[0], "dump_fts", args).requireSuccess().stdout())
                .contains(parts[1].isEmpty() ? "(path #2 out of 2: portguid" : "lids dumped");
    }

    @Test
    void routesPrintIbroutesPathsOfEveryLid() {
        for (int lid : lids(true)) {
            String theirs = FABRIC.fabric().diag("node-02", "ibroute", "-a", String.valueOf(lid)).requireSuccess().stdout();
            assertThat(umad("node-02", 0, "routes", String.valueOf(lid), "-a").out()).as("routes %d -a", lid)
                    .isEqualTo(theirs).contains("(path #2 out of 2: portguid 0x");
            assertThat(umad("node-02", 0, "routes", String.valueOf(lid)).out()).as("routes %d", lid)
                    .isEqualTo(FABRIC.fabric().diag("node-02", "ibroute", String.valueOf(lid)).requireSuccess().stdout());
        }
    }

    /** Between every pair of CA LIDs (both of each port's) and to each switch. */
    @Test
    void tracePrintsIbtracertsTextForEitherLidOfAPort() {
        List<Integer> from = lids(false);
        List<Integer> to = new ArrayList<>(from);
        to.addAll(lids(true));
        assertThat(from).as("six connected CA ports, two LIDs each").hasSize(12);
        for (int a : from) {
            for (int b : to) {
                if (a == b) {
                    continue;
                }
                DiagResult theirs = FABRIC.fabric().diag("node-02", "ibtracert", String.valueOf(a), String.valueOf(b));
                CliRun ours = umad("node-02", theirs.exitCode() == 0 ? 0 : 1, "trace", String.valueOf(a), String.valueOf(b));
                assertThat(ours.out()).as("trace %d %d", a, b).isEqualTo(theirs.stdout());
            }
        }
    }

    /**
     * ibtracert's simple format (-n) and port GUID ends (-G, resolved through the SA; CA ports only: the tool's SA
     * query for a switch's waits for ever under umad2sim).
     */
    @ParameterizedTest
    @ValueSource(strings = {"-n 2 14", "-n 8 3", "-G 0x100004 0x100006", "-n -G 0x100004 0x10000a", "-L 2 18"})
    void traceTakesIbtracertsAddressesAndFormats(String options) {
        String[] args = options.split(" ");
        assertThat(umad("node-02", 0, "trace", args).out()).as("trace %s", options)
                .isEqualTo(FABRIC.fabric().diag("node-02", "ibtracert", args).requireSuccess().stdout());
    }

    /** The switches' LIDs, or every LID of every connected CA port (base LID and base + 1). */
    private static List<Integer> lids(boolean switches) {
        Topology line = Topology.parse(FABRIC.fabric().diag("node-02", "ibnetdiscover").requireSuccess().stdout());
        TreeSet<Integer> lids = new TreeSet<>();
        for (Node node : line.nodes()) {
            if (node.isSwitch() != switches) {
                continue;
            }
            for (Port port : node.ports()) {
                if (port.lid() > 0) {
                    for (int path = 0; path < 1 << port.lmc(); path++) {
                        lids.add(port.lid() + path);
                    }
                }
            }
        }
        return List.copyOf(lids);
    }

    /**
     * nodes-using prints ibfindnodesusing's text for a switch port cabled to a host (whose own table routes nothing
     * back), each port of the doubled cable, a cable between two switches, and a port with no cable: each host listed
     * once though it has two LIDs (ibroute's text calls the second a path of the first), the two-port HCA under its one
     * name, the hosts grouped as the script groups them.
     */
    @ParameterizedTest
    @ValueSource(strings = {"SW-A big|1", "SW-A big|34", "SW-A big|35", "SW-A big|36", "SW-A big|2", "SW-B|1",
        "SW-B|2", "SW-B|11", "SW-B|20", "SW-CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC|20"})
    void nodesUsingPrintsIbfindnodesusingsText(String switchAndPort, @TempDir Path cache) throws Exception {
        String sw = switchAndPort.split("\\|")[0];
        String port = switchAndPort.split("\\|")[1];
        String guid = String.format("0x%016x", FABRIC.fabric().topology().requireNode(sw).nodeGuid());
        assertThat(umad("node-02", 0, "nodes-using", guid, port).out()).isEqualTo(ibfindnodesusing(cache, guid, port));
    }

    /**
     * A switch named by its name (one with a space here), which ibfindnodesusing formats as a GUID and never finds:
     * the text it prints for the switch's GUID. A name no switch has is an error naming it.
     */
    @Test
    void nodesUsingFindsASwitchByName(@TempDir Path cache) throws Exception {
        String guid = String.format("0x%016x", FABRIC.fabric().topology().requireNode("SW-A big").nodeGuid());
        assertThat(umad("node-02", 0, "nodes-using", "SW-A big", "35").out())
                .isEqualTo(ibfindnodesusing(cache, guid, "35")).startsWith(guid + " 35 (\"SW-A big\" base)  ==>>  ").contains("node-03");
        assertThat(umad("node-02", 1, "nodes-using", "SW-Z", "1").err())
                .contains("no switch SW-Z (by node GUID or name) among the 3 switches discovered");
    }

    private static String ibfindnodesusing(Path cache, String guid, String port) throws Exception {
        DiagsScript.require("ibfindnodesusing");
        DiagsScript.Result theirs = DiagsScript.run(FABRIC.fabric(), "node-02", cache, "ibfindnodesusing",
                List.of("-R", guid, port));
        assertThat(theirs.exitCode()).as("%s", theirs).isZero();
        return theirs.stdout();
    }

    private static CliRun umad(String local, int exitCode, String command, String... more) {
        return DiagsOracle.umad(FABRIC.fabric(), local, exitCode, command, more);
    }
}
