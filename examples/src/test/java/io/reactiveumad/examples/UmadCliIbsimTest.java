package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.reactiveumad.IbsimTransport;
import io.reactiveumad.test.ibsim.DiagResult;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Each subcommand against ibsim + OpenSM: its {@code --json} values equal what the infiniband-diags tool
 * prints for the same query. Skips without ibsim/OpenSM unless {@code umad.requirePeers=true}.
 */
class UmadCliIbsimTest {
    /** Two switches with a doubled inter-switch link, four hosts: the bundled default fabric. */
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode(firstCa()).sweepSeconds(0));

    private static String firstCa() {
        return Topology.defaultTopology().nodes(io.reactiveumad.test.topology.NodeType.CA).get(0).id();
    }

    private static String otherCa() {
        return Topology.defaultTopology().nodes(io.reactiveumad.test.topology.NodeType.CA).get(1).id();
    }

    private static CliRun umad(String... args) {
        IbsimFabric fabric = FABRIC.fabric();
        String[] all = new String[args.length + 4];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(new String[] {"--transport", "ibsim", "--sim-host", otherCa()}, 0, all, args.length, 4);
        CliRun run = CliRun.run(Map.of(IbsimTransport.ENV_SOCKET_NAME, fabric.socketName()), all);
        assertThat(run.exitCode()).as("%s", run).isZero();
        return run;
    }

    private static DiagResult diag(String tool, String... args) {
        return FABRIC.fabric().diag(otherCa(), tool, args).requireSuccess();
    }

    private static int smLid() {
        return (int) diag("smpquery", "nodeinfo", "-D", "0").exitCode() == 0
                ? (int) diag("smpquery", "portinfo", "-D", "0", "1").number("SMLid") : 0;
    }

    @Test
    void smpNodeInfoEqualsSmpquery() {
        int lid = smLid();
        JsonNode ours = umad("smp", "nodeinfo", String.valueOf(lid), "--json").json();
        DiagResult theirs = diag("smpquery", "nodeinfo", String.valueOf(lid));
        assertThat(hex(ours, "nodeGuid")).isEqualTo(theirs.number("Guid"));
        assertThat(hex(ours, "portGuid")).isEqualTo(theirs.number("PortGuid"));
        assertThat(hex(ours, "systemImageGuid")).isEqualTo(theirs.number("SystemGuid"));
        assertThat(ours.get("numPorts").asLong()).isEqualTo(theirs.number("NumPorts"));
        assertThat(ours.get("localPortNum").asLong()).isEqualTo(theirs.number("LocalPort"));
        assertThat(ours.get("partitionCap").asLong()).isEqualTo(theirs.number("PartCap"));
        assertThat(ours.get("revision").asLong()).isEqualTo(theirs.number("Revision"));
    }

    @Test
    void smpDirectedRoutePortInfoEqualsSmpquery() {
        JsonNode ours = umad("smp", "portinfo", "-D", "0,1", "2", "--json").json();
        DiagResult theirs = diag("smpquery", "-D", "portinfo", "0,1", "2");
        assertThat(ours.get("lid").asLong()).isEqualTo(theirs.number("Lid"));
        assertThat(ours.get("masterSmLid").asLong()).isEqualTo(theirs.number("SMLid"));
        assertThat(ours.get("localPortNum").asLong()).isEqualTo(theirs.number("LocalPort"));
        assertThat(ours.get("lmc").asLong()).isEqualTo(theirs.number("LMC"));
        assertThat(ours.get("portState").asInt()).isEqualTo(4);
        assertThat(theirs.field("LinkState")).isEqualTo("Active");
        assertThat(ours.get("vlHighLimit").asLong()).isEqualTo(theirs.number("VLHighLimit"));
        assertThat(ours.get("hoqLife").asLong()).isEqualTo(theirs.number("HoqLife"));
    }

    @Test
    void smpNodeDescriptionAndSwitchInfoEqualSmpquery() {
        JsonNode desc = umad("smp", "nodedesc", "-D", "0,1", "--json").json();
        assertThat(desc.get("text").asText()).isEqualTo(diag("smpquery", "-D", "nodedesc", "0,1").field("Node Description"));

        JsonNode ours = umad("smp", "switchinfo", "-D", "0,1", "--json").json();
        DiagResult theirs = diag("smpquery", "-D", "switchinfo", "0,1");
        assertThat(ours.get("linearFdbCap").asLong()).isEqualTo(theirs.number("LinearFdbCap"));
        assertThat(ours.get("linearFdbTop").asLong()).isEqualTo(theirs.number("LinearFdbTop"));
        assertThat(ours.get("multicastFdbCap").asLong()).isEqualTo(theirs.number("McastFdbCap"));
        assertThat(ours.get("lifeTimeValue").asLong()).isEqualTo(theirs.number("LifeTime"));
    }

    @Test
    void perfCountersEqualPerfquery() {
        int lid = smLid();
        FABRIC.fabric().performanceSet(firstCa(), 1, "PortCounters.SymbolErrorCounter", 7);
        FABRIC.fabric().performanceSet(firstCa(), 1, "PortCounters.LinkDownedCounter", 3);
        JsonNode ours = umad("perf", String.valueOf(lid), "1", "--json").json();
        DiagResult theirs = diag("perfquery", String.valueOf(lid), "1");
        assertThat(ours.get("symbolErrorCounter").asLong()).isEqualTo(theirs.number("SymbolErrorCounter")).isEqualTo(7);
        assertThat(ours.get("linkDownedCounter").asLong()).isEqualTo(theirs.number("LinkDownedCounter")).isEqualTo(3);
        assertThat(ours.get("portRcvErrors").asLong()).isEqualTo(theirs.number("PortRcvErrors"));
    }

    @Test
    void saNodeAndLinkRecordsEqualSaquery() {
        int lid = smLid();
        JsonNode nodes = umad("sa", "nodes", "--lid", String.valueOf(lid), "--json").json();
        DiagResult nr = diag("saquery", "NR", String.valueOf(lid));
        assertThat(nodes).hasSize(1);
        assertThat(hex(nodes.get(0), "nodeInfo.nodeGuid")).isEqualTo(nr.number("node_guid"));
        assertThat(hex(nodes.get(0), "nodeInfo.portGuid")).isEqualTo(nr.number("port_guid"));
        assertThat(nodes.get(0).get("nodeDescription.text").asText()).isEqualTo(nr.field("NodeDescription"));

        JsonNode links = umad("sa", "links", "--lid", String.valueOf(lid), "--json").json();
        List<Map<String, String>> lr = diag("saquery", "LR", String.valueOf(lid)).records();
        assertThat(links).hasSameSizeAs(lr).isNotEmpty();
        for (int i = 0; i < lr.size(); i++) {
            assertThat(links.get(i).get("fromLid").asLong()).isEqualTo(lid).isEqualTo(Long.parseLong(lr.get(i).get("FromLID")));
            assertThat(links.get(i).get("fromPort").asLong()).isEqualTo(Long.parseLong(lr.get(i).get("FromPort")));
            assertThat(links.get(i).get("toPort").asLong()).isEqualTo(Long.parseLong(lr.get(i).get("ToPort")));
            assertThat(links.get(i).get("toLid").asLong()).isEqualTo(Long.parseLong(lr.get(i).get("ToLID")));
        }
    }

    /** The default fabric leaves switch ports 3..6 uncabled: iblinkinfo's Down/Polling lines too. */
    @Test
    void linksEqualIblinkinfo() {
        LinkReportAssert.assertSameLinks(umad("links", "--json").json(), umad("links").out(),
                diag("iblinkinfo").stdout(), Topology.defaultTopology().links().size());
    }

    @Test
    void discoverEqualsIbnetdiscover() {
        CliRun ours = umad("discover", "--outstanding", "8");
        DiagResult theirs = diag("ibnetdiscover");
        TopologyAssert.assertSameFabric(Topology.parse(ours.out()), Topology.parse(theirs.stdout()));
        assertThat(ours.err()).contains("umad discover:");
    }

    private static long hex(JsonNode node, String field) {
        String text = node.get(field).asText();
        return Long.parseUnsignedLong(text.substring(2), 16);
    }
}
