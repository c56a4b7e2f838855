package io.reactiveumad.kernelvm.guest;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.KernelTransport;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.Overflow;
import io.reactiveumad.PortSpec;
import io.reactiveumad.RmppMode;
import io.reactiveumad.Transport;
import io.reactiveumad.Umad;
import java.util.ArrayList;
import java.util.List;

/**
 * Opens rxe0 port 1 through the public API and {@link KernelTransport}, each {@link MadPort} on its own
 * umad fd (all served by the CA's one loop), and disposes them all on close.
 */
final class KernelPorts implements AutoCloseable {
    static final PortSpec RXE0 = new PortSpec(InVm.DEVICE, InVm.PORT);

    private final List<MadPort> opened = new ArrayList<>();
    private final Transport transport = KernelTransport.system();

    MadPort open() {
        MadPort port = Umad.open(transport, RXE0).block(FrameProbe.DEADLINE);
        opened.add(port);
        return port;
    }

    /** An agent of the suite's vendor class serving {@code methods} (none: a client). */
    static MadAgent agent(MadPort port, int mgmtClass, RmppMode rmpp, int... methods) {
        // The canonical constructor: AgentSpec.client/server refuse a vendor class before withOui can run.
        AgentSpec spec = new AgentSpec(mgmtClass, VendorMads.CLASS_VERSION, 0, 0, VendorMads.OUI, rmpp,
                Overflow.defaults()).withMethods(methods);
        return port.agent(spec).block(FrameProbe.DEADLINE);
    }

    @Override
    public void close() {
        opened.forEach(MadPort::dispose);
    }
}
