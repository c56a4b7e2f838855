package io.reactiveumad.kernelvm.guest;

import static io.reactiveumad.kernelvm.guest.VendorMads.CLASS;
import static io.reactiveumad.kernelvm.guest.VendorMads.GET;
import static io.reactiveumad.kernelvm.guest.VendorMads.OTHER_CLASS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.RmppMode;
import io.reactiveumad.mad.NativeIoException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The event loop of a real umad port dies (a {@link VirtualMachineError} on its thread) while a request
 * waits at the kernel for an answer that never comes: the request ends with {@link PortClosedException}
 * caused by what killed the loop, a later request is refused the same way, and the port's umad fd is
 * closed, so the kernel lets a fresh fd register the agent the dead port held.
 */
@Order(50)
class LoopDeathTest {
    private static final int EINVAL = 22;
    /** Far beyond the test's own wait: only the loop's death can end the request in time. */
    private static final RequestOptions NEVER_TIMES_OUT = RequestOptions.defaults().withTimeout(Duration.ofMinutes(10));

    /** The port whose loop dies; its own transport, so its loop is nobody else's. */
    private final KernelPorts dying = new KernelPorts();
    /** Ports on another transport (another loop) that outlive it. */
    private final KernelPorts living = new KernelPorts();

    @AfterEach
    void closeAll() {
        dying.close();
        living.close();
    }

    @Test
    void aPendingRequestEndsTypedWithTheCauseAndTheFdIsReleasedWhenTheLoopDies() throws Exception {
        MadAgent silentServer = KernelPorts.agent(living.open(), CLASS, RmppMode.KERNEL, GET);
        MadPort probe = living.open();
        long umadFdsBefore = umadFds();

        MadPort port = dying.open();
        MadAgent client = KernelPorts.agent(port, CLASS, RmppMode.KERNEL);
        KernelPorts.agent(port, OTHER_CLASS, RmppMode.KERNEL, GET);
        assertThatThrownBy(() -> KernelPorts.agent(probe, OTHER_CLASS, RmppMode.KERNEL, GET))
                .as("the dying port's fd holds (OTHER_CLASS, Get)")
                .isInstanceOfSatisfying(NativeIoException.class, e -> assertThat(e.errno()).isEqualTo(EINVAL));

        CompletableFuture<ReceivedMad> arrived = silentServer.receive().next().toFuture();
        CompletableFuture<ReceivedMad> request = client.request(VendorMads.get(CLASS, 0), InVm.selfGsi(),
                NEVER_TIMES_OUT).toFuture();
        assertThat(arrived).as("the request reached the server, which never answers")
                .succeedsWithin(FrameProbe.DEADLINE);

        OutOfMemoryError killer = new OutOfMemoryError("injected: the loop thread dies");
        port.loopScheduler().schedule(() -> {
            throw killer;
        });

        assertThat(request).failsWithin(FrameProbe.DEADLINE).withThrowableOfType(Exception.class)
                .havingCause().isInstanceOf(PortClosedException.class).havingRootCause().isSameAs(killer);
        assertThat(client.request(VendorMads.get(CLASS, 1), InVm.selfGsi(), NEVER_TIMES_OUT).toFuture())
                .failsWithin(FrameProbe.DEADLINE).withThrowableOfType(Exception.class)
                .havingCause().isInstanceOf(PortClosedException.class);
        port.onDispose().block(FrameProbe.DEADLINE);
        assertThat(umadFds()).as("open umad fds of this process").isEqualTo(umadFdsBefore);
        assertThat(KernelPorts.agent(probe, OTHER_CLASS, RmppMode.KERNEL, GET))
                .as("a fresh fd registers the dead port's agent").isNotNull();
    }

    /** The fds of this process open on a {@code /dev/infiniband/umad*} device. */
    private static long umadFds() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().startsWith("/dev/infiniband/umad");
                } catch (IOException e) {
                    return false; // the listing's own fd, closed by now
                }
            }).count();
        }
    }
}
