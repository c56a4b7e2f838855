package io.reactiveumad;

import io.reactiveumad.poll.LoopGroup;
import io.reactiveumad.poll.PollLoop;
import io.reactiveumad.poll.kernel.UmadHost;
import io.reactiveumad.poll.kernel.UmadPortRef;
import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.spi.channel.MadChannel;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The Linux kernel's umad devices ({@code /dev/infiniband/umadN}, described by
 * {@code /sys/class/infiniband_mad}). The ports of one CA share one epoll loop thread. The kernel
 * resends requests and reports timeouts itself; the core keeps a user-space deadline on top.
 */
public final class KernelTransport implements Transport {
    private final UmadHost host;
    private final LoopGroup loops = new LoopGroup("");

    private KernelTransport(UmadHost host) {
        this.host = Objects.requireNonNull(host, "host");
    }

    /** The real machine: {@code /sys} and {@code /dev/infiniband}. */
    public static KernelTransport system() {
        return new KernelTransport(UmadHost.system());
    }

    /** Another sysfs tree / device directory (tests, containers with a moved sysfs). */
    public static KernelTransport of(UmadHost host) {
        return new KernelTransport(host);
    }

    @Override
    public String name() {
        return "kernel";
    }

    @Override
    public List<PortSpec> ports() {
        return host.sysfs().ports().stream().map(p -> new PortSpec(p.ibdev(), p.port())).toList();
    }

    /**
     * The port libibumad would open for a diag tool: of the first CA with one, an Active InfiniBand port, else the
     * first CA's port that is up ({@link #defaultPort(String)}).
     */
    @Override
    public Optional<PortSpec> defaultPort() {
        return host.sysfs().defaultPort(null).map(p -> new PortSpec(p.ibdev(), p.port()));
    }

    /**
     * The port of CA {@code device} to open when only the CA is named, as libibumad picks it: a switch's port 0, an
     * Active InfiniBand port, else one whose link is up, else one not Disabled; empty when none qualifies.
     */
    public Optional<PortSpec> defaultPort(String device) {
        Objects.requireNonNull(device, "device");
        return host.sysfs().defaultPort(device).map(p -> new PortSpec(p.ibdev(), p.port()));
    }

    /** Read from sysfs alone: a device appears whether or not ib_umad serves it, and without access to its umad files. */
    @Override
    public List<DeviceAttributes> devices() {
        return host.sysfs().devices();
    }

    @Override
    public MadChannel open(PortSpec spec) {
        UmadPortRef ref = host.sysfs().find(spec.device(), spec.port())
                .orElseThrow(() -> new NoSuchPortException("no umad device for port " + spec + "; ports: " + ports()));
        PollLoop loop = loops.acquire(spec.device());
        try {
            return host.openChannel(loop, ref, () -> loops.release(spec.device()));
        } catch (RuntimeException e) {
            loops.release(spec.device());
            throw e;
        }
    }

    @Override
    public String toString() {
        return "KernelTransport(" + host.sysfs() + ")";
    }
}
