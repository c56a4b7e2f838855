package io.reactiveumad.test;

import io.reactiveumad.PortSpec;
import io.reactiveumad.Transport;
import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.spi.channel.MadChannel;
import io.reactiveumad.spi.channel.PortAttributes;
import java.util.ArrayList;
import java.util.List;

/** The embedded fabric as a {@link Transport}: every CA port can be opened, by node id or description. */
final class EmbeddedTransport implements Transport {
    /** What a device of this fabric is, where a kernel driver names the HCA model. */
    static final String DEVICE_TYPE = "embedded";

    private final FabricEngine engine;

    EmbeddedTransport(FabricEngine engine) {
        this.engine = engine;
    }

    @Override
    public String name() {
        return "embedded";
    }

    @Override
    public List<PortSpec> ports() {
        return engine.call(() -> {
            List<PortSpec> specs = new ArrayList<>();
            for (FabricNode n : engine.nodes()) {
                for (int p = 1; !n.isSwitch() && p <= n.node.portCount(); p++) {
                    specs.add(new PortSpec(n.id(), p));
                }
            }
            return specs;
        });
    }

    /** Every CA with all its ports; the fabric's nodes have no firmware or hardware version. */
    @Override
    public List<DeviceAttributes> devices() {
        return engine.call(() -> {
            List<DeviceAttributes> devices = new ArrayList<>();
            for (FabricNode n : engine.nodes()) {
                if (n.isSwitch()) {
                    continue;
                }
                List<PortAttributes> ports = new ArrayList<>();
                for (int p = 1; p <= n.node.portCount(); p++) {
                    ports.add(engine.attributes(n, p, n.id()));
                }
                devices.add(new DeviceAttributes(n.id(), n.node.type().code(), DEVICE_TYPE, "", "", n.node.nodeGuid(),
                        n.node.systemImageGuid(), ports));
            }
            return devices;
        });
    }

    @Override
    public MadChannel open(PortSpec spec) {
        return engine.call(() -> engine.open(spec.device(), spec.port()));
    }

    @Override
    public String toString() {
        return "EmbeddedTransport[" + engine.topology() + "]";
    }
}
