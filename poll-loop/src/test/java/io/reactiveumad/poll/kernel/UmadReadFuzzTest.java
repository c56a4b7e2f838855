package io.reactiveumad.poll.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.poll.EpollEventLoop;
import io.reactiveumad.poll.Errors;
import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadFrame;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Coverage-guided fuzzing (Jazzer) of the kernel read path: records of any shape the umad fd can hand
 * back (any header bytes: agent id, status, address, GRH fields; MADs from empty through the 24-byte
 * ETIMEDOUT record to kernel-RMPP messages that need the ENOSPC grow-and-reread) are each delivered as a
 * frame of exactly what was read, or dropped when shorter than the header, and the channel goes on:
 * a well-formed record sent after them always arrives and the channel never fails.
 */
class UmadReadFuzzTest {
    private static final int SENTINEL_AGENT = 31;
    private static final int MAX_MAD = 9000;

    @TempDir
    Path root;
    private EpollEventLoop loop;
    private FakeUmadDevice device;
    private UmadChannel channel;
    private final BlockingQueue<MadFrame> frames = new LinkedBlockingQueue<>();
    private final List<Throwable> errors = new CopyOnWriteArrayList<>();

    @BeforeEach
    void open() throws Exception {
        loop = EpollEventLoop.start("umad-fuzz");
        device = new FakeUmadDevice();
        UmadHost host = new UmadHost(new UmadSysfs(FakeSysfs.build(root.resolve("sys"))), root.resolve("dev"),
                (path, nonBlocking) -> device);
        channel = host.openChannel(loop, host.sysfs().ports().get(2));
        java.util.concurrent.CompletableFuture<Void> started = new java.util.concurrent.CompletableFuture<>();
        loop.execute(() -> {
            channel.start(new FrameListener() {
                @Override
                public void onFrame(int agentId, int status, MadAddress source, byte[] mad) {
                    MadFrame frame = new MadFrame(agentId, status, 0, 0, source, mad);
                    frames.add(frame);
                }

                @Override
                public void onError(Throwable error) {
                    errors.add(error);
                }
            });
            started.complete(null);
        });
        started.get(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void close() {
        channel.close();
        device.hangUp();
        loop.close();
    }

    @FuzzTest(maxDuration = "5s")
    void recordsOfAnyShapeBecomeFramesOfWhatWasReadAndTheChannelGoesOn(FuzzedDataProvider data) throws Exception {
        int records = data.consumeInt(1, 4);
        for (int i = 0; i < records; i++) {
            byte[] header = Arrays.copyOf(data.consumeBytes(UmadHeader.SIZE), UmadHeader.SIZE);
            if (data.consumeBoolean()) {
                // The ETIMEDOUT record's shape: that status and the request's 24-byte common header.
                ByteBuffer.wrap(header).order(ByteOrder.nativeOrder()).putInt(UmadHeader.STATUS_OFFSET, Errors.ETIMEDOUT);
            }
            int madLength = data.consumeBoolean() ? 24 : data.consumeInt(0, MAX_MAD);
            byte[] record = Arrays.copyOf(header, UmadHeader.SIZE + madLength);
            byte[] mad = data.consumeBytes(madLength);
            System.arraycopy(mad, 0, record, UmadHeader.SIZE, mad.length);
            device.deliverRaw(record);
        }
        byte[] sentinel = new byte[256];
        sentinel[0] = 1;
        device.deliver(SENTINEL_AGENT, 0, MadAddress.gsi(1), sentinel);
        for (;;) {
            MadFrame frame = frames.poll(10, TimeUnit.SECONDS);
            assertThat(frame).as("the well-formed record after the fuzzed ones").isNotNull();
            assertThat(frame.mad().length).isBetween(0, MAX_MAD);
            if (frame.agentId() == SENTINEL_AGENT && Arrays.equals(frame.mad(), sentinel)) {
                break;
            }
        }
        assertThat(errors).isEmpty();
    }
}
