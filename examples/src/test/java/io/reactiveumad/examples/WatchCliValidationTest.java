package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Bad values for the watcher's options: one line naming the option and the value, before anything opens. */
class WatchCliValidationTest {

    private static void oneUsageLine(CliRun run, String... mentions) {
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.err().strip().lines()).as("%s", run).singleElement().asString().contains(mentions);
    }

    @Test
    void aTrapNumberOutOfRangeIsNamed() {
        oneUsageLine(CliRun.run("watch", "--transport", "embedded", "--traps", "64,-1"), "--traps", "-1");
        oneUsageLine(CliRun.run("watch", "--transport", "embedded", "--traps", "70000"), "--traps", "70000");
    }

    @Test
    void aCountBelowOneIsNamed() {
        oneUsageLine(CliRun.run("watch", "--transport", "embedded", "--count", "0"), "--count", "0");
    }

    @Test
    void aNegativeSettleIsNamed() {
        oneUsageLine(CliRun.run("demo", "--settle", "-1"), "--settle", "-1");
    }

    @Test
    void aPortNumberThatWouldBeIgnoredIsRefused() {
        CliRun embedded = CliRun.run("watch", "--transport", "embedded", "--port", "2", "--count", "1");
        assertThat(embedded.exitCode()).as("%s", embedded).isNotZero();
        assertThat(embedded.err().strip().lines()).singleElement().asString().contains("--port 2", "--device");
        CliRun ibsim = CliRun.run("watch", "--transport", "ibsim", "--port", "2");
        assertThat(ibsim.exitCode()).as("%s", ibsim).isNotZero();
        assertThat(ibsim.err().strip().lines()).singleElement().asString().contains("--port 2", "first port only");
    }

    /** infiniband-diags' -C/--Ca and -P/--Port name the same CA and port as --device and --port. */
    @Test
    void theDiagToolsSpellingsOfTheCaAndPortAreTheSameOptions() {
        for (String[] ca : new String[][] {{"-C", "nosuch"}, {"--Ca", "nosuch"}}) {
            CliRun run = CliRun.run("discover", "--transport", "embedded", ca[0], ca[1]);
            assertThat(run.exitCode()).as("%s", run).isNotZero();
            assertThat(run.err()).contains("no node \"nosuch\"");
        }
        for (String port : new String[] {"-P", "--Port"}) {
            CliRun run = CliRun.run("watch", "--transport", "ibsim", port, "2");
            assertThat(run.exitCode()).as("%s", run).isNotZero();
            assertThat(run.err().strip().lines()).singleElement().asString().contains("--port 2", "first port only");
        }
    }

    /**
     * -t is each MAD attempt's timeout, as the diag tools take it: an SMP to a LID nobody has gives up after its four
     * attempts of that long, and a discovery with a short one still finds the fabric.
     */
    @Test
    void theMadTimeoutIsEachAttemptsAsTheDiagToolsTakeIt() {
        CliRun lost = CliRun.run("smp", "nodeinfo", "999", "--transport", "embedded", "-t", "20");
        assertThat(lost.exitCode()).as("%s", lost).isEqualTo(1);
        assertThat(lost.err()).contains("after 3 attempt(s) of 20 ms");
        CliRun discovered = CliRun.run("discover", "--transport", "embedded", "--timeout", "50");
        assertThat(discovered.exitCode()).as("%s", discovered).isZero();
        assertThat(DiagsOracle.undated(discovered.out())).contains("Switch")
                .isEqualTo(DiagsOracle.undated(CliRun.run("discover", "--transport", "embedded").out()));
    }
}
