package io.reactiveumad.operators;

import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.mad.RmppAbortException;
import io.reactiveumad.mad.RmppHeader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;
import reactor.core.scheduler.Scheduler;

import java.util.function.Consumer;

/**
 * The sending half of RMPP, one instance per subscription of {@link Rmpp#send}: segments one message
 * and moves a window over it the way the kernel's mad_rmpp.c does (a window of one segment until the
 * first ACK, then whatever NewWindowLast allows; resend from the last acknowledged segment on ACK
 * timeout). All state lives behind one {@link SerialExecutor}.
 */
final class RmppSender {
    private static final Logger LOG = LoggerFactory.getLogger(RmppSender.class);

    private final Segments segments;
    private final MonoSink<Void> sink;
    private final Consumer<byte[]> transmit;
    private final RmppOptions options;
    private final SerialExecutor serial;
    private final RmppHeader rmpp = new RmppHeader();
    private final int ackMethod;
    private long lastAck;
    private long newWindow = 1;
    private long sentUpTo;
    private int retriesLeft;
    private Disposable ackTimer;
    /** Tells a timer task that already left the timer queue whether it is still the armed one. */
    private long timerGeneration;
    private Disposable upstream;
    private volatile boolean done;

    private RmppSender(Segments segments, MonoSink<Void> sink, Consumer<byte[]> transmit, RmppOptions options,
            Scheduler scheduler) {
        this.segments = segments;
        this.sink = sink;
        this.transmit = transmit;
        this.options = options;
        this.serial = new SerialExecutor(scheduler, this::finish);
        this.ackMethod = RmppWire.methodByte(segments.message) ^ MadHeader.RESPONSE_BIT;
        this.retriesLeft = options.maxRetries();
    }

    static Mono<Void> send(byte[] message, Flux<byte[]> inboundControl, Consumer<byte[]> transmit, RmppOptions options,
            Scheduler scheduler) {
        Segments segments = new Segments(message.clone());
        return Mono.create(sink -> new RmppSender(segments, sink, transmit, options, scheduler).start(inboundControl));
    }

    private void start(Flux<byte[]> inboundControl) {
        sink.onDispose(this::dispose);
        upstream = inboundControl.subscribe(
                mad -> serial.execute(() -> onControl(mad)),
                error -> serial.execute(() -> finish(error)),
                () -> LOG.trace("control stream of TID 0x{} ended; the ACK timer still bounds the send",
                        Long.toHexString(segments.tid)));
        serial.execute(() -> {
            sendWindow();
            armAckTimer();
        });
    }

    private void dispose() {
        done = true;
        if (upstream != null) {
            upstream.dispose();
        }
        serial.dispose();
    }

    private void onControl(byte[] mad) {
        if (done || mad.length < RmppHeader.END_OFFSET || !segments.sameTransfer(mad)
                || RmppWire.methodByte(mad) != ackMethod || !rmpp.wrap(mad).isActive()) {
            return;
        }
        int status = rmpp.status();
        if (rmpp.version() != RmppHeader.VERSION) {
            abort(RmppHeader.STATUS_UNV, "peer sent RMPP version " + rmpp.version());
            return;
        }
        switch (rmpp.type()) {
            case RmppHeader.TYPE_ACK -> onAck(status, rmpp.segmentNumber(), rmpp.newWindowLast());
            case RmppHeader.TYPE_STOP -> onPeerEnd(status, status == RmppHeader.STATUS_RESX, "STOP");
            case RmppHeader.TYPE_ABORT -> onPeerEnd(status,
                    status >= RmppHeader.STATUS_ABORT_MIN && status <= RmppHeader.STATUS_ABORT_MAX, "ABORT");
            case RmppHeader.TYPE_DATA -> LOG.trace("DATA for the same TID belongs to a receiver, ignored");
            default -> abort(RmppHeader.STATUS_BADT, "peer sent RMPP type " + rmpp.type());
        }
    }

    private void onAck(int status, long segment, long windowLast) {
        if (status != RmppHeader.STATUS_OK) {
            abort(RmppHeader.STATUS_BAD_STATUS, "ACK with status " + status);
        } else if (windowLast < segment) {
            abort(RmppHeader.STATUS_W2S, "ACK of segment " + segment + " with NewWindowLast " + windowLast);
        } else if (segment > segments.count || segment > newWindow) {
            abort(RmppHeader.STATUS_S2B, "ACK of segment " + segment + " but " + segments.count
                    + " segments, window ends at " + newWindow);
        } else if (windowLast >= newWindow && segment >= lastAck) { // anything else is an old, reordered ACK
            boolean progress = segment > lastAck || windowLast > newWindow;
            if (segment > lastAck) {
                lastAck = segment;
                retriesLeft = options.maxRetries();
            }
            newWindow = windowLast;
            if (lastAck == segments.count) {
                finish(null);
            } else if (progress) {
                sendWindow();
                armAckTimer();
            }
        }
    }

    private void onPeerEnd(int status, boolean valid, String what) {
        if (valid) {
            finish(new RmppAbortException(status, RmppAbortException.Side.REMOTE, segments.tid, segments.mgmtClass,
                    "peer sent " + what));
        } else {
            abort(RmppHeader.STATUS_BAD_STATUS, what + " with status " + status);
        }
    }

    private void onAckTimeout(long generation) {
        if (done || generation != timerGeneration) {
            return;
        }
        if (retriesLeft == 0) {
            abort(RmppHeader.STATUS_TMR, "no ACK past segment " + lastAck + " after " + options.maxRetries()
                    + " resends of " + options.ackTimeout().toMillis() + " ms");
            return;
        }
        retriesLeft--;
        LOG.debug("ACK timeout at segment {} of {}, resending ({} retries left)", lastAck, segments.count,
                retriesLeft);
        sentUpTo = lastAck;
        sendWindow();
        armAckTimer();
    }

    /** Sends what the window allows and was not sent since the last (re)start. */
    private void sendWindow() {
        long upTo = Math.min(newWindow, segments.count);
        while (sentUpTo < upTo) {
            transmit.accept(segments.segment(++sentUpTo));
        }
    }

    private void armAckTimer() {
        if (ackTimer != null) {
            ackTimer.dispose();
        }
        long generation = ++timerGeneration;
        ackTimer = serial.schedule(() -> onAckTimeout(generation), options.ackTimeout());
    }

    /** Tells the peer with an ABORT and fails the send. */
    private void abort(int status, String detail) {
        LOG.debug("aborting send of TID 0x{} with {}: {}", Long.toHexString(segments.tid),
                RmppHeader.statusName(status), detail);
        finish(new RmppAbortException(status, RmppAbortException.Side.LOCAL, segments.tid, segments.mgmtClass, detail));
        transmit.accept(RmppWire.control(segments.message, RmppWire.methodByte(segments.message),
                RmppHeader.TYPE_ABORT, status, 0, 0));
    }

    /** Ends the send: success when {@code error} is null. */
    private void finish(Throwable error) {
        if (done) {
            if (error != null) {
                LOG.debug("send of TID 0x{} already ended, dropping {}", Long.toHexString(segments.tid), error.toString());
            }
            return;
        }
        done = true;
        if (error == null) {
            sink.success();
        } else {
            sink.error(error);
        }
    }

    /** One message cut into 256-byte DATA segments, each built when sent. */
    static final class Segments {
        final byte[] message;
        final int mgmtClass;
        final long tid;
        final long count;
        private final int dataOffset;
        private final int perSegment;
        private final int pad;

        Segments(byte[] message) {
            RmppWire.checkSegmentHeader(message, "RMPP message");
            this.message = message;
            this.mgmtClass = RmppWire.mgmtClass(message);
            if (!RmppWire.carriesRmpp(mgmtClass)) {
                throw new IllegalArgumentException(String.format("class 0x%02x has no RMPP header", mgmtClass));
            }
            this.tid = RmppWire.tid(message);
            this.dataOffset = RmppWire.dataOffset(mgmtClass);
            this.perSegment = RmppWire.dataPerSegment(mgmtClass);
            MalformedMadException.checkBounds("RMPP message class header", 0, dataOffset, message.length);
            long dataLength = message.length - dataOffset;
            this.count = RmppWire.segmentCount(dataLength, perSegment);
            this.pad = RmppWire.pad(dataLength, perSegment);
        }

        /** Segment {@code n} (1-based): the message's headers, RMPP fields for this segment, its data slice. */
        byte[] segment(long n) {
            byte[] out = new byte[RmppWire.SEGMENT_SIZE];
            System.arraycopy(message, 0, out, 0, dataOffset);
            int from = (int) (dataOffset + (n - 1) * perSegment);
            System.arraycopy(message, from, out, dataOffset, Math.max(0, Math.min(perSegment, message.length - from)));
            int flags = RmppHeader.FLAG_ACTIVE | (n == 1 ? RmppHeader.FLAG_FIRST : 0)
                    | (n == count ? RmppHeader.FLAG_LAST : 0);
            long payloadLength = n == count ? RmppWire.lastPayloadLength(pad)
                    : n == 1 ? RmppWire.firstPayloadLength(count, pad) : 0;
            new RmppHeader().wrap(out)
                    .version(RmppHeader.VERSION)
                    .type(RmppHeader.TYPE_DATA)
                    .flags(flags)
                    .status(RmppHeader.STATUS_OK)
                    .segmentNumber(n)
                    .payloadLength(payloadLength);
            return out;
        }

        /** Whether {@code mad} names this transfer: same low TID half and class. */
        boolean sameTransfer(byte[] mad) {
            return (int) RmppWire.tid(mad) == (int) tid && RmppWire.mgmtClass(mad) == mgmtClass;
        }
    }
}
