package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.reactiveumad.client.Multicast;
import io.reactiveumad.examples.cli.CommandLine;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.client.Services;
import io.reactiveumad.mad.sa.ServiceRecord;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.poll.ibsim.IbsimEndpoint;
import io.reactiveumad.test.ibsim.DiagResult;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.FatTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
        return umadExits(0, args);
    }

    static CliRun umadExits(int exitCode, String... args) {
        String[] all = new String[args.length + 4];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(new String[] {"--transport", "ibsim", "--sim-host", HOST}, 0, all, args.length, 4);
        CliRun run = CliRun.run(Map.of(IbsimEndpoint.ENV_SOCKET_NAME, FABRIC.fabric().socketName()), all);
        assertThat(run.exitCode()).as("%s", run).isEqualTo(exitCode);
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

    /**
     * cc prints ibccquery's lines for what ibsim's agents answer, on hosts, a leaf and a spine, by LID and by port GUID
     * (-G). ibsim hands class 0x21 to its SMA's handlers by the class's low bits: the attributes compared here come back
     * all zero, or with the status its SMA's handler gives (CongestionKeyInfo is SwitchInfo's ID, refused by a CA), and
     * ClassPortInfo, CongestionLog and Timestamp not at all. So what this compares is the layout (the header, each
     * field's name and width, the port, SL and entry lines), and that where ibccquery fails cc fails too (exit 1);
     * {@code CcCommandTest} has a value in every field, on the embedded fabric's agents.
     */
    @Test
    void ccPrintsIbccquerysLinesForWhatIbsimAnswers() {
        List<Integer> lids = sampleLids();
        for (int lid : lids) {
            for (String op : List.of("CongestionInfo", "CK", "ss", "CS", "CT")) {
                String l = String.valueOf(lid);
                DiagResult theirs = FABRIC.fabric().diag(HOST, "ibccquery", op, l);
                CliRun ours = umadExits(theirs.exitCode() == 0 ? 0 : 1, "cc", op, l);
                if (theirs.exitCode() == 0) {
                    assertThat(ours.out()).as("cc %s %s", op, l).isEqualTo(theirs.stdout());
                }
            }
        }
        for (int lid : switchLids().subList(0, 2)) {
            String l = String.valueOf(lid);
            assertThat(umad("cc", "SP", l).out()).isEqualTo(diag("ibccquery", "SP", l).stdout()).contains("Port:");
            assertThat(umad("cc", "SwitchPortCongestionSetting", l, "3").out())
                    .isEqualTo(diag("ibccquery", "SwitchPortCongestionSetting", l, "3").stdout());
        }
        var host = FABRIC.fabric().topology().requireNode("host-5");
        String guid = String.format("0x%x", host.portGuid(1));
        assertThat(umad("cc", "-G", "CI", guid).out()).isEqualTo(diag("ibccquery", "-G", "CI", guid).stdout());
        assertThat(umadExits(2, "cc", "SP", String.valueOf(lids.get(0))).err()).contains("is not a switch");
        assertThat(FABRIC.fabric().diag(HOST, "ibccquery", "SP", String.valueOf(lids.get(0))).stdout())
                .contains("destination not a switch");
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

    private static final Pattern ERRORS_HEADER = Pattern.compile("^Errors for (?:0x[0-9a-f]+ )?\"(.*)\"$");
    private static final Pattern ERRORS_PORT = Pattern.compile("^   GUID (0x[0-9a-f]+) port (\\w+):(.*)$");
    private static final Pattern ERRORS_SUMMARY = Pattern.compile(
            "(\\d+) nodes checked, (\\d+) bad nodes found\\n##\\s+(\\d+) ports checked, (\\d+) ports have errors");

    /**
     * Counters set on a host port, a leaf's two parallel up-links to one spine and a spine's down-link:
     * the same ports, counters and summary as ibqueryerrors; then with thresholds; then {@code --clear --yes}
     * leaves ibqueryerrors nothing to report.
     */
    @Test
    void errorSweepEqualsIbqueryerrorsThenClears(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        IbsimFabric fabric = FABRIC.fabric();
        fabric.performanceSet("host-5", 1, "PortCounters.SymbolErrorCounter", 7);
        fabric.performanceSet("leaf-2", HOSTS_PER_LEAF + 1, "PortCounters.LinkDownedCounter", 3);
        fabric.performanceSet("leaf-2", HOSTS_PER_LEAF + 2, "PortCounters.LinkDownedCounter", 2);
        fabric.performanceSet("leaf-2", HOSTS_PER_LEAF + 2, "PortCounters.PortRcvErrors", 40);
        fabric.performanceSet("spine-3", 2, "PortCounters.PortXmitDiscards", 11);

        assertSameErrors(umadExits(1, "errors", "--json").json(), ibqueryerrors(), 4);

        Files.writeString(dir.resolve("thresholds"), "# as ibqueryerrors reads them\nPortRcvErrors=39\n"
                + "LinkDownedCounter=2\n");
        DiagResult thresholded = ibqueryerrors("--threshold-file", dir.resolve("thresholds").toString());
        JsonNode ours = umadExits(1, "errors", "--threshold-file", dir.resolve("thresholds").toString(), "--json").json();
        assertSameErrors(ours, thresholded, 4);
        assertThat(ours.get("nodes").toString()).as("LinkDownedCounter 2 is not above 2").doesNotContain("\"LinkDownedCounter\":2");
        assertThat(ours.get("summary").get("thresholds").get("PortRcvErrors").asLong()).isEqualTo(39);

        assertThat(umadExits(2, "errors", "--clear").err()).contains("--yes");
        umadExits(1, "errors", "--clear", "--yes");
        assertSameErrors(umad("errors", "--json").json(), ibqueryerrors(), 0);
    }

    /**
     * ibqueryerrors exits 1 when it found errors, like our command. Debian's ibqueryerrors under umad2sim
     * now and then dies of SIGSEGV (exit 139, no output; seen once with --threshold-file in CI): a run the
     * oracle did not finish is run again, at most twice more; an answer it did give is never retried.
     */
    private static DiagResult ibqueryerrors(String... args) {
        DiagResult run = FABRIC.fabric().diag(HOST, "ibqueryerrors", args);
        for (int rerun = 0; rerun < 2 && run.exitCode() > 128; rerun++) {
            run = FABRIC.fabric().diag(HOST, "ibqueryerrors", args);
        }
        assertThat(run.exitCode()).as("%s", run).isIn(0, 1);
        assertThat(run.stderr()).isEmpty();
        return run;
    }

    /** Our JSON names the same nodes, ports and counter values as ibqueryerrors' text, and the same summary. */
    private static void assertSameErrors(JsonNode ours, DiagResult theirs, int badPorts) {
        List<String> expected = new ArrayList<>();
        String node = null;
        for (String line : theirs.stdout().split("\n")) {
            Matcher header = ERRORS_HEADER.matcher(line);
            Matcher port = ERRORS_PORT.matcher(line);
            if (header.matches()) {
                node = header.group(1);
            } else if (port.matches()) {
                expected.add(node + " " + port.group(1) + " " + port.group(2) + port.group(3));
            }
        }
        List<String> actual = new ArrayList<>();
        for (JsonNode n : ours.get("nodes")) {
            for (JsonNode p : n.get("errors")) {
                StringBuilder line = new StringBuilder(n.get("description").asText() + " 0x"
                        + Long.toHexString(Long.parseUnsignedLong(p.get("portGuid").asText().substring(2), 16)) + " "
                        + p.get("port").asText());
                p.get("counters").fields().forEachRemaining(c -> line.append(" [").append(c.getKey()).append(" == ")
                        .append(c.getValue().asLong()).append(']'));
                actual.add(line.toString());
            }
            assertThat(n.get("failures")).isEmpty();
        }
        assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
        Matcher summary = ERRORS_SUMMARY.matcher(theirs.stdout());
        assertThat(summary.find()).as(theirs.stdout()).isTrue();
        JsonNode s = ours.get("summary");
        assertThat(s.get("nodesChecked").asInt()).isEqualTo(Integer.parseInt(summary.group(1)))
                .isEqualTo(LEAVES + SPINES + LEAVES * HOSTS_PER_LEAF);
        assertThat(s.get("badNodes").asInt()).isEqualTo(Integer.parseInt(summary.group(2)));
        assertThat(s.get("portsChecked").asInt()).isEqualTo(Integer.parseInt(summary.group(3)));
        assertThat(s.get("badPorts").asInt()).isEqualTo(Integer.parseInt(summary.group(4))).isEqualTo(badPorts);
    }

    /**
     * Two hosts join a group through our Multicast client (OpenSM creates it on the first join): {@code mcast
     * --json} lists the same records (MGID, MLID, port GID, join state) as {@code saquery -m}; after both
     * leave, the group is gone from both.
     */
    @Test
    void mcastEqualsSaqueryAfterJoinsAndLeaves() throws Exception {
        Gid group = new Gid(0xff12_601b_ffff_0000L, 0x0000_0000_0000_0777L);
        List<io.reactiveumad.MadPort> ports = new ArrayList<>();
        try {
            for (String host : List.of("host-2", "host-7")) {
                io.reactiveumad.MadPort port = io.reactiveumad.Umad.open(FABRIC.fabric().transport(host))
                        .block(Duration.ofSeconds(30));
                ports.add(port);
                SaClient sa = SaClient.of(port);
                Gid me = port.attributes().gids().get(0);
                // The library's creation request: the broadcast group's Q_Key, P_Key, SL, FlowLabel and TClass, which
                // OpenSM wants of an IPoIB group.
                Multicast mc = Multicast.over(sa);
                mc.creation(group, me, McMemberRecord.JOIN_FULL_MEMBER)
                        .flatMap(request -> mc.join(request, McMemberRecord.Component.CREATE))
                        .block(Duration.ofSeconds(30));
                sa.dispose();
            }
            // OpenSM's IPoIB broadcast group and ours; the text is saquery -m's, line for line.
            assertSameMembers(umad("mcast", "--json").json(), diag("saquery", "-m").stdout(), 2);
            assertThat(umad("mcast").out()).isEqualTo(diag("saquery", "-m").stdout());
            // saquery's own spelling reaches the same listing.
            assertThat(umad("sa", "-m").out()).isEqualTo(diag("saquery", "-m").stdout());
            // saquery -m MLID: the group's members alone, a line each; with OpenSM's SM_Key each member's own (host-2
            // and host-7), without it one line for the group, its PortGid zero.
            String mlid = umad("mcast", "--mgid", "0xff12601bffff0000:0x0000000000000777", "--json").json().get(0)
                    .get("mlid").asText();
            assertThat(umad("sa", "-m", mlid).out()).isEqualTo(diag("saquery", "-m", mlid).stdout());
            assertThat(umad("mcast", mlid).out()).isEqualTo(diag("saquery", "-m", mlid).stdout())
                    .isEqualTo("\t\tPortGid.................:: (<unknown>)\n");
            assertThat(umad("mcast", "--smkey", "1", mlid).out()).isEqualTo(diag("saquery", "--smkey", "1", "-m", mlid).stdout())
                    .contains("\t\tPortGid.................fe80::").hasLineCount(2);
            // saquery's MCMemberRecord filters, options before the query name as saquery takes them.
            String member = SaText.gid(ports.get(0).attributes().gids().get(0));
            for (String[] filter : new String[][] {{"--mlid", mlid}, {"--gid", member}, {"--gid", member, "--mlid", mlid},
                {"-J", "1", "--mgid", "ff12:601b:ffff::777"}, {"-q", "0x0b1b", "--sl", "0", "--pkey", "0xffff"}}) {
                List<String> args = new ArrayList<>(List.of("--smkey", "1"));
                args.addAll(List.of(filter));
                args.add("MCMR");
                String[] argv = args.toArray(String[]::new);
                List<String> ours = new ArrayList<>(List.of("sa"));
                ours.addAll(args);
                assertThat(umad(ours.toArray(String[]::new)).out()).as("sa %s", args)
                        .isEqualTo(diag("saquery", argv).stdout()).contains("MCMember Record dump:");
            }
            assertThat(umad("sa", "groups").out()).isEqualTo(diag("saquery", "-g").stdout())
                    .contains("MCMemberRecord group dump:");
            // OpenSM programs the switches' multicast tables after the joins, on its own time: once it has, the
            // MFTRs are saquery MFTR's, with each switch's port masks.
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30))
                    .until(() -> umad("sa", "MFTR").out().contains("MFT Record dump:"));
            assertThat(umad("sa", "MFTR").out()).isEqualTo(diag("saquery", "MFTR").stdout()).contains("\t\t0xc001\t0x");
            for (io.reactiveumad.MadPort port : ports) {
                SaClient sa = SaClient.of(port);
                Multicast.over(sa).leave(group, port.attributes().gids().get(0), McMemberRecord.JOIN_FULL_MEMBER)
                        .block(Duration.ofSeconds(30));
                sa.dispose();
            }
            // The last member left: OpenSM deleted our group.
            assertSameMembers(umad("mcast", "--json").json(), diag("saquery", "-m").stdout(), 1);
        } finally {
            ports.forEach(io.reactiveumad.MadPort::dispose);
        }
    }

    /**
     * {@code umad mcast join --create --once} from our port creates a group: {@code mcast --json} then lists
     * what {@code saquery -m} lists (OpenSM's broadcast group and ours); {@code mcast leave} removes it from both.
     */
    @Test
    void mcastJoinAndLeaveCommandsShowInSaquery() throws Exception {
        String mgid = "0xff12601bffff0000:0x0000000000000888";
        JsonNode joined = CliRunJson.parse(umad("mcast", "join", mgid, "--create", "--qkey", "0x0b1b", "--once",
                "--json").out().strip());
        assertThat(joined.get("event").asText()).isEqualTo("joined");
        assertThat(Integer.decode(joined.get("mlid").asText())).isGreaterThanOrEqualTo(0xc000);
        assertSameMembers(umad("mcast", "--json").json(), diag("saquery", "-m").stdout(), 2);
        JsonNode left = umad("mcast", "leave", mgid, "--json").json();
        // OpenSM answers a Delete with the request's record (MLID 0): the group and port it removed.
        assertThat(address(left.get("mgid").asText())).isEqualTo(address(joined.get("mgid").asText()));
        assertThat(address(left.get("portGid").asText())).isEqualTo(address(joined.get("portGid").asText()));
        assertSameMembers(umad("mcast", "--json").json(), diag("saquery", "-m").stdout(), 1);
        assertThat(umadExits(UmadCli.EXIT_FAILED, "mcast", "leave", mgid).err())
                .as("leaving a group nobody holds is the SA's error").startsWith("umad mcast leave: error: ");
    }

    private static final Pattern SAQUERY_FIELD = Pattern.compile("^\\s*(MGID|PortGid|Mlid|ScopeState)\\.+(\\S+)$");

    /**
     * saquery -m's records (MGID, Mlid, PortGid, the JoinState in ScopeState's low bits) are ours, by value (GIDs
     * compared as addresses). OpenSM answers an unfiltered GetTable with one record per group, the member
     * fields cleared for a requester without the SM_Key.
     */
    private static void assertSameMembers(JsonNode ours, String theirs, int count) throws Exception {
        List<String> expected = new ArrayList<>();
        Map<String, String> record = new java.util.HashMap<>();
        for (String line : theirs.split("\n")) {
            Matcher m = SAQUERY_FIELD.matcher(line);
            if (m.matches()) {
                record.put(m.group(1), m.group(2));
            }
            if (record.size() == 4) {
                expected.add(address(record.get("MGID")) + " " + Integer.decode(record.get("Mlid")) + " "
                        + address(record.get("PortGid")) + " " + (Integer.decode(record.get("ScopeState")) & 0xF));
                record.clear();
            }
        }
        List<String> actual = new ArrayList<>();
        for (JsonNode m : ours) {
            actual.add(address(m.get("mgid").asText()) + " " + Integer.decode(m.get("mlid").asText()) + " "
                    + address(m.get("portGid").asText()) + " " + m.get("joinState").asInt());
        }
        assertThat(actual).as(theirs).containsExactlyInAnyOrderElementsOf(expected).hasSize(count);
    }

    private static String address(String gid) throws Exception {
        return java.net.InetAddress.getByName(gid).getHostAddress();
    }

    /**
     * sa prints saquery's text: every NodeRecord (sa alone, as saquery alone), a switch's PortInfoRecords and
     * LinkRecords (its parallel links), a host's port, the PathRecord between two hosts and between a host and a
     * switch, the SA's ClassPortInfo and the ports with an SM (a bitwise CapabilityMask match).
     */
    @Test
    void saPrintsSaquerysText() {
        List<Integer> sample = sampleLids(); // host-1, host-5, the local host, leaf-2, spine-3
        String a = String.valueOf(sample.get(0));
        String b = String.valueOf(sample.get(1));
        String sw = String.valueOf(sample.get(3));
        assertThat(umad("sa").out()).isEqualTo(diag("saquery").stdout()).contains("NodeRecord dump:");
        assertThat(umad("sa", "portinfo", "--lid", sw).out()).isEqualTo(diag("saquery", "PIR", sw).stdout());
        assertThat(umad("sa", "portinfo", "--lid", a, "--port-number", "1").out())
                .isEqualTo(diag("saquery", "PIR", a + "/1").stdout()).contains("\t\t\t\tIsTrapSupported\n");
        assertThat(umad("sa", "links", "--lid", sw).out()).isEqualTo(diag("saquery", "LR", sw).stdout());
        assertThat(umad("sa", "paths", "--slid", a, "--dlid", b).out())
                .isEqualTo(diag("saquery", "--src-to-dst", a + ":" + b).stdout());
        assertThat(umad("sa", "paths", "--slid", a, "--dlid", sw).out())
                .isEqualTo(diag("saquery", "--src-to-dst", a + ":" + sw).stdout()).contains("PathRecord dump:");
        assertThat(umad("sa", "classportinfo").out()).isEqualTo(diag("saquery", "-c").stdout())
                .contains("SA ClassPortInfo:");
        assertThat(umad("sa", "sms").out()).isEqualTo(diag("saquery", "-s").stdout())
                .contains("master_sm_base_lid");
    }

    /** A registration through Services shows in saquery SR and in our sa services, with its name; unregistered, in neither. */
    @Test
    void serviceRegistrationShowsInSaqueryUntilUnregistered() {
        io.reactiveumad.MadPort port = io.reactiveumad.Umad.open(FABRIC.fabric().transport("host-3"))
                .block(Duration.ofSeconds(30));
        SaClient sa = SaClient.of(port);
        try {
            Services services = Services.over(sa);
            ServiceRecord record = ServiceRecord.of(0x1000_0000_0000_0ab5L, port.attributes().gids().get(0), "ops.oracle");
            services.register(record).block(Duration.ofSeconds(30));
            assertThat(withoutLastData(diag("saquery", "SR").stdout()))
                    .contains("ops.oracle").contains("0x1000000000000ab5")
                    .isEqualTo(withoutLastData(umad("sa", "services").out()));
            JsonNode ours = umad("sa", "services", "--json").json();
            assertThat(ours).anySatisfy(r -> {
                assertThat(r.get("serviceName").asText()).isEqualTo("ops.oracle");
                assertThat(r.get("serviceId").asText()).as("64 bits in hex").isEqualTo("0x1000000000000ab5");
            });
            services.unregister(record).block(Duration.ofSeconds(30));
            assertThat(diag("saquery", "SR").stdout()).doesNotContain("ops.oracle");
        } finally {
            sa.dispose();
            port.dispose();
        }
    }

    /**
     * {@code umad service register} in its own JVM holds a registration with its lease (60 s by default): saquery SR
     * shows it with its name and data, as {@code umad service} does; SIGTERM (the JVM's exit hook) unregisters it.
     */
    @Test
    void aHeldServiceRegistrationShowsInSaqueryUntilSigterm() throws Exception {
        CliProcess register = CliProcess.start(FABRIC.fabric(), "service-register", "service", "register",
                "0x1000000000000ab6", "--name", "ops.held", "--data", "0a0b0c0d", "--json", "--transport", "ibsim",
                "--sim-host", HOST);
        try {
            await("registered").atMost(Duration.ofSeconds(60))
                    .until(() -> diag("saquery", "SR").stdout().contains("ops.held"));
            await("the registered line").atMost(Duration.ofSeconds(60)).until(() -> !register.stdout().isEmpty());
            JsonNode registered = CliRunJson.parse(register.stdout().lines().findFirst().orElseThrow());
            assertThat(registered.get("event").asText()).isEqualTo("registered");
            assertThat(registered.get("serviceLease").asLong()).isEqualTo(60);
            assertThat(withoutLastData(diag("saquery", "SR").stdout()))
                    .contains("ServiceLease............0x3C").contains("ServiceData8.1..........0xA")
                    .isEqualTo(withoutLastData(umad("service").out()));
        } finally {
            register.process().destroy();
            assertThat(register.process().waitFor(60, TimeUnit.SECONDS)).as("exited on SIGTERM").isTrue();
        }
        await("unregistered at exit").atMost(Duration.ofSeconds(60))
                .until(() -> !diag("saquery", "SR").stdout().contains("ops.held"));
    }

    /**
     * saquery SR's text without its last field's value. OpenSM under umad2sim reads only the first 224 bytes of a
     * request, so it keeps whatever its buffer held in the last 8 bytes of a registered record (ServiceData64.2);
     * it answers them whole, and saquery, under umad2sim too, reads them as zeros.
     */
    private static String withoutLastData(String saquery) {
        return saquery.replaceAll("(?m)^(\t\tServiceData64\\.2\\.+).*$", "$1");
    }

    @Test
    void linksEqualIblinkinfo() {
        LinkReportAssert.assertSameLinks(umad("links", "--json").json(), umad("links").out(),
                diag("iblinkinfo").stdout(), FABRIC.fabric().topology().links().size());
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

    /**
     * With the default transport (no umad device here, a simulator answering), what the simulator or our options
     * refuse is the command's error: an unknown node, a port ibsim does not attach to, an option of the embedded
     * fabric's. Answering from the embedded fabric instead, as when no simulator answers at all, would look like
     * answers from this fabric.
     */
    @Test
    void whatTheSimulatorRefusesIsAnErrorNotTheEmbeddedFabric() {
        Map<String, String> env = Map.of(IbsimEndpoint.ENV_SOCKET_NAME, FABRIC.fabric().socketName());
        Path noDevices = Path.of("/nonexistent/dev/infiniband");
        CliRun unknownNode = CliRun.runWithDevices(noDevices, env, "links", "-C", "no-such-node");
        assertThat(unknownNode.exitCode()).as("%s", unknownNode).isEqualTo(UmadCli.EXIT_FAILED);
        assertThat(unknownNode.err()).contains("CONNECT to node \"no-such-node\" refused")
                .doesNotContain("embedded fabric");
        CliRun caPortZero = CliRun.runWithDevices(noDevices, env, "links", "-C", HOST, "-P", "0");
        assertThat(caPortZero.exitCode()).as("%s", caPortZero).isEqualTo(CommandLine.EXIT_USAGE);
        assertThat(caPortZero.err()).contains("port 0 is a switch's").doesNotContain("embedded fabric");
        CliRun secondPort = CliRun.runWithDevices(noDevices, env, "stat", "-P", "2");
        assertThat(secondPort.exitCode()).as("%s", secondPort).isEqualTo(CommandLine.EXIT_USAGE);
        assertThat(secondPort.err()).contains("ibsim attaches clients to a node's first port only")
                .doesNotContain("embedded fabric");
        // What only makes the embedded fabric is bad usage where the simulator answers, not silently left out.
        CliRun topology = CliRun.runWithDevices(noDevices, env, "stat", "--topology",
                DiagsOracle.resource("topologies/mcast.net").toString());
        assertThat(topology.exitCode()).as("%s", topology).isEqualTo(CommandLine.EXIT_USAGE);
        assertThat(topology.err()).contains("--topology is the embedded fabric's, and the transport here is ibsim");
    }
}
