package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.MadMatch;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;

/** ibsysstat's protocol (Sysstat) and the sysstat command, on the embedded fabric; against ibsysstat in DiagsOnARingIbsimTest. */
class SysstatTest {
    private static final int OPENIB_OUI = 0x001405;
    private static final Duration WAIT = Duration.ofSeconds(10);

    /** As ibsysstat -S reads /proc/cpuinfo: what follows the colon, its blank included; (null) where a field is missing. */
    @Test
    void cpuLinesAreIbsysstatsFromProcCpuinfo() {
        String x86 = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC\ncpu MHz\t\t: 2596.150\n\n"
                + "processor\t: 1\nmodel name\t: AMD EPYC\ncpu MHz\t\t: 2596.151\n\n";
        assertThat(Sysstat.cpuLines(x86))
                .isEqualTo("cpu 0: model  AMD EPYC MHZ  2596.150\ncpu 1: model  AMD EPYC MHZ  2596.151\n");
        String arm = "processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\n\nprocessor\t: 1\nBogoMIPS\t: 50.00\n";
        assertThat(Sysstat.cpuLines(arm)).isEqualTo("cpu 0: model (null) MHZ (null)\ncpu 1: model (null) MHZ (null)\n");
        assertThat(Sysstat.cpuLines("")).isEmpty();
        assertThat(Sysstat.cpuLines(cpuinfo(300)).lines()).hasSize(Sysstat.MAX_CPUS).last()
                .isEqualTo("cpu 255: model  Model 255 MHZ  1000.255");
    }

    @Test
    void operationsAreIbsysstatsWords() {
        assertThat(Sysstat.Operation.of("cpu").attribute).isEqualTo(0x12);
        assertThatThrownBy(() -> Sysstat.Operation.of("CPU")).hasMessage("'CPU' is not ping, host or cpu");
    }

    /**
     * A host with 64 CPUs answers cpu in several MADs (RMPP, as the class allows): the client gets the whole text; host
     * and ping fit one MAD. The server answers with the Get's attribute, OUI and TID.
     */
    @Test
    void aLongAnswerTravelsByRmppAndArrivesWhole() {
        String cpus = Sysstat.cpuLines(cpuinfo(64));
        assertThat(cpus.length()).isGreaterThan(3 * (MadHeader.MAD_SIZE - 40));
        try (EmbeddedFabric fabric = EmbeddedFabric.start(Topology.defaultTopology())) {
            MadPort serving = Umad.open(fabric.transport(), fabric.port("host3", 1)).block(WAIT);
            MadPort asking = Umad.open(fabric.transport(), fabric.port("host1", 1)).block(WAIT);
            try {
                MadAgent server = serving.agent(Sysstat.agent(OPENIB_OUI, true)).block(WAIT);
                List<String> failures = new ArrayList<>();
                List<ReceivedMad> answered = new ArrayList<>();
                Disposable serve = Sysstat.serve(server, server.receive(), "h3.example", cpus, failures::add)
                        .subscribe(answered::add);
                MadAgent client = asking.agent(Sysstat.agent(OPENIB_OUI, false)).block(WAIT);
                MadAddress to = MadAddress.gsi(fabric.lid("host3", 1));

                assertThat(VendorText.read(client.request(Sysstat.request(Sysstat.Operation.CPU, OPENIB_OUI), to).block(WAIT)))
                        .isEqualTo(cpus);
                ReceivedMad host = client.request(Sysstat.request(Sysstat.Operation.HOST, OPENIB_OUI), to).block(WAIT);
                assertThat(VendorText.read(host)).isEqualTo("h3.example");
                assertThat(host.mad().attributeId()).isEqualTo(0x11);
                assertThat(host.mad().length()).isEqualTo(MadHeader.MAD_SIZE);
                assertThat(VendorText.read(client.request(Sysstat.request(Sysstat.Operation.PING, OPENIB_OUI), to)
                        .block(WAIT))).isEmpty();
                assertThat(failures).isEmpty();
                assertThat(answered).hasSize(3);
                serve.dispose();
            } finally {
                asking.dispose();
                serving.dispose();
            }
        }
    }

    /** sysstat -S -c 3 answers three questions and ends by itself; its answers are this host's. */
    @Test
    void theServerAnswersCountedQuestionsAndEnds() throws Exception {
        CompletableFuture<List<String>> asked = new CompletableFuture<>();
        CliRun server = CliRun.run(java.util.Map.of(), fabric -> CompletableFuture.runAsync(() -> {
            try {
                asked.complete(askThrice(fabric, false));
            } catch (RuntimeException e) {
                asked.completeExceptionally(e);
            }
        }), "sysstat", "-S", "-c", "3", "--device", "host3", "--transport", "embedded");

        assertThat(server.exitCode()).as(server.err()).isZero();
        assertThat(server.err()).contains("answering on host3:1 as ").contains("answered 3 questions, by LID {");
        List<String> answers = asked.get(30, TimeUnit.SECONDS);
        assertThat(answers.get(0)).isEmpty();
        assertThat(answers.get(1)).isEqualTo(new String(VendorText.hostAndDomain(),
                java.nio.charset.StandardCharsets.UTF_8));
        assertThat(answers.get(2)).isEqualTo(Sysstat.cpuLines(java.nio.file.Files.readString(java.nio.file.Path.of(
                "/proc/cpuinfo"))));
    }

    /**
     * A question whose answer is lost is asked again with the same TID, answered again, and counted once: -c 3 serves
     * ping, host (its first answer dropped on the way back) and cpu, and the summary tells the resend apart.
     */
    @Test
    void aResentQuestionIsAnsweredAgainAndCountedOnce() throws Exception {
        CompletableFuture<List<String>> asked = new CompletableFuture<>();
        CliRun server = CliRun.run(java.util.Map.of(), fabric -> CompletableFuture.runAsync(() -> {
            try {
                asked.complete(askThrice(fabric, true));
            } catch (RuntimeException e) {
                asked.completeExceptionally(e);
            }
        }), "sysstat", "-S", "-c", "3", "--device", "host3", "--transport", "embedded");

        assertThat(server.exitCode()).as(server.err()).isZero();
        assertThat(server.err()).contains("answered 3 questions and 1 resent, by LID {");
        assertThat(asked.get(30, TimeUnit.SECONDS).get(1)).isEqualTo(new String(VendorText.hostAndDomain(),
                java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Ping, host and cpu from host1 to host3's server; {@code loseHostAnswer}: the host answer is dropped once. */
    private static List<String> askThrice(EmbeddedFabric fabric, boolean loseHostAnswer) {
        MadPort port = Umad.open(fabric.transport(), fabric.port("host1", 1)).block(WAIT);
        try {
            MadAgent agent = port.agent(Sysstat.agent(OPENIB_OUI, false)).block(WAIT);
            MadAddress to = MadAddress.gsi(fabric.lid("host3", 1));
            // Until the server's agent is there, host3 answers with "unsupported": ask again.
            String ping = Awaitility.await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> VendorText.read(
                    agent.request(Sysstat.request(Sysstat.Operation.PING, OPENIB_OUI), to).block(WAIT)), a -> true);
            if (loseHostAnswer) {
                fabric.faults().dropNext(1, MadMatch.any().mgmtClass(Sysstat.CLASS).method(Method.GET_RESP));
            }
            String host = VendorText.read(agent.request(Sysstat.request(Sysstat.Operation.HOST, OPENIB_OUI), to).block(WAIT));
            String cpu = VendorText.read(agent.request(Sysstat.request(Sysstat.Operation.CPU, OPENIB_OUI), to).block(WAIT));
            return List.of(ping, host, cpu);
        } finally {
            port.dispose();
        }
    }

    @Test
    void usageErrorsExitTwoAndSayWhatIsWrong() {
        assertThat(CliRun.run("sysstat", "--transport", "embedded").err()).contains("give the server's LID");
        CliRun badOp = CliRun.run("sysstat", "4", "disk", "--transport", "embedded");
        assertThat(badOp.exitCode()).isEqualTo(2);
        assertThat(badOp.err()).contains("OP: 'disk' is not ping, host or cpu");
        assertThat(CliRun.run("sysstat", "-S", "4", "--transport", "embedded").exitCode()).isEqualTo(2);
        assertThat(CliRun.run("sysstat", "-c", "2", "4", "--transport", "embedded").err()).contains("goes with -S");
        CliRun gidAlone = CliRun.run("sysstat", "--dgid", "fe80::2:c903:0:1234", "host", "--transport", "embedded");
        assertThat(gidAlone.exitCode()).isEqualTo(2);
        assertThat(gidAlone.err()).contains("--dgid on an InfiniBand port needs the LID too");
        CliRun badGid = CliRun.run("sysstat", "--dgid", "fe80::zz", "--transport", "embedded");
        assertThat(badGid.exitCode()).isEqualTo(2);
        assertThat(badGid.err()).contains("--dgid fe80::zz: not a GID");
        // An empty destination beside --dgid is no LID, not an OP (it failed with an index out of range).
        CliRun empty = CliRun.run("sysstat", "--dgid", "fe80::2:c903:0:1234", "", "--transport", "embedded");
        assertThat(empty.exitCode()).as("%s", empty).isEqualTo(2);
        assertThat(empty.err()).contains("'' is not a");
    }

    /** No server at the LID: the port's kernel (here the embedded fabric) answers "unsupported", an error naming it. */
    @Test
    void noServerIsAnErrorNamingTheAnswer() {
        CliRun run = CliRun.run("sysstat", "4", "host", "--transport", "embedded");
        assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
        assertThat(run.err()).contains("umad sysstat: error:").contains("unsupported");
        assertThat(run.out()).isEmpty();
    }

    private static String cpuinfo(int cpus) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < cpus; i++) {
            text.append("processor\t: ").append(i).append("\nmodel name\t: Model ").append(i)
                    .append("\ncpu MHz\t\t: ").append(String.format(java.util.Locale.ROOT, "1000.%03d", i))
                    .append("\n\n");
        }
        return text.toString();
    }
}
