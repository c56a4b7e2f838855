package io.reactiveumad.bench;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.SmpHeader;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** The hot-path reads: header fields of a received MAD (allocation-free) and a PortInfo decode/encode. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodecBenchmark {
    Mad mad;
    ByteBuffer smp;
    ByteBuffer out;

    @Setup
    public void build() {
        smp = ByteBuffer.allocate(256);
        smp.put(0, (byte) 1).put(1, (byte) 1).put(2, (byte) 1).put(3, (byte) 0x81).putLong(8, 0x1234_5678_9abcL);
        for (int i = SmpHeader.DATA_OFFSET; i < SmpHeader.DATA_OFFSET + PortInfo.SIZE; i++) {
            smp.put(i, (byte) (i * 7));
        }
        mad = Mad.of(smp.array());
        out = ByteBuffer.allocate(256);
    }

    @Benchmark
    public long headerFields() {
        return mad.tidLow() + mad.mgmtClass() + mad.status() + mad.attributeId();
    }

    @Benchmark
    public PortInfo portInfoDecode() {
        return PortInfo.decode(smp, SmpHeader.DATA_OFFSET);
    }

    @Benchmark
    public ByteBuffer portInfoRoundTrip() {
        PortInfo.decode(smp, SmpHeader.DATA_OFFSET).encode(out, SmpHeader.DATA_OFFSET);
        return out;
    }
}
