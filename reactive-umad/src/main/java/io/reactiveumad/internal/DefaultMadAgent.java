package io.reactiveumad.internal;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.AgentStats;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.Overflow;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RmppMode;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.internal.LoopCounters.Count;
import io.reactiveumad.mad.DirectedRouteSmp;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.RmppHeader;
import io.reactiveumad.mad.internal.SharedMadBytes;
import io.reactiveumad.operators.Inbox;
import io.reactiveumad.operators.TidTable;
import io.reactiveumad.spi.channel.PortAttributes;
import io.reactiveumad.spi.channel.EventExecutor;
import io.reactiveumad.spi.channel.MadFrame;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * One registered agent. Its pending requests ({@link TidTable}) and its unsolicited {@link Inbox} are
 * confined to the port's event loop; every public method hops there and publishes results on the
 * port's delivery scheduler.
 */
final class DefaultMadAgent implements MadAgent {
    private static final Logger log = LoggerFactory.getLogger(DefaultMadAgent.class);

    private final DefaultMadPort port;
    private final int id;
    private final AgentSpec spec;
    private final EventExecutor loop;
    /** loop */
    private final TidTable<PendingRequest> pending = new TidTable<>(ThreadLocalRandom.current().nextInt());
    /** Null for a pure client, which receives no unsolicited MADs. */
    private final Inbox<ReceivedMad> inbox;
    /** Null unless the agent does RMPP in user space. */
    private final UserRmpp userRmpp;
    private final AtomicBoolean disposed = new AtomicBoolean();
    /** loop: this agent's MADs and requests, counted; its port sums them. */
    private final LoopCounters counters = new LoopCounters();
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

    @Override
    public int id() {
        return id;
    }

    @Override
    public AgentStats stats() {
        return counters.agentStats(droppedOverflow());
    }

    LoopCounters counters() {
        return counters;
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
            throw servesNothing();
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
        IllegalArgumentException unsendable = checkSendable(request, to);
        if (unsendable != null) {
            return Mono.error(unsendable);
        }
        return PendingRequest.mono(this, request, to, options);
    }

    @Override
    public Mono<Void> send(Mad mad, MadAddress to) {
        Objects.requireNonNull(mad, "mad");
        Objects.requireNonNull(to, "to");
        IllegalArgumentException unsendable = checkSendable(mad, to);
        if (unsendable != null) {
            return Mono.error(unsendable);
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
        return onLoop(() -> write(0, 0, to, wholeMessage(mad), mad.tid()));
    }

    /**
     * A message longer than one MAD needs RMPP, and this agent must be doing it; the P_Key index must be
     * in the port's table (checked here, before the write: the kernel drops such a send without a record).
     */
    private IllegalArgumentException checkSendable(Mad mad, MadAddress to) {
        PortAttributes attributes = port.attributes();
        int tableSize = attributes.pkeys().size();
        if (tableSize > 0 && to.pkeyIndex() >= tableSize) {
            return new IllegalArgumentException("P_Key index " + to.pkeyIndex() + " is beyond port " + port.spec()
                    + "'s P_Key table of " + tableSize + " entries");
        }
        if (to.grh() == null && attributes.isEthernet()) {
            // The kernel refuses the write with EINVAL, which names nothing.
            return new IllegalArgumentException("port " + port.spec() + " is a RoCE port (link layer Ethernet): a MAD "
                    + "from it needs a GRH with the destination's GID; LID " + to.lid() + " alone addresses nothing there");
        }
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
     * The bytes of one frame carrying the whole message: a single MAD's own bytes (no copy: channels never
     * write a frame's bytes), or (kernel RMPP) a long message the kernel segments, which it recognises by
     * the RMPP header's Active flag, written into a copy.
     */
    byte[] wholeMessage(Mad message) {
        if (message.length() <= MadHeader.MAD_SIZE) {
            return SharedMadBytes.of(message);
        }
        byte[] bytes = message.toByteArray();
        new RmppHeader().wrap(bytes).version(RmppHeader.VERSION).type(RmppHeader.TYPE_DATA)
                .flags(RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_FIRST | RmppHeader.FLAG_LAST);
        return bytes;
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

    /** loop: why requests can no longer start here, or null while the agent is open. */
    Throwable terminalCause() {
        return terminal == null ? null : closed();
    }

    /** loop: the requests waiting for their responses. */
    TidTable<PendingRequest> pending() {
        return pending;
    }

    /** loop: true when {@code message} goes out as user-space RMPP segments rather than one frame. */
    boolean sendsByUserRmpp(Mad message) {
        return userRmpp != null && message.length() > MadHeader.MAD_SIZE;
    }

    /** loop: segments {@code message} to {@code to}; completes when the peer acknowledged the last segment. */
    Mono<Void> userRmppSend(byte[] message, MadAddress to) {
        return userRmpp.send(message, to);
    }

    // ---- loop side ------------------------------------------------------------------------------------

    /** loop: writes one MAD of this agent (see {@link MadFrame}), counting it; transport errors propagate to the caller. */
    void write(int timeoutMs, int retries, MadAddress to, byte[] mad, long tid) {
        port.channel().send(id, timeoutMs, retries, to, mad, tid);
        counters.increment(Count.SENT);
    }

    /** loop: writes one frame of this agent. */
    void write(MadFrame frame) {
        write(frame.timeoutMs(), frame.retries(), frame.address(), frame.mad(), frame.tid());
    }

    /** loop: one frame for this agent (its fields: see {@link io.reactiveumad.spi.channel.FrameListener#onFrame}). */
    void onFrame(int status, MadAddress source, byte[] mad) {
        counters.increment(Count.RECEIVED);
        boolean timeoutRecord = status == MadFrame.ETIMEDOUT;
        if (userRmpp != null && !timeoutRecord && userRmpp.consume(source, mad)) {
            return;
        }
        deliver(mad, source, timeoutRecord);
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
            PendingRequest p = pendingFor(mad.tidLow(), mad.mgmtClass());
            if (p == null) {
                counters.increment(Count.LATE_RESPONSES);
                log.debug("agent {}: late or unknown response dropped: {}", id, mad);
                return;
            }
            if (timeoutRecord) {
                p.onTimeoutRecord();
            } else {
                p.onResponse(new ReceivedMad(mad, from));
            }
        } else if (inbox != null && spec.serves(mad.method())) {
            inbox.offer(new ReceivedMad(mad, from));
        } else {
            counters.increment(Count.UNCLAIMED);
        }
    }

    /** loop: the request waiting under {@code tidLow} for a response of {@code mgmtClass}, or null. */
    PendingRequest pendingFor(int tidLow, int mgmtClass) {
        PendingRequest p = pending.get(tidLow);
        return p != null && p.request.mgmtClass() == mgmtClass ? p : null;
    }

    /** loop: bytes that are not a MAD. If they still name a pending TID, that request fails with the cause. */
    private void onMalformed(byte[] bytes, MalformedMadException e) {
        counters.increment(Count.MALFORMED);
        if (bytes.length >= MadHeader.TID_OFFSET + Long.BYTES) {
            int tidLow = ByteBuffer.wrap(bytes).getInt(MadHeader.TID_OFFSET + Integer.BYTES);
            PendingRequest p = pending.get(tidLow);
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
}
