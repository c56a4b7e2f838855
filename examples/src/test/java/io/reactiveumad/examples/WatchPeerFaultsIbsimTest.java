package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.poll.ibsim.IbsimEndpoint;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code umad watch} (and {@code umad serve}, {@code umad mcast join}, {@code umad ping -f}: every command that runs
 * until stopped) on ibsim + OpenSM when its peers fail it: it says so in one line and exits 1, instead of running on
 * forever (simulator killed) or printing "subscribed" while deaf (the node's request receiver is OpenSM). Each test
 * starts its own fabric.
 */
class WatchPeerFaultsIbsimTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    private static IbsimFabric fabric() {
        return IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(1).start();
    }

    private static CompletableFuture<CliRun> watch(IbsimFabric fabric, String node) {
        return CompletableFuture.supplyAsync(() -> CliRun.run(Map.of(IbsimEndpoint.ENV_SOCKET_NAME, fabric.socketName()),
                "watch", "--transport", "ibsim", "--sim-host", node, "--traps", "65"));
    }

    /**
     * In its own JVM, so what the terminal shows is all there: the subscribed line, then one line saying the port is
     * gone (the library's log of the same failure used to come before it, at WARN).
     */
    @Test
    void aKilledSimulatorEndsTheWatchWithOneLineAndExit1() throws Exception {
        try (IbsimFabric fabric = fabric()) {
            CliProcess watch = CliProcess.start(fabric, "watch", "watch", "--transport", "ibsim", "--sim-host", "host4",
                    "--traps", "65");
            try (watch) {
                await("subscribed").atMost(DEADLINE).until(() -> watch.stderr().contains("subscribed"));
                fabric.killSimulator();
                assertThat(watch.process().waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)).as("watch ended").isTrue();
            }
            assertThat(watch.process().exitValue()).as(watch.stderr()).isEqualTo(UmadCli.EXIT_FAILED);
            // How it is found varies: a write refused, or a control call (the port's peer check) left unanswered.
            assertThat(watch.stderr().lines()).as(watch.stderr()).hasSize(2)
                    .satisfies(lines -> assertThat(lines.get(0)).startsWith("umad watch: subscribed"))
                    .satisfies(lines -> assertThat(lines.get(1)).startsWith("umad watch: error: ")
                            .contains("device gone"));
        }
    }

    /**
     * serve too: a page of a fabric it no longer sees would hide that the port is gone. Without --transport, as every
     * command, it serves the simulator that answers (where there is no umad device).
     */
    @Test
    void aKilledSimulatorEndsServeSayingItsPortClosedAndExit1() throws Exception {
        try (IbsimFabric fabric = fabric()) {
            CompletableFuture<CliRun> serve = CompletableFuture.supplyAsync(() -> CliRun.run(
                    Map.of(IbsimEndpoint.ENV_SOCKET_NAME, fabric.socketName()),
                    "serve", "--sim-host", "host4", "--http-port", "0"));
            awaitSubscribed(fabric, serve);

            fabric.killSimulator();

            CliRun run = serve.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            assertThat(run.exitCode()).as("%s", run).isEqualTo(UmadCli.EXIT_FAILED);
            assertThat(lastLine(run.err())).startsWith("umad serve: error: the fabric port closed under the service: ")
                    .contains("device gone");
            assertThat(run.out()).startsWith("serving http://127.0.0.1:").contains(" on ibsim (host4 port 1)");
        }
    }

    @Test
    void aWatchOnTheSmsNodeFailsWithOneLineInsteadOfSubscribingDeaf() throws Exception {
        try (IbsimFabric fabric = fabric()) {
            CliRun run = watch(fabric, "host1").get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            assertThat(run.exitCode()).as("%s", run).isEqualTo(UmadCli.EXIT_FAILED);
            assertThat(run.err()).doesNotContain("subscribed");
            assertThat(run.err().strip().lines()).singleElement().asString()
                    .startsWith("umad watch: error: ").contains("request receiver of node \"host1\"");
        }
    }

    /**
     * ping -f counts a lost ping and sends the next at once: a dead simulator must end it with one line and exit 1,
     * not have it count every ping sent into the closed port, at full speed, for ever. Its own JVM, so -e's resend
     * lines (the library's log) say when pings are in flight.
     */
    @Test
    void aKilledSimulatorEndsAFloodPingWithExit1() throws Exception {
        try (IbsimFabric fabric = fabric()) {
            // LID 3 (sw2) runs no ibping server: every ping is lost, after one resend.
            CliProcess ping = CliProcess.start(fabric, "ping", "ping", "-f", "-e", "-t", "50", "3", "--transport",
                    "ibsim", "--sim-host", "host4");
            try (ping) {
                await("pings in flight").atMost(DEADLINE).until(() -> ping.stderr().contains("sending it again"));
                fabric.killSimulator();
                assertThat(ping.process().waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)).as("ping ended").isTrue();
            }
            assertThat(ping.process().exitValue()).isEqualTo(UmadCli.EXIT_FAILED);
            assertThat(lastLine(ping.stderr())).startsWith("umad ping: error: ").contains("device gone");
        }
    }

    /**
     * A stopped SM leaves the watcher's renewals unanswered: each failure and its retry is a line of the watch's
     * output, and only that. The library's warning of the same failure (which a program without the events wants)
     * went to stderr as well, so a terminal showed every failure twice. Its own JVM, since the warning is the
     * library's log.
     */
    @Test
    void aSilentSaIsSaidOnceAsWatchLinesNotAgainAsWarnings() throws Exception {
        try (IbsimFabric fabric = fabric()) {
            CliProcess watch = CliProcess.start(fabric, "watch", "watch", "--traps", "65", "--transport", "ibsim",
                    "--sim-host", "host4");
            try (watch) {
                await("subscribed").atMost(DEADLINE).until(() -> watch.stderr().contains("subscribed"));
                fabric.stopSm();
                await("a failed renewal printed").atMost(DEADLINE)
                        .until(() -> watch.stdout().contains("renewing trap 65 failed"));
            }
            assertThat(watch.stderr()).doesNotContain("WARN io.reactiveumad").doesNotContain("renewing");
        }
    }

    /**
     * mcast join holds its membership with an audit that skips what a silent SA fails: a dead simulator must end it
     * with one line and exit 1, not leave it auditing a closed port for ever (it did). In its own JVM, so the line is
     * all its stderr shows (the join's own lines are on stdout).
     */
    @Test
    void aKilledSimulatorEndsAHeldMembershipWithOneLineAndExit1() throws Exception {
        try (IbsimFabric fabric = fabric()) {
            CliProcess join = CliProcess.start(fabric, "mcast-join", "mcast", "join",
                    "0xff12601bffff0000:0x0000000000000b17", "--create", "--qkey", "0x0b1b", "--audit", "1",
                    "--transport", "ibsim", "--sim-host", "host4");
            try (join) {
                await("the group created").atMost(DEADLINE).until(() -> {
                    assertThat(join.process().isAlive()).as("join ended before joining: %s", join.stderr()).isTrue();
                    return fabric.diag("host3", "saquery", "-g").stdout().contains("ff12:601b:ffff::b17");
                });
                fabric.killSimulator();
                assertThat(join.process().waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)).as("join ended").isTrue();
            }
            assertThat(join.process().exitValue()).as(join.stderr()).isEqualTo(UmadCli.EXIT_FAILED);
            assertThat(join.stderr().lines()).as(join.stderr()).singleElement().asString()
                    .startsWith("umad mcast join: error: ").contains("device gone");
        }
    }

    private static String lastLine(String text) {
        String[] lines = text.strip().split("\n");
        return lines[lines.length - 1];
    }

    /** Until OpenSM lists the command's trap subscription, within the deadline. */
    private static void awaitSubscribed(IbsimFabric fabric, CompletableFuture<CliRun> watch) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (System.nanoTime() < deadline) {
            assertThat(watch).as("watch ended before subscribing: %s", watch.getNow(null)).isNotDone();
            if (fabric.diag("host3", "saquery", "IIR").stdout().contains("InformInfoRecord dump")) {
                return;
            }
        }
        throw new AssertionError("OpenSM did not list the watcher's subscription within " + DEADLINE);
    }
}
