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
