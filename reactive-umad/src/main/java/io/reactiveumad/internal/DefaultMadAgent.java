package io.reactiveumad.internal;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.Overflow;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RmppMode;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.mad.DirectedRouteSmp;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadRedirectException;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.RmppHeader;
import io.reactiveumad.operators.Inbox;
import io.reactiveumad.operators.TidTable;
import io.reactiveumad.spi.channel.EventExecutor;
import io.reactiveumad.spi.channel.MadFrame;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

/**
 * One registered agent. Its pending requests ({@link TidTable}) and its unsolicited {@link Inbox} are
 * confined to the port's event loop; every public method hops there and publishes results on the
 * port's delivery scheduler.
 */
final class DefaultMadAgent implements MadAgent {
    private static final Logger log = LoggerFactory.getLogger(DefaultMadAgent.class);
    /** Margin past the kernel's own last retry before our safety deadline fires. */
    private static final Duration KERNEL_DEADLINE_SLACK = Duration.ofSeconds(1);
    /** Margin past the RMPP receiver's own transfer limit (its T2L abort) before a streaming response times out. */
    private static final Duration STREAMING_SLACK = Duration.ofSeconds(1);

    private final DefaultMadPort port;
    private final int id;
    private final AgentSpec spec;
    private final EventExecutor loop;
    /** loop */
    private final TidTable<Pending> pending = new TidTable<>(ThreadLocalRandom.current().nextInt());
    /** Null for a pure client, which receives no unsolicited MADs. */
    private final Inbox<ReceivedMad> inbox;
    /** Null unless the agent does RMPP in user space. */
    private final UserRmpp userRmpp;
    private final AtomicBoolean disposed = new AtomicBoolean();
    /** loop */
    private Throwable terminal;
    /** loop: MADs dropped since the subscriber last caught up; the first of a burst is logged at WARN. */
    private long burstDrops;

    DefaultMadAgent(DefaultMadPort port, int id, AgentSpec spec) {
        this.port = port;
        this.id = id;
        this.spec = spec;
        this.loop = port.loop();
        boolean serves = spec.methodMaskLo() != 0 || spec.methodMaskHi() != 0;
        this.inbox = serves
                ? new Inbox<>(spec.overflow().capacity(), spec.overflow().policy(), loop, this::onDemand, this::logDrop)
                : null;
        this.userRmpp = spec.rmpp() == RmppMode.USER ? new UserRmpp(this, port.rmppOptions()) : null;
    }

    int id() {
        return id;
    }

    DefaultMadPort owner() {
        return port;
    }

    long droppedOverflow() {
        return inbox == null ? 0 : inbox.dropped();
    }

    /** loop: reading is needed while a request waits or the subscriber can take a MAD now. */
    boolean wantsReads() {
        return !pending.isEmpty() || (inbox != null && inbox.hasDemand());
    }

    @Override
    public AgentSpec spec() {
        return spec;
    }

    @Override
    public MadPort port() {
        return port;
    }

    @Override
    public Flux<ReceivedMad> receive() {
        if (inbox == null) {
            return Flux.error(servesNothing());
        }
        return inbox.publishOn(port.delivery(), Overflow.IN_FLIGHT);
    }

    private IllegalStateException servesNothing() {
        return new IllegalStateException("agent for class 0x" + Integer.toHexString(spec.mgmtClass())
                + " serves no methods, so it receives no unsolicited MADs (build it with AgentSpec.server or withMethods)");
    }

    @Override
    public Mono<ReceivedMad> request(Mad request, MadAddress to, RequestOptions options) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(options, "options");
        if (request.isResponse()) {
            return Mono.error(new IllegalArgumentException("not a request (R bit set): " + request));
        }
        if (request.mgmtClass() != spec.mgmtClass()) {
            return Mono.error(new IllegalArgumentException(String.format(
                    "request class 0x%02x on an agent for class 0x%02x", request.mgmtClass(), spec.mgmtClass())));
        }
        IllegalArgumentException tooLong = checkLength(request);
        if (tooLong != null) {
            return Mono.error(tooLong);
        }
        return Mono.<ReceivedMad>create(sink -> {
            Pending p = new Pending(sink, request, to, options);
            sink.onCancel(() -> port.execute(p::cancel, stopped -> { }));
            port.execute(p::start, sink::error);
        }).publishOn(port.delivery());
    }

    @Override
    public Mono<Void> send(Mad mad, MadAddress to) {
        Objects.requireNonNull(mad, "mad");
        Objects.requireNonNull(to, "to");
        IllegalArgumentException tooLong = checkLength(mad);
        if (tooLong != null) {
            return Mono.error(tooLong);
        }
        if (userRmpp != null && mad.length() > MadHeader.MAD_SIZE) {
            return Mono.<Void>create(sink -> port.execute(() -> {
                if (terminal != null) {
                    sink.error(closed());
                    return;
                }
                Disposable transfer = userRmpp.send(mad.toByteArray(), to).subscribe(null, sink::error, sink::success);
                sink.onCancel(() -> port.execute(transfer::dispose, stopped -> { }));
            }, sink::error)).publishOn(port.delivery());
        }
        return onLoop(() -> port.send(wholeMessage(mad.toByteArray(), to, 0, 0)));
    }

    /** A message longer than one MAD needs RMPP, and this agent must be doing it. */
    private IllegalArgumentException checkLength(Mad mad) {
        if (mad.length() > MadHeader.MAD_SIZE && !MgmtClass.isRmppClass(mad.mgmtClass())) {
            return new IllegalArgumentException(String.format("a %d-byte message needs RMPP, which class 0x%02x does not have:"
                    + " its MADs are at most %d bytes", mad.length(), mad.mgmtClass(), MadHeader.MAD_SIZE));
        }
        if (mad.length() > MadHeader.MAD_SIZE && spec.rmpp() == RmppMode.NONE) {
            return new IllegalArgumentException("a " + mad.length() + "-byte message needs RMPP, but agent for class 0x"
                    + Integer.toHexString(spec.mgmtClass()) + " was registered with RmppMode.NONE");
        }
        return null;
    }

    /**
     * One frame carrying the whole message: a single MAD, or (kernel RMPP) a long message the kernel
     * segments, which it recognises by the RMPP header's Active flag.
     */
    private MadFrame wholeMessage(byte[] bytes, MadAddress to, int timeoutMs, int retries) {
        if (bytes.length > MadHeader.MAD_SIZE) {
            RmppHeader rmpp = new RmppHeader().wrap(bytes);
            rmpp.version(RmppHeader.VERSION).type(RmppHeader.TYPE_DATA)
                    .flags(RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_FIRST | RmppHeader.FLAG_LAST);
        }
        return new MadFrame(id, 0, timeoutMs, retries, to, bytes);
    }

    @Override
    public Mono<Void> respond(ReceivedMad request, Mad response) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(response, "response");
        Mad req = request.mad();
        int method = Method.responseOf(req.method());
        Mad answer = response.with(b -> b.put(MadHeader.METHOD_OFFSET, (byte) method)
                .putLong(MadHeader.TID_OFFSET, req.tid()));
        return send(answer, replyAddress(request.source()));
    }

    @Override
    public Disposable serve(Function<ReceivedMad, Mono<Mad>> handler) {
        Objects.requireNonNull(handler, "handler");
        if (inbox == null) {
            throw servesNothing();
        }
        return receive()
                .flatMap(req -> Mono.defer(() -> handler.apply(req))
                        .flatMap(resp -> respond(req, resp))
                        .onErrorResume(e -> {
                            log.warn("agent {}: handler failed for {}: {}", id, req.mad(), e.toString());
                            return Mono.empty();
                        }))
                .subscribe(null, e -> log.warn("agent {} on {}: serving stopped: {}", id, port.spec(), e.toString()));
    }

    /** The MAD status proper: a directed-route SMP carries its direction (D) bit in the same word. */
    static int statusOf(Mad mad) {
        int word = mad.status();
        return mad.mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE ? word & DirectedRouteSmp.STATUS_MASK : word;
    }

    /** Where answers to a MAD from {@code from} go: the kernel reports no Q_Key for GSI MADs, use the well-known one. */
    static MadAddress replyAddress(MadAddress from) {
        return from.qpn() != 0 && from.qkey() == 0
                ? new MadAddress(from.lid(), from.qpn(), MadAddress.GSI_QKEY, from.sl(), from.pathBits(), from.pkeyIndex(),
                        from.grh())
                : from;
    }

    /** Runs {@code action} on the loop; completes empty, or with its error, on the delivery scheduler. */
    private Mono<Void> onLoop(Runnable action) {
        return Mono.<Void>create(sink -> port.execute(() -> {
            if (terminal != null) {
                sink.error(closed());
                return;
            }
            try {
                action.run();
                sink.success();
            } catch (RuntimeException e) {
                sink.error(e);
            }
        }, sink::error)).publishOn(port.delivery());
    }

    private PortClosedException closed() {
        return new PortClosedException("agent " + id + " on " + port.spec() + " is closed", terminal);
    }

    // ---- loop side ------------------------------------------------------------------------------------

    /** loop: one frame for this agent. */
    void onFrame(MadFrame frame) {
        if (userRmpp != null && !frame.isTimeoutRecord() && userRmpp.consume(frame)) {
            return;
        }
        deliver(frame.mad(), frame.address(), frame.isTimeoutRecord());
    }

    /** loop: a MAD (or a message reassembled by user-space RMPP) for this agent. */
    void deliver(byte[] bytes, MadAddress from, boolean timeoutRecord) {
        Mad mad;
        try {
            mad = Mad.adopt(bytes);
        } catch (MalformedMadException e) {
            onMalformed(bytes, e);
            return;
        }
        if (timeoutRecord || mad.isResponse()) {
            Pending p = pendingFor(mad.tidLow(), mad.mgmtClass());
            if (p == null) {
                port.lateResponses.increment();
                log.debug("agent {}: late or unknown response dropped: {}", id, mad);
                return;
            }
            if (timeoutRecord) {
                port.timeouts.increment();
                p.fail(new MadTimeoutException(p.wireTid, p.attempts, p.options.timeout(), "kernel ETIMEDOUT"));
            } else {
                p.onResponse(new ReceivedMad(mad, from));
            }
        } else if (inbox != null && spec.serves(mad.method())) {
            inbox.offer(new ReceivedMad(mad, from));
        } else {
            port.unclaimed.increment();
        }
    }

    /** loop: the request waiting under {@code tidLow} for a response of {@code mgmtClass}, or null. */
    Pending pendingFor(int tidLow, int mgmtClass) {
        Pending p = pending.get(tidLow);
        return p != null && p.request.mgmtClass() == mgmtClass ? p : null;
    }

    /** loop: bytes that are not a MAD. If they still name a pending TID, that request fails with the cause. */
    private void onMalformed(byte[] bytes, MalformedMadException e) {
        port.malformed.increment();
        if (bytes.length >= MadHeader.TID_OFFSET + Long.BYTES) {
            int tidLow = ByteBuffer.wrap(bytes).getInt(MadHeader.TID_OFFSET + Integer.BYTES);
            Pending p = pending.get(tidLow);
            if (p != null) {
                p.fail(e);
                return;
            }
        }
        log.warn("agent {} on {}: malformed MAD dropped: {}", id, port.spec(), e.getMessage());
    }

    /** loop: the port or the device went away. */
    void terminate(Throwable cause) {
        if (terminal != null) {
            return;
        }
        terminal = cause;
        disposed.set(true);
        PortClosedException closed = closed();
        pending.drain((tid, p) -> p.fail(closed));
        if (userRmpp != null) {
            userRmpp.close();
        }
        if (inbox != null) {
            if (cause instanceof PortClosedException) {
                inbox.complete();
            } else {
                inbox.fail(closed);
            }
        }
    }

    @Override
    public void dispose() {
        if (disposed.compareAndSet(false, true)) {
            port.execute(() -> {
                terminate(new PortClosedException("agent " + id + " was closed"));
                port.removeAgent(this);
            }, portAlreadyClosed -> { });
        }
    }

    @Override
    public boolean isDisposed() {
        return disposed.get();
    }

    /** loop: the unsolicited subscriber can take a MAD now, or no longer can. */
    private void onDemand(boolean hasDemand) {
        if (hasDemand && burstDrops > 0) {
            log.info("agent {} on {}: the subscriber caught up after {} unsolicited MAD(s) were dropped", id, port.spec(),
                    burstDrops);
            burstDrops = 0;
        }
        port.updateReadInterest();
    }

    /** loop: WARN once per burst (a flood must not become a flood of log lines), the rest at DEBUG. */
    private void logDrop(ReceivedMad dropped) {
        if (burstDrops++ == 0) {
            log.warn("agent {} on {}: unsolicited MADs overflow {} (subscriber too slow); dropping, counted in"
                    + " stats().droppedOverflow(), logged once until it catches up", id, port.spec(), spec.overflow());
        } else {
            log.debug("agent {}: overflow dropped {}", id, dropped.mad());
        }
    }

    /** One outstanding request; loop-confined. */
    final class Pending {
        final MonoSink<ReceivedMad> sink;
        final Mad request;
        final MadAddress to;
        final RequestOptions options;
        int tid;
        long wireTid;
        int attempts;
        int busyLeft;
        boolean done;
        /** RMPP segments of the response are arriving: no more resends, only the transfer's bound. */
        boolean streaming;
        EventExecutor.Cancellable timer;
        /** A user-space RMPP transfer of the request in progress. */
        Disposable transfer;

        Pending(MonoSink<ReceivedMad> sink, Mad request, MadAddress to, RequestOptions options) {
            this.sink = sink;
            this.request = request;
            this.to = to;
            this.options = options;
            this.busyLeft = options.busyRetries();
        }

        void start() {
            if (done) {
                return;
            }
            if (terminal != null) {
                done = true;
                sink.error(closed());
                return;
            }
            tid = pending.allocate(this);
            wireTid = tid & 0xFFFF_FFFFL;
            port.updateReadInterest();
            transmit();
        }

        /**
         * Sends (or resends, same TID) and arms the timer for this attempt. Whatever goes wrong fails the
         * request: an exception escaping to the loop would leave it without a timer, waiting forever.
         */
        void transmit() {
            if (done) {
                return;
            }
            attempts++;
            try {
                boolean kernelRetries = port.channel().resendsRequests();
                byte[] bytes = request.toByteArray();
                ByteBuffer.wrap(bytes).putLong(MadHeader.TID_OFFSET, wireTid);
                if (userRmpp != null && bytes.length > MadHeader.MAD_SIZE) {
                    // The response timer starts once the peer has acknowledged the whole request.
                    transfer = userRmpp.send(bytes, to).subscribe(null, this::fail, this::armTimer);
                    return;
                }
                port.send(kernelRetries
                        ? wholeMessage(bytes, to, (int) options.timeout().toMillis(), options.retries())
                        : wholeMessage(bytes, to, 0, 0));
                armTimer();
            } catch (RuntimeException e) {
                fail(e);
            }
        }

        private void armTimer() {
            if (done) {
                return;
            }
            Duration wait = port.channel().resendsRequests()
                    ? options.deadline().plus(KERNEL_DEADLINE_SLACK) : options.timeout();
            timer = loop.schedule(this::onTimeout, wait.toNanos(), TimeUnit.NANOSECONDS);
        }

        /**
         * The response is arriving as RMPP segments: resending would start it over, so the attempt timer
         * gives way to one bound past the receiver's own transfer limit. It must not simply go: a segment
         * the receiver drops (one of no transfer it knows) would leave the request with no timer at all.
         */
        void responseStreaming() {
            if (streaming || done) {
                return;
            }
            streaming = true;
            cancelTimer();
            timer = loop.schedule(this::onTimeout, port.rmppOptions().totalTimeout().plus(STREAMING_SLACK).toNanos(),
                    TimeUnit.NANOSECONDS);
        }

        void onTimeout() {
            if (done) {
                return;
            }
            if (streaming) {
                port.timeouts.increment();
                fail(new MadTimeoutException(wireTid, attempts, options.timeout(), "RMPP response never completed"));
                return;
            }
            if (!port.channel().resendsRequests() && attempts <= options.retries()) {
                transmit();
                return;
            }
            port.timeouts.increment();
            fail(new MadTimeoutException(wireTid, attempts, options.timeout(),
                    port.channel().resendsRequests() ? "user-space deadline" : "user-space timer"));
        }

        void onResponse(ReceivedMad response) {
            cancelTimer();
            streaming = false;
            int status = statusOf(response.mad());
            if (MadStatus.isBusy(status) && busyLeft > 0) {
                busyLeft--;
                timer = loop.schedule(this::transmit, options.busyBackoff().toNanos(), TimeUnit.NANOSECONDS);
            } else if (MadStatus.isRedirect(status)) {
                fail(new MadRedirectException(response.mad()));
            } else if (status != MadStatus.OK) {
                fail(new MadStatusException(response.mad()));
            } else {
                finish(null);
                sink.success(response);
            }
        }

        void fail(Throwable error) {
            if (!done) {
                finish(error);
            }
        }

        /** Frees the TID and the timer; signals {@code error} if non-null (success is signalled by the caller). */
        void finish(Throwable error) {
            done = true;
            cancelTimer();
            pending.remove(tid, this);
            port.updateReadInterest();
            if (error != null) {
                sink.error(error);
            }
        }

        void cancel() {
            if (!done) {
                done = true;
                cancelTimer();
                pending.remove(tid, this);
                port.updateReadInterest();
            }
        }

        private void cancelTimer() {
            if (timer != null) {
                timer.cancel();
                timer = null;
            }
            if (transfer != null) {
                transfer.dispose();
                transfer = null;
            }
        }
    }
}
