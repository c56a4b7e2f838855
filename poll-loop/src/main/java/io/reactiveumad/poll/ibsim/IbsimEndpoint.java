package io.reactiveumad.poll.ibsim;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;

/**
 * Where an ibsim simulator listens and how to attach to it, as umad2sim reads it from the environment.
 *
 * @param socketName     the abstract AF_UNIX base name ({@code IBSIM_SOCKNAME}, default {@code sim}):
 *                       ibsim listens on {@code @<socketName>:ctl}
 * @param serverHost     {@code IBSIM_SERVER_NAME}: when set, remote mode over UDP instead of AF_UNIX
 * @param serverPort     {@code IBSIM_SERVER_PORT}: the UDP control port in remote mode (default 7070);
 *                       client slot {@code n} answers on {@code serverPort + n + 1}
 * @param controlTimeout how long one control call waits for ibsim's reply
 * @param acceptRequests attach as the node's request receiver (the {@code issm} flag of CONNECT): ibsim
 *                       forwards unsolicited QP0/QP1 requests only to such a client, and allows one per
 *                       node. When another client (e.g. OpenSM) already holds it, the channel attaches
 *                       without it and only receives responses and nothing unsolicited.
 */
public record IbsimEndpoint(String socketName, String serverHost, int serverPort, Duration controlTimeout,
                            boolean acceptRequests) {
    public static final String DEFAULT_SOCKET_NAME = "sim";
    public static final int DEFAULT_SERVER_PORT = 7070;
    public static final Duration DEFAULT_CONTROL_TIMEOUT = Duration.ofSeconds(5);

    public static final String ENV_SOCKET_NAME = "IBSIM_SOCKNAME";
    public static final String ENV_SERVER_NAME = "IBSIM_SERVER_NAME";
    public static final String ENV_SERVER_PORT = "IBSIM_SERVER_PORT";
    /** The node a client attaches to when none is named. */
    public static final String ENV_NODE = "SIM_HOST";

    public IbsimEndpoint {
        if (socketName == null || socketName.isEmpty()) {
            throw new IllegalArgumentException("socketName must not be empty");
        }
        if (serverHost != null && serverHost.isEmpty()) {
            serverHost = null;
        }
        if (serverPort < 1 || serverPort > 0xFFFF - 11) {
            throw new IllegalArgumentException("serverPort out of range: " + serverPort);
        }
        if (controlTimeout == null || controlTimeout.isNegative() || controlTimeout.isZero()) {
            throw new IllegalArgumentException("controlTimeout must be positive: " + controlTimeout);
        }
    }

    /** A local simulator listening on {@code @<socketName>:ctl}. */
    public static IbsimEndpoint local(String socketName) {
        return new IbsimEndpoint(socketName, null, DEFAULT_SERVER_PORT, DEFAULT_CONTROL_TIMEOUT, true);
    }

    /** A simulator started with {@code ibsim -r}, reached over UDP. */
    public static IbsimEndpoint remote(String host, int port) {
        return new IbsimEndpoint(DEFAULT_SOCKET_NAME, host, port, DEFAULT_CONTROL_TIMEOUT, true);
    }

    /** Reads {@code IBSIM_SOCKNAME}, {@code IBSIM_SERVER_NAME} and {@code IBSIM_SERVER_PORT} from {@code env}. */
    public static IbsimEndpoint fromEnvironment(Map<String, String> env) {
        String port = env.get(ENV_SERVER_PORT);
        int serverPort;
        try {
            serverPort = port == null || port.isBlank() ? DEFAULT_SERVER_PORT : Integer.parseInt(port.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(ENV_SERVER_PORT + " is not a port number: " + port, e);
        }
        return new IbsimEndpoint(env.getOrDefault(ENV_SOCKET_NAME, DEFAULT_SOCKET_NAME), env.get(ENV_SERVER_NAME),
                serverPort, DEFAULT_CONTROL_TIMEOUT, true);
    }

    public boolean isRemote() {
        return serverHost != null;
    }

    public IbsimEndpoint withControlTimeout(Duration timeout) {
        return new IbsimEndpoint(socketName, serverHost, serverPort, timeout, acceptRequests);
    }

    public IbsimEndpoint withAcceptRequests(boolean accept) {
        return new IbsimEndpoint(socketName, serverHost, serverPort, controlTimeout, accept);
    }

    /** The name of ibsim's control socket ({@code <base>:ctl}) or its UDP address. */
    String controlName() {
        return socketName + ":ctl";
    }

    InetSocketAddress controlAddress() {
        return new InetSocketAddress(serverHost, serverPort);
    }

    /** Where ibsim's socket for client slot {@code clientId} listens. */
    String dataName(int clientId) {
        return socketName + ":out" + clientId;
    }

    InetSocketAddress dataAddress(int clientId) {
        return new InetSocketAddress(serverHost, serverPort + clientId + 1);
    }

    @Override
    public String toString() {
        return isRemote() ? "ibsim@" + serverHost + ":" + serverPort : "ibsim@" + socketName;
    }
}
