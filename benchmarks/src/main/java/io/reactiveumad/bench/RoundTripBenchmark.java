package io.reactiveumad.bench;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.NodeInfo;
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
 * The request path alone: {@code MadAgent.request} round trips over an {@link InMemoryChannel} (the real
 * epoll loop and delivery scheduler, no wire), {@code window} in flight under {@code flatMap} as a user
 * writes it. Run with {@code -prof gc}: {@code gc.alloc.rate.norm} is the bytes one round trip allocates,
 * the answer's array and frame (what any transport allocates per read) and the {@code flatMap} inner included.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RoundTripBenchmark {
    static final int BATCH = 1024;
    private static final RequestOptions OPTIONS = RequestOptions.defaults();

    @Param({"1", "64"})
    int window;

    InMemoryChannel channel;
    MadPort port;
    MadAgent agent;
    Mad get;
    MadAddress target;

    @Setup(Level.Trial)
    public void open() {
        channel = new InMemoryChannel();
        port = Umad.open(channel, InMemoryChannel.SPEC).block(Duration.ofSeconds(30));
        agent = port.agent(AgentSpec.client(MgmtClass.SUBN_LID_ROUTED, 1)).block(Duration.ofSeconds(30));
        get = Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_LID_ROUTED).classVersion(1)
                .methodByte(Method.GET).attributeId(NodeInfo.ATTRIBUTE_ID));
        target = MadAddress.smp(2);
    }

    @TearDown(Level.Trial)
    public void close() {
        port.dispose();
        channel.stop();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long roundTrips() {
        return Flux.range(0, BATCH)
                .flatMap(i -> agent.request(get, target, OPTIONS), window)
                .count()
                .block(Duration.ofSeconds(60));
    }
}
