package io.reactiveumad;

import io.reactiveumad.operators.RmppOptions;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * How a port delivers to user code. Signals (responses, unsolicited MADs, agent registration) are
 * published on {@code delivery}. The default is {@link Schedulers#immediate()}: they run on the port's
 * event loop thread, as Netty and Reactor Netty run handlers on theirs. That is the fast path, with no
 * hand-off between threads per response (on ibsim it more than doubles the round trips per second of a
 * window of 8 or 64 requests), and it asks of subscribers what any Reactor pipeline asks: never block.
 * {@code block()} called on a loop thread fails at once ({@link Schedulers#isInNonBlockingThread()} is
 * true there), BlockHound, when installed, reports any other blocking call, and the kernel and ibsim
 * transports' loop logs a warning when one pass of its work (subscribers included) takes over a second.
 *
 * <p>Consumers that block or do heavy work either move it off the loop themselves ({@code publishOn},
 * {@code subscribeOn}), or open their port with a scheduler: {@link Schedulers#boundedElastic()} for
 * blocking consumers, {@link Schedulers#parallel()} for CPU-bound ones. Responses then reach their
 * subscribers on one worker of {@code delivery} per port, in the order they were read and in bursts (one
 * task for all that the loop has read meanwhile, not one per MAD): the price is one hand-off between
 * threads per burst, and a subscriber that blocks on that worker delays the port's later signals (never
 * the loop, which keeps reading, sending and timing requests out).
 *
 * @param delivery the scheduler user-visible signals are published on
 * @param rmpp     window and timers of user-space RMPP ({@link RmppMode#USER} agents); the kernel's by default
 * @param requests how the clients made from the port ({@code SmpClient.of(port)}, {@code PerfClient.of(port)},
 *                 {@code SaClient.of(port)}, and those the fabric operations make) wait for an answer until told
 *                 otherwise ({@code withOptions}): {@link RequestOptions#defaults()} unless given, as a diag tool's
 *                 {@code -t} sets its timeout once for every MAD it sends
 */
public record PortOptions(Scheduler delivery, RmppOptions rmpp, RequestOptions requests) {
    public PortOptions {
        if (delivery == null) {
            throw new IllegalArgumentException("delivery scheduler must be given");
        }
        if (rmpp == null) {
            throw new IllegalArgumentException("rmpp options must be given");
        }
        if (requests == null) {
            throw new IllegalArgumentException("request options must be given");
        }
    }

    /** Delivery on {@code delivery}, RMPP with {@code rmpp}, requests with {@link RequestOptions#defaults()}. */
    public PortOptions(Scheduler delivery, RmppOptions rmpp) {
        this(delivery, rmpp, RequestOptions.defaults());
    }

    /** Delivery on {@code delivery}, RMPP with the kernel's window and timers. */
    public PortOptions(Scheduler delivery) {
        this(delivery, RmppOptions.defaults());
    }

    public PortOptions withRmpp(RmppOptions options) {
        return new PortOptions(delivery, options, requests);
    }

    public PortOptions withRequests(RequestOptions options) {
        return new PortOptions(delivery, rmpp, options);
    }

    /** Delivery on the port's event loop thread ({@link Schedulers#immediate()}), RMPP with the kernel's window and timers. */
    public static PortOptions defaults() {
        return new PortOptions(Schedulers.immediate());
    }
}
