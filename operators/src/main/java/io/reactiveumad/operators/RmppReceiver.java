package io.reactiveumad.operators;

import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.RmppAbortException;
import io.reactiveumad.mad.RmppHeader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.scheduler.Scheduler;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The receiving half of RMPP, one instance per subscription of {@link Rmpp#receive}: reassembles one
 * message per {@link RmppKey} the way the kernel's mad_rmpp.c does, ACKing after the first segment and
 * at every window edge. All state lives behind one {@link SerialExecutor}; inbound MADs and timers are
 * both tasks on it.
 */
final class RmppReceiver {
    private static final Logger LOG = LoggerFactory.getLogger(RmppReceiver.class);
    /** Keeps a reassembled message inside one Java array. */
    private static final long MAX_SEGMENTS = (Integer.MAX_VALUE - RmppWire.SEGMENT_SIZE) / RmppWire.SEGMENT_SIZE;

    private final FluxSink<RmppEvent> sink;
    private final RmppOptions options;
    private final SerialExecutor serial;
    private final Map<RmppKey, Transfer> transfers = new HashMap<>();
    private final RmppHeader rmpp = new RmppHeader();
    private Disposable upstream;
    private boolean inboundDone;
    private volatile boolean terminated;

    private RmppReceiver(FluxSink<RmppEvent> sink, RmppOptions options, Scheduler scheduler) {
        this.sink = sink;
        this.options = options;
        this.serial = new SerialExecutor(scheduler, this::fail);
    }

    static Flux<RmppEvent> receive(Flux<RmppInbound> inbound, RmppOptions options, Scheduler scheduler) {
        return Flux.create(sink -> new RmppReceiver(sink, options, scheduler).start(inbound));
    }

    private void start(Flux<RmppInbound> inbound) {
        sink.onDispose(this::dispose);
        upstream = inbound.subscribe(
                in -> serial.execute(() -> onInbound(in)),
                error -> serial.execute(() -> fail(error)),
                () -> serial.execute(this::onInboundComplete));
    }

    private void dispose() {
        terminated = true;
        if (upstream != null) {
            upstream.dispose();
        }
        serial.dispose();
    }

    private void fail(Throwable error) {
        if (terminated) {
            LOG.debug("receiver already ended, dropping {}", error.toString());
            return;
        }
        terminated = true;
        sink.error(error);
    }

    private void onInbound(RmppInbound in) {
        if (terminated) {
            return;
        }
        byte[] mad = in.mad();
        if (mad.length < RmppHeader.END_OFFSET || mad[MadHeader.BASE_VERSION_OFFSET] != MadHeader.BASE_VERSION) {
            LOG.debug("dropping a {}-byte MAD that cannot hold an RMPP header", mad.length);
            return;
        }
        RmppKey key = RmppKey.of(in.peer(), mad);
        rmpp.wrap(mad);
        // Not ours to reassemble: a plain MAD, or a whole message the kernel already reassembled.
        // Nor a MAD of another RMPP version that runs no transfer: whole as its sender wrote it.
        if (!rmpp.isActive() || !RmppWire.carriesRmpp(key.mgmtClass()) || mad.length > RmppWire.SEGMENT_SIZE
                || RmppWire.isWholeWithoutTransfer(rmpp)) {
            sink.next(new RmppEvent.Message(key, mad.clone()));
            return;
        }
        if (mad.length < RmppWire.SEGMENT_SIZE) {
            LOG.debug("dropping a truncated {}-byte RMPP segment for {}", mad.length, key);
            return;
        }
        if (rmpp.version() != RmppHeader.VERSION) {
            abort(in.peer(), key, mad, RmppHeader.STATUS_UNV, "RMPP version " + rmpp.version());
            return;
        }
        switch (rmpp.type()) {
            case RmppHeader.TYPE_DATA -> onData(in.peer(), key, mad);
            case RmppHeader.TYPE_STOP, RmppHeader.TYPE_ABORT -> onPeerAbort(key, mad);
            case RmppHeader.TYPE_ACK -> LOG.debug("an ACK reached the receiver (senders own ACKs), ignored: {}", key);
            default -> abort(in.peer(), key, mad, RmppHeader.STATUS_BADT, "RMPP type " + rmpp.type());
        }
    }

    private void onData(Object peer, RmppKey key, byte[] mad) {
        rmpp.wrap(mad);
        int status = rmpp.status();
        long segment = rmpp.segmentNumber();
        boolean first = rmpp.isFirst();
        boolean last = rmpp.isLast();
        long payloadLength = rmpp.payloadLength();
        if (status != RmppHeader.STATUS_OK) {
            abort(peer, key, mad, RmppHeader.STATUS_BAD_STATUS, "DATA with status " + status);
        } else if (segment == 1 && !first) {
            abort(peer, key, mad, RmppHeader.STATUS_BAD_SEG, "segment 1 without the First flag");
        } else if (segment != 1 && first) {
            abort(peer, key, mad, RmppHeader.STATUS_BAD_SEG, "First flag on segment " + segment);
        } else {
            Transfer transfer = transfers.get(key);
            if (transfer != null) {
                onSegment(transfer, mad, segment, last, payloadLength);
            } else if (segment == 1) {
                begin(peer, key, mad, last, payloadLength);
            } else {
                LOG.trace("segment {} of unknown transfer {} dropped", segment, key);
            }
        }
    }

    private void begin(Object peer, RmppKey key, byte[] mad, boolean last, long payloadLength) {
        int perSegment = RmppWire.dataPerSegment(key.mgmtClass());
        long expected = 0;
        if (last) {
            if (RmppWire.padOfLast(payloadLength, perSegment) < 0) {
                abort(peer, key, mad, RmppHeader.STATUS_BAD_LEN, "single segment with PayloadLength " + payloadLength);
                return;
            }
        } else if (payloadLength != 0) {
            expected = (payloadLength + RmppHeader.SEGMENT_PAYLOAD - 1) / RmppHeader.SEGMENT_PAYLOAD;
            long lastShare = payloadLength - (expected - 1) * RmppHeader.SEGMENT_PAYLOAD;
            if (expected < 2 || expected > MAX_SEGMENTS || RmppWire.padOfLast(lastShare, perSegment) < 0) {
                abort(peer, key, mad, RmppHeader.STATUS_BAD_LEN, "first segment announces PayloadLength " + payloadLength);
                return;
            }
        }
        Transfer transfer = new Transfer(key, mad.clone(), expected);
        transfers.put(key, transfer);
        if (last) {
            transfer.lastSegment = 1;
            transfer.lastPayloadLength = payloadLength;
            complete(transfer, mad);
        } else {
            transfer.newWindow = 1 + options.window();
            ack(transfer, mad);
            transfer.timer = serial.schedule(() -> timeOut(transfer), options.totalTimeout());
        }
    }

    private void onSegment(Transfer t, byte[] mad, long segment, boolean last, long payloadLength) {
        if (segment > t.newWindow) {
            LOG.trace("segment {} beyond window {} of {} dropped", segment, t.newWindow, t.key);
            return;
        }
        if (segment <= t.lastAck || t.complete) {
            ack(t, mad);
            return;
        }
        if (segment <= t.contiguous || t.ahead.containsKey(segment)) {
            return; // a duplicate of a segment held but not yet acknowledged
        }
        String badLength = lengthProblem(t, segment, last, payloadLength);
        if (badLength != null) {
            abort(t.key.peer(), t.key, mad, RmppHeader.STATUS_BAD_LEN, badLength);
            return;
        }
        if (last) {
            t.lastSegment = segment;
            t.lastPayloadLength = payloadLength;
        }
        t.ahead.put(segment, mad.clone());
        if (segment != t.contiguous + 1) {
            return; // in the window but out of order: held until the gap fills
        }
        byte[] next;
        while ((next = t.ahead.remove(t.contiguous + 1)) != null) {
            t.inOrder.add(next);
            t.contiguous++;
        }
        if (t.contiguous == t.lastSegment) {
            complete(t, mad);
        } else if (t.contiguous == t.newWindow) {
            t.newWindow += options.window();
            ack(t, mad);
        }
    }

    /** Why this segment contradicts the lengths seen so far, or null when it does not. */
    private static String lengthProblem(Transfer t, long segment, boolean last, long payloadLength) {
        if (segment > MAX_SEGMENTS) {
            return "segment " + segment + " makes the message too long";
        }
        if (t.expected != 0 && segment > t.expected) {
            return "segment " + segment + " beyond the " + t.expected + " the first PayloadLength announced";
        }
        if (t.lastSegment != 0 && segment > t.lastSegment) {
            return "segment " + segment + " after Last segment " + t.lastSegment;
        }
        if (!last) {
            return t.expected != 0 && segment == t.expected ? "segment " + segment + " should carry Last" : null;
        }
        if (t.expected != 0 && segment != t.expected) {
            return "Last on segment " + segment + " but the first PayloadLength announced " + t.expected;
        }
        if (RmppWire.padOfLast(payloadLength, t.perSegment) < 0) {
            return "Last segment with PayloadLength " + payloadLength;
        }
        if (t.expected != 0 && payloadLength != t.expectedLastPayloadLength()) {
            return "Last PayloadLength " + payloadLength + " but the first announced " + t.expectedLastPayloadLength();
        }
        boolean heldBeyond = t.ahead.keySet().stream().anyMatch(held -> held > segment);
        return heldBeyond ? "segments held beyond Last segment " + segment : null;
    }

    private void complete(Transfer t, byte[] trigger) {
        t.complete = true;
        ack(t, trigger);
        cancelTimer(t);
        byte[] message = t.assemble();
        t.inOrder.clear();
        t.ahead.clear();
        sink.next(new RmppEvent.Message(t.key, message));
        // Remembered a while so a sender that missed the final ACK gets it again.
        t.timer = serial.schedule(() -> forget(t), options.completedGrace());
        completeIfIdle();
    }

    private void ack(Transfer t, byte[] trigger) {
        t.lastAck = t.contiguous;
        byte[] ack = RmppWire.control(trigger, RmppWire.methodByte(trigger) ^ MadHeader.RESPONSE_BIT,
                RmppHeader.TYPE_ACK, RmppHeader.STATUS_OK, t.contiguous, t.newWindow);
        sink.next(new RmppEvent.Control(t.key.peer(), ack));
    }

    private void timeOut(Transfer t) {
        if (transfers.get(t.key) == t && !t.complete) {
            abort(t.key.peer(), t.key, t.first, RmppHeader.STATUS_T2L,
                    "not complete after " + options.totalTimeout().toMillis() + " ms");
        }
    }

    private void forget(Transfer t) {
        if (transfers.get(t.key) == t) {
            transfers.remove(t.key);
        }
    }

    /**
     * Tells the peer with an ABORT answering {@code trigger} and ends the transfer of {@code key} with a
     * {@link RmppEvent.Failure}, unless that transfer already delivered its message.
     */
    private void abort(Object peer, RmppKey key, byte[] trigger, int status, String detail) {
        LOG.debug("aborting {} with {}: {}", key, RmppHeader.statusName(status), detail);
        sink.next(new RmppEvent.Control(peer, RmppWire.control(trigger,
                RmppWire.methodByte(trigger) ^ MadHeader.RESPONSE_BIT, RmppHeader.TYPE_ABORT, status, 0, 0)));
        Transfer t = transfers.get(key);
        if (t != null && t.complete) {
            return;
        }
        if (t != null) {
            end(t);
        }
        sink.next(new RmppEvent.Failure(key, new RmppAbortException(status, RmppAbortException.Side.LOCAL,
                RmppWire.tid(trigger), key.mgmtClass(), detail)));
        completeIfIdle();
    }

    /** A STOP or ABORT from the sending peer ends its transfer. */
    private void onPeerAbort(RmppKey key, byte[] mad) {
        Transfer t = transfers.get(key);
        if (t == null || t.complete || RmppWire.methodByte(mad) != t.dataMethod) {
            return;
        }
        int status = rmpp.wrap(mad).status();
        end(t);
        sink.next(new RmppEvent.Failure(key, new RmppAbortException(status, RmppAbortException.Side.REMOTE,
                RmppWire.tid(mad), key.mgmtClass(), rmpp.type() == RmppHeader.TYPE_STOP ? "STOP" : "ABORT")));
        completeIfIdle();
    }

    private void end(Transfer t) {
        transfers.remove(t.key);
        cancelTimer(t);
    }

    private static void cancelTimer(Transfer t) {
        if (t.timer != null) {
            t.timer.dispose();
            t.timer = null;
        }
    }

    private void onInboundComplete() {
        inboundDone = true;
        // Completed transfers only wait for duplicates, and none can come any more.
        transfers.values().removeIf(t -> {
            if (t.complete) {
                cancelTimer(t);
            }
            return t.complete;
        });
        completeIfIdle();
    }

    /** After the inbound stream ends, completes once every open transfer has finished or timed out. */
    private void completeIfIdle() {
        if (inboundDone && !terminated && transfers.values().stream().allMatch(t -> t.complete)) {
            terminated = true;
            sink.complete();
        }
    }

    /** One transfer's state, touched only on the serial executor. */
    private static final class Transfer {
        final RmppKey key;
        final byte[] first;
        final int dataMethod;
        final int dataOffset;
        final int perSegment;
        /** Segment count the first PayloadLength announced; 0 when it announced none. */
        final long expected;
        final long firstPayloadLength;
        final List<byte[]> inOrder = new ArrayList<>();
        final Map<Long, byte[]> ahead = new HashMap<>();
        long contiguous = 1;
        long lastAck;
        long newWindow = 1;
        long lastSegment;
        long lastPayloadLength;
        boolean complete;
        Disposable timer;

        Transfer(RmppKey key, byte[] first, long expected) {
            this.key = key;
            this.first = first;
            this.dataMethod = RmppWire.methodByte(first);
            this.dataOffset = RmppWire.dataOffset(key.mgmtClass());
            this.perSegment = RmppWire.dataPerSegment(key.mgmtClass());
            this.expected = expected;
            this.firstPayloadLength = new RmppHeader().wrap(first).payloadLength();
            inOrder.add(first);
        }

        long expectedLastPayloadLength() {
            return firstPayloadLength - (expected - 1) * RmppHeader.SEGMENT_PAYLOAD;
        }

        /** The first segment's headers, then every segment's data, cut where the last PayloadLength says. */
        byte[] assemble() {
            int pad = RmppWire.padOfLast(lastPayloadLength, perSegment);
            int length = (int) (dataOffset + lastSegment * perSegment - pad);
            byte[] out = new byte[length];
            System.arraycopy(first, 0, out, 0, dataOffset);
            int at = dataOffset;
            for (byte[] segment : inOrder) {
                int n = Math.min(perSegment, length - at);
                System.arraycopy(segment, dataOffset, out, at, n);
                at += n;
            }
            return out;
        }
    }
}
