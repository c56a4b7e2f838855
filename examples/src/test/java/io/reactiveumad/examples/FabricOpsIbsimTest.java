package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.reactiveumad.poll.ibsim.IbsimEndpoint;
import io.reactiveumad.test.ibsim.DiagResult;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.FatTree;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The fabric operations against their infiniband-diags tools on ibsim + OpenSM, on a fat tree with three
 * spines, four leaves and every leaf cabled twice to every spine (parallel links, several equal-cost
 * paths): each command's {@code --json} carries what the Debian tool prints for the same question.
 * Skips without ibsim/OpenSM unless {@code umad.requirePeers=true}.
 */
class FabricOpsIbsimTest {
    private static final int LEAVES = 4;
    private static final int SPINES = 3;
    private static final int HOSTS_PER_LEAF = 3;
    private static final int LINKS_PER_SPINE = 2;
    /** Where our CLI and the diag tools attach: not the SM's node, under the last leaf. */
    private static final String HOST = "host-" + LEAVES * HOSTS_PER_LEAF;

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .topology(FatTree.generate(LEAVES, SPINES, HOSTS_PER_LEAF, LINKS_PER_SPINE)).smNode("host-1")
            .sweepSeconds(0).startTimeout(Duration.ofSeconds(120)));

    private static final Pattern IBROUTE_LINE =
            Pattern.compile("^0x([0-9a-f]{4}) (\\d{3}) : \\((.+) portguid 0x([0-9a-f]{16}): '(.*)'\\)$");
    private static final Pattern IBSWITCHES_LID = Pattern.compile(" lid (\\d+) lmc");

    static CliRun umad(String... args) {
        String[] all = new String[args.length + 4];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(new String[] {"--transport", "ibsim", "--sim-host", HOST}, 0, all, args.length, 4);
        CliRun run = CliRun.run(Map.of(IbsimEndpoint.ENV_SOCKET_NAME, FABRIC.fabric().socketName()), all);
        assertThat(run.exitCode()).as("%s", run).isZero();
        return run;
    }

    static DiagResult diag(String tool, String... args) {
        return FABRIC.fabric().diag(HOST, tool, args).requireSuccess();
    }

    /** The switches' LIDs as ibswitches lists them. */
    private static List<Integer> switchLids() {
        List<Integer> lids = new ArrayList<>();
        Matcher m = IBSWITCHES_LID.matcher(diag("ibswitches").stdout());
        while (m.find()) {
            lids.add(Integer.parseInt(m.group(1)));
        }
        assertThat(lids).hasSize(LEAVES + SPINES);
        return lids;
    }

    /** LIDs of a sample of ports: hosts under different leaves, a leaf and a spine. */
    private static List<Integer> sampleLids() {
        IbsimFabric fabric = FABRIC.fabric();
        Map<Long, Integer> lids = fabric.lidsByPortGuid();
        List<Integer> sample = new ArrayList<>();
        for (String node : List.of("host-1", "host-5", HOST, "leaf-2", "spine-3")) {
            var n = fabric.topology().requireNode(node);
            sample.add(lids.get(n.portGuid(n.isSwitch() ? 0 : 1)));
        }
        return sample;
    }

    private static final Pattern TRACE_END =
            Pattern.compile("^(From|To) (\\S+) \\{0x([0-9a-f]{16})\\} portnum (\\d+) lid (\\d+)-(\\d+) \"(.*)\"$");
    private static final Pattern TRACE_HOP =
            Pattern.compile("^\\[(\\d+)\\] -> (\\S+) port \\{0x([0-9a-f]{16})\\}\\[(\\d+)\\] lid (\\d+)-(\\d+) \"(.*)\"$");

    @Test
    void tracesBetweenHostsAndSwitchesEqualIbtracert() {
        List<Integer> lids = sampleLids();
        for (int from : lids) {
            for (int to : lids) {
                DiagResult theirs = diag("ibtracert", String.valueOf(from), String.valueOf(to));
                List<String> expected = new ArrayList<>();
                for (String line : theirs.stdout().split("\n")) {
                    Matcher end = TRACE_END.matcher(line);
                    Matcher hop = TRACE_HOP.matcher(line);
                    if (end.matches()) {
                        expected.add(String.format("%s 0x%s %s %s %s", end.group(1), end.group(3), end.group(4),
                                end.group(5), end.group(7)));
                    } else if (hop.matches()) {
                        expected.add(String.format("[%s] 0x%s %s %s %s", hop.group(1), hop.group(3), hop.group(4),
                                hop.group(5), hop.group(7)));
                    }
                }
                JsonNode ours = umad("trace", String.valueOf(from), String.valueOf(to), "--json").json();
                List<String> actual = new ArrayList<>();
                actual.add(endOf("From", ours.get("from"), "nodeGuid"));
                for (JsonNode hop : ours.get("hops")) {
                    actual.add(String.format("[%d] %s %d %d %s", hop.get("egressPort").asInt(), hop.get("portGuid").asText(),
                            hop.get("port").asInt(), hop.get("lid").asInt(), hop.get("description").asText()));
                }
                actual.add(endOf("To", ours.get("to"), "nodeGuid"));
                assertThat(actual).as("trace %d -> %d", from, to).isEqualTo(expected);
                assertThat(umad("trace", String.valueOf(from), String.valueOf(to)).out()).isEqualTo(theirs.stdout());
            }
        }
    }

    private static String endOf(String prompt, JsonNode end, String guid) {
        return String.format("%s %s %d %d %s", prompt, end.get(guid).asText(), end.get("port").asInt(),
                end.get("lid").asInt(), end.get("description").asText());
    }

    @Test
    void routesOfEverySwitchEqualIbroute() {
        for (int lid : switchLids()) {
            JsonNode ours = umad("routes", String.valueOf(lid), "--json").json();
            List<String> theirs = new ArrayList<>();
            for (String line : diag("ibroute", String.valueOf(lid)).stdout().split("\n")) {
                Matcher m = IBROUTE_LINE.matcher(line);
                if (m.matches()) {
                    theirs.add(String.format("%d %d %s 0x%s %s", Integer.parseInt(m.group(1), 16),
                            Integer.parseInt(m.group(2)), m.group(3), m.group(4), m.group(5)));
                }
            }
            List<String> mine = new ArrayList<>();
            for (JsonNode r : ours.get("routes")) {
                JsonNode d = r.get("destination");
                mine.add(String.format("%d %d %s %s %s", r.get("lid").asInt(), r.get("port").asInt(),
                        d.get("nodeType").asText(), d.get("portGuid").asText(), d.get("description").asText()));
            }
            assertThat(mine).as("routes of switch lid %d", lid).isEqualTo(theirs)
                    .hasSize(LEAVES + SPINES + LEAVES * HOSTS_PER_LEAF);
        }
    }
}
