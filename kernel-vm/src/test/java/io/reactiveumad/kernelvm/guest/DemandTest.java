package io.reactiveumad.kernelvm.guest;

import static io.reactiveumad.kernelvm.guest.VendorMads.CLASS;
import static io.reactiveumad.kernelvm.guest.VendorMads.GET;
import static io.reactiveumad.kernelvm.guest.VendorMads.OTHER_CLASS;
import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.spi.channel.MadChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/** No read interest, no reads: MADs wait in the kernel's queue and all arrive once interest returns. */
@Order(30)
class DemandTest {
    private static final int QUEUED = 20;

    private final KernelChannels channels = new KernelChannels();
    private final MadAddress self = InVm.selfGsi();

    @AfterEach
    void closeAll() throws Exception {
        channels.close();
    }

    @Test
    void madsStayQueuedInTheKernelUntilReadInterestReturns() throws Exception {
        FrameProbe serverFrames = new FrameProbe("paused server");
        FrameProbe markerFrames = new FrameProbe("marker server");
        MadChannel client = channels.open(new FrameProbe("client"));
        MadChannel server = channels.open(serverFrames);
        MadChannel marker = channels.open(markerFrames);
        int clientAgent = channels.register(client, CLASS, 0, 1, false);
        int otherClientAgent = channels.register(client, OTHER_CLASS, 0, 1, false);
        channels.register(server, CLASS, 1L << GET, 1, false);
        channels.register(marker, OTHER_CLASS, 1L << GET, 1, false);

        channels.readInterest(server, false);
        for (int i = 0; i < QUEUED; i++) {
            channels.send(client, KernelChannels.request(clientAgent, self, VendorMads.get(CLASS, i)));
        }
        // The marker goes out after them on the same QP; once it has arrived, so have they.
        channels.send(client, KernelChannels.request(otherClientAgent, self, VendorMads.get(OTHER_CLASS, QUEUED)));
        markerFrames.next();
        assertThat(serverFrames.drain()).as("frames read without read interest").isEmpty();

        channels.readInterest(server, true);
        List<Integer> tids = new ArrayList<>();
        for (int i = 0; i < QUEUED; i++) {
            tids.add(Mad.of(serverFrames.next().mad()).tidLow());
        }
        assertThat(tids).containsExactlyInAnyOrderElementsOf(IntStream.range(0, QUEUED).boxed().toList());
    }
}
