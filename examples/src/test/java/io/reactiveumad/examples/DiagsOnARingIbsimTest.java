package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.reactiveumad.IbsimTransport;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredLink;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.test.ibsim.DiagResult;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.Port;
import io.reactiveumad.test.topology.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code umad discover}, {@code links} and {@code errors} print what {@code ibnetdiscover}, {@code iblinkinfo}
 * and {@code ibqueryerrors} print, line for line and in their order (all but ibnetdiscover's date line), on a
 * fabric unlike the generated fat trees: a ring of switches (loops), a doubled cable, a fifth switch a hop
 * further, a two-port HCA cabled to two switches, a node description with a space and parentheses; started
 * from two hosts, the two-port HCA, that odd host and a switch. Error counters are set on hosts, switch
 * ports (one of them a doubled cable's) and the HCA's second port, which is read at its own LID. And
 * {@code perf LID} without a port reads what {@code perfquery LID} reads on every switch: port 0. And
 * {@code routes} and {@code routes -M} print {@code ibroute}'s and {@code ibroute -M}'s text for every switch.
 * Since session 8 also: the tools' text of smp, perf, addr and sminfo; discover -f/-m/-s; iblinkinfo's partial scans
 * (-a, -n) and -p; dump-fts; trace -m through a group's tables; the fabric cache both ways; ping against ibping.
 * Since session 9: portstate's query against ibportstate's; sa's lookups (-L, -l, -G, -O, -U, -D) against saquery's;
 * and S-3 has an enhanced port 0, so every comparison above covers one.
 * Since session 10: R-1, a router with one port cabled, which OpenSM leaves without a LID: every comparison covers a
 * router, and the error sweeps count its PMA's failures as ibqueryerrors does.
 */
class DiagsOnARingIbsimTest {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(DiagsOracle.resource("topologies/ring-of-switches.net")).smNode("H-1")
            // OpenSM programs multicast forwarding tables on a sweep: every 2 s, so joins reach the switches.
            .sweepSeconds(2)
            .startTimeout(Duration.ofMinutes(1)));

    @BeforeAll
    static void setErrorCounters() {
        IbsimFabric fabric = FABRIC.fabric();
        fabric.performanceSet("H-5", 1, "PortCounters.SymbolErrorCounter", 7);
        fabric.performanceSet("S-4", 9, "PortCounters.LinkDownedCounter", 3);
        fabric.performanceSet("D-1", 2, "PortCounters.PortRcvErrors", 5);
        fabric.performanceSet("S-1", 1, "PortCounters.SymbolErrorCounter", 2);
        fabric.performanceSet("S-5", 6, "PortCounters.PortXmitDiscards", 9);
        fabric.performanceSet("H-2", 1, "PortCounters.VL15Dropped", 4);
    }

    @ParameterizedTest
    @ValueSource(strings = {"H-2", "H-5", "D-1", "my host (x)", "S-3"})
    void discoverPrintsIbnetdiscoversTextFrom(String local) {
        CliRun ours = umad(local, 0, "discover");
        String theirs = FABRIC.fabric().diag(local, "ibnetdiscover").requireSuccess().stdout();
        assertThat(DiagsOracle.undated(ours.out())).isEqualTo(DiagsOracle.undated(theirs));
    }

    /**
     * With every PortInfo entering S-5 dropped (its one cable, from S-3, is the only way in), discovery knows S-5 but
     * none of its ports: its line to S-3 prints "?????" as ibnetdiscover's does (neither width nor speed known), S-3's
     * end of that cable its own rate, and nothing lies beyond S-5. ibnetdiscover exits 0 even so; discover exits 1,
     * as it does whenever an SMP failed for good, and says which on stderr. links and discover -p print the tools'
     * text too. The fabric is left as it was found (see {@link #awaitTheFabricAsItWas}).
     */
    @Test
    void discoverAndLinksPrintWhatTheToolsPrintWhenASwitchsPortInfoGoesUnanswered() {
        IbsimFabric fabric = FABRIC.fabric();
        Supplier<String> linksAndRoutes = () -> fabric.diag("H-2", "iblinkinfo").requireSuccess().stdout()
                + fabric.diag("H-2", "dump_fts").requireSuccess().stdout();
        String asItWas = linksAndRoutes.get();
        fabric.command("Error \"S-5\"[6] 100 0x15");
        try {
            CliRun ours = umad("H-2", 1, "discover");
            String theirs = fabric.diag("H-2", "ibnetdiscover").requireSuccess().stdout();
            assertThat(DiagsOracle.undated(ours.out())).isEqualTo(DiagsOracle.undated(theirs)).contains("?????")
                    .doesNotContain("\"H-5\"");
            assertThat(ours.err()).contains("warning: PortInfo port 0");
            // iblinkinfo and ibnetdiscover -p keep S-5's cabled port with an all-zero PortInfo: LID 0, undefined
            // width, "Could be" the lowest speed from S-3's side.
            for (String[] tools : new String[][] {{"links", "iblinkinfo"}, {"links -l", "iblinkinfo -l"},
                    {"discover -p", "ibnetdiscover -p"}}) {
                String[] ourArgs = tools[0].split(" ");
                String[] theirArgs = tools[1].split(" ");
                assertEqualsTheToolWhileTheFabricHoldsStill(tools[0],
                        () -> fabric.diag("H-2", theirArgs[0], java.util.Arrays.copyOfRange(theirArgs, 1,
                                theirArgs.length)).requireSuccess().stdout(),
                        () -> {
                            // Each says what it gave up on and exits 1 (the tools exit 0).
                            CliRun run = umad("H-2", 1, ourArgs[0], java.util.Arrays.copyOfRange(ourArgs, 1,
                                    ourArgs.length));
                            assertThat(run.err()).contains("umad " + ourArgs[0] + ": warning: PortInfo port 0");
                            return run.out();
                        });
            }
        } finally {
            fabric.command("Error \"S-5\"[6] 0");
            awaitTheFabricAsItWas(asItWas, linksAndRoutes);
        }
    }

    /**
     * A sweep that found S-5 unanswered leaves the cable S-3 to S-5 in Initialize, so nothing but SMPs crosses it (an SA
     * join from H-5 was handed back as undeliverable in one CI run), until a later sweep, up to {@code -s} seconds on,
     * brings it back to Active with its routes: the tests after this one need the fabric they were written for.
     */
    private static void awaitTheFabricAsItWas(String asItWas, Supplier<String> now) {
        Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).ignoreExceptions()
                .until(() -> now.get().equals(asItWas));
    }

    /** ibnetdiscover -g on the ring, which has no chassis (no two nodes share a SystemImageGUID). */
    @Test
    void discoverGroupingPrintsIbnetdiscoversTextOnAFabricWithoutChassis() {
        assertThat(DiagsOracle.undated(umad("H-2", 0, "discover", "-g").out()))
                .isEqualTo(DiagsOracle.undated(FABRIC.fabric().diag("H-2", "ibnetdiscover", "-g").requireSuccess().stdout()))
                .contains("Non-Chassis Nodes");
    }

    /** The ports report on the ring: parallel cables, loops, a two-port HCA on two switches. */
    @Test
    void discoverReportsPortsAsIbnetdiscover() {
        assertThat(umad("H-2", 0, "discover", "-p").out())
                .isEqualTo(FABRIC.fabric().diag("H-2", "ibnetdiscover", "-p").requireSuccess().stdout());
    }

    /**
     * ibnetdiscover -f's speed, width and VL capability codes on each port's line, -m's hops and SMPs and -s's line per
     * NodeInfo answered (the tool's own scan, replayed: our discovery sends others, in another order), from hosts,
     * the two-port HCA and a switch.
     */
    @ParameterizedTest
    @ValueSource(strings = {"H-2|-f", "S-3|-f", "H-2|-m", "D-1|-m -f", "S-3|-m", "my host (x)|-m", "H-2|-s", "D-1|-s -m",
        "S-3|-s"})
    void discoverPrintsIbnetdiscoversFullTextAndCounts(String fromAndOptions) {
        String[] parts = fromAndOptions.split("\\|");
        String[] args = parts[1].split(" ");
        assertThat(DiagsOracle.undated(umad(parts[0], 0, "discover", args).out())).as("discover %s from %s", parts[1], parts[0])
                .isEqualTo(DiagsOracle.undated(FABRIC.fabric().diag(parts[0], "ibnetdiscover", args).requireSuccess().stdout()))
                .containsPattern(parts[1].contains("-f") ? " s=1 w=2 v=" : parts[1].contains("-m") ? "# Total MADs used: [1-9]"
                        : "-> known Switch \\{");
    }

    /** iblinkinfo -p: each link that is up has its port's HOQ lifetime (OpenSM's, per port) and VL stall count. */
    @ParameterizedTest
    @ValueSource(strings = {"-p", "-p -l", "-p -d", "-p --switches-only"})
    void linksWithAdditionalSettingsPrintIblinkinfosText(String options) {
        String[] args = options.split(" ");
        assertThat(umad("D-1", 0, "links", args).out())
                .isEqualTo(FABRIC.fabric().diag("D-1", "iblinkinfo", args).requireSuccess().stdout())
                .containsPattern(options.contains("-d") ? "Down" : "\\(HOQ:\\d+ VL_Stall:\\d+\\)");
    }

    /**
     * iblinkinfo's partial scans (-a, -n) on a fabric with loops and a doubled cable: from hosts, the two-port HCA
     * and a switch; started at a switch, a host, the two-port HCA (a CA the scan steps back from) and by GUID; one
     * hop, two, three. Which nodes the scan finds, which ports it reads and which links it makes all show. The tools'
     * common -s changes nothing in either.
     */
    @ParameterizedTest
    @ValueSource(strings = {"H-2|-D 0,1 -a", "H-2|-D 0,1 -a -n 2", "H-2|-a -n 1", "H-2|-n 3", "H-2|-D 0,1,1,8 -a",
        "H-2|-D 0,1,1,8 -n 3", "H-2|-G 0x100009 -a -n 2",
        "H-2|-G 0x100009 -a -n 2 -s 1", "H-2|-D 0,1 -a -n 2 -d", "H-2|-D 0,1,3 -a -n 2 --switches-only -p",
        "D-1|-D 0,1,1 -a -n 2", "D-1|-D 0 -a -n 2", "S-3|-D 0,4 -a -n 2", "S-3|-D 0,7 -a", "S-3|-n 2 -l",
        "my host (x)|-D 0,1,4 -a -n 3 -l"})
    void linksOfAPartialScanAreIblinkinfos(String fromAndOptions) {
        String[] parts = fromAndOptions.split("\\|");
        String[] args = parts[1].split(" ");
        assertThat(umad(parts[0], 0, "links", args).out()).as("links %s from %s", parts[1], parts[0])
                .isEqualTo(FABRIC.fabric().diag(parts[0], "iblinkinfo", args).requireSuccess().stdout());
    }

    @ParameterizedTest
    @ValueSource(strings = {"H-2", "D-1", "S-3"})
    void linksPrintIblinkinfosTextFrom(String local) {
        CliRun ours = umad(local, 0, "links");
        String theirs = FABRIC.fabric().diag(local, "iblinkinfo").requireSuccess().stdout();
        assertThat(ours.out()).isEqualTo(theirs);
    }

    @ParameterizedTest
    @ValueSource(strings = {"H-2", "D-1", "my host (x)", "S-3"})
    void errorsPrintIbqueryerrorsTextFrom(String local) {
        CliRun ours = umad(local, 1, "errors");
        // ibqueryerrors exits 1 too when some port is over threshold.
        String theirs = FABRIC.fabric().diag(local, "ibqueryerrors").stdout();
        assertThat(ours.out()).isEqualTo(theirs).contains("Errors for \"D-1\"").contains("2 PMA query failures");
        assertOnlyTheRouterFailed(ours);
    }

    @Test
    void perfWithoutAPortReadsWhatPerfqueryReadsOnEverySwitch() {
        FABRIC.fabric().performanceSet("S-4", 0, "PortCounters.SymbolErrorCounter", 11);
        int switches = 0;
        for (int lid = 1; lid <= 14; lid++) {
            DiagResult theirs = FABRIC.fabric().diag("H-2", "perfquery", String.valueOf(lid));
            if (theirs.exitCode() != 0) {
                continue; // a CA: perfquery asks its PMA for port 0, which it has not; ours reads port 1 there
            }
            switches++;
            JsonNode ours = umad("H-2", 0, "perf", String.valueOf(lid), "--json").json();
            assertThat(ours.get("portSelect").asLong()).as("lid %d", lid).isEqualTo(theirs.number("PortSelect")).isZero();
            assertThat(ours.get("symbolErrorCounter").asLong()).as("lid %d", lid).isEqualTo(theirs.number("SymbolErrorCounter"));
        }
        assertThat(switches).as("the ring's five switches").isEqualTo(5);
        assertThat(umad("H-2", 0, "perf", "5", "--json").json().get("portSelect").asInt()).as("a host: port 1").isEqualTo(1);
    }

    /**
     * perf -r reads the counters and resets them, -R only resets, -E reads PortRcvErrorDetails: perfquery reads
     * the same values before and zeros after (on S-2's port 3; ibsim's details are all zero).
     */
    @Test
    void perfResetsAsPerfqueryResets() {
        IbsimFabric fabric = FABRIC.fabric();
        String lid = lidFromH2("0,1", "0");
        fabric.performanceSet("S-2", 3, "PortCounters.PortRcvErrors", 6);
        assertThat(umad("H-2", 0, "perf", lid, "3", "-r", "--json").json().get("portRcvErrors").asInt()).isEqualTo(6);
        assertThat(fabric.diag("H-2", "perfquery", lid, "3").requireSuccess().number("PortRcvErrors")).isZero();
        fabric.performanceSet("S-2", 3, "PortCounters.PortRcvErrors", 4);
        assertThat(umad("H-2", 0, "perf", lid, "3", "-R").out()).isEmpty();
        assertThat(fabric.diag("H-2", "perfquery", lid, "3").requireSuccess().number("PortRcvErrors")).isZero();
        JsonNode details = umad("H-2", 0, "perf", lid, "3", "-E", "--json").json();
        assertThat(details.get("portLoopingErrors").asLong())
                .isEqualTo(fabric.diag("H-2", "perfquery", "-E", lid, "3").requireSuccess().number("PortLoopingErrors"));
    }

    /**
     * A reset mask resets only the counters whose CounterSelect bits it sets, as perfquery's reset_mask: bit 0 is
     * SymbolErrorCounter, bit 3 PortRcvErrors; what the mask leaves keeps its count, ours on port 4 as theirs on port 5.
     */
    @Test
    void perfResetMaskResetsOnlyTheCountersItSelects() {
        IbsimFabric fabric = FABRIC.fabric();
        String lid = lidFromH2("0,1", "0");
        for (int port : new int[] {4, 5}) {
            fabric.performanceSet("S-2", port, "PortCounters.SymbolErrorCounter", 3);
            fabric.performanceSet("S-2", port, "PortCounters.PortRcvErrors", 8);
        }
        assertThat(umad("H-2", 0, "perf", "-R", lid, "4", "0x8").out()).isEmpty();
        fabric.diag("H-2", "perfquery", "-R", lid, "5", "0x8").requireSuccess();

        for (int port : new int[] {4, 5}) {
            DiagResult counters = fabric.diag("H-2", "perfquery", lid, Integer.toString(port)).requireSuccess();
            assertThat(counters.number("PortRcvErrors")).as("port %d", port).isZero();
            assertThat(counters.number("SymbolErrorCounter")).as("port %d", port).isEqualTo(3);
        }
    }

    /**
     * perf without a LID reads the local port's counters, as perfquery without arguments: a host's port, the two-port
     * HCA's port 1 (umad2sim attaches that one) and a switch's port 0; PortCountersExtended too.
     */
    @ParameterizedTest
    @ValueSource(strings = {"H-2|", "D-1|", "S-3|", "S-3|-x", "H-5|-x"})
    void perfWithoutALidReadsTheLocalPortAsPerfquery(String fromAndOptions) {
        String[] parts = fromAndOptions.split("\\|", -1);
        String[] args = parts[1].isEmpty() ? new String[0] : parts[1].split(" ");
        String theirs = FABRIC.fabric().diag(parts[0], "perfquery", args).requireSuccess().stdout();
        assertThat(dataMasked(umad(parts[0], 0, "perf", args).out())).as("perf %s on %s", parts[1], parts[0])
                .isEqualTo(dataMasked(theirs)).startsWith("# Port");
    }

    /**
     * ibsim's PMA answers neither PortSamplesControl nor PortExtendedSpeedsCounters (it drops them): perfquery -c and -T
     * fail, and perf -c and -T fail for want of an answer to that attribute (their text is checked against libibmad's
     * own dumps by PerfTextTest).
     */
    @ParameterizedTest
    @ValueSource(strings = {"-c|0x0010", "-T|0x001f"})
    void perfSamplesControlAndExtendedSpeedsFailWherePerfquerysDo(String optionAndAttribute) {
        String[] parts = optionAndAttribute.split("\\|");
        String s2 = lidFromH2("0,1", "0");
        DiagResult theirs = FABRIC.fabric().diag("H-2", "perfquery", parts[0], "-t", "100", s2, "3");
        assertThat(theirs.exitCode()).as("%s", theirs).isNotZero();
        assertThat(umad("H-2", 1, "perf", parts[0], "-t", "100", s2, "3").err())
                .contains("no response from LID " + s2 + " QP1 to PerfMgt Get attribute " + parts[1]);
    }

    /** perf -G reads the port the SA gives the GUID, as perfquery -G: the two-port HCA's second port, by its GUID. */
    @Test
    void perfByPortGuidIsPerfquerysByGuid() {
        Node hca = FABRIC.fabric().topology().node("D-1").orElseThrow();
        String guid = String.format("0x%016x", hca.portGuid(2));
        String theirs = FABRIC.fabric().diag("H-2", "perfquery", "-G", guid, "2").requireSuccess().stdout();
        assertThat(dataMasked(umad("H-2", 0, "perf", "-G", guid, "2").out())).isEqualTo(dataMasked(theirs))
                .startsWith("# Port counters: Lid ");
    }

    /**
     * perf LID of a CA reads the port that has the LID: the two-port HCA's second port by its own LID reads port 2
     * (port 1 it was, which ibsim's PMA refuses there), equal to perfquery's answer when asked for that port.
     */
    @Test
    void perfOfACaLidReadsThePortThatHasTheLid() {
        Node hca = FABRIC.fabric().topology().node("D-1").orElseThrow();
        String guid = String.format("0x%016x", hca.portGuid(2));
        String lid = String.valueOf((int) FABRIC.fabric().diag("H-2", "smpquery", "-G", "portinfo", guid).requireSuccess()
                .number("Lid"));
        String theirs = FABRIC.fabric().diag("H-2", "perfquery", lid, "2").requireSuccess().stdout();
        assertThat(dataMasked(umad("H-2", 0, "perf", lid).out())).isEqualTo(dataMasked(theirs))
                .startsWith("# Port counters: Lid " + lid + " port 2 ");
    }

    /**
     * -s names the SA to resolve -G at, as the tools' -s sm_port: the SM's own LID gives what the tools give; a LID
     * where no SA answers fails for both.
     */
    @Test
    void aGuidIsResolvedAtTheSaThatMinusSNames() {
        Node hca = FABRIC.fabric().topology().node("D-1").orElseThrow();
        String guid = String.format("0x%016x", hca.portGuid(2));
        String sm = umad("H-2", 0, "sminfo").out().split(" ")[3];
        for (String[] command : new String[][] {{"addr", "ibaddr"}, {"smp", "smpquery", "nodeinfo"}}) {
            String[] more = command.length > 2 ? new String[] {command[2], "-s", sm, "-G", guid}
                    : new String[] {"-s", sm, "-G", guid};
            String theirs = FABRIC.fabric().diag("H-2", command[1], more).requireSuccess().stdout();
            assertThat(umad("H-2", 0, command[0], more).out()).as("%s -s %s", command[0], sm).isEqualTo(theirs).isNotEmpty();
        }
        String switchLid = lidFromH2("0,1", "0");
        assertThat(FABRIC.fabric().diag("H-2", "ibaddr", "-s", switchLid, "-G", guid).exitCode()).isNotZero();
        assertThat(umad("H-2", 1, "addr", "-s", switchLid, "-G", guid, "-t", "100").err())
                .contains("no response from LID " + switchLid + " QP1 to SubnAdm Get");
    }

    /**
     * smp prints smpquery's text for NodeInfo, NodeDescription (the odd host's, with its space and parentheses),
     * SwitchInfo and PortInfo (a switch's port 0 and an external port, a host's port with its capability bits, the
     * two-port HCA's second port) and Mellanox's MlnxExtPortInfo (ibsim's SMAs answer it, all zero), by route from H-2
     * and from a switch; with -L, which says the target is a LID, as it is without it; and with -K, the M_Key printed
     * (OpenSM's default, 0, here) instead of "not displayed"; and with -x, which sets PortInfo's AttributeModifier bit 31.
     */
    @ParameterizedTest
    @ValueSource(strings = {"H-2|-D ni 0,1", "H-2|-D ni 0", "H-2|-D nd 0,1,3", "H-2|-D nd 0,1,3,4,9", "H-2|-D si 0,1",
        "H-2|-D pi 0,1", "H-2|-D pi 0,1 3", "H-2|-D pi 0 1", "H-2|-D pi 0,1,3,8", "S-3|-D pi 0 6", "S-3|-D portinfo 0,7",
        "S-3|-D switchinfo 0", "H-2|-D MEPI 0,1 3", "H-2|-D mlnxextportinfo 0 1", "S-3|-D MlnxExtPortInfo 0",
        "H-2|-L ni 4", "S-3|nd -L 8", "H-2|-K -D pi 0,1 3", "S-3|-D pi 0 -K", "H-2|-x pi -D 0,1 3"})
    void smpPrintsSmpquerysText(String fromAndOptions) {
        String[] parts = fromAndOptions.split("\\|");
        String[] args = parts[1].split(" ");
        assertThat(umad(parts[0], 0, "smp", args).out()).as("smp %s from %s", parts[1], parts[0])
                .isEqualTo(FABRIC.fabric().diag(parts[0], "smpquery", args).requireSuccess().stdout());
    }

    /** ibsim's ports do not say IsPortInfoExtendedSupported in CapabilityMask2: smp PIE refuses, as smpquery PIE does. */
    @Test
    void smpPortInfoExtendedIsRefusedWhereSmpqueryRefusesIt() {
        String[] args = {"-D", "PIE", "0,1", "3"};
        assertThat(FABRIC.fabric().diag("H-2", "smpquery", args).stdout()).contains("port info extended not supported");
        assertThat(umad("H-2", 1, "smp", args).err()).contains("port info extended not supported")
                .contains("does not say IsPortInfoExtendedSupported");
    }

    /**
     * addr prints ibaddr's line and sminfo sminfo's (the activity count masked: OpenSM counts on), from a host, the
     * two-port HCA and a switch: the local port, by route, by LID and GUID, a port of a two-port HCA, GID or LIDs
     * alone.
     */
    @ParameterizedTest
    @ValueSource(strings = {"H-2|addr|ibaddr", "D-1|addr|ibaddr", "S-3|addr|ibaddr", "H-2|addr -D 0,1|ibaddr -D 0,1",
        "H-2|addr -D 0,1,1,8 1|ibaddr -D 0,1,1,8 1", "H-2|addr -g -D 0,1,3|ibaddr -g -D 0,1,3",
        "H-2|addr -L -D 0,1,3|ibaddr -L -D 0,1,3", "H-2|addr -l|ibaddr -l", "H-2|sminfo|sminfo", "S-3|sminfo|sminfo",
        "H-2|sminfo -D 0,1,1,7|sminfo -D 0,1,1,7"})
    void addrAndSminfoPrintTheToolsLines(String fromOursTheirs) {
        String[] parts = fromOursTheirs.split("\\|");
        String[] ours = parts[1].split(" ");
        String[] theirs = parts[2].split(" ");
        String expected = FABRIC.fabric().diag(parts[0], theirs[0], java.util.Arrays.copyOfRange(theirs, 1, theirs.length))
                .requireSuccess().stdout();
        String actual = umad(parts[0], 0, ours[0], java.util.Arrays.copyOfRange(ours, 1, ours.length)).out();
        String activity = "activity count \\d+";
        assertThat(actual.replaceAll(activity, "activity count N")).as("%s from %s", parts[1], parts[0])
                .isEqualTo(expected.replaceAll(activity, "activity count N")).isNotEmpty();
    }

    /**
     * sminfo with a modifier sends a SubnSet(SMInfo) as sminfo does, and OpenSM refuses the same controls from both
     * (class-specific status 7: a discover from a standby SM, an acknowledge to a master). An accepted one, a handover,
     * makes OpenSM sweep again, so it is tried on the embedded fabric, not on the fabric these tests share.
     */
    @ParameterizedTest
    @ValueSource(strings = {"-D 0,1,1,7 5", "-s 2 -D 0,1,1,7 2", "-s 3 -p 5 -a 9 -D 0,1,1,7 4"})
    void sminfoWithAModifierIsRefusedWhereSminfosIs(String options) {
        String[] args = options.split(" ");
        DiagResult theirs = FABRIC.fabric().diag("H-2", "sminfo", args);
        assertThat(theirs.exitCode()).as("sminfo %s: %s", options, theirs).isNotZero();
        assertThat(theirs.stdout()).as("its iberror line, on stdout").contains("failed: query");
        CliRun ours = umad("H-2", 1, "sminfo", args);
        // 0x8700 along a directed route: its answer carries the direction bit.
        assertThat(ours.err()).contains("MAD status 0x8700 (class-specific 7)",
                "attribute 0x0020 modifier 0x0000000" + args[args.length - 1]);
    }

    /**
     * smpdump dumps what smpdump dumps: NodeInfo, SwitchInfo, a PortInfo (and one of a port the switch does not have,
     * with its status word and the direction bit a directed-route answer carries), NodeDescription as text; along
     * routes from a host and a switch.
     */
    @ParameterizedTest
    @ValueSource(strings = {"H-2|-D 0,1 0x11", "H-2|-s -D 0,1,3 0x10", "H-2|-D 0,1 0x15 3", "S-3|-D 0 0x12",
        "H-2|-D 0,1 0x15 40", "H-2|-D 0 0x15 1", "S-3|-s -D 0 16"})
    void smpdumpDumpsAsSmpdump(String fromAndOptions) {
        String[] parts = fromAndOptions.split("\\|");
        String[] args = parts[1].split(" ");
        String expected = FABRIC.fabric().diag(parts[0], "smpdump", args).requireSuccess().stdout();
        assertThat(umad(parts[0], 0, "smpdump", args).out()).as("smpdump %s from %s", parts[1], parts[0])
                .isEqualTo(expected).isNotEmpty();
    }

    /**
     * stat prints ibstat's lines for the node it is attached to, as umad2sim shows that node to ibstat: two hosts, the
     * two-port HCA (umad2sim attaches its port 1 alone), a switch (its port 0), a router. umad2sim names every device
     * ibsim0 and writes no link_layer file (libibumad reads that as "IB"); ours are the node's name and the kernel's
     * word, "InfiniBand", put back to umad2sim's before comparing. ibsim0 names the attached node to ours too.
     */
    @ParameterizedTest
    @ValueSource(strings = {"H-2||", "H-2|-s|-s", "H-2|-p|-p", "H-2|-l|-l", "D-1||", "my host (x)||", "S-3||",
        "S-3|-s|-s", "S-3|S-3 0|ibsim0 0", "R-1||", "H-5|H-5 1|ibsim0 1", "H-5|ibsim0 1|ibsim0 1"})
    void statPrintsIbstatsText(String fromOursTheirs) {
        String[] parts = fromOursTheirs.split("\\|", -1);
        String node = parts[0];
        String[] ours = parts[1].isEmpty() ? new String[0] : parts[1].split(" ");
        String[] theirs = parts[2].isEmpty() ? new String[0] : parts[2].split(" ");
        String expected = FABRIC.fabric().diag(node, "ibstat", theirs).requireSuccess().stdout();
        String actual = umad(node, 0, "stat", ours).out();
        String asUmad2simShowsIt = actual.replace("'" + node + "'", "'ibsim0'")
                .replaceAll("(?m)^" + Pattern.quote(node) + "$", "ibsim0")
                .replace("Link layer: InfiniBand", "Link layer: IB");
        assertThat(asUmad2simShowsIt).as("stat %s on %s", parts[1], node).isEqualTo(expected).isNotEmpty();
    }

    /**
     * A tool's command line naming umad2sim's device (-C ibsim0, the one it shows whatever node it is attached to) works
     * unchanged: ibsim0 is the node the environment attaches to, not a node of that name.
     */
    @ParameterizedTest
    @ValueSource(strings = {"smpquery|smp|-C ibsim0 -P 1 nodedesc 1", "smpquery|smp|--Ca ibsim0 nodeinfo 1",
        "ibaddr|addr|--Ca ibsim0 --Port 1"})
    void aToolsCommandLineNamingUmad2simsDeviceWorksUnchanged(String toolCommandOptions) {
        String[] parts = toolCommandOptions.split("\\|");
        DiagsOracle.sameAsTheTool(FABRIC.fabric(), "H-2", parts[0], parts[1], parts[2]);
    }

    /**
     * ping -S on H-4 answers ibping (the Debian client) and our own ping, with this host's name: a ping from H-2 first shows
     * the server is up (it waits for pongs, a lost one is only counted), then ibping -c 3 from S-3 gets three pongs,
     * and the server, told to answer four, ends by itself.
     */
    @Test
    void pingServesIbpingAndPingsIt() throws Exception {
        IbsimFabric fabric = FABRIC.fabric();
        // H-4: H-1 cannot serve, OpenSM is its node's one request receiver in ibsim.
        String h4 = lidFromH2("0,1,1,5,7", "1");
        CompletableFuture<CliRun> server = serving("H-4", "ping", "-S", "-c", "4");
        // -t 5000: a ping the server gets is answered before it could be sent again, so it counts once (a resend of a
        // ping the cold server answered after the default second counted twice, and ibping's third went unanswered).
        String host = java.nio.file.Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> {
            JsonNode first = DiagsOracle.umad(fabric, "H-2", 0, "ping", "-c", "1", "-t", "5000", "--json", h4).json();
            return first.get("received").asInt() == 1 && first.get("host").asText().startsWith(host)
                    && first.get("destination").asText().equals("Lid " + h4);
        });
        // ibping waits -t for each pong too: a pong the loaded server sends after ibping's default second is lost to it,
        // though the server counted it (seen once in CI: 2 of 3 received).
        DiagResult theirs = fabric.diag("S-3", "ibping", "-t", "5000", "-c", "3", h4).requireSuccess();
        // The server first: what it answered, to whom, tells a ping it never got from a pong ibping missed.
        CliRun served;
        try {
            served = server.get(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException stillServing) {
            served = null;
        }
        String says = served == null ? "still serving: it has not had four pings" : served.err();
        assertThat(theirs.stdout().lines().filter(l -> l.startsWith("Pong from " + host)).count())
                .as("%s%nthe server: %s", theirs.stdout(), says).isEqualTo(3);
        assertThat(says).contains("answering pings on H-4:1");
        assertThat(theirs.stdout()).contains("3 packets transmitted, 3 received, 0% packet loss");
    }

    /**
     * sysstat -S on H-4 answers ibsysstat (the Debian client, from S-3) with ping, host and cpu; ours from H-2 prints what
     * ibsysstat prints against the same server (one read of /proc/cpuinfo at its start, so the clocks are the same);
     * interrupted, the server ends normally and says what it answered: the six questions at least (the warm-up may add
     * some, which is why it is not told a count). ibsysstat -S cannot be the server under umad2sim: ibsim gives a
     * node's requests to its one request receiver, which a umad2sim client never is.
     */
    @Test
    void sysstatServesIbsysstatAndAsksAsItDoes() throws Exception {
        IbsimFabric fabric = FABRIC.fabric();
        String h4 = lidFromH2("0,1,1,5,7", "1");
        Server server = Server.start("H-4", "sysstat", "-S");
        // Until the server's agent is registered, ibsim hands the Get back undelivered at once: ask again. A Get
        // delivered is a question the server counts, so each ask waits long for its answer (a cold server on a busy
        // machine can take seconds): an ask that gave up on a question answered would leave the server one short.
        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> CliRun.run(Map.of(IbsimTransport.ENV_SOCKET_NAME,
                fabric.socketName()), "sysstat", h4, "--transport", "ibsim", "--sim-host", "H-2", "-t", "20000").out()
                .equals("sysstat ping succeeded\n"));
        for (String op : List.of("host", "cpu")) {
            String theirs = fabric.diag("S-3", "ibsysstat", h4, op).requireSuccess().stdout();
            assertThat(DiagsOracle.umad(fabric, "H-2", 0, "sysstat", h4, op).out()).as(op).isEqualTo(theirs)
                    .startsWith(op.equals("host") ? java.nio.file.Files.readString(Path.of("/proc/sys/kernel/hostname"))
                            .strip() : "cpu 0: model ");
        }
        assertThat(fabric.diag("S-3", "ibsysstat", h4).requireSuccess().stdout()).isEqualTo("sysstat ping succeeded\n");
        CliRun served = server.stop();
        java.util.regex.Matcher answered = Pattern.compile("answered (\\d+) questions").matcher(served.err());
        assertThat(answered.find()).as(served.err()).isTrue();
        assertThat(Integer.parseInt(answered.group(1))).as(served.err()).isGreaterThanOrEqualTo(6);
    }

    /** A server command of ours on a node, on a thread of its own until {@link #stop()} interrupts it. */
    private record Server(Thread thread, CompletableFuture<CliRun> run) {
        static Server start(String node, String command, String... more) {
            CompletableFuture<CliRun> run = new CompletableFuture<>();
            Thread thread = new Thread(() -> {
                try {
                    run.complete(umad(node, 0, command, more));
                } catch (Throwable e) {
                    run.completeExceptionally(e);
                }
            }, "umad " + command + " on " + node);
            thread.start();
            return new Server(thread, run);
        }

        /** Interrupts the server, as an embedding program stops it, and returns its run (exit 0, or the test fails). */
        CliRun stop() throws Exception {
            thread.interrupt();
            return run.get(30, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    /** A server command of ours on {@code node}, running until it ends by itself (it must exit 0). */
    private static CompletableFuture<CliRun> serving(String node, String command, String... more) {
        return CompletableFuture.supplyAsync(() -> umad(node, 0, command, more));
    }

    /**
     * perf prints perfquery's text (the data counters masked: the MADs themselves move them between the two runs):
     * PortCounters, PortCountersExtended and the details of a switch port, all its ports at once (the switch's PMA
     * takes AllPortSelect), a host's ports summed (its PMA does not: perfquery emulates it, so do we) and a switch's
     * ports one by one; and the six counter sets ibsim's PMA answers (all zero there: their layout is checked by
     * GoldenVectorTest).
     */
    @ParameterizedTest
    @ValueSource(strings = {"S2", "S2 3", "-x S2 3", "-D S2 3", "-E S2 3", "-a S2", "-x -a S2", "-a H5", "-x -a H5",
        "H5 1", "-a -l S2", "S2 1,3", "--oprcvcounters H5 1", "--flowctlcounters S2 3", "--vloppackets S2",
        "--vlopdata H5 1", "--vlxmitflowctlerrors -a S2", "--vlxmitcounters -r H5 1", "S2 1-3", "-a S2 1,3",
        "-a S2 2-4", "-x -a S2 1-3", "-a S2 3", "-a H5 1", "-l S2 2,3", "-a -l S2 2,3", "-L S2 3"})
    void perfPrintsPerfquerysText(String options) {
        IbsimFabric fabric = FABRIC.fabric();
        String s2 = lidFromH2("0,1", "0");
        String h5 = lidFromH2("0,1,3,6,1", "1");
        fabric.performanceSet("S-2", 3, "PortCounters.SymbolErrorCounter", 2);
        fabric.performanceSet("H-5", 1, "PortCounters.PortRcvErrors", 5);
        String[] args = options.replace("S2", s2).replace("H5", h5).split(" ");
        String theirs = fabric.diag("H-2", "perfquery", args).requireSuccess().stdout();
        assertThat(dataMasked(umad("H-2", 0, "perf", args).out())).as("perf %s", options).isEqualTo(dataMasked(theirs))
                .startsWith("# Port");
    }

    /**
     * The data counters masked, and QP1Dropped: ibsim's PMA never writes it (sim_mad.c's pc_get), so its answer carries
     * there whatever its buffer held, which differed between perfquery's request and ours (4 and 0 on H-2's own port).
     */
    /**
     * Asserts that ours prints what the tool prints just before and just after it. With S-5 unanswered, OpenSM's sweeps
     * (every 2 s here) change the fabric under the comparison: one CI run saw the tool print S-3's port 6, the cable to
     * S-5, Active and ours then Initialize. So ours is judged only where the tool printed the same text on both sides.
     */
    private static void assertEqualsTheToolWhileTheFabricHoldsStill(String as, Supplier<String> theirs,
            Supplier<String> ours) {
        int tries = 5;
        for (int i = 0; i < tries; i++) {
            String before = theirs.get();
            String our = ours.get();
            if (before.equals(theirs.get())) {
                assertThat(our).as(as).isEqualTo(before);
                return;
            }
        }
        throw new AssertionError(as + ": the tool's text changed across every one of " + tries + " comparisons");
    }

    private static String dataMasked(String perfquery) {
        return perfquery.replaceAll("(?m)^(Port(Xmit|Rcv)(Data|Pkts)|Port(Unicast|Multicast)(Xmit|Rcv)Pkts|QP1Dropped):\\.+\\d+$",
                "$1:N");
    }

    /**
     * perf -a -l reads each port of S-2 on its own, and a comma list reads the ports named, as perfquery does:
     * the same ports in the same order with the same counters.
     */
    @ParameterizedTest
    @ValueSource(strings = {"-a -l", "-l 255", "2,7,3"})
    void perfReadsEachPortAsPerfqueryLoopsThem(String options) {
        IbsimFabric fabric = FABRIC.fabric();
        String lid = lidFromH2("0,1", "0");
        fabric.performanceSet("S-2", 2, "PortCounters.SymbolErrorCounter", 5);
        fabric.performanceSet("S-2", 7, "PortCounters.SymbolErrorCounter", 3);
        List<String> args = new ArrayList<>(List.of(options.split(" ")));
        args.add(args.get(args.size() - 1).matches("[0-9,]+") ? args.size() - 1 : args.size(), lid);
        String theirs = fabric.diag("H-2", "perfquery", args.toArray(String[]::new)).requireSuccess().stdout();
        args.add("--json");
        JsonNode ours = umad("H-2", 0, "perf", args.toArray(String[]::new)).json();
        List<String> theirPorts = new ArrayList<>();
        Matcher block = Pattern.compile("PortSelect:\\.+(\\d+)\\n(?:.*\\n)*?SymbolErrorCounter:\\.+(\\d+)").matcher(theirs);
        while (block.find()) {
            theirPorts.add(block.group(1) + ":" + block.group(2));
        }
        List<String> ourPorts = new ArrayList<>();
        ours.forEach(port -> ourPorts.add(port.get("portSelect").asInt() + ":" + port.get("symbolErrorCounter").asLong()));
        assertThat(ourPorts).isEqualTo(theirPorts).contains("2:5", "7:3").hasSize(options.contains("l") ? 12 : 3);
    }

    /**
     * portstate prints ibportstate's query: a host's port, a two-port HCA's second port, a switch's port 0, and a
     * switch's active ports with the peer at the other end (a host, a switch across a doubled cable, the two-port
     * HCA), by route from a host, a switch and the two-port HCA; and by LID, a switch's port 0 and a host's port; with -K
     * the M_Key printed.
     */
    @ParameterizedTest
    @ValueSource(strings = {"H-2|-D 0 1", "D-1|-D 0 2", "H-2|-D 0,1 0", "H-2|-D 0,1 7", "H-2|-D 0,1 2", "S-3|-D 0 8",
        "S-3|-D 0,4 5", "D-1|-D 0,1 1", "H-2|-K -D 0 1", "S-3|-D 0 0 -K"})
    void portstatePrintsIbportstatesQuery(String fromAndOptions) {
        String[] parts = fromAndOptions.split("\\|");
        String[] args = parts[1].split(" ");
        assertThat(umad(parts[0], 0, "portstate", args).out()).as("portstate %s from %s", parts[1], parts[0])
                .isEqualTo(FABRIC.fabric().diag(parts[0], "ibportstate", args).requireSuccess().stdout())
                .contains("# Port info: DR path");
    }

    /**
     * sa's lookups print saquery's lines, for H-1 (the one NodeRecord either reads here: umad2sim segments no SA table,
     * so only its first MAD arrives; the embedded fabric's test looks up every node) and for a name no node has; and
     * saquery's query names (NR, PIR, SR, IIR, CPI, MCMR) and one-letter query options (-N, -s, -c, -S, -I, -g, and
     * their double-dash spellings, which saquery's help lists: --s, --L) name sa's queries; -K prints the keys saquery
     * -K prints. (LR too, but the ring's LinkRecords outgrow one
     * MAD, and saquery prints the rest of that MAD, which umad2sim leaves unset, as records.)
     */
    @ParameterizedTest
    @ValueSource(strings = {"-L H-1", "-l H-1", "-G H-1", "-L nosuch", "-D", "NR", "NodeRecord", "PIR", "SR", "IIR",
        "CPI", "-N", "-s", "-c", "-S", "-I", "-g", "MCMR", "-K PIR", "-K SR", "IIR -K", "--s", "--N", "--c", "--g",
        "--L H-1", "--O 1"})
    void saLookupsPrintSaquerysLines(String options) {
        String[] args = options.split(" ");
        assertThat(umad("H-2", 0, "sa", args).out()).as("sa %s", options)
                .isEqualTo(FABRIC.fabric().diag("H-2", "saquery", args).requireSuccess().stdout());
    }

    /**
     * sa paths with no filter asks what saquery PR asks, no component at all, and OpenSM answers with the path between
     * every two ports (from S-1's port 0 to itself first, not from the requester). Only the first MAD of the table
     * arrives here (umad2sim segments none), and saquery prints its last record past the GIDs from bytes umad2sim
     * leaves unset, so the first two records are compared.
     */
    @Test
    void saPathsWithoutAFilterAskWhatSaqueryPrAsks() {
        String ours = umad("H-2", 0, "sa", "paths").out();
        String theirs = FABRIC.fabric().diag("H-2", "saquery", "PR").requireSuccess().stdout();
        assertThat(firstRecords(ours, 2)).isEqualTo(firstRecords(theirs, 2)).contains("slid....................");
        String h2 = umad("H-2", 0, "sa", "-l", "H-2").out().strip();
        assertThat(firstRecords(ours, 1)).as("H-2's own port is not the first source")
                .doesNotContain("slid...................." + h2 + "\n");
    }

    /** The LID smpquery reads from H-2 in the PortInfo at {@code routeAndPort} (a directed route, then a port if any). */
    private static String lidFromH2(String... routeAndPort) {
        String[] args = new String[routeAndPort.length + 2];
        args[0] = "-D";
        args[1] = "portinfo";
        System.arraycopy(routeAndPort, 0, args, 2, routeAndPort.length);
        return Long.toString(FABRIC.fabric().diag("H-2", "smpquery", args).requireSuccess().number("Lid"));
    }

    /**
     * saquery's MTU, rate and packet-lifetime filters (each a byte: the selector in its top two bits), traffic class and
     * hop limit go to the SA as saquery sends them: OpenSM answers both alike (the first two records compared, as
     * above), and a filter nothing meets (MTU exactly 4096, ibsim's links being 2048) leaves no record. MCMR takes them
     * too, with ProxyJoin.
     */
    @ParameterizedTest
    @ValueSource(strings = {"PR|-M 0x84", "PR|-M 0x85", "PR|-M 0x44", "PR|-R 0xc3", "PR|--pkt_lifetime 0x92", "PR|-T 5",
        "PR|-H 0", "MCMR|-M 0x84", "MCMR|-M 0x85", "MCMR|-R 0x83", "MCMR|-X 0", "MCMR|-T 1", "MCMR|--pkt_lifetime 0xc0"})
    void saPathAndMemberFiltersAreSaquerys(String queryAndFilter) {
        String[] parts = queryAndFilter.split("\\|");
        String h2 = lidFromH2("0", "1");
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(parts[0]));
        if (parts[0].equals("PR")) {
            args.addAll(java.util.List.of("--slid", h2));
        }
        args.addAll(java.util.List.of(parts[1].split(" ")));
        String[] argv = args.toArray(String[]::new);
        String ours = umad("H-2", 0, "sa", argv).out();
        String theirs = FABRIC.fabric().diag("H-2", "saquery", argv).requireSuccess().stdout();
        // Nothing meets MTU exactly 4096 (0x85), nor a group's traffic class 1 (OpenSM's groups have 0); every other
        // filter keeps records here (a path's traffic class is the one asked for).
        boolean none = parts[1].endsWith("0x85") || queryAndFilter.equals("MCMR|-T 1");
        assertThat(theirs.isEmpty()).as("saquery %s answered nothing", queryAndFilter).isEqualTo(none);
        if (parts[0].equals("PR") && theirs.contains("PathRecord dump:")) {
            assertThat(firstRecords(ours, 2)).as("sa %s", queryAndFilter).isEqualTo(firstRecords(theirs, 2));
        } else {
            assertThat(ours).as("sa %s", queryAndFilter).isEqualTo(theirs);
        }
    }

    private static String firstRecords(String dump, int count) {
        String[] records = dump.split("(?=PathRecord dump:)");
        assertThat(records.length).as("records in %s", dump).isGreaterThanOrEqualTo(count);
        return String.join("", java.util.Arrays.copyOf(records, count));
    }

    /**
     * saquery's node arguments, where each query takes them: saquery alone and NR with a LID, PIR's lid/port/options,
     * LR's from/port and to/port, IIR's subscriber GID (no one subscribed here: both print no record), SWIR's lid (a
     * CA's: none), LFTR's and GIR's lid/block, SL2VL's lid/in/out, VLAR's lid/port/block, MFTR's lid (no group has
     * members here: none; FabricOpsIbsimTest compares them with members), PKTR's lid/port/block with OpenSM's SM_Key
     * (--smkey: without it OpenSM refuses PKTR), MCMR and -g as a trusted requester sees them; and SMIR, OpenSM's one
     * SM, each answer one
     * MAD (umad2sim segments no table, and saquery prints the rest of a cut one from bytes it leaves unset). sa asks the same
     * component masks, so the SA answers both the same records. (A node's name is looked up among the NodeRecords, of
     * which only the first MAD arrives here: the embedded fabric's test names them.)
     */
    @Test
    void saNodeArgumentsAskWhatSaquerysAsk() {
        IbsimFabric fabric = FABRIC.fabric();
        String s2 = lidFromH2("0,1", "0");
        String h2 = lidFromH2("0", "1");
        for (String[] args : new String[][] {{s2}, {"NR", h2}, {"PIR", s2 + "/2"}, {"PIR", h2 + "/1/0"}, {"PIR", s2 + "//0"},
            {"LR", s2 + "/2"}, {"LR", h2, s2}, {"LR", s2 + "/1", h2 + "/1"}, {"IIR", "fe80::1:2"}, {"SWIR", s2},
            {"SWIR", h2}, {"SMIR"}, {"LFTR", s2}, {"LFTR", s2 + "/0"}, {"LFTRecord", s2 + "/1"}, {"GIR", h2},
            {"GIR", s2 + "/0"}, {"SL2VL", h2}, {"SL2VL", s2 + "/1/2"}, {"VLAR", h2}, {"VLAR", s2 + "/2"},
            {"VLAR", s2 + "/2/1"}, {"MFTR", s2}, {"--smkey", "1", "PKTR", h2}, {"--smkey", "0x1", "PKTR", s2 + "/2"},
            {"--smkey", "1", "MCMR"}, {"--smkey", "1", "-g"}}) {
            // SMIR's ActCount is OpenSM's activity count, which its sweeps move between the two queries (as sminfo's).
            String activity = "ActCount\\.+\\d+";
            String theirs = fabric.diag("H-2", "saquery", args).requireSuccess().stdout();
            assertThat(umad("H-2", 0, "sa", args).out().replaceAll(activity, "ActCount N"))
                    .as("sa %s", String.join(" ", args)).isEqualTo(theirs.replaceAll(activity, "ActCount N"));
        }
        assertThat(umad("H-2", 0, "sa", "SMIR").out()).containsPattern("ActCount\\.{14}\\d+\n");
        assertThat(fabric.diag("H-2", "saquery", "PKTR", h2).stdout()).as("saquery refused too").isEmpty();
        assertThat(umad("H-2", 1, "sa", "PKTR", h2).err()).contains("SA ERR_REQ_INVALID", "give its SM_Key with --smkey");
        // OpenSM drops a MAD whose SM_Key is neither 0 nor its own (ERR 1A04): saquery times out, and so do we, asking why.
        assertThat(fabric.diag("H-2", "saquery", "--smkey", "2", "PKTR", h2).stdout()).as("saquery unanswered").isEmpty();
        assertThat(umad("H-2", 1, "sa", "--smkey", "2", "-t", "100", "PKTR", h2).err())
                .contains("no response from LID ", "is the SM_Key given (--smkey) the SM's?");
        assertThat(umad("H-2", 0, "sa", "LR", h2, s2).out()).contains("FromLID...................." + h2 + "\n");
        for (String[] args : new String[][] {{"--src-to-dst", h2 + ":" + s2}, {"-p", "--src-to-dst", s2 + ":" + h2},
            {"--slid", h2, "--dlid", s2, "PR"}, {"--slid", h2, "--dlid", s2, "-n", "4", "--sl", "0", "--pkey", "0xffff", "PR"},
            {"-r", "1", "--service_id", "0", "-Q", "0", "--slid", s2, "--dlid", h2, "PR"},
            // The ends by --src-to-dst with the other filters: saquery puts them all in one query.
            {"--src-to-dst", h2 + ":" + s2, "-M", "0x44", "--sl", "2", "PR"}}) {
            assertThat(umad("H-2", 0, "sa", args).out()).as("sa %s", String.join(" ", args))
                    .isEqualTo(fabric.diag("H-2", "saquery", args).requireSuccess().stdout()).contains("PathRecord dump:");
        }
        // Every path between two ports' GIDs: more than one MAD of them, of which only the first arrives here, and
        // saquery prints its last record past the GIDs from bytes umad2sim leaves unset: the first two are compared.
        String h2Gid = umad("H-2", 0, "addr").out().replaceAll("^GID (\\S+) .*\n$", "$1");
        String s2Gid = umad("H-2", 0, "addr", s2).out().replaceAll("^GID (\\S+) .*\n$", "$1");
        String[] gids = {"--sgid-to-dgid", h2Gid + "-" + s2Gid};
        assertThat(firstRecords(umad("H-2", 0, "sa", gids).out(), 1))
                .isEqualTo(firstRecords(fabric.diag("H-2", "saquery", gids).requireSuccess().stdout(), 1))
                .contains("sgid...................." + h2Gid + "\n");
    }

    /**
     * switches, hosts, routers and nodes print the lines of infiniband-diags' scripts ibswitches, ibhosts, ibrouters
     * and ibnodes (the ring has a switch with an enhanced port 0, a router and dual-port CAs), from a discovery and from
     * a topology file ibnetdiscover wrote; their JSON holds every field of those lines.
     */
    @Test
    void nodeListsPrintTheScriptsLines(@TempDir Path dir) throws IOException {
        IbsimFabric fabric = FABRIC.fabric();
        Path topology = dir.resolve("ring.topo");
        java.nio.file.Files.writeString(topology, fabric.diag("H-2", "ibnetdiscover").requireSuccess().stdout());
        for (String list : List.of("switches", "hosts", "routers", "nodes")) {
            String theirs = fabric.diag("H-2", "ib" + list).requireSuccess().stdout();
            assertThat(umad("H-2", 0, list).out()).as(list).isEqualTo(theirs).isNotEmpty();
            assertThat(asScriptLines(umad("H-2", 0, list, "--json").json())).as("%s --json", list).isEqualTo(theirs);
            assertThat(CliRun.run(list, topology.toString()).out()).as("%s from a file", list)
                    .isEqualTo(fabric.diag("H-2", "ib" + list, topology.toString()).requireSuccess().stdout())
                    .isEqualTo(theirs);
        }
        assertThat(umad("H-2", 0, "switches").out()).contains("enhanced port 0 lid");
    }

    /** The node lists' JSON written back as the scripts' lines. */
    private static String asScriptLines(JsonNode nodes) {
        StringBuilder lines = new StringBuilder();
        for (JsonNode n : nodes) {
            String kind = switch (n.get("nodeType").asText()) {
                case "Switch" -> "Switch";
                case "Router" -> "Rt";
                default -> "Ca";
            };
            lines.append(kind).append("\t: ").append(n.get("nodeGuid").asText()).append(" ports ").append(n.get("ports").asInt())
                    .append(" \"").append(n.get("description").asText()).append('"');
            if (n.has("port0")) {
                lines.append(' ').append(n.get("port0").asText()).append(" port 0 lid ").append(n.get("lid").asInt())
                        .append(" lmc ").append(n.get("lmc").asInt());
            }
            lines.append('\n');
        }
        return lines.toString();
    }

    @Test
    void saNameLookupsPrintSaquerysLines() {
        IbsimFabric fabric = FABRIC.fabric();
        String lid = umad("H-2", 0, "sa", "-l", "H-1").out().strip();
        String guid = umad("H-2", 0, "sa", "-G", "H-1").out().strip();
        for (String[] args : new String[][] {{"-O", lid}, {"-U", guid}}) {
            assertThat(umad("H-2", 0, "sa", args).out()).isEqualTo(fabric.diag("H-2", "saquery", args).requireSuccess().stdout())
                    .isEqualTo("H-1\n");
        }
    }

    @Test
    void portstateByLidPrintsIbportstatesQuery() {
        IbsimFabric fabric = FABRIC.fabric();
        String s2 = lidFromH2("0,1", "0");
        String h2 = lidFromH2("0", "1");
        for (String[] args : new String[][] {{s2, "0"}, {h2, "1"}}) {
            assertThat(umad("S-3", 0, "portstate", args).out()).as("portstate %s", String.join(" ", args))
                    .isEqualTo(fabric.diag("S-3", "ibportstate", args).requireSuccess().stdout())
                    .contains("# Port info: Lid " + args[0] + " port " + args[1]);
        }
    }

    /**
     * dump-fts prints every switch's table as dump_fts does (each named by the route the tools' scan found it by,
     * in its order, destinations named from the scan), from a host and from a switch; unicast and multicast.
     */
    @ParameterizedTest
    @ValueSource(strings = {"H-2|", "H-2|-a", "H-2|-n", "H-2|-M", "H-2|-M -n", "H-2|2 9", "S-3|", "S-3|-M -a",
        "D-1|-a 0 4"})
    void dumpFtsPrintsEverySwitchsTableAsDumpFts(String fromAndOptions) {
        String[] parts = fromAndOptions.split("\\|", -1);
        String[] args = parts[1].isEmpty() ? new String[0] : parts[1].split(" ");
        assertThat(umad(parts[0], 0, "dump-fts", args).out()).as("dump-fts %s from %s", parts[1], parts[0])
                .isEqualTo(FABRIC.fabric().diag(parts[0], "dump_fts", args).requireSuccess().stdout())
                .contains(parts[1].contains("-M") ? "Multicast mlids" : "Unicast lids");
    }

    /** Every switch of the ring by directed route from H-2: S-2, S-1 (either doubled cable), S-3, S-4, S-5. */
    @ParameterizedTest
    @ValueSource(strings = {"0,1", "0,1,1", "0,1,2", "0,1,3", "0,1,3,4", "0,1,3,6"})
    void routesPrintIbroutesTextFor(String route) {
        assertThat(umad("H-2", 0, "routes", "-D", route).out())
                .isEqualTo(FABRIC.fabric().diag("H-2", "ibroute", "-D", route).requireSuccess().stdout());
    }

    /**
     * Two groups, joined from hosts on four different switches, as OpenSM programs them into every switch's
     * multicast forwarding table: routes -M prints ibroute -M's text, also with -n (port masks), with -a and
     * a range, and by directed route.
     */
    @Test
    void routesMulticastPrintsIbroutesTextOnEverySwitch() {
        // --create of an IPoIB group takes its broadcast group's Q_Key, which OpenSM wants, without --qkey.
        umad("H-3", 0, "mcast", "join", "ff12:601b:ffff::1234", "--create", "--once");
        umad("H-5", 0, "mcast", "join", "ff12:601b:ffff::1234", "--once");
        umad("my host (x)", 0, "mcast", "join", "ff12:601b:ffff::42", "--create", "--qkey", "0x0b1b", "--once");
        umad("D-1", 0, "mcast", "join", "ff12:601b:ffff::42", "--once");
        // OpenSM programs the switches on its next sweep after the joins: wait until S-5 (H-5's) holds the first
        // group and S-4 (the odd host's) the second, which it writes in the same pass as the others.
        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> !mlids("0,1,3,6").contains("0 valid mlids")
                && !mlids("0,1,3,4").contains("0 valid mlids"));
        for (String route : List.of("0,1", "0,1,1", "0,1,3", "0,1,3,4", "0,1,3,6")) {
            // ibroute's long spellings too (--Multicast, --no_dests, --Direct): the same options.
            for (List<String> options : List.of(List.of("-M"), List.of("-M", "-n"), List.of("-M", "-a"),
                    List.of("--Multicast", "--no_dests"))) {
                List<String> args = new ArrayList<>(options);
                args.addAll(List.of(options.contains("--Multicast") ? "--Direct" : "-D", route));
                if (options.contains("-a")) {
                    args.addAll(List.of("0xc000", "0xc005"));
                }
                String theirs = FABRIC.fabric().diag("H-2", "ibroute", args.toArray(String[]::new)).requireSuccess().stdout();
                args.add(0, "routes");
                CliRun ours = umad("H-2", 0, args.get(0), args.subList(1, args.size()).toArray(String[]::new));
                assertThat(ours.out()).as("routes %s", args).isEqualTo(theirs);
            }
        }
    }

    /**
     * errors --data adds each reported port's data counters as ibqueryerrors --data does (PortCountersExtended:
     * ibsim's PMA has the extended width). The counts grow with every MAD through a port, so between the two runs
     * only the numbers differ: the lines are equal with them masked, and each of the tool's own numbers, shown
     * the way we show a count, reads as the tool shows it.
     */
    @Test
    void errorsWithDataCountersPrintIbqueryerrorsLines() {
        String theirs = FABRIC.fabric().diag("H-2", "ibqueryerrors", "--data").stdout();
        CliRun ours = umad("H-2", 1, "errors", "--data");
        assertThat(masked(ours.out())).isEqualTo(masked(theirs)).contains("[PortXmitData == N]");
        Matcher count = DATA_COUNT.matcher(theirs);
        int counts = 0;
        while (count.find()) {
            counts++;
            assertThat(ErrorsCommand.humanReadable(Long.parseLong(count.group(2)), count.group(1).endsWith("Data")))
                    .as("%s", count.group()).isEqualTo(count.group(3));
        }
        assertThat(counts).as("data counts in ibqueryerrors' lines").isGreaterThan(20);
    }

    /**
     * ibqueryerrors' ways of narrowing the sweep print what the tool prints: suppressed counters (-s, -c) with
     * the "## Suppressed:" line, node types (--switch, --ca, --router), one node by port GUID (-S; the tool's
     * -G of a switch's GUID waits for ever under umad2sim, so the switch is reached by -D) and by directed
     * route (-D), --counters (every port's data counters; the counts move with each MAD, so masked) and -r
     * (each reported port's link, far end included).
     * Errors are set on H-5, S-4, D-1, S-1, S-5 and H-2 (setErrorCounters), so most of these report some.
     */
    @ParameterizedTest
    @ValueSource(strings = {"-s SymbolErrorCounter,LinkDownedCounter", "-c --switch", "-s PortXmitDiscards -c --ca",
        "--router", "--switch --ca", "-S 0x100009", "-G 0x10000e", "-D 0,1", "-D 0,1,1,8", "--counters",
        "--counters -D 0,1",
        "--ca --counters", "-r", "-r --data", "-r -D 0,1,1,8", "-r -S 0x100009", "-r --counters --switch", "--skip-sl",
        "-R -c", "--details", "--details -r -c"})
    void errorsNarrowedAsIbqueryerrorsNarrowsThem(String options) {
        String[] args = options.split(" ");
        DiagResult theirs = FABRIC.fabric().diag("H-2", "ibqueryerrors", args);
        CliRun ours = umad("H-2", theirs.exitCode(), "errors", args);
        assertThat(masked(ours.out())).isEqualTo(masked(theirs.stdout())).contains("## Summary");
        assertOnlyTheRouterFailed(ours);
    }

    /** The only PMA queries that fail are R-1's, which has no LID to be reached at (one warning each). */
    private static void assertOnlyTheRouterFailed(CliRun ours) {
        assertThat(ours.err().lines().filter(line -> line.contains("warning")))
                .allSatisfy(line -> assertThat(line).contains("\"R-1\": ").contains("no LID to reach the PMA at"));
    }

    /**
     * errors -K --yes resets every port's data counters, PortCounters' and PortCountersExtended's (which ibsim's PMA
     * keeps apart), and leaves the errors: perfquery and perfquery -x read H-3's PortXmitData back near zero,
     * ibqueryerrors still finds the errors.
     */
    @Test
    void clearCountsResetsTheDataCountersAndLeavesTheErrors() {
        IbsimFabric fabric = FABRIC.fabric();
        fabric.performanceSet("H-3", 1, "PortCounters.PortXmitData", 100_000);
        String lid = lidFromH2("0,1,3,7");
        assertThat(fabric.diag("H-2", "perfquery", lid, "1").requireSuccess().number("PortXmitData")).isGreaterThanOrEqualTo(100_000);

        umad("H-2", 1, "errors", "-K", "--yes");

        assertThat(fabric.diag("H-2", "perfquery", lid, "1").requireSuccess().number("PortXmitData"))
                .as("H-3's PortXmitData after the reset (the reads since add a few words)").isLessThan(1_000);
        assertThat(fabric.diag("H-2", "perfquery", "-x", lid, "1").requireSuccess().number("PortXmitData"))
                .as("and its extended one").isLessThan(1_000);
        assertThat(fabric.diag("H-2", "ibqueryerrors").stdout()).contains("Errors for \"D-1\"");
    }

    private static final Pattern DATA_COUNT = Pattern.compile(
            "\\[(Port\\w*(?:Data|Pkts)) == (\\d+) \\(([^)]*)\\)\\]");

    private static String masked(String text) {
        return DATA_COUNT.matcher(text).replaceAll("[$1 == N]");
    }

    /**
     * Every ordered pair of some ends around the ring (hosts on three switches, both ports of the two-port HCA,
     * two switches): trace prints ibtracert's text, and fails where it fails.
     */
    @Test
    void tracePrintsIbtracertsTextBetweenEndsAroundTheRing() {
        Topology ring = Topology.parse(FABRIC.fabric().diag("H-2", "ibnetdiscover").requireSuccess().stdout());
        List<Integer> lids = new ArrayList<>();
        for (String end : List.of("H-3", "H-6", "my host (x)", "D-1", "S-4", "S-5")) {
            Node node = ring.nodes().stream().filter(n -> n.description().equals(end)).findFirst().orElseThrow();
            node.ports().stream().mapToInt(Port::lid).filter(lid -> lid > 0).distinct().forEach(lids::add);
        }
        assertThat(lids).as("both of D-1's ports have a LID").hasSize(7);
        for (int from : lids) {
            for (int to : lids) {
                if (from == to) {
                    continue;
                }
                DiagResult theirs = FABRIC.fabric().diag("H-2", "ibtracert", String.valueOf(from), String.valueOf(to));
                CliRun ours = umad("H-2", theirs.exitCode() == 0 ? 0 : 1, "trace", String.valueOf(from), String.valueOf(to));
                assertThat(ours.out()).as("trace %d %d", from, to).isEqualTo(theirs.stdout());
            }
        }
    }

    /**
     * trace -v first prints the hops from the local port to the source, as ibtracert -v does on its way there: from a
     * switch three hops off (with -n too), and none from the local port itself.
     */
    @Test
    void traceVerboseFirstWalksToTheSourceAsIbtracertDoes() {
        String h2 = lidFromH2("0", "1");
        String s3 = lidFromH2("0,1,3", "0");
        for (String[] ends : new String[][] {{s3, h2}, {h2, s3}}) {
            for (String options : new String[] {"-v", "-v -n"}) {
                String args = options + " " + ends[0] + " " + ends[1];
                assertThat(DiagsOracle.sameAsTheTool(FABRIC.fabric(), "H-2", "ibtracert", "trace", args).out())
                        .isNotEmpty();
            }
        }
        assertThat(umad("H-2", 0, "trace", "-v", s3, h2).out()).startsWith("[");
    }

    /**
     * trace -f prints what ibtracert -f prints between two ends that answer (the same as without it). To a LID no port
     * has, both print the route as far as the tables lead and fail there, and ours names the switch whose table has no
     * entry for it; with -v both print the walk to the source first, with -n the short lines. From that LID both fail
     * on the walk to it, having printed (with -v) its hops up to the switch that leads nowhere.
     */
    @Test
    void traceWithForceIsIbtracertsWithForceAsFarAsTheTablesLead() {
        String h2 = lidFromH2("0", "1");
        String s3 = lidFromH2("0,1,3", "0");
        DiagResult theirs = FABRIC.fabric().diag("H-2", "ibtracert", "-f", h2, s3);
        assertThat(umad("H-2", 0, "trace", "-f", h2, s3).out()).isEqualTo(theirs.requireSuccess().stdout()).isNotEmpty();
        for (String[] args : List.of(new String[] {"-f", s3, "77"}, new String[] {"-f", "-v", s3, "77"},
                new String[] {"-f", "-n", s3, "77"}, new String[] {"-f", "-v", "77", h2})) {
            DiagResult stopped = FABRIC.fabric().diag("H-2", "ibtracert", args);
            assertThat(stopped.exitCode()).isNotZero();
            CliRun ours = umad("H-2", 1, "trace", args);
            // ibtracert says why it stopped on stdout (libibmad's IBEXIT); ours says it on stderr.
            assertThat(ours.out()).as("trace %s", String.join(" ", args))
                    .isEqualTo(stopped.stdout().replaceAll("(?m)^.*iberror: failed: .*\\R", ""));
            assertThat(ours.err()).contains("bad forwarding table entry at \"").contains("lid 77 is routed to port 255");
        }
        assertThat(umad("H-2", 1, "trace", "-f", "-v", s3, "77").out()).as("the walk to S-3, then S-3 onwards")
                .contains("[1] -> switch port").contains("From switch");
    }

    /**
     * trace --ports-file traces every pair of the file as ibtracert --ports-file does (blank and comment lines skipped),
     * with -n too, and ends with the count; a pair with no route stops both at that line.
     */
    @Test
    void traceOfAPortsFileIsIbtracertsOfEachPair(@TempDir Path dir) throws IOException {
        Topology ring = Topology.parse(FABRIC.fabric().diag("H-2", "ibnetdiscover").requireSuccess().stdout());
        List<String> lids = new ArrayList<>();
        for (String end : List.of("H-3", "H-6", "S-4", "D-1")) {
            Node node = ring.nodes().stream().filter(n -> n.description().equals(end)).findFirst().orElseThrow();
            lids.add(String.valueOf(node.ports().stream().mapToInt(Port::lid).filter(lid -> lid > 0).min().orElseThrow()));
        }
        Path pairs = dir.resolve("pairs");
        Files.writeString(pairs, "# ring\n" + lids.get(0) + " " + lids.get(1) + "\n\n  \n" + lids.get(2) + "\t" + lids.get(3)
                + "\n" + lids.get(3) + " " + lids.get(0) + "\n");
        for (String[] options : List.of(new String[] {"--ports-file", pairs.toString()},
                new String[] {"-n", "--ports-file", pairs.toString()})) {
            String theirs = FABRIC.fabric().diag("H-2", "ibtracert", options).requireSuccess().stdout();
            assertThat(umad("H-2", 0, "trace", options).out()).isEqualTo(theirs).endsWith("3 lid/guid pairs processed from "
                    + pairs + "\n");
        }
        Path unrouted = dir.resolve("unrouted");
        Files.writeString(unrouted, lids.get(0) + " " + lids.get(1) + "\n" + lids.get(0) + " 60000\n");
        DiagResult theirs = FABRIC.fabric().diag("H-2", "ibtracert", "--ports-file", unrouted.toString());
        CliRun ours = umad("H-2", 1, "trace", "--ports-file", unrouted.toString());
        assertThat(theirs.exitCode()).isNotZero();
        // ibtracert says why it stopped on stdout (libibmad's IBEXIT); ours says it on stderr.
        assertThat(ours.out()).isEqualTo(theirs.stdout().replaceAll("(?m)^.*iberror: failed: .*\\R", "")).isNotEmpty();
        assertThat(ours.err()).contains("line 2 (" + lids.get(0) + " 60000)");
    }

    /**
     * A node name map renames nodes in every tool's text as the tools rename them, given to both: switches and
     * hosts, a name with spaces, an unquoted name before a comment (its space kept), a GUID in decimal, a second
     * line for a GUID (the first one counts); nodes it does not name keep their descriptions, and ibnetdiscover's
     * own line for a CA keeps its description.
     */
    @Test
    void aNodeNameMapRenamesNodesAsTheToolsDo(@TempDir Path dir) throws IOException {
        Topology ring = Topology.parse(FABRIC.fabric().diag("H-2", "ibnetdiscover").requireSuccess().stdout());
        Map<String, Long> guids = new java.util.HashMap<>();
        ring.nodes().forEach(n -> guids.put(n.description(), n.nodeGuid()));
        Path map = dir.resolve("ib-node-name-map");
        Files.writeString(map, String.join("\n",
                "# the ring's names",
                String.format("0x%016x \"ring switch one\"", guids.get("S-1")),
                String.format("0x%x \"old name\"", guids.get("S-3")),
                String.format("  0x%x \"S three\"   # the line above counts", guids.get("S-3")),
                String.format("%d    d-one # decimal, unquoted", guids.get("D-1")),
                String.format("0x%x \"hôst fïve\"", guids.get("H-5")),
                ""));
        String m = map.toString();
        assertThat(DiagsOracle.undated(umad("H-2", 0, "discover", "--node-name-map", m).out()))
                .isEqualTo(DiagsOracle.undated(FABRIC.fabric().diag("H-2", "ibnetdiscover", "--node-name-map", m).requireSuccess().stdout()))
                .contains("old name", "ring switch one", "d-one ", "hôst fïve").doesNotContain("S three");
        assertThat(umad("H-2", 0, "links", "--node-name-map", m).out())
                .isEqualTo(FABRIC.fabric().diag("H-2", "iblinkinfo", "--node-name-map", m).requireSuccess().stdout());
        // -l pads each name to 30 bytes, as C's %30s counts them: H-5's UTF-8 name takes two more.
        assertThat(umad("H-2", 0, "links", "-l", "--node-name-map", m).out())
                .isEqualTo(FABRIC.fabric().diag("H-2", "iblinkinfo", "-l", "--node-name-map", m).requireSuccess().stdout())
                .contains("\"                   hôst fïve\"");
        for (String options : List.of("", "-r")) {
            String[] args = (options + " --node-name-map " + m).strip().split(" ");
            DiagResult theirs = FABRIC.fabric().diag("H-2", "ibqueryerrors", args);
            assertThat(masked(umad("H-2", theirs.exitCode(), "errors", args).out())).as("errors %s", options)
                    .isEqualTo(masked(theirs.stdout())).contains("hôst fïve");
        }
        for (String route : List.of("0,1", "0,1,3")) {
            assertThat(umad("H-2", 0, "routes", "-D", route, "--node-name-map", m).out()).as("routes -D %s", route)
                    .isEqualTo(FABRIC.fabric().diag("H-2", "ibroute", "-D", route, "--node-name-map", m).requireSuccess()
                            .stdout());
        }
        Node h5 = ring.nodes().stream().filter(n -> n.description().equals("H-5")).findFirst().orElseThrow();
        String to = String.valueOf(h5.ports().stream().mapToInt(Port::lid).filter(lid -> lid > 0).findFirst().orElseThrow());
        assertThat(umad("H-2", 0, "trace", "1", to, "--node-name-map", m).out())
                .isEqualTo(FABRIC.fabric().diag("H-2", "ibtracert", "--node-name-map", m, "1", to).requireSuccess().stdout())
                .contains("hôst fïve");
        // smpquery nodedesc names a node by the map too, by LID and by directed route (S-1's, the first hop).
        assertThat(umad("H-2", 0, "smp", "nodedesc", to, "--node-name-map", m).out())
                .isEqualTo(FABRIC.fabric().diag("H-2", "smpquery", "--node-name-map", m, "nodedesc", to)
                        .requireSuccess().stdout())
                .isEqualTo("Node Description:.....................hôst fïve\n");
        assertThat(umad("H-2", 0, "smp", "nodedesc", "-D", "0,1", "--node-name-map", m).out())
                .isEqualTo(FABRIC.fabric().diag("H-2", "smpquery", "--node-name-map", m, "-D", "nodedesc", "0,1")
                        .requireSuccess().stdout());
    }

    /**
     * trace -m follows a group's tree through the ring's multicast tables as ibtracert -m does: between members,
     * from and to a port that is not one (the source's switch still forwards), from hosts, from the two-port
     * HCA and from a switch, with -n too; where the tables lead nowhere near the destination both fail.
     */
    @Test
    void traceOfAMulticastGroupIsIbtracertsAroundTheRing() {
        String joined = umad("H-1", 0, "mcast", "join", "ff12:601b:ffff::99", "--create", "--qkey", "0x0b1b", "--once").out();
        umad("H-4", 0, "mcast", "join", "ff12:601b:ffff::99", "--once");
        umad("H-5", 0, "mcast", "join", "ff12:601b:ffff::99", "--once");
        Matcher m = Pattern.compile("MLID (0x[0-9a-f]+)").matcher(joined);
        assertThat(m.find()).as(joined).isTrue();
        String mlid = m.group(1);
        Topology ring = Topology.parse(FABRIC.fabric().diag("H-2", "ibnetdiscover").requireSuccess().stdout());
        Map<String, String> lids = new java.util.HashMap<>();
        for (String host : List.of("H-1", "H-2", "H-4", "H-5", "S-4")) {
            Node node = ring.nodes().stream().filter(n -> n.description().equals(host)).findFirst().orElseThrow();
            lids.put(host, String.valueOf(node.ports().stream().mapToInt(Port::lid).filter(lid -> lid > 0).findFirst()
                    .orElseThrow()));
        }
        // OpenSM programs the tables on its next sweep: wait until H-5's switch (S-5) forwards the group.
        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> !mlids("0,1,3,6").contains("0 valid mlids"));
        for (String from : List.of("H-2", "D-1", "S-3")) {
            for (String pair : List.of("H-1 H-5", "H-5 H-1", "H-4 H-1", "H-2 H-5", "H-1 S-4", "-n H-4 H-5")) {
                List<String> args = new ArrayList<>(List.of("-m", mlid));
                for (String word : pair.split(" ")) {
                    args.add(lids.getOrDefault(word, word));
                }
                String[] argv = args.toArray(String[]::new);
                assertThat(umad(from, 0, "trace", argv).out()).as("trace %s from %s", args, from)
                        .isEqualTo(FABRIC.fabric().diag(from, "ibtracert", argv).requireSuccess().stdout());
            }
        }
        String[] nowhere = {"-m", mlid, lids.get("H-1"), lids.get("H-2")};
        assertThat(FABRIC.fabric().diag("H-2", "ibtracert", nowhere).exitCode()).isNotZero();
        assertThat(umad("H-2", 1, "trace", nowhere).err()).contains("the multicast tables lead from lid");
    }

    /**
     * The fabric cache both ways: ibnetdiscover, iblinkinfo and ibqueryerrors load the cache discover --cache
     * wrote as if they had scanned the ring themselves, and discover, links and errors --load-cache print what the
     * tools print from ibnetdiscover --cache's file (made from the two-port HCA, so from another local node).
     */
    @Test
    void fabricCachesGoBothWaysBetweenUsAndTheTools(@TempDir Path dir) {
        IbsimFabric fabric = FABRIC.fabric();
        String ours = dir.resolve("ours.cache").toString();
        umad("H-2", 0, "discover", "--cache", ours);
        assertThat(DiagsOracle.undated(fabric.diag("H-2", "ibnetdiscover", "--load-cache", ours).requireSuccess().stdout()))
                .isEqualTo(DiagsOracle.undated(fabric.diag("H-2", "ibnetdiscover").requireSuccess().stdout()));
        assertThat(fabric.diag("H-2", "iblinkinfo", "--load-cache", ours).requireSuccess().stdout())
                .isEqualTo(fabric.diag("H-2", "iblinkinfo").requireSuccess().stdout());
        DiagResult live = fabric.diag("H-2", "ibqueryerrors", "-r");
        assertThat(masked(fabric.diag("H-2", "ibqueryerrors", "-r", "--load-cache", ours).stdout()))
                .isEqualTo(masked(live.stdout())).contains("Errors for");

        String theirs = dir.resolve("theirs.cache").toString();
        fabric.diag("D-1", "ibnetdiscover", "--cache", theirs).requireSuccess();
        for (String[] command : new String[][] {{"discover"}, {"discover", "-p"}, {"links"}, {"links", "-G", "0x100009"},
            {"errors", "-r"}}) {
            String tool = switch (command[0]) {
                case "discover" -> "ibnetdiscover";
                case "links" -> "iblinkinfo";
                default -> "ibqueryerrors";
            };
            String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(command).skip(1),
                    java.util.stream.Stream.of("--load-cache", theirs)).toArray(String[]::new);
            DiagResult expected = fabric.diag("H-2", tool, args);
            assertThat(masked(DiagsOracle.undated(umad("H-2", expected.exitCode(), command[0], args).out())))
                    .as("%s", java.util.Arrays.toString(command))
                    .isEqualTo(masked(DiagsOracle.undated(expected.stdout())));
        }
    }

    /**
     * discover --diff prints what ibnetdiscover --diff prints, both ways, under its check keys: a cache of the ring
     * against one of the ring changed ({@link #changedRing}), both read with --load-cache.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "--diffcheck sw,ca,router,port,lid,nodedesc", "--diffcheck ca,port", "--diffcheck SW,Port",
        "--diffcheck nodedesc,sw", "--diffcheck lid,ca"})
    void discoverDiffIsIbnetdiscoversDiff(String checks, @TempDir Path dir) throws IOException {
        diffBothWays("discover", "ibnetdiscover", checks, dir);
    }

    /**
     * links --diff prints what iblinkinfo --diff prints, both ways, under its check keys (port, state, lid, nodedesc),
     * in its line mode and for switches or CAs only, on the same two caches. (iblinkinfo 44.0 itself dies of a
     * segmentation fault with all four keys on them: no oracle there.)
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "--diffcheck port,state,lid", "--diffcheck state", "--diffcheck Lid,PORT", "-l",
        "--switches-only", "--cas-only --diffcheck nodedesc,port", "-p"})
    void linksDiffIsIblinkinfosDiff(String options, @TempDir Path dir) throws IOException {
        diffBothWays("links", "iblinkinfo", options, dir);
    }

    /**
     * links --filterdownports leaves out the ports that are down now and were down in the cache, as iblinkinfo does
     * (their nodes' headers stay): with the ring's own cache, every down port.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "-d", "-l", "--switches-only -d"})
    void linksFilterDownPortsIsIblinkinfos(String options, @TempDir Path dir) throws IOException {
        IbsimFabric fabric = FABRIC.fabric();
        Path ring = dir.resolve("ring.cache");
        fabric.diag("H-2", "ibnetdiscover", "--cache", ring.toString()).requireSuccess();
        List<String> args = new ArrayList<>(List.of("--filterdownports", ring.toString()));
        if (!options.isEmpty()) {
            args.addAll(List.of(options.split(" ")));
        }
        String expected = fabric.diag("H-2", "iblinkinfo", args.toArray(String[]::new)).requireSuccess().stdout();
        assertThat(umad("H-2", 0, "links", args.toArray(String[]::new)).out()).as("%s", args).isEqualTo(expected)
                .doesNotContain("Down/");
        assertThat(fabric.diag("H-2", "iblinkinfo", "-d").requireSuccess().stdout()).as("the ring has down ports")
                .contains("Down/");
    }

    /** Our {@code command --diff} against {@code tool --diff} on a ring cache and its changed copy, in both directions. */
    private static void diffBothWays(String command, String tool, String options, Path dir) throws IOException {
        IbsimFabric fabric = FABRIC.fabric();
        Path ring = dir.resolve("ring.cache");
        fabric.diag("H-2", "ibnetdiscover", "--cache", ring.toString()).requireSuccess();
        Path changed = dir.resolve("changed.cache");
        IbnetdiscoverCache.write(changedRing(CacheFiles.read("--load-cache", ring).fabric()), 0, changed);

        for (Path[] pair : new Path[][] {{ring, changed}, {changed, ring}}) {
            List<String> args = new ArrayList<>(List.of("--load-cache", pair[1].toString(), "--diff", pair[0].toString()));
            if (!options.isEmpty()) {
                args.addAll(List.of(options.split(" ")));
            }
            String expected = fabric.diag("H-2", tool, args.toArray(String[]::new)).requireSuccess().stdout();
            assertThat(umad("H-2", 0, command, args.toArray(String[]::new)).out()).as("%s %s", command, args)
                    .isEqualTo(expected).isNotEmpty();
        }
    }

    /**
     * The ring without H-5 and one inter-switch cable, S-3 described anew, D-1's port 2 at LID 900 and S-1's port 1
     * Armed.
     */
    private static DiscoveredFabric changedRing(DiscoveredFabric ring) {
        long gone = ring.nodes().stream().filter(n -> n.description().equals("H-5")).findFirst().orElseThrow().guid();
        List<DiscoveredNode> nodes = new ArrayList<>();
        for (DiscoveredNode n : ring.nodes()) {
            if (n.guid() == gone) {
                continue;
            }
            var ports = new TreeMap<>(n.ports());
            if (n.description().equals("D-1")) {
                ports.put(2, ports.get(2).toBuilder().lid(900).build());
            }
            if (n.description().equals("S-1")) {
                ports.put(1, ports.get(1).toBuilder().portState(PortInfo.STATE_ARMED).build());
            }
            nodes.add(new DiscoveredNode(n.nodeInfo(),
                    n.description().equals("S-3") ? "S-3 moved" : n.description(), n.switchInfo(), ports, n.portGuids(),
                    n.path()));
        }
        var byGuid = ring.byGuid();
        List<DiscoveredLink> links = new ArrayList<>();
        boolean cut = false;
        for (DiscoveredLink l : ring.links()) {
            if (l.nodeGuidA() == gone || l.nodeGuidB() == gone) {
                continue;
            }
            if (!cut && byGuid.get(l.nodeGuidA()).isSwitch() && byGuid.get(l.nodeGuidB()).isSwitch()) {
                cut = true;
                continue;
            }
            links.add(l);
        }
        return new DiscoveredFabric(nodes, links, ring.fromNodeGuid(), ring.fromPort(), 0, List.of());
    }

    private static String mlids(String route) {
        return FABRIC.fabric().diag("H-2", "ibroute", "-M", "-D", route).requireSuccess().stdout();
    }

    private static CliRun umad(String local, int exitCode, String command, String... more) {
        return DiagsOracle.umad(FABRIC.fabric(), local, exitCode, command, more);
    }
}
