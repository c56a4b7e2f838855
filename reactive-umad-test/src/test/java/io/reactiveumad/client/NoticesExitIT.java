package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Transport;
import io.reactiveumad.Umad;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A JVM that ends without disposing anything gives back what the library opened for it: watchers
 * ({@link ExitingWatcher}, each in its own JVM on the same node) end by SIGTERM, by SIGINT (Ctrl-C) and by
 * returning from {@code main}, twice each. After each exit OpenSM lists no InformInfo subscription
 * (saquery IIR as the oracle) and the next watcher on the node subscribes (the node's request-receiver
 * role was given back); after all six, nine clients attach at once (every ibsim slot came back; OpenSM
 * holds the tenth).
 */
class NoticesExitIT {
    private static final Duration WITHIN = Duration.ofSeconds(30);
    private static final int ROUNDS = 2;

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(1));

    enum Exit { SIGTERM, SIGINT, RETURN }

    @Test
    void watchersEndingBySigtermSigintOrReturnUnsubscribeAndGiveTheirSlotBack() throws Exception {
        IbsimFabric fabric = FABRIC.fabric();
        for (int round = 0; round < ROUNDS; round++) {
            for (Exit how : Exit.values()) {
                Process watcher = start(fabric, how);
                awaitSubscribed(watcher, how);
                if (how != Exit.RETURN) {
                    // (A returning watcher may already be gone.)
                    assertThat(informRecords(fabric)).as("subscribed while running (%s)", how).isEqualTo(1);
                }
                switch (how) {
                    case SIGTERM -> watcher.destroy();
                    case SIGINT -> new ProcessBuilder("kill", "-INT", Long.toString(watcher.pid())).start().waitFor();
                    case RETURN -> { }
                }
                if (!watcher.waitFor(WITHIN.toSeconds(), TimeUnit.SECONDS)) {
                    String threads = threadDump(watcher);
                    watcher.destroyForcibly();
                    throw new AssertionError(how + " watcher did not exit within " + WITHIN + "; its threads:\n" + threads
                            + "\nits stderr:\n" + log(fabric, how));
                }
                assertThat(informRecords(fabric)).as("subscriptions OpenSM holds after %s", how).isZero();
            }
        }
        Transport sim = fabric.transport("host3");
        List<MadPort> ports = new ArrayList<>();
        try {
            for (int i = 0; i < 9; i++) {
                ports.add(Umad.open(sim, new PortSpec("host3", 1)).block(WITHIN));
            }
        } finally {
            ports.forEach(p -> p.close().block(WITHIN));
        }
    }

    private static Process start(IbsimFabric fabric, Exit how) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), ExitingWatcher.class.getName(),
                fabric.socketName(), "host4", how == Exit.RETURN ? "return" : "wait")
                .directory(fabric.workDir().toFile())
                .redirectError(logFile(fabric, how).toFile())
                .start();
    }

    private static Path logFile(IbsimFabric fabric, Exit how) {
        return fabric.workDir().resolve("watcher-" + how + ".log");
    }

    private static String log(IbsimFabric fabric, Exit how) throws IOException {
        return Files.readString(logFile(fabric, how));
    }

    /** jstack of a watcher that did not exit: where it is stuck is the whole diagnosis. */
    private static String threadDump(Process watcher) throws Exception {
        Path jstack = Path.of(System.getProperty("java.home"), "bin", "jstack");
        Process dump = new ProcessBuilder(jstack.toString(), Long.toString(watcher.pid())).redirectErrorStream(true).start();
        String text = new String(dump.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        dump.waitFor(WITHIN.toSeconds(), TimeUnit.SECONDS);
        return text;
    }

    private static void awaitSubscribed(Process watcher, Exit how) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(watcher.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try {
            assertThat(line.get(WITHIN.toSeconds(), TimeUnit.SECONDS)).as("%s watcher's first line", how)
                    .isEqualTo(ExitingWatcher.SUBSCRIBED);
        } catch (java.util.concurrent.TimeoutException e) {
            watcher.destroyForcibly();
            throw new AssertionError(how + " watcher did not subscribe within " + WITHIN, e);
        }
    }

    private static int informRecords(IbsimFabric fabric) {
        return fabric.diag("host3", "saquery", "IIR").requireSuccess().stdout().split("InformInfoRecord dump", -1).length - 1;
    }
}
