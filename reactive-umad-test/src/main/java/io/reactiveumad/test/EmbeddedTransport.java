package io.reactiveumad.test;

import io.reactiveumad.PortSpec;
import io.reactiveumad.Transport;
import io.reactiveumad.spi.channel.MadChannel;
import java.util.ArrayList;
import java.util.List;

/** The embedded fabric as a {@link Transport}: every CA port can be opened, by node id or description. */
final class EmbeddedTransport implements Transport {
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

    @Override
    public MadChannel open(PortSpec spec) {
        return engine.call(() -> engine.open(spec.device(), spec.port()));
    }

    @Override
    public String toString() {
        return "EmbeddedTransport[" + engine.topology() + "]";
    }
}
