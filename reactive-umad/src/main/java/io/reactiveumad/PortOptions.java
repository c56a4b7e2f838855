package io.reactiveumad;

import io.reactiveumad.operators.RmppOptions;
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
 * <p>Responses to requests reach their subscribers on one worker of {@code delivery} per port, in the
 * order they were read and in bursts (one task for all that the loop has read meanwhile, not one per
 * MAD): the price of moving user code off the loop is then one hand-off between threads per burst. The
 * trade-off: a subscriber that blocks on that worker delays the port's later responses (never the loop,
 * which keeps reading, sending and timing requests out).
 *
 * @param delivery the scheduler user-visible signals are published on
 * @param rmpp     window and timers of user-space RMPP ({@link RmppMode#USER} agents); the kernel's by default
 */
public record PortOptions(Scheduler delivery, RmppOptions rmpp) {
    public PortOptions {
        if (delivery == null) {
            throw new IllegalArgumentException("delivery scheduler must be given");
        }
        if (rmpp == null) {
            throw new IllegalArgumentException("rmpp options must be given");
        }
    }

    /** Delivery on {@code delivery}, RMPP with the kernel's window and timers. */
    public PortOptions(Scheduler delivery) {
        this(delivery, RmppOptions.defaults());
    }

    public PortOptions withRmpp(RmppOptions options) {
        return new PortOptions(delivery, options);
    }

    /** Delivery on {@link Schedulers#parallel()}, looked up when the port opens (so virtual time applies). */
    public static PortOptions defaults() {
        return new PortOptions(Schedulers.parallel());
    }
}
