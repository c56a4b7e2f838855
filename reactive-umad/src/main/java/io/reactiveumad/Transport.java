package io.reactiveumad;

import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.spi.channel.MadChannel;
import java.util.List;
import java.util.Optional;

/**
 * Where MADs go: the kernel's umad devices, an ibsim simulator, or the embedded in-JVM fabric. A
 * transport lists its ports and opens a frame-level {@link MadChannel} for one; ports of one device
 * share one event loop. Users pick a transport and hand it to {@link Umad#open}; they never use the
 * channel directly.
 */
public interface Transport {

    /** A short name for logs and the CLI: {@code kernel}, {@code ibsim}, {@code embedded}. */
    String name();

    /** The ports this transport can open now. */
    List<PortSpec> ports();

    /**
     * The port to open when none is named ({@link Umad#open(Transport)}): the first listed, unless the transport
     * knows better (the kernel's: the port libibumad would pick for the diag tools). Empty when there is none.
     */
    default Optional<PortSpec> defaultPort() {
        return ports().stream().findFirst();
    }

    /**
     * The local devices and their ports as the host describes them, without sending a MAD (what ibstat prints): on the
     * kernel every CA, switch and router sysfs lists, whether or not ib_umad serves it; on ibsim the default node,
     * read over the simulator's control socket; on the embedded fabric every CA. Blocks for file reads or control
     * round trips: call it off an event loop.
     */
    List<DeviceAttributes> devices();

    /** Opens a channel for {@code spec}; closing the channel releases the device's loop when it was the last. */
    MadChannel open(PortSpec spec);
}
