package io.reactiveumad.internal;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.Overflow;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadRedirectException;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.operators.Inbox;
import io.reactiveumad.operators.TidTable;
import io.reactiveumad.poll.EventExecutor;
import io.reactiveumad.poll.channel.MadFrame;
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
    private static final int METHOD_SET = 0x02;
    private static final int METHOD_GET_RESP = 0x81;

    private final DefaultMadPort port;
    private final int id;
    private final AgentSpec spec;
    private final EventExecutor loop;
    /** loop */
    private final TidTable<Pending> pending = new TidTable<>(ThreadLocalRandom.current().nextInt());
    /** Null for a pure client, which receives no unsolicited MADs. */
    private final Inbox<ReceivedMad> inbox;
    private final AtomicBoolean disposed = new AtomicBoolean();
    /** loop */
    private Throwable terminal;

    DefaultMadAgent(DefaultMadPort port, int id, AgentSpec spec) {
        this.port = port;
        this.id = id;
        this.spec = spec;
        this.loop = port.loop();
        boolean serves = spec.methodMaskLo() != 0 || spec.methodMaskHi() != 0;
        this.inbox = serves
                ? new Inbox<>(spec.overflow().capacity(), spec.overflow().policy(), loop,
                        hasDemand -> port.updateReadInterest(), this::logDrop)
                : null;
    }

    int id() {
        return id;
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
            return Flux.error(new IllegalStateException("agent for class 0x" + Integer.toHexString(spec.mgmtClass())
                    + " serves no methods, so it receives no unsolicited MADs"));
        }
        return inbox.publishOn(port.delivery(), Overflow.IN_FLIGHT);
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
        return Mono.<ReceivedMad>create(sink -> {
            Pending p = new Pending(sink, request, to, options);
            sink.onCancel(() -> loop.execute(p::cancel));
            loop.execute(p::start);
        }).publishOn(port.delivery());
    }

    @Override
    public Mono<Void> send(Mad mad, MadAddress to) {
        Objects.requireNonNull(mad, "mad");
        Objects.requireNonNull(to, "to");
        return onLoop(() -> port.send(MadFrame.send(id, to, mad.toByteArray())));
    }

    @Override
    public Mono<Void> respond(ReceivedMad request, Mad response) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(response, "response");
        Mad req = request.mad();
        int method = req.method() == METHOD_SET ? METHOD_GET_RESP : req.method() | MadHeader.RESPONSE_BIT;
        Mad answer = response.with(b -> b.put(MadHeader.METHOD_OFFSET, (byte) method)
                .putLong(MadHeader.TID_OFFSET, req.tid()));
        MadAddress back = request.source();
        if (back.qpn() != 0 && back.qkey() == 0) {
            // The kernel reports no Q_Key for received GSI MADs; answers go to the well-known one.
            back = new MadAddress(back.lid(), back.qpn(), MadAddress.GSI_QKEY, back.sl(), back.pathBits(),
                    back.pkeyIndex(), back.grh());
        }
        return send(answer, back);
    }

    @Override
    public Disposable serve(Function<ReceivedMad, Mono<Mad>> handler) {
        Objects.requireNonNull(handler, "handler");
        return receive()
                .flatMap(req -> Mono.defer(() -> handler.apply(req))
                        .flatMap(resp -> respond(req, resp))
                        .onErrorResume(e -> {
                            log.warn("agent {}: handler failed for {}: {}", id, req.mad(), e.toString());
                            return Mono.empty();
                        }))
                .subscribe(null, e -> log.debug("agent {}: serve ended: {}", id, e.toString()));
    }

    /** Runs {@code action} on the loop; completes empty, or with its error, on the delivery scheduler. */
    private Mono<Void> onLoop(Runnable action) {
        return Mono.<Void>create(sink -> loop.execute(() -> {
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
        })).publishOn(port.delivery());
    }

    private PortClosedException closed() {
        return new PortClosedException("agent " + id + " on " + port.spec() + " is closed", terminal);
    }

    // ---- loop side ------------------------------------------------------------------------------------

    /** loop: one frame for this agent. */
    void onFrame(MadFrame frame) {
        byte[] bytes = frame.mad();
        Mad mad;
        try {
            mad = Mad.adopt(bytes);
        } catch (MalformedMadException e) {
            onMalformed(bytes, e);
            return;
        }
        if (frame.isTimeoutRecord() || mad.isResponse()) {
            Pending p = pending.get(mad.tidLow());
            if (p == null || p.request.mgmtClass() != mad.mgmtClass()) {
                port.lateResponses.increment();
                log.debug("agent {}: late or unknown response dropped: {}", id, mad);
                return;
            }
            if (frame.isTimeoutRecord()) {
                p.fail(new MadTimeoutException(p.tid, p.attempts, p.options.timeout(), "kernel ETIMEDOUT"));
            } else {
                p.onResponse(new ReceivedMad(mad, frame.address()));
            }
        } else if (inbox != null && spec.serves(mad.method())) {
            inbox.offer(new ReceivedMad(mad, frame.address()));
        } else {
            port.unclaimed.increment();
        }
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
        PortClosedException closed = closed();
        pending.drain((tid, p) -> p.fail(closed));
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
            loop.execute(() -> {
                terminate(new PortClosedException("agent " + id + " was closed"));
                port.removeAgent(this);
            });
        }
    }

    @Override
    public boolean isDisposed() {
        return disposed.get();
    }

    private void logDrop(ReceivedMad dropped) {
        log.debug("agent {}: overflow dropped {}", id, dropped.mad());
    }

    /** One outstanding request; loop-confined. */
    private final class Pending {
        final MonoSink<ReceivedMad> sink;
        final Mad request;
        final MadAddress to;
        final RequestOptions options;
        int tid;
        long wireTid;
        int attempts;
        int busyLeft;
        boolean done;
        EventExecutor.Cancellable timer;

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

        /** Sends (or resends, same TID) and arms the timer for this attempt. */
        void transmit() {
            attempts++;
            boolean kernelRetries = port.channel().resendsRequests();
            byte[] bytes = request.toByteArray();
            ByteBuffer.wrap(bytes).putLong(MadHeader.TID_OFFSET, wireTid);
            MadFrame frame = kernelRetries
                    ? new MadFrame(id, 0, (int) options.timeout().toMillis(), options.retries(), to, bytes)
                    : MadFrame.send(id, to, bytes);
            try {
                port.send(frame);
            } catch (RuntimeException e) {
                fail(e);
                return;
            }
            Duration wait = kernelRetries ? options.deadline().plus(KERNEL_DEADLINE_SLACK) : options.timeout();
            timer = loop.schedule(this::onTimeout, wait.toNanos(), TimeUnit.NANOSECONDS);
        }

        void onTimeout() {
            if (done) {
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
            int status = response.mad().status();
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
        }
    }
}
