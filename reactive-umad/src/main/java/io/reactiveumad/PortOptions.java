package io.reactiveumad;

import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * How a port delivers to user code. Signals (responses, unsolicited MADs, agent registration) are
 * published on {@code delivery}, never on the event loop thread, so a slow or blocking subscriber
 * cannot stall the fabric. The default is {@link Schedulers#parallel()}: MAD consumers are expected to
 * be non-blocking, as in any Reactor pipeline. Pass {@link Schedulers#boundedElastic()} for blocking
 * consumers, or {@link Schedulers#immediate()} to run on the loop thread deliberately (fastest; the
 * subscriber must then never block).
 *
 * @param delivery the scheduler user-visible signals are published on
 */
public record PortOptions(Scheduler delivery) {
    public PortOptions {
        if (delivery == null) {
            throw new IllegalArgumentException("delivery scheduler must be given");
        }
    }

    /** Delivery on {@link Schedulers#parallel()}, looked up when the port opens (so virtual time applies). */
    public static PortOptions defaults() {
        return new PortOptions(Schedulers.parallel());
    }
}
