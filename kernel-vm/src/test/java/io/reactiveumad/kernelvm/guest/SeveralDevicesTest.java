package io.reactiveumad.kernelvm.guest;

import static io.reactiveumad.kernelvm.guest.VendorMads.CLASS;
import static io.reactiveumad.kernelvm.guest.VendorMads.GET;
import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.KernelTransport;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.Overflow;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.PortSpec;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RmppMode;
import io.reactiveumad.Transport;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.DeviceGoneException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * Two devices (rxe0, rxe1) at once through one kernel transport: two ports of rxe0 share rxe0's one
 * event loop, rxe1 has its own; deleting rxe1 ends its port (PortClosedException caused by
 * DeviceGoneException) while rxe0's ports keep answering each other. Deletes rxe1, so it runs late.
 */
@Order(Integer.MAX_VALUE - 1)
class SeveralDevicesTest {

    @Test
    void eachDeviceHasOneLoopForItsPortsAndOneVanishingLeavesTheOtherWorking() throws Exception {
        Transport kernel = KernelTransport.system();
        MadPort first = Umad.open(kernel, new PortSpec(InVm.DEVICE, InVm.PORT)).block(FrameProbe.DEADLINE);
        MadPort second = Umad.open(kernel, new PortSpec(InVm.DEVICE, InVm.PORT)).block(FrameProbe.DEADLINE);
        MadPort other = Umad.open(kernel, new PortSpec(InVm.SECOND_DEVICE, InVm.PORT)).block(FrameProbe.DEADLINE);
        try {
            assertThat(loops(InVm.DEVICE)).as("rxe0's two ports share its one loop").hasSize(1);
            assertThat(loops(InVm.SECOND_DEVICE)).as("rxe1's own loop").hasSize(1);

            MadAgent server = agent(second, VendorMads.OTHER_CLASS, GET);
            Disposable serving = server.serve(req -> Mono.just(req.mad()));
            MadAgent client = agent(first, VendorMads.OTHER_CLASS);
            assertThat(client.request(VendorMads.get(VendorMads.OTHER_CLASS, 1), InVm.selfGsi()).block(FrameProbe.DEADLINE))
                    .isNotNull();

            MadAgent otherClient = agent(other, CLASS);
            agent(other, CLASS, GET); // registered, never reading: the request stays unanswered
            CompletableFuture<ReceivedMad> pending = otherClient
                    .request(VendorMads.get(CLASS, 0), InVm.selfGsi(InVm.SECOND_DEVICE)).toFuture();

            deleteRxe1();

            assertThat(pending).failsWithin(FrameProbe.DEADLINE).withThrowableOfType(Exception.class)
                    .havingCause().isInstanceOf(PortClosedException.class).withCauseInstanceOf(DeviceGoneException.class);
            for (int i = 0; i < 10; i++) {
                assertThat(client.request(VendorMads.get(VendorMads.OTHER_CLASS, i), InVm.selfGsi())
                        .block(FrameProbe.DEADLINE)).as("rxe0 after rxe1 went away, request %d", i).isNotNull();
            }
            assertThat(loops(InVm.DEVICE)).hasSize(1);
            serving.dispose();
        } finally {
            first.dispose();
            second.dispose();
            other.dispose();
        }
    }

    private static MadAgent agent(MadPort port, int mgmtClass, int... methods) {
        AgentSpec spec = new AgentSpec(mgmtClass, VendorMads.CLASS_VERSION, 0, 0, VendorMads.OUI, RmppMode.NONE,
                Overflow.defaults()).withMethods(methods);
        return port.agent(spec).block(FrameProbe.DEADLINE);
    }

    /** Live event-loop threads of {@code device} (named umad-loop-&lt;device&gt; by the kernel transport). */
    private static List<String> loops(String device) {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.equals("umad-loop-" + device)).toList();
    }

    private static void deleteRxe1() throws Exception {
        Process rdma = new ProcessBuilder("rdma", "link", "delete", InVm.SECOND_DEVICE).inheritIO().start();
        assertThat(rdma.waitFor(FrameProbe.DEADLINE.toMillis(), TimeUnit.MILLISECONDS)).as("rdma link delete finished").isTrue();
        assertThat(rdma.exitValue()).as("rdma link delete exit status").isZero();
    }
}
