package io.reactiveumad.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.ibsim.IbsimInstallation;
import io.reactiveumad.test.topology.FatTree;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each benchmark body runs once, so a benchmark cannot rot unnoticed between JMH runs. Measures nothing. */
class BenchmarksRunTest {

    @Test
    void requestBenchmarkCompletesABatch() {
        RequestBenchmark bench = new RequestBenchmark();
        bench.outstanding = 64;
        bench.open();
        try {
            assertThat(bench.portCounters()).isEqualTo(RequestBenchmark.BATCH);
        } finally {
            bench.close();
        }
    }

    @Test
    void roundTripBenchmarkCompletesABatch() {
        RoundTripBenchmark bench = new RoundTripBenchmark();
        bench.window = 64;
        bench.open();
        try {
            assertThat(bench.roundTrips()).isEqualTo(RoundTripBenchmark.BATCH);
        } finally {
            bench.close();
        }
    }

    @Test
    void receiveBenchmarkDeliversABatchOnEitherDelivery() {
        for (String delivery : List.of("immediate", "default")) {
            ReceiveBenchmark bench = new ReceiveBenchmark();
            bench.delivery = delivery;
            bench.open();
            try {
                assertThat(bench.receive()).isEqualTo(ReceiveBenchmark.BATCH);
                assertThat(bench.port.stats().droppedOverflow()).isZero();
            } finally {
                bench.close();
            }
        }
    }

    @Test
    void rmppBenchmarkReassemblesTheWholeMessage() {
        RmppReassemblyBenchmark bench = new RmppReassemblyBenchmark();
        bench.kib = 8;
        bench.cut();
        try {
            assertThat(bench.reassemble()).isGreaterThanOrEqualTo(bench.messageLength);
        } finally {
            bench.close();
        }
    }

    @Test
    void codecBenchmarkBodiesRun() {
        CodecBenchmark bench = new CodecBenchmark();
        bench.build();
        assertThat(bench.headerFields()).isPositive();
        assertThat(bench.portInfoDecode()).isNotNull();
        assertThat(bench.portInfoRoundTrip().array()).isNotEmpty();
    }

    /** The side-by-side ibsim script's body: builds the C client as the script does, both clients run, a row each. */
    @Test
    void ibsimComparisonPrintsARatioPerWindow() {
        IbsimInstallation.require();
        IbsimInstallation.require(IbsimInstallation.find("gcc") != null
                && Files.isReadable(Path.of("/usr/include/infiniband/umad.h")), "gcc and libibumad-dev");
        ChildProcess.run(new ProcessBuilder("bash", "-c", ". benchmarks/lib.sh && build_c_client")
                .directory(Path.of("..").toFile()), Duration.ofMinutes(2)).requireSuccess();

        ByteArrayOutputStream table = new ByteArrayOutputStream();
        IbsimRoundTripsComparison.run(Path.of("target/mad_roundtrips").toAbsolutePath().toString(), 200, 1,
                List.of(1, 8), List.of("-Xshare:auto"), new PrintStream(table, true, StandardCharsets.UTF_8));

        assertThat(table.toString(StandardCharsets.UTF_8))
                .contains("Java started with -Xshare:auto")
                .containsPattern("\\| 1 \\| [0-9.]+ k/s \\| [0-9.]+ k/s \\| [0-9.]+x \\|")
                .containsPattern("\\| 8 \\| [0-9.]+ k/s \\| [0-9.]+ k/s \\| [0-9.]+x \\|");
    }

    /** The discovery script's body on a small tree, without the CLI (benchmarks cannot depend on the examples). */
    @Test
    void discoveryComparisonFindsWhatIbnetdiscoverFinds() {
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        DiscoveryComparison.run(null, FatTree.generate(2, 1, 2), 2, 1, new PrintStream(table, true, StandardCharsets.UTF_8));

        assertThat(table.toString(StandardCharsets.UTF_8))
                .containsPattern("\\| reactive-umad in one JVM, its first 2 [^|]+\\| \\d+ ms \\| \\d+ ms \\| [0-9.]+x \\|")
                .containsPattern("\\| reactive-umad warm, the last 2 of 2 [^|]+\\| \\d+ ms \\| \\d+ ms \\| [0-9.]+x \\|")
                .containsPattern("\\| ibnetdiscover [^|]+\\| \\d+ ms \\| \\d+ ms \\| 1.00x \\|  \\| \\d+ ms \\| [0-9.]+x \\|")
                .containsPattern("warm run 2 \\(\\d+ ms\\): same topology as ibnetdiscover \\(7 nodes, 6 links\\)");
    }

    /** The error-sweep script's body on a small tree, without the CLI. */
    @Test
    void errorsComparisonFindsWhatIbqueryerrorsFinds() {
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        ErrorsComparison.run(null, FatTree.generate(2, 2, 2), 2, 1, new PrintStream(table, true, StandardCharsets.UTF_8));

        assertThat(table.toString(StandardCharsets.UTF_8))
                .containsPattern("\\| reactive-umad warm [^|]+\\| \\d+ ms \\| \\d+ ms \\| [0-9.]+x \\|")
                .containsPattern("warm run 2: same [1-9]\\d* port lines as ibqueryerrors");
    }
}
