package io.reactiveumad;

import io.reactiveumad.spi.channel.PortAttributes;
import java.util.List;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * One opened local port. Owns its agents; disposing the port disposes them and releases the transport
 * channel (and the device's loop when it was the last port on it).
 */
public interface MadPort extends Disposable {

    /** The device and port opened: as asked, but for a switch on ibsim, which is asked for port 1 and opens port 0. */
    PortSpec spec();

    /** The transport this port was opened on. */
    Transport transport();

    /** The options the port was opened with. */
    PortOptions options();

    /** The attributes read when the port was opened or last refreshed. */
    PortAttributes attributes();

    /** Re-reads the port's attributes (LID, SM LID, state, …). */
    Mono<PortAttributes> refresh();

    /** Registers an agent. Fails with a typed error if the transport refuses (e.g. the class/method is taken). */
    Mono<MadAgent> agent(AgentSpec spec);

    /** The port's counters now: its agents' (open or closed) summed, and what reached it for none of them. */
    PortStats stats();

    /** The agents open on this port now, each with its {@link MadAgent#stats()}; a snapshot, in no particular order. */
    List<MadAgent> agents();

    /** The port's event loop as a Reactor scheduler: timers for timeouts, RMPP and retries run here. */
    Scheduler loopScheduler();

    /**
     * Completes once the port is closed and the transport has released its channel (agents
     * unregistered, fd or simulator slot given back), whether the user disposed it or its device went
     * away. Never fails.
     */
    Mono<Void> onDispose();

    /**
     * Disposes the port on subscribe and completes once {@link #onDispose()} does: after it, the same
     * port can be opened again and the same server agent registered again at once.
     */
    default Mono<Void> close() {
        return Mono.defer(() -> {
            dispose();
            return onDispose();
        });
    }
}
