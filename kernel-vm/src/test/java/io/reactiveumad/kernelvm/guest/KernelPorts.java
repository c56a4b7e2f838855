package io.reactiveumad.kernelvm.guest;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.Overflow;
import io.reactiveumad.PortSpec;
import io.reactiveumad.RmppMode;
import io.reactiveumad.Transport;
import io.reactiveumad.Umad;
import io.reactiveumad.poll.EpollEventLoop;
import io.reactiveumad.poll.channel.MadChannel;
import io.reactiveumad.poll.kernel.UmadHost;
import io.reactiveumad.poll.kernel.UmadPortRef;
import java.util.ArrayList;
import java.util.List;

/**
 * Opens rxe0 port 1 through the public API, each {@link MadPort} on its own umad fd, and disposes
 * them all on close.
 */
final class KernelPorts implements AutoCloseable {
    static final PortSpec RXE0 = new PortSpec(InVm.DEVICE, InVm.PORT);

    private final List<MadPort> opened = new ArrayList<>();
    private final LocalTransport transport = new LocalTransport();

    Transport transport() {
        return transport;
    }

    MadPort open() {
        MadPort port = Umad.open(transport, RXE0).block(FrameProbe.DEADLINE);
        opened.add(port);
        return port;
    }

    /** An agent of the suite's vendor class serving {@code methods} (none: a client). */
    static MadAgent agent(MadPort port, int mgmtClass, RmppMode rmpp, int... methods) {
        // The canonical constructor: AgentSpec.client/server refuse a vendor class before withOui can run.
        AgentSpec spec = new AgentSpec(mgmtClass, VendorMads.CLASS_VERSION, 0, 0, VendorMads.OUI, rmpp, Overflow.DEFAULT)
                .withMethods(methods);
        return port.agent(spec).block(FrameProbe.DEADLINE);
    }

    @Override
    public void close() {
        opened.forEach(MadPort::dispose);
        transport.close();
    }

    private static final class LocalTransport implements Transport, AutoCloseable {
        private final UmadHost host = UmadHost.system();
        private EpollEventLoop loop;

        @Override
        public String name() {
            return "kernel";
        }

        @Override
        public List<PortSpec> ports() {
            return host.sysfs().ports().stream().map(p -> new PortSpec(p.ibdev(), p.port())).toList();
        }

        @Override
        public synchronized MadChannel open(PortSpec spec) {
            UmadPortRef ref = host.sysfs().find(spec.device(), spec.port()).orElseThrow();
            if (loop == null) {
                loop = EpollEventLoop.start(spec.device());
            }
            return new KernelRetries(host.openChannel(loop, ref));
        }

        @Override
        public synchronized void close() {
            if (loop != null) {
                loop.close();
            }
        }
    }

    /** The kernel resends requests itself and reports ETIMEDOUT: tells the core so. */
    private record KernelRetries(MadChannel channel) implements MadChannel {
        @Override
        public boolean resendsRequests() {
            return true;
        }

        @Override
        public io.reactiveumad.poll.EventExecutor executor() {
            return channel.executor();
        }

        @Override
        public io.reactiveumad.poll.channel.PortAttributes port() {
            return channel.port();
        }

        @Override
        public int registerAgent(io.reactiveumad.poll.channel.AgentRegistration registration) {
            return channel.registerAgent(registration);
        }

        @Override
        public void unregisterAgent(int agentId) {
            channel.unregisterAgent(agentId);
        }

        @Override
        public void send(io.reactiveumad.poll.channel.MadFrame frame) {
            channel.send(frame);
        }

        @Override
        public void start(io.reactiveumad.poll.channel.FrameListener listener) {
            channel.start(listener);
        }

        @Override
        public void readInterest(boolean enabled) {
            channel.readInterest(enabled);
        }

        @Override
        public void close() {
            channel.close();
        }
    }
}
