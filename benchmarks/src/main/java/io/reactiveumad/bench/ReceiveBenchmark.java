package io.reactiveumad.bench;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.Overflow;
import io.reactiveumad.operators.OverflowPolicy;
import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
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
import reactor.core.Disposable;
import reactor.core.scheduler.Schedulers;

/**
 * The receive path alone: unsolicited MADs read by the loop (from an {@link InMemoryChannel}), routed to
 * a serving agent, through its {@code Inbox} and {@code receive()} to a subscriber that counts them.
 * {@code delivery=default} is a new user's port, everything on the loop thread (one core);
 * {@code parallel} delivers on {@code Schedulers.parallel()}, one hand-off per burst. {@code gc.alloc.rate.norm} is the bytes per
 * received MAD, its 256-byte array included.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ReceiveBenchmark {
    static final int BATCH = 1024;

    @Param({"default", "parallel"})
    String delivery;

    InMemoryChannel channel;
    MadPort port;
    MadAgent agent;
    Disposable counting;
    byte[] trap;
    int agentId;
    /** Written by the delivery thread only; read by the benchmark thread. */
    volatile long received;
    volatile long target;
    volatile Thread waiter;

    @Setup(Level.Trial)
    public void open() {
        channel = new InMemoryChannel();
        PortOptions options = delivery.equals("parallel") ? new PortOptions(Schedulers.parallel()) : PortOptions.defaults();
        port = Umad.open(channel, InMemoryChannel.SPEC, options).block(Duration.ofSeconds(30));
        agent = port.agent(AgentSpec.server(MgmtClass.PERF, 1, Method.GET)
                        .withOverflow(new Overflow(4 * BATCH, OverflowPolicy.DROP_OLDEST)))
                .block(Duration.ofSeconds(30));
        agentId = channel.lastAgentId();
        trap = Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.PERF).classVersion(1)
                .methodByte(Method.GET).attributeId(0x12)).toByteArray();
        counting = agent.receive().subscribe(mad -> {
            long now = received + 1;
            received = now;
            if (now == target) {
                LockSupport.unpark(waiter);
            }
        });
    }

    @TearDown(Level.Trial)
    public void close() {
        counting.dispose();
        port.dispose();
        channel.stop();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long receive() {
        long until = received + BATCH;
        waiter = Thread.currentThread();
        target = until;
        channel.executor().execute(() -> channel.inject(agentId, trap, BATCH));
        while (received < until) {
            LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(10));
        }
        return until;
    }
}
