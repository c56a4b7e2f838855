package io.reactiveumad.bench;

import io.reactiveumad.MadPort;
import io.reactiveumad.Umad;
import io.reactiveumad.client.PerfClient;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import reactor.core.publisher.Flux;

/**
 * PortCounters Gets from one host of the embedded fabric to another's PMA, through the whole stack:
 * PerfClient, agent, TID table, the fabric's LID routing across two switches, the PMA, and back. {@code outstanding}
 * is how many requests are on the wire at once: 2 is what ibnetdiscover keeps, 1 a synchronous libibmad
 * caller; compare the rows to see what keeping many in flight buys.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RequestBenchmark {
    static final int BATCH = 1024;

    @Param({"1", "2", "64"})
    int outstanding;

    EmbeddedFabric fabric;
    MadPort port;
    PerfClient perf;
    int pmaLid;

    @Setup(Level.Trial)
    public void open() {
        fabric = EmbeddedFabric.start(Topology.defaultTopology());
        port = Umad.open(fabric.transport(), fabric.port("host2", 1)).block(Duration.ofSeconds(30));
        perf = PerfClient.of(port);
        pmaLid = fabric.lid("host4", 1);
    }

    @TearDown(Level.Trial)
    public void close() {
        port.dispose();
        fabric.close();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long portCounters() {
        return Flux.range(0, BATCH)
                .flatMap(i -> perf.portCounters(pmaLid, 1), outstanding)
                .count()
                .block(Duration.ofSeconds(60));
    }
}
