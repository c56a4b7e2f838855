package io.reactiveumad.kernelvm.guest;

import static io.reactiveumad.kernelvm.guest.VendorMads.CLASS;
import static io.reactiveumad.kernelvm.guest.VendorMads.GET;
import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.poll.DeviceGoneException;
import io.reactiveumad.poll.channel.MadChannel;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/** Deleting rxe0 under an open channel ends it with {@link DeviceGoneException}. Destroys rxe0: runs last. */
@Order(Integer.MAX_VALUE)
class DeviceGoneTest {
    private final KernelChannels channels = new KernelChannels();

    @AfterEach
    void closeAll() throws Exception {
        channels.close();
    }

    @Test
    void deletingTheDeviceFailsTheOpenChannel() throws Exception {
        FrameProbe frames = new FrameProbe("server");
        MadChannel server = channels.open(frames);
        channels.register(server, CLASS, 1L << GET, 1, false);

        deleteRxe0();

        assertThat(frames.error()).isInstanceOf(DeviceGoneException.class);
    }

    private static void deleteRxe0() throws Exception {
        Process rdma = new ProcessBuilder("rdma", "link", "delete", InVm.DEVICE).inheritIO().start();
        assertThat(rdma.waitFor(FrameProbe.DEADLINE.toMillis(), TimeUnit.MILLISECONDS)).as("rdma link delete finished").isTrue();
        assertThat(rdma.exitValue()).as("rdma link delete exit status").isZero();
    }
}
