package io.reactiveumad.bench;

import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.RmppHeader;
import io.reactiveumad.operators.Rmpp;
import io.reactiveumad.operators.RmppEvent;
import io.reactiveumad.operators.RmppInbound;
import io.reactiveumad.operators.RmppOptions;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * RMPP reassembly: the DATA segments of one SA GetTable answer of {@code kib} KiB, cut by our own sender
 * once at set-up, fed to a fresh {@code Rmpp.receive} per invocation until it emits the whole message
 * (ACKs are produced and dropped: the segments are all there). Throughput is messages per second;
 * times {@code kib} that is the reassembly rate in KiB/s. {@code gc.alloc.rate.norm} is the bytes per
 * message, the reassembled message itself included.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RmppReassemblyBenchmark {
    private static final int SA_CLASS = 0x03;
    private static final int SA_DATA_OFFSET = 56;
    private static final int GET_TABLE_RESP = 0x92;
    private static final String PEER = "lid 7 qp 1";

    @Param({"64"})
    int kib;

    Scheduler timers;
    List<byte[]> segments;
    int messageLength;

    @Setup(Level.Trial)
    public void cut() {
        timers = Schedulers.newSingle("rmpp-bench-timers");
        byte[] message = new byte[SA_DATA_OFFSET + kib * 1024];
        new Random(42).nextBytes(message);
        ByteBuffer.wrap(message).put(0, (byte) 1).put(1, (byte) SA_CLASS).put(2, (byte) 2)
                .put(3, (byte) GET_TABLE_RESP).putShort(4, (short) 0).putLong(MadHeader.TID_OFFSET, 0x1234_5678L);
        new RmppHeader().wrap(message).version(RmppHeader.VERSION).type(RmppHeader.TYPE_DATA).flags(RmppHeader.FLAG_ACTIVE);
        messageLength = message.length;
        segments = new ArrayList<>();
        // Our sender, ACKed by our receiver, cuts the segments exactly as a peer's would arrive.
        Sinks.Many<byte[]> acks = Sinks.unsafe().many().unicast().onBackpressureBuffer();
        Sinks.Many<RmppInbound> arriving = Sinks.unsafe().many().unicast().onBackpressureBuffer();
        byte[][] whole = new byte[1][];
        Rmpp.receive(arriving.asFlux(), RmppOptions.defaults(), timers).subscribe(event -> {
            if (event instanceof RmppEvent.Control control) {
                acks.tryEmitNext(control.mad());
            } else if (event instanceof RmppEvent.Message m) {
                whole[0] = m.bytes();
            }
        });
        Rmpp.send(message, acks.asFlux(), segment -> {
            segments.add(segment.clone());
            arriving.tryEmitNext(new RmppInbound(PEER, segment));
        }, RmppOptions.defaults(), timers).block();
        if (whole[0] == null || whole[0].length < message.length - RmppHeader.SEGMENT_PAYLOAD) {
            throw new IllegalStateException("set-up exchange did not reassemble the message");
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        timers.dispose();
    }

    @Benchmark
    public int reassemble() {
        Sinks.Many<RmppInbound> arriving = Sinks.unsafe().many().unicast().onBackpressureBuffer();
        int[] length = new int[1];
        Rmpp.receive(arriving.asFlux(), RmppOptions.defaults(), timers).subscribe(event -> {
            if (event instanceof RmppEvent.Message m) {
                length[0] = m.bytes().length;
            }
        });
        for (byte[] segment : segments) {
            arriving.tryEmitNext(new RmppInbound(PEER, segment));
        }
        arriving.tryEmitComplete();
        if (length[0] == 0) {
            throw new IllegalStateException("no message reassembled from " + segments.size() + " segments");
        }
        return length[0];
    }
}
