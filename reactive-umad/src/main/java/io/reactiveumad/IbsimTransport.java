package io.reactiveumad;

import io.reactiveumad.poll.LoopGroup;
import io.reactiveumad.poll.PollLoop;
import io.reactiveumad.poll.ibsim.IbsimChannel;
import io.reactiveumad.poll.ibsim.IbsimEndpoint;
import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.spi.channel.MadChannel;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The ibsim simulator as a transport: each opened port is one of ibsim's client slots (at most ten per
 * simulator, OpenSM and every diag tool run included), attached to a simulated node by name. The node
 * is the {@link PortSpec#device()}; ibsim attaches a client to a node's first port only: port 1 asks for it on any
 * node, port 0 on a switch only (a switch's client is its management port 0, which the opened port's
 * {@link MadPort#spec()} says either way). Each node (device) opened through one transport has its own event loop, closed
 * with the last of its ports, so one node's traffic or going away does not stall another's.
 *
 * <pre>{@code
 * Transport sim = IbsimTransport.fromEnvironment();          // SIM_HOST, IBSIM_SOCKNAME, ...
 * Mono<MadPort> port = Umad.open(sim, new PortSpec("Hca2", 1));
 * }</pre>
 *
 * It is configured the way umad2sim is, by the environment variables named here; pass a map to
 * {@link #fromEnvironment(Map)} to configure it without touching the process environment.
 */
public final class IbsimTransport implements Transport {
    /**
     * The device name that means "ibsim's default node" (the first port of its net file) when no node
     * is named; umad2sim calls its only device this too.
     */
    public static final String DEFAULT_DEVICE = "ibsim0";
    /** The simulator's socket base name: ibsim listens on {@code @<name>:ctl} (default {@code sim}). */
    public static final String ENV_SOCKET_NAME = IbsimEndpoint.ENV_SOCKET_NAME;
    /** When set, the host of a simulator started with {@code ibsim -r}, reached over UDP. */
    public static final String ENV_SERVER_NAME = IbsimEndpoint.ENV_SERVER_NAME;
    /** The UDP control port of a remote simulator (default 7070). */
    public static final String ENV_SERVER_PORT = IbsimEndpoint.ENV_SERVER_PORT;
    /** The node {@link #ports()} lists, when none is named: {@value #DEFAULT_DEVICE} otherwise. */
    public static final String ENV_NODE = IbsimEndpoint.ENV_NODE;

    private final IbsimEndpoint endpoint;
    private final String defaultNode;
    private final LoopGroup loops = new LoopGroup("ibsim-");

    private IbsimTransport(IbsimEndpoint endpoint, String defaultNode) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.defaultNode = defaultNode == null || defaultNode.isBlank() ? null : defaultNode;
    }

    /** As umad2sim configures itself: {@value #ENV_NODE}, {@value #ENV_SOCKET_NAME}, {@value #ENV_SERVER_NAME}, {@value #ENV_SERVER_PORT}. */
    public static IbsimTransport fromEnvironment() {
        return fromEnvironment(System.getenv());
    }

    /**
     * As {@link #fromEnvironment()}, reading the variables from {@code env}.
     *
     * @throws IllegalArgumentException when {@value #ENV_SERVER_PORT} is not a port number
     */
    public static IbsimTransport fromEnvironment(Map<String, String> env) {
        return create(IbsimEndpoint.fromEnvironment(env), env.get(IbsimEndpoint.ENV_NODE));
    }

    /** @param defaultNode the node {@link #ports()} lists; null lists {@link #DEFAULT_DEVICE} */
    static IbsimTransport create(IbsimEndpoint endpoint, String defaultNode) {
        return new IbsimTransport(endpoint, defaultNode);
    }

    IbsimEndpoint endpoint() {
        return endpoint;
    }

    @Override
    public String name() {
        return "ibsim";
    }

    /** The default node's port; any other node of the simulated fabric opens too. */
    @Override
    public List<PortSpec> ports() {
        return List.of(new PortSpec(defaultNode != null ? defaultNode : DEFAULT_DEVICE, 1));
    }

    /**
     * The default node as a device with its one port (a switch's management port is its port 0 here), read through a
     * client slot held for the call's duration.
     */
    @Override
    public List<DeviceAttributes> devices() {
        try (IbsimChannel channel = attach(ports().get(0))) {
            return List.of(channel.device());
        }
    }

    /** Attaches to node {@code spec.device()}; blocks for ibsim's control round trips. */
    @Override
    public MadChannel open(PortSpec spec) {
        return attach(spec);
    }

    private IbsimChannel attach(PortSpec spec) {
        if (spec.port() > 1) {
            throw new IllegalArgumentException("ibsim attaches clients to a node's first port only: " + spec);
        }
        String node = DEFAULT_DEVICE.equals(spec.device()) ? defaultNode : spec.device();
        // One loop per simulated node (the device), as the kernel transport has one per CA.
        String device = endpoint.socketName() + "/" + (node != null ? node : DEFAULT_DEVICE);
        PollLoop loop = loops.acquire(device);
        IbsimChannel channel;
        try {
            channel = IbsimChannel.open(endpoint, node, loop, () -> loops.release(device));
        } catch (RuntimeException e) {
            loops.release(device);
            throw e;
        }
        if (spec.port() == 0 && channel.port().port() != 0) {
            channel.close();
            throw new IllegalArgumentException(spec + ": port 0 is a switch's, and this node is not a switch (ibsim "
                    + "attaches to its first port, 1)");
        }
        return channel;
    }

    @Override
    public String toString() {
        return "IbsimTransport[" + endpoint + (defaultNode != null ? " node=" + defaultNode : "") + "]";
    }
}
