package io.reactiveumad.test;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.spi.channel.EventExecutor;
import io.reactiveumad.spi.channel.FrameListener;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.spi.channel.MadFrame;
import io.reactiveumad.test.topology.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import reactor.test.scheduler.VirtualTimeScheduler;

/** A fabric on the default topology in virtual time, and frame-level helpers for tests in this package. */
abstract class FabricTestSupport {
    protected final VirtualTimeScheduler time = VirtualTimeScheduler.create();
    protected final EmbeddedFabric fabric = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(time).build();

    @AfterEach
    void close() {
        fabric.close();
        time.dispose();
    }

    /** Opens a port and starts it with a listener that records frames. */
    OpenPort open(String node) {
        MadChannel channel = fabric.transport().open(fabric.port(node, 1));
        OpenPort port = new OpenPort(channel);
        on(() -> channel.start(port));
        return port;
    }

    static final class OpenPort implements FrameListener {
        final MadChannel channel;
        final List<MadFrame> frames = new ArrayList<>();

        OpenPort(MadChannel channel) {
            this.channel = channel;
        }

        @Override
        public void onFrame(int agentId, int status, MadAddress source, byte[] mad) {
            MadFrame frame = new MadFrame(agentId, status, 0, 0, source, mad);
            frames.add(frame);
        }

        @Override
        public void onError(Throwable error) {
            // Closing the fabric at the end of each test tells every port still open; anything else is a failure.
            if (!(error instanceof PortClosedException && "the embedded fabric was closed".equals(error.getMessage()))) {
                throw new AssertionError(error);
            }
        }
    }

    /** Runs {@code task} as a task of this test's fabric and rethrows its failure. */
    <T> T on(Supplier<T> task) {
        return on(fabric.executor(), task);
    }

    /** Runs {@code task} as a task of {@code executor} (inline: virtual time drains at once) and rethrows its failure. */
    static <T> T on(EventExecutor executor, Supplier<T> task) {
        List<T> out = new ArrayList<>();
        RuntimeException[] failure = new RuntimeException[1];
        executor.execute(() -> {
            try {
                out.add(task.get());
            } catch (RuntimeException e) {
                failure[0] = e;
            }
        });
        if (failure[0] != null) {
            throw failure[0];
        }
        return out.get(0);
    }

    void on(Runnable task) {
        on(() -> {
            task.run();
            return null;
        });
    }

}
