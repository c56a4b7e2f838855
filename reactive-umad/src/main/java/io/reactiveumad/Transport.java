package io.reactiveumad;

import io.reactiveumad.spi.channel.MadChannel;
import java.util.List;

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

    /** Opens a channel for {@code spec}; closing the channel releases the device's loop when it was the last. */
    MadChannel open(PortSpec spec);
}
