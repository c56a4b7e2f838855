package io.reactiveumad.internal;

import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.internal.LoopCounters.Count;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadRedirectException;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.spi.channel.EventExecutor;
import io.reactiveumad.spi.channel.PortAttributes;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import org.reactivestreams.Subscription;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.CoreSubscriber;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;

/**
 * One request from its subscription to its one terminal signal: the state machine behind
 * {@link DefaultMadAgent#request}. It is the {@code Mono} that call returns (its first subscription runs in
 * this object; a later one, the Mono being cold, gets a new request of its own), the subscriber's
 * {@link Subscription} and, queued on the loop, the task that starts the request or cancels it; so a
 * request costs no separate Mono, no sink, no lambda per step and no scheduler task of its own. Its end reaches the subscriber on the port's delivery worker through
 * {@link Delivery}, in bursts.
 *
 * <p>Threads: {@link #request}, {@link #cancel} and the subscription come from any thread; fields marked
 * "loop" are touched only on the port's event loop (start, resends, timers, the response, failures); the
 * signal state is the only thing the loop, the delivery worker and the subscriber share, and it is one
 * atomic int: whoever moves it to {@code DONE} first is the only one to signal.
 */
final class PendingRequest extends Mono<ReceivedMad> implements Subscription, Runnable {
    /** Says at debug each request sent again for want of an answer (the CLI's -e). */
    private static final Logger log = LoggerFactory.getLogger(PendingRequest.class);
    /** Margin past the kernel's own last retry before our safety deadline fires. */
    private static final Duration KERNEL_DEADLINE_SLACK = Duration.ofSeconds(1);
    /** Margin past the RMPP receiver's own transfer limit (its T2L abort) before a streaming response times out. */
    private static final Duration STREAMING_SLACK = Duration.ofSeconds(1);

    /** The Mono's state before a subscription took this object as its request. */
    private static final int UNSUBSCRIBED = 0;
    private static final int NO_REQUEST = 1;
    private static final int REQUESTED = 2;
    private static final int VALUE_WAITING = 3;
    private static final int DONE = 4;
    private static final AtomicIntegerFieldUpdater<PendingRequest> SIGNAL =
            AtomicIntegerFieldUpdater.newUpdater(PendingRequest.class, "signal");

    private final DefaultMadAgent agent;
    final Mad request;
    private final MadAddress to;
    final RequestOptions options;
    /** Set by the subscribing thread before the request reaches the loop (the loop's queue publishes it). */
    private CoreSubscriber<? super ReceivedMad> actual;

    private volatile int signal;
    /** A response that arrived before the subscriber asked for it. */
    private ReceivedMad waitingValue;
    private volatile boolean cancelRequested;

    /** loop: the request has ended (response, failure or cancel); nothing more is sent or armed. */
    private boolean done;
    /** loop: the TID as sent is its low 32 bits (the transport owns the high ones). */
    private int tid;
    /** loop: attempts sent so far (0 until the request starts) */
    int attempts;
    private int busyLeft;
    /** loop: what the armed timer means: the busy backoff's end (resend) rather than an attempt's timeout. */
    private boolean backingOff;
    /** loop: RMPP segments of the response are arriving: no more resends, only the transfer's bound. */
    private boolean streaming;
    /** loop: the channel handed this attempt's MAD back undelivered (a non-resending channel's ETIMEDOUT record). */
    private boolean undeliverable;
    private EventExecutor.Cancellable timer;
    /** loop: a user-space RMPP transfer of the request in progress. */
    private Disposable transfer;

    private PendingRequest(DefaultMadAgent agent, Mad request, MadAddress to, RequestOptions options) {
        this.agent = agent;
        this.request = request;
        this.to = to;
        this.options = options;
        this.busyLeft = options.busyRetries();
    }

    /** A cold Mono: each subscription is one request with its own TID. */
    static Mono<ReceivedMad> mono(DefaultMadAgent agent, Mad request, MadAddress to, RequestOptions options) {
        return new PendingRequest(agent, request, to, options);
    }

    @Override
    public void subscribe(CoreSubscriber<? super ReceivedMad> subscriber) {
        PendingRequest p = this;
        if (!SIGNAL.compareAndSet(this, UNSUBSCRIBED, NO_REQUEST)) {
            p = new PendingRequest(agent, request, to, options);
            p.signal = NO_REQUEST;
        }
        p.actual = subscriber;
        subscriber.onSubscribe(p);
        p.submit();
    }

    /** loop: the first run has happened (it starts the request, or ends it when cancelled first). */
    private boolean started() {
        return done || attempts > 0;
    }

    private DefaultMadPort port() {
        return agent.owner();
    }

    /** The TID as it goes out: the low 32 bits (the transport owns the high ones). */
    long wireTid() {
        return tid & 0xFFFF_FFFFL;
    }

    /**
     * Queues this request's next step on the loop, from the loop too (its own queue there, see EpollEventLoop): run
     * in the caller, the send path was compiled into every caller's own loop (a flatMap's drain), a large compilation
     * that a fresh JVM threw away and redid at each change of pace (docs/BENCHMARKS.md, sessions 16 and 17).
     */
    private void submit() {
        DefaultMadPort port = port();
        EventExecutor loop = port.loop();
        try {
            loop.execute(this);
        } catch (RejectedExecutionException e) {
            signalError(port.closedException());
        }
    }

    // ---- the subscriber's side (any thread) --------------------------------------------------------

    @Override
    public void request(long n) {
        if (!Operators.validate(n)) {
            return;
        }
        for (;;) {
            int s = signal;
            if (s == NO_REQUEST) {
                if (SIGNAL.compareAndSet(this, NO_REQUEST, REQUESTED)) {
                    return;
                }
            } else if (s == VALUE_WAITING) {
                if (SIGNAL.compareAndSet(this, VALUE_WAITING, DONE)) {
                    ReceivedMad value = waitingValue;
                    waitingValue = null;
                    actual.onNext(value);
                    actual.onComplete();
                    return;
                }
            } else {
                return;
            }
        }
    }

    /** Stops the request: the loop frees its TID and timer; a response that still comes is dropped as late. */
    @Override
    public void cancel() {
        if (SIGNAL.getAndSet(this, DONE) != DONE) {
            waitingValue = null;
            cancelRequested = true;
            submit();
        }
    }

    /** Delivery worker: the response, to the subscriber once it has asked for it. */
    void signalValue(ReceivedMad value) {
        for (;;) {
            int s = signal;
            if (s == REQUESTED) {
                if (SIGNAL.compareAndSet(this, REQUESTED, DONE)) {
                    actual.onNext(value);
                    actual.onComplete();
                    return;
                }
            } else if (s == NO_REQUEST) {
                waitingValue = value;
                if (SIGNAL.compareAndSet(this, NO_REQUEST, VALUE_WAITING)) {
                    return;
                }
            } else {
                return;
            }
        }
    }

    /** Delivery worker (or the subscribing thread when the loop is gone): the typed end. Nobody hears it after a cancel. */
    void signalError(Throwable error) {
        if (SIGNAL.getAndSet(this, DONE) != DONE) {
            waitingValue = null;
            actual.onError(error);
        }
    }

    // ---- the loop's side ----------------------------------------------------------------------------

    /**
     * loop: the request's one task, queued or armed as its timer: it starts the request the first time,
     * stops it once cancelled, and otherwise is the armed timer firing (an attempt's timeout, the busy
     * backoff's end or the stream's bound: only one is armed at a time).
     */
    @Override
    public void run() {
        if (!started()) {
            if (cancelRequested) {
                done = true;
                return;
            }
            start();
        } else if (cancelRequested) {
            cancelOnLoop();
        } else {
            onTimer();
        }
    }

    private void start() {
        Throwable closed = agent.terminalCause();
        if (closed != null) {
            done = true;
            port().deliver(this, closed);
            return;
        }
        try {
            tid = agent.pending().allocate(this);
        } catch (IllegalStateException tooMany) {
            done = true;
            port().deliver(this, tooMany);
            return;
        }
        agent.counters().increment(Count.IN_FLIGHT);
        port().updateReadInterest();
        transmit();
    }

    /**
     * loop: sends (or resends, same TID) and arms the timer for this attempt. Whatever goes wrong fails the
     * request: an exception escaping to the loop would leave it without a timer, waiting forever.
     */
    private void transmit() {
        if (done) {
            return;
        }
        attempts++;
        undeliverable = false;
        if (attempts > 1) {
            agent.counters().increment(Count.RETRIES);
        }
        try {
            if (agent.sendsByUserRmpp(request)) {
                byte[] message = request.toByteArray();
                ByteBuffer.wrap(message).putLong(MadHeader.TID_OFFSET, wireTid());
                // The response timer starts once the peer has acknowledged the whole request.
                transfer = agent.userRmppSend(message, to).subscribe(null, this::fail, this::armTimer);
                return;
            }
            // The request's own bytes (no copy) or, for kernel RMPP, a copy with its RMPP header: the
            // same bytes and TID on every attempt.
            byte[] wire = agent.wholeMessage(request);
            if (port().channel().resendsRequests()) {
                agent.write((int) options.timeout().toMillis(), options.retries(), to, wire, wireTid());
            } else {
                agent.write(0, 0, to, wire, wireTid());
            }
            armTimer();
        } catch (RuntimeException e) {
            fail(e);
        }
    }

    private void armTimer() {
        if (done) {
            return;
        }
        Duration wait = port().channel().resendsRequests() ? options.deadline().plus(KERNEL_DEADLINE_SLACK) : options.timeout();
        arm(undeliverable ? 0 : wait.toNanos());
    }

    private void arm(long nanos) {
        timer = port().loop().schedule(this, nanos, TimeUnit.NANOSECONDS);
    }

    /**
     * loop: the response is arriving as RMPP segments: resending would start it over, so the attempt timer
     * gives way to one bound past the receiver's own transfer limit. It must not simply go: a segment the
     * receiver drops (one of no transfer it knows) would leave the request with no timer at all.
     */
    void responseStreaming() {
        if (streaming || done) {
            return;
        }
        streaming = true;
        cancelTimer();
        arm(port().rmppOptions().totalTimeout().plus(STREAMING_SLACK).toNanos());
    }

    private void onTimer() {
        if (timer == null) {
            return;
        }
        timer = null;
        if (backingOff) {
            backingOff = false;
            transmit();
        } else {
            onTimeout();
        }
    }

    /** loop: this attempt is over: its timer ran out, or ({@link #undeliverable}) the channel handed its MAD back. */
    private void onTimeout() {
        if (done) {
            return;
        }
        boolean kernelRetries = port().channel().resendsRequests();
        if (streaming) {
            timedOut("RMPP response never completed");
        } else if (!kernelRetries && attempts <= options.retries()) {
            if (log.isDebugEnabled()) {
                log.debug("no response from {} to {} (TID 0x{}) {}: sending it again, attempt {} of {}",
                        to.describe(), request.describe(), String.format("%016x", wireTid()),
                        undeliverable ? "(the transport could not deliver it)"
                                : "within " + options.timeout().toMillis() + " ms", attempts + 1, options.retries() + 1);
            }
            transmit();
        } else {
            timedOut(undeliverable ? MadTimeoutException.undeliverable(request, to, wireTid(), attempts)
                    : timeout(kernelRetries ? "user-space deadline" : "user-space timer"));
        }
    }

    /**
     * loop: an ETIMEDOUT record for this request. From a channel that resends (the kernel) it is the final timeout; from
     * one that does not (ibsim handing back a MAD it could not deliver) it ends this attempt now, not when its timer
     * would have, so a request to an unreachable port fails in milliseconds, as the C tools' does. A request sent by
     * user-space RMPP keeps its sender's own timers.
     */
    void onTimeoutRecord() {
        if (done) {
            return;
        }
        if (port().channel().resendsRequests()) {
            timedOut("kernel ETIMEDOUT");
        } else if (!backingOff && !streaming && !agent.sendsByUserRmpp(request)) {
            undeliverable = true;
            if (timer != null) {
                cancelTimer();
                onTimeout();
            } // else handed back within this attempt's write: the timer about to be armed fires at once
        }
    }

    /** loop: the request ends with a {@link MadTimeoutException} saying why ({@code source}), counted as a timeout. */
    private void timedOut(String source) {
        timedOut(timeout(source));
    }

    private void timedOut(MadTimeoutException timeout) {
        agent.counters().increment(Count.TIMEOUTS);
        fail(explained(timeout));
    }

    /**
     * A LID-routed request from a port that had no LID when last read, or a GMP from one that was not Active (no SM
     * running, or not yet done with it), times out for that reason alone: a port without a LID has none to be answered
     * at, and a link that is not Active carries no GMPs (IBA 7.2; SMPs it does). The timeout says so, from the port's
     * last attributes (no read on this path). Directed-route SMPs and RoCE ports (GRH-addressed, no LID) go without it.
     */
    private MadTimeoutException explained(MadTimeoutException timeout) {
        PortAttributes own = port().attributes();
        boolean unreachable = own.lid() == 0 || (!own.isActive() && !MgmtClass.isSmp(request.mgmtClass()));
        if (request.mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE || own.isEthernet() || !unreachable) {
            return timeout;
        }
        return timeout.withContext("port " + port().spec() + " was " + PortInfo.stateName(own.state()) + " with LID "
                + own.lid() + " when last read: until an SM makes it Active with a LID it reaches no other port by LID");
    }

    /** The request's timeout, after its attempts of {@code options.timeout()} each, {@code source} giving up. */
    private MadTimeoutException timeout(String source) {
        return new MadTimeoutException(request, to, wireTid(), attempts, options.timeout(), source);
    }

    /** loop: the response with this request's TID and class. */
    void onResponse(ReceivedMad response) {
        if (done) {
            return;
        }
        cancelTimer();
        streaming = false;
        int status = DefaultMadAgent.statusOf(response.mad());
        if (MadStatus.isBusy(status) && busyLeft > 0) {
            busyLeft--;
            backingOff = true;
            arm(options.busyBackoff().toNanos());
        } else if (MadStatus.isRedirect(status)) {
            fail(new MadRedirectException(response.mad(), response.source()));
        } else if (status != MadStatus.OK) {
            fail(new MadStatusException(response.mad(), response.source()));
        } else {
            end();
            port().deliver(this, response);
        }
    }

    /** loop: ends the request with {@code error} unless it has ended already. */
    void fail(Throwable error) {
        if (!done) {
            end();
            port().deliver(this, error);
        }
    }

    /** loop: frees the TID and the timer. */
    private void end() {
        done = true;
        cancelTimer();
        agent.counters().decrement(Count.IN_FLIGHT);
        agent.pending().remove(tid, this);
        port().updateReadInterest();
    }

    private void cancelOnLoop() {
        if (!done) {
            end();
        }
    }

    private void cancelTimer() {
        backingOff = false;
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
        if (transfer != null) {
            transfer.dispose();
            transfer = null;
        }
    }

    @Override
    public String toString() {
        return "PendingRequest(tid 0x" + Long.toHexString(wireTid()) + ", " + attempts + " attempt(s), " + request + ")";
    }
}
