package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code umad mcast join MGID --create} in its own JVM, holding a group it created: OpenSM is killed and
 * restarted on the same node and forgets every group; without anyone touching the command, the group and
 * the member are back in {@code saquery -m} (asked with OpenSM's SM_Key, so it names the members), and the
 * command printed a "rejoined" line. SIGTERM then leaves the group (the JVM's exit hook), and OpenSM drops
 * it. Its own fabric, since it restarts the SM.
 */
class McastJoinAfterSmRestartIT {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final String MGID = "0xff12601bffff0000:0x0000000000000a17";
    /** The MGID as saquery prints it. */
    private static final String SAQUERY_MGID = "ff12:601b:ffff::a17";
    /** OpenSM's default SM_Key: a request that carries it is trusted and sees every member's PortGid. */
    private static final String OPENSM_SM_KEY = "1";

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(1));

    @Test
    void aHeldJoinIsBackAtOpenSmAfterItRestartedAndLeavesOnSigterm() throws Exception {
        IbsimFabric fabric = FABRIC.fabric();
        String host4 = String.format("%016x", fabric.topology().requireNode("host4").portGuid(1));
        CliProcess join = CliProcess.start(fabric, "mcast-join", "mcast", "join", MGID, "--create", "--qkey", "0x0b1b",
                "--audit", "1", "--json", "--transport", "ibsim", "--sim-host", "host4");
        Path out = join.out();
        try {
            await("the join in saquery -m").atMost(DEADLINE).until(() -> membersOf(fabric).contains(host4));
            await("the joined line").atMost(DEADLINE).until(() -> !events(out).isEmpty());
            assertThat(events(out)).as(Files.readString(out)).containsExactly("joined");
            JsonNode joined = CliRunJson.parse(Files.readString(out).lines().findFirst().orElseThrow());
            assertThat(hex(joined.get("mgid").asText())).isEqualTo(hex(SAQUERY_MGID));

            fabric.restartSm();
            try {
                await("the rejoin in saquery -m after OpenSM restarted").atMost(DEADLINE)
                        .until(() -> membersOf(fabric).contains(host4));
            } catch (org.awaitility.core.ConditionTimeoutException e) {
                throw new AssertionError("not rejoined; the command's output:\n" + join.stdout() + join.stderr()
                        + "saquery -m:\n"
                        + fabric.diag("host2", "saquery", "-m", "--smkey", OPENSM_SM_KEY).stdout(), e);
            }
            assertThat(join.process().isAlive()).as("the join command still holds").isTrue();
            await("a rejoined line").atMost(DEADLINE).until(() -> events(out).contains("rejoined"));
        } finally {
            join.process().destroy();
            assertThat(join.process().waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)).as("exited on SIGTERM").isTrue();
        }
        await("the leave at exit").atMost(DEADLINE).until(() -> !membersOf(fabric).contains(host4));
    }

    private static List<String> events(Path out) throws IOException {
        return Files.readString(out).lines().map(line -> CliRunJson.parse(line).get("event").asText()).toList();
    }

    /** The members of our group as trusted saquery -m prints them: their port GIDs in hex, space-separated. */
    private static String membersOf(IbsimFabric fabric) throws Exception {
        String listing = fabric.diag("host2", "saquery", "-m", "--smkey", OPENSM_SM_KEY).requireSuccess().stdout();
        StringBuilder members = new StringBuilder();
        String mgid = null;
        for (String line : listing.split("\n")) {
            String[] field = line.strip().split("\\.+", 2);
            if (field.length == 2 && field[0].equals("MGID")) {
                mgid = field[1];
            } else if (field.length == 2 && field[0].equals("PortGid") && mgid != null
                    && hex(mgid).equals(hex(SAQUERY_MGID))) {
                members.append(hex(field[1])).append(' ');
            }
        }
        return members.toString();
    }

    /** A GID in IPv6 notation (saquery's) or ours, as 32 hex digits. */
    private static String hex(String gid) throws Exception {
        return java.util.HexFormat.of().formatHex(java.net.InetAddress.getByName(gid).getAddress());
    }
}
