package io.reactiveumad.spi.channel;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.NativeIoException;
import java.time.Duration;
import java.util.Optional;

/**
 * One local port as a frame-level transport: the kernel's umad fd, an ibsim client, or a node of the
 * embedded fabric. The contract every transport keeps, so the reactive core above is transport-blind:
 *
 * <ul>
 *   <li>Every method except {@link #executor()}, {@link #port()} and {@link #close()} must be called on
 *       {@link #executor()}'s thread; listener callbacks happen there too.</li>
 *   <li>Requests: the channel may rewrite TID bits 63..32 of a request it sends (the kernel does);
 *       the response comes back to the sending agent with the low 32 bits unchanged.</li>
 *   <li>Unsolicited MADs (requests, traps, reports) go to the agent registered for their class, class
 *       version and method; unclaimed ones are dropped (the kernel answers Gets with status 0x000C).</li>
 *   <li>No demand, no reads: after {@code readInterest(false)} nothing is read from the underlying queue
 *       until {@code readInterest(true)}.</li>
 * </ul>
 */
public interface MadChannel extends AutoCloseable {

    /** The loop that owns this channel; shared by every port of one device. */
    EventExecutor executor();

    /** Reads the port's current attributes (sysfs, simulator). May block briefly: call it off the loop. */
    PortAttributes port();

    /** Registers an agent and returns its id; errors are typed ({@code NativeIoException} for errno). */
    int registerAgent(AgentRegistration registration);

    void unregisterAgent(int agentId);

    /**
     * Queues one MAD for sending, given as the fields of a {@link MadFrame} (so a request costs no frame
     * object): {@code mad} is shared and never written, {@code tid} goes on the wire in place of its bytes
     * 8..15. Throws typed errors (e.g. EINVAL for a duplicate outstanding TID).
     */
    void send(int agentId, int timeoutMs, int retries, MadAddress to, byte[] mad, long tid);

    /** Queues one frame for sending (status is not sent). */
    default void send(MadFrame frame) {
        send(frame.agentId(), frame.timeoutMs(), frame.retries(), frame.address(), frame.mad(), frame.tid());
    }

    /** Starts reading; frames and the terminal error go to {@code listener}. Called once. */
    void start(FrameListener listener);

    /**
     * True when the channel itself resends requests ({@link MadFrame#timeoutMs()}, {@link MadFrame#retries()})
     * and reports the final timeout with an ETIMEDOUT record, as the kernel does. The core then hands
     * retries to the channel and keeps only an overall deadline; otherwise it resends on its own timers.
     */
    default boolean resendsRequests() {
        return false;
    }

    /**
     * How often the port above should read {@link #port()} while nothing arrives, to learn that the peer is
     * gone; empty (the default) when the channel hears that by itself, as a kernel port's readers are woken
     * with an error when its device goes. A channel whose peer can vanish silently (a datagram socket hears
     * nothing when the socket it is connected to closes) fails itself in {@link #port()} when it finds so,
     * so a port that only listens still ends instead of waiting forever.
     */
    default Optional<Duration> peerCheckInterval() {
        return Optional.empty();
    }

    /** Turns reading on or off (EPOLLIN interest for an fd); the underlying queue buffers meanwhile. */
    void readInterest(boolean enabled);

    /** Unregisters every agent and releases the fd/socket. Idempotent, callable from any thread. */
    @Override
    void close();
}
