package io.reactiveumad.kernelvm.guest;

import static io.reactiveumad.kernelvm.guest.VendorMads.CLASS;
import static io.reactiveumad.kernelvm.guest.VendorMads.GET;
import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.MadAgent;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RmppMode;
import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.spi.channel.MadChannel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Deleting rxe0 under open channels and ports ends them with {@link DeviceGoneException}: the channel's
 * listener gets it, the port's pending requests and unsolicited streams fail with a
 * {@link PortClosedException} caused by it. Destroys rxe0, so it runs last.
 */
@Order(Integer.MAX_VALUE)
class DeviceGoneTest {
    private final KernelChannels channels = new KernelChannels();
    private final KernelPorts ports = new KernelPorts();

    @AfterEach
    void closeAll() {
        ports.close();
        channels.close();
    }

    @Test
    void deletingTheDeviceEndsChannelsRequestsAndStreams() throws Exception {
        FrameProbe frames = new FrameProbe("channel");
        MadChannel channel = channels.open(frames);
        channels.register(channel, CLASS, 1L << GET, 1, false);
        MadAgent client = KernelPorts.agent(ports.open(), CLASS, RmppMode.KERNEL);
        MadAgent server = KernelPorts.agent(ports.open(), VendorMads.OTHER_CLASS, RmppMode.KERNEL, GET);
        CompletableFuture<ReceivedMad> request = client.request(VendorMads.get(CLASS, 0), InVm.selfGsi()).toFuture();
        CompletableFuture<ReceivedMad> stream = server.receive().next().toFuture();

        deleteRxe0();

        assertThat(frames.error()).isInstanceOf(DeviceGoneException.class);
        assertThat(request).failsWithin(FrameProbe.DEADLINE).withThrowableOfType(Exception.class)
                .havingCause().isInstanceOf(PortClosedException.class).withCauseInstanceOf(DeviceGoneException.class);
        assertThat(stream).failsWithin(FrameProbe.DEADLINE).withThrowableOfType(Exception.class)
                .havingCause().isInstanceOf(PortClosedException.class).withCauseInstanceOf(DeviceGoneException.class);
    }

    private static void deleteRxe0() throws Exception {
        Process rdma = new ProcessBuilder("rdma", "link", "delete", InVm.DEVICE).inheritIO().start();
        assertThat(rdma.waitFor(FrameProbe.DEADLINE.toMillis(), TimeUnit.MILLISECONDS))
                .as("rdma link delete finished").isTrue();
        assertThat(rdma.exitValue()).as("rdma link delete exit status").isZero();
    }
}
