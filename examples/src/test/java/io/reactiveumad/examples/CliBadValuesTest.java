package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Values every command refused in words that did not say which option or value was wrong, or accepted
 * though they mean nothing: each is now one line naming both, and exit 2 (bad usage), before a MAD is sent.
 */
class CliBadValuesTest {

    private static void oneUsageLine(CliRun run, String... mentions) {
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.err().strip().lines()).as("%s", run).singleElement().asString().contains(mentions);
        assertThat(run.out()).as("%s", run).isEmpty();
    }

    /** Was "Timeout on blocking read for -1000000000 NANOSECONDS", "… for 0 NANOSECONDS" and "long overflow", exit 1. */
    @ParameterizedTest
    @CsvSource({"discover,-1", "discover,0", "discover,99999999999", "errors,-1", "links,99999999999", "links,1.5"})
    void aDeadlineThatIsNotAPositiveNumberOfSecondsIsNamed(String command, String seconds) {
        oneUsageLine(CliRun.run(command, "--transport", "embedded", "--deadline", seconds), "--deadline", seconds);
    }

    /** perf reads one attribute: two of -x, -D, -E and the counter sets is a usage error naming them. */
    @ParameterizedTest
    @CsvSource({"-x,--vloppackets", "--oprcvcounters,--flowctlcounters", "-E,--vlxmitcounters"})
    void twoPerfAttributesAreRefused(String one, String other) {
        oneUsageLine(CliRun.run("perf", "--transport", "embedded", one, other, "1"), "read different attributes");
    }

    /** -t, each MAD's timeout in milliseconds as the diag tools take it, on any command. */
    @ParameterizedTest
    @CsvSource({"discover,-t,0", "perf,-t,-5", "sa,--timeout,1.5", "errors,-t,3600001", "sminfo,-t,x"})
    void aMadTimeoutThatIsNotAPositiveNumberOfMillisecondsIsNamed(String command, String option, String ms) {
        oneUsageLine(CliRun.run(command, "--transport", "embedded", option, ms), option, ms, "milliseconds");
    }

    /** Was "value -1 does not fit 16 bits at byte 56"; 0 was sent as a wildcard and listed every node. */
    @ParameterizedTest
    @CsvSource({"nodes,--lid,-1", "nodes,--lid,0", "nodes,--lid,70000", "nodes,--lid,0xC000", "portinfo,--lid,0",
            "links,--lid,-1", "paths,--slid,0", "paths,--dlid,-1"})
    void aLidThatIsNotUnicastIsNamed(String query, String option, String lid) {
        String[] args = option.equals("--slid") ? new String[] {"sa", query, "--transport", "embedded", option, lid, "--dlid", "1"}
                : option.equals("--dlid") ? new String[] {"sa", query, "--transport", "embedded", "--slid", "1", option, lid}
                : new String[] {"sa", query, "--transport", "embedded", option, lid};
        oneUsageLine(CliRun.run(args), option, lid, "unicast LID");
    }

    /** Was "value 300 does not fit 8 bits at byte 58": a number after the node too big for its field is named. */
    @ParameterizedTest
    @CsvSource({"PIR,2/300,PORT 300 is more than 254", "PIR,2/1/300,OPTIONS 300 is more than 255",
            "pkeys,2/1/70000,BLOCK 70000 is more than 65535", "sl2vl,2/1/255,OUT 255 is more than 254",
            "guidinfo,2/256,BLOCK 256 is more than 255", "mfts,2/16,POSITION 16 is more than 15",
            "mfts,2/0/512,BLOCK 512 is more than 511", "LR,2/300,PORT 300 is more than 254"})
    void aNumberAfterTheNodeThatItsFieldCannotHoldIsNamed(String query, String argument, String mention) {
        oneUsageLine(CliRun.run("sa", query, "--transport", "embedded", argument), "'" + argument + "' is not", mention);
    }

    /** ibqueryerrors ignores a name it does not know in -s, and a GUID that does not parse becomes 0: we say so. */
    @ParameterizedTest
    @CsvSource(value = {"-s|Bogus|--suppress: not an error counter: Bogus|",
            "--suppress|SymbolErrorCounter,Nope|--suppress: not an error counter: Nope|",
            "-G|zz|-G: |zz", "-S|0x|-G: |0x", "-D|0,,1|-D: |0,,1"}, delimiter = '|')
    void anErrorsSelectionThatDoesNotParseIsNamed(String option, String value, String mention, String alsoMention) {
        oneUsageLine(CliRun.run("errors", "--transport", "embedded", option, value), mention,
                alsoMention == null ? mention : alsoMention);
    }

    @ParameterizedTest
    @CsvSource(value = {"-G zz|-G: ", "-D 0,,1|-D: ", "-G 0x10 -D 0,1|-G and -D", "--switches-only --cas-only|--cas-only"},
            delimiter = '|')
    void aLinksSelectionThatDoesNotParseIsNamed(String options, String mention) {
        String[] args = java.util.stream.Stream.concat(java.util.stream.Stream.of("links", "--transport", "embedded"),
                java.util.Arrays.stream(options.split(" "))).toArray(String[]::new);
        oneUsageLine(CliRun.run(args), mention);
    }

    @Test
    void aTraceEndThatIsNotAGuidIsNamed() {
        oneUsageLine(CliRun.run("trace", "-G", "zz", "0x10", "--transport", "embedded"), "SRC: ", "zz");
        oneUsageLine(CliRun.run("trace", "-G", "0x100003", "0x7777777", "--transport", "embedded"), "the SA knows no port GUID");
        oneUsageLine(CliRun.run("trace", "-m", "0x12", "1", "2", "--transport", "embedded"), "'-m'",
                "'0x12' is not a multicast LID (0xc000 to 0xfffe)");
    }

    /** perf's PORT is a list as perfquery's is: each port is checked, and -a with other ports is refused. */
    @Test
    void aPerfPortThatIsNotAPortIsNamed() {
        oneUsageLine(CliRun.run("perf", "4", "1,x", "--transport", "embedded"), "parameter PORT", "'x'");
        oneUsageLine(CliRun.run("perf", "4", "1,256", "--transport", "embedded"), "'256' is not 0 to 255");
        oneUsageLine(CliRun.run("perf", "4", "999999999999", "--transport", "embedded"),
                "'999999999999' is not 0 to 255");
        oneUsageLine(CliRun.run("perf", "4", "3-1", "--transport", "embedded"),
                "the last port of a range must be greater than the first: 3-1");
        oneUsageLine(CliRun.run("perf", "4", "1", "0x1ffffffff", "--transport", "embedded"),
                "RESET_MASK 0x1ffffffff has more than 32 bits: only -T's CounterSelect has 64");
        oneUsageLine(CliRun.run("perf", "-T", "4", "1", "0x1ffffffffffffffff", "--transport", "embedded"),
                "parameter RESET_MASK", "is not 64 bits");
    }

    @Test
    void aNodeNamedTwoWaysIsRefused() {
        oneUsageLine(CliRun.run("errors", "--transport", "embedded", "-G", "0x10", "-D", "0,1"), "-G and -D");
    }

    /** A count or a number out of its range, refused where it is parsed (one rule, Values.atLeast/between). */
    @ParameterizedTest
    @CsvSource(value = {"discover --outstanding 0|'0' is less than 1", "errors -o 0|'0' is less than 1",
            "links -o -3|'-3' is less than 1", "routes 1 --outstanding 0|'0' is less than 1",
            "watch --traps 64,70000|'70000' is not 0 to 65535", "watch --count 0|'0' is less than 1",
            "mcast join 0xff12601bffff0000:0x42 --sl 16|'16' is not 0 to 15",
            "serve --http-port 65536|'65536' is not 0 to 65535"}, delimiter = '|')
    void aNumberOutOfItsRangeIsNamedWithTheRange(String command, String why) {
        String[] words = command.split(" ");
        String option = words[words.length - 2];
        String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(words), java.util.stream.Stream.of(
                "--transport", "embedded")).toArray(String[]::new);
        oneUsageLine(CliRun.run(args), "option '" + option + "'", why);
    }

    @Test
    void aPortNumberOutOfRangeIsNamed() {
        oneUsageLine(CliRun.run("sa", "portinfo", "--transport", "embedded", "--lid", "1", "--port-number", "-1"),
                "--port-number", "'-1'", "0 to 254");
    }

    /** Was 'For input string: "zz" under radix 16'. */
    @ParameterizedTest
    @CsvSource({"--sgid,zz", "--sgid,fe80:zz", "--sgid,1:2:3", "--sgid,0x", "--dgid,11112222333344445",
            "--sgid,1::2::3", "--sgid,fe80::12345", "--sgid,1:2:3:4::5:6:7:8", "--sgid,fe80::-1"})
    void aGidThatDoesNotParseIsNamed(String option, String gid) {
        String other = option.equals("--sgid") ? "--dgid" : "--sgid";
        oneUsageLine(CliRun.run("sa", "paths", "--transport", "embedded", option, gid, other, "0x10003"),
                option + " " + gid, "not a GID");
    }

    @Test
    void aGidAsItIsPrintedIsAccepted() {
        // host4's port GID as printed, to host3's as prefix:guid (the default topology's CA GUIDs start at 0x100000).
        CliRun run = CliRun.run("sa", "paths", "--transport", "embedded", "--sgid", "fe80:0000:0000:0000:0000:0000:0010:0007",
                "--dgid", "0xfe80000000000000:0x100005");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.out()).as("%s", run).isNotBlank();
    }

    /** saquery and ibv_devinfo print GIDs in IPv6 notation, zero groups as "::"; a user copies them from there. */
    @Test
    void aGidInIpv6NotationIsAccepted() {
        CliRun run = CliRun.run("sa", "paths", "--transport", "embedded", "--sgid", "fe80::10:7", "--dgid",
                "fe80:0:0:0:0:0:10:5", "--json");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.json()).as("%s", run).hasSize(1);
        assertThat(run.json().get(0).get("sgid").asText()).as("%s", run).isEqualTo("fe80:0000:0000:0000:0000:0000:0010:0007");
    }

    /** Both used to query the local node: "," and "0,," parsed as the empty route. */
    @ParameterizedTest
    @CsvSource(value = {"','", "'0,,'", "'0,1,'"}, quoteCharacter = '\'')
    void aDirectedRouteWithAnEmptyHopIsNamed(String route) {
        oneUsageLine(CliRun.run("smp", "nodeinfo", "--transport", "embedded", "-D", route), route, "not a directed route");
    }

    /** Was "Input length = 1", exit 1. */
    @Test
    void aBinaryTopologyFileIsNamed(@TempDir Path dir) throws Exception {
        Path binary = dir.resolve("fabric.net");
        Files.write(binary, new byte[] {'S', 'w', (byte) 0xFF, (byte) 0xFE, 0, 1, 2});
        oneUsageLine(CliRun.run("discover", "--transport", "embedded", "--topology", binary.toString()),
                "--topology " + binary, "not a text file");
    }

    /** A port line cut after its remote's '[' was read as port 1 of the remote. */
    @Test
    void aTruncatedPortLineIsNamedWithItsLine(@TempDir Path dir) throws Exception {
        Path cut = dir.resolve("fabric.net");
        Files.writeString(cut, "Switch 2 \"sw1\"\n[1] \"host1\"[\n\nHca 1 \"host1\"\n[1] \"sw1\"[1]\n");
        oneUsageLine(CliRun.run("discover", "--transport", "embedded", "--topology", cut.toString()),
                "--topology " + cut, "line 2", "truncated");
    }

    /** Numbers beyond what the field holds used to fail with NumberFormatException's text and no line. */
    @ParameterizedTest
    @CsvSource(value = {
            "'Switch 99999999999 \"sw1\"\n[1] \"host1\"[1]\n\nHca 1 \"host1\"\n[1] \"sw1\"[1]\n'|line 1|port count",
            "'Switch 2 \"sw1\"\n[1] \"host1\"[99999999999]\n\nHca 1 \"host1\"\n[1] \"sw1\"[1]\n'|line 2|remote port",
            "'Switch 2 \"sw1\"\n[1] \"host1\"[1]\n\nHca 1 \"host1\"\n[1](123456789abcdef01) \"sw1\"[1]\n'|line 5|GUID",
            "'switchguid=0x123456789abcdef012\nSwitch 2 \"sw1\"\n[1] \"host1\"[1]\n\nHca 1 \"host1\"\n[1] \"sw1\"[1]\n'|line 1|64 bits"},
            delimiter = '|', quoteCharacter = '\'')
    void aNumberTooLargeInANetFileIsNamedWithItsLine(String text, String line, String what, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("fabric.net");
        Files.writeString(file, text.replace("\\n", "\n"));
        oneUsageLine(CliRun.run("discover", "--transport", "embedded", "--topology", file.toString()), line, what);
    }
}
