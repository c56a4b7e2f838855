package io.reactiveumad.operators;

import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.mad.RmppAbortException;
import io.reactiveumad.mad.RmppHeader;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * User-space RMPP (IBA 13.6) as two pure stream functions, interoperable with the Linux kernel's
 * mad_rmpp.c: {@link #send} segments one message and drives its window; {@link #receive} reassembles
 * every transfer arriving on one agent. Both take a {@link Scheduler} for their timers only, so they run
 * in virtual time under {@code StepVerifier.withVirtualTime}.
 *
 * <h2>Wiring into an agent (user-space RMPP mode)</h2>
 * <ol>
 * <li>Route each inbound MAD of the agent: {@link #isSenderControl} (ACK, STOP, ABORT) to the
 *     {@code inboundControl} of the matching send (by {@link RmppKey}: peer, low TID, class);
 *     {@link #isReceiverInput} (DATA and anything malformed, plus STOP/ABORT, which end a receive) to
 *     {@link #receive}; STOP/ABORT go to both, each side ignores what is not its own; everything
 *     else is not RMPP.</li>
 * <li>Subscribe once to {@code receive(...)} per agent and dispatch: {@link RmppEvent.Control} → write the
 *     MAD to its peer through the same agent; {@link RmppEvent.Message} → treat the bytes as one received
 *     MAD (a response completes its request, a request goes to responders); {@link RmppEvent.Failure} →
 *     fail the request waiting on that key, if any.</li>
 * <li>To send a message of any size (request or response): {@code send(message, controlFor(key),
 *     bytes -> write(peer, bytes), options, scheduler)}. The {@code Mono} completes when the last segment is
 *     acknowledged; a request then still waits for its response as usual.</li>
 * </ol>
 * In kernel-RMPP mode none of this runs and kernel-mode MADs must not be fed to {@link #receive}: the
 * kernel segments, ACKs and reassembles, and hands over messages of any length (a one-segment message
 * is cut to its PayloadLength, so it can be shorter than 256 bytes; it still has Active set and would
 * be ACKed a second time or dropped as truncated here). Only messages longer than 256 bytes are
 * recognised as already reassembled and passed through.
 *
 * <h2>Errors</h2>
 * Every transfer that cannot complete ends with an {@link RmppAbortException} carrying the RMPP status
 * and whether this side ({@code LOCAL}, after sending an ABORT to the peer) or the peer ({@code REMOTE},
 * STOP or ABORT) ended it. Nothing waits forever: a send is bounded by
 * {@code ackTimeout × (maxRetries + 1)} without progress, a receive by {@code totalTimeout}.
 */
public final class Rmpp {
    private Rmpp() {
    }

    /**
     * Reassembles every RMPP transfer in {@code inbound}, one per {@link RmppKey}. Per transfer, like the
     * kernel: ACK after segment 1 with NewWindowLast = 1 + window, then whenever the in-order segments
     * reach the window's end; duplicates at or below the last ACK (or of a completed transfer, for
     * {@link RmppOptions#completedGrace()}) are re-ACKed; segments beyond the window dropped; in-window
     * segments out of order held until the gap fills. ABORTs (with a {@link RmppEvent.Failure}): UNV for a
     * transfer in a version other than 1, BADT for an unknown type, BAD_STATUS for DATA with a status, BAD_SEG for First
     * on the wrong segment, BAD_LEN for PayloadLengths that contradict each other, T2L after
     * {@link RmppOptions#totalTimeout()}.
     * <p>
     * MADs without the RMPP Active flag, of classes without an RMPP header, longer than 256 bytes (a
     * kernel-reassembled message), or of another RMPP version but running no transfer (no RMPP type at
     * all, as OpenSM built for a kernel SAR sends under umad2sim, or a single First|Last DATA segment)
     * come back as a {@link RmppEvent.Message} unchanged, neither acknowledged nor aborted. Truncated
     * segments are dropped. Events are emitted serially; the stream buffers them if downstream lags. When
     * {@code inbound} completes the stream completes once open transfers have finished or timed out;
     * an error in {@code inbound} is passed on at once. Cancelling stops all timers.
     *
     * @param inbound   the MADs this agent receives, each with its peer
     * @param options   window and timers
     * @param scheduler runs the timers (any Reactor scheduler; {@code VirtualTimeScheduler} in tests)
     */
    public static Flux<RmppEvent> receive(Flux<RmppInbound> inbound, RmppOptions options, Scheduler scheduler) {
        Objects.requireNonNull(inbound, "inbound");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(scheduler, "scheduler");
        return RmppReceiver.receive(inbound, options, scheduler);
    }

    /**
     * Sends {@code message} as RMPP DATA segments and completes when the peer has acknowledged the last
     * one. The message is laid out as the kernel expects a whole RMPP message: common header, RMPP header
     * (only its RRespTime is kept; the rest is filled per segment), the class header up to the class's
     * data offset (SA 56, vendor range 2 40, DevMgt/DevAdm/BIS 64), then the data, cut into
     * {@code 256 − offset} bytes per segment (200 for SA). Like the kernel, the first window is segment 1
     * alone; each ACK moves it to its NewWindowLast; without an ACK for
     * {@link RmppOptions#ackTimeout()} everything after the last acknowledged segment is resent, at most
     * {@link RmppOptions#maxRetries()} times in a row.
     * <p>
     * Errors, all {@link RmppAbortException}: from the peer, STOP (RESX) or ABORT with its status
     * ({@code REMOTE}); locally, after sending an ABORT: TMR when the retries run out, W2S for an ACK whose
     * NewWindowLast is below its segment, S2B for an ACK of a segment beyond the message or the window,
     * BAD_STATUS for an ACK with a status or a STOP/ABORT with an illegal one, UNV, BADT. ACKs older than
     * the newest one (reordered) are ignored, as the kernel does. An error from {@code inboundControl}
     * or {@code transmit} fails the send as is. Cancelling stops the timers and sends nothing more.
     *
     * @param message        the whole message; copied, so the caller may reuse the array
     * @param inboundControl the ACK/STOP/ABORT MADs the peer sends for this transfer (others are ignored:
     *                       matched by low TID, class and the DATA method with the R bit flipped)
     * @param transmit       writes one 256-byte MAD (a DATA segment or our ABORT) to the peer; called
     *                       serially, never concurrently
     * @param options        ACK timeout and retries
     * @param scheduler      runs the ACK timer
     * @throws io.reactiveumad.mad.MalformedMadException if the message is shorter than its class header
     *                                                  or its base version is not 1
     * @throws IllegalArgumentException                 if the class carries no RMPP header
     */
    public static Mono<Void> send(byte[] message, Flux<byte[]> inboundControl, Consumer<byte[]> transmit,
            RmppOptions options, Scheduler scheduler) {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(inboundControl, "inboundControl");
        Objects.requireNonNull(transmit, "transmit");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(scheduler, "scheduler");
        return RmppSender.send(message, inboundControl, transmit, options, scheduler);
    }

    /** How many DATA segments {@link #send} cuts {@code message} into. */
    public static long segmentCount(byte[] message) {
        return new RmppSender.Segments(message).count;
    }

    /** Whether {@code mad} has an RMPP header with the Active flag set. */
    public static boolean isActive(byte[] mad) {
        return mad.length >= RmppHeader.END_OFFSET && RmppWire.carriesRmpp(RmppWire.mgmtClass(mad))
                && (mad[RmppHeader.RRESP_TIME_FLAGS_OFFSET] & RmppHeader.FLAG_ACTIVE) != 0;
    }

    /** Whether {@code mad} is an ACK, STOP or ABORT, which a running {@link #send} consumes. */
    public static boolean isSenderControl(byte[] mad) {
        if (!isActive(mad) || mad[RmppHeader.VERSION_OFFSET] != RmppHeader.VERSION) {
            return false;
        }
        int type = mad[RmppHeader.TYPE_OFFSET];
        return type == RmppHeader.TYPE_ACK || type == RmppHeader.TYPE_STOP || type == RmppHeader.TYPE_ABORT;
    }

    /** Whether {@link #receive} should see {@code mad}: every Active RMPP MAD except a well-formed ACK. */
    public static boolean isReceiverInput(byte[] mad) {
        return isActive(mad) && !(mad[RmppHeader.VERSION_OFFSET] == RmppHeader.VERSION
                && mad[RmppHeader.TYPE_OFFSET] == RmppHeader.TYPE_ACK);
    }

    /** The {@link RmppKey} a MAD from or to {@code peer} belongs to. */
    public static RmppKey key(Object peer, byte[] mad) {
        MalformedMadException.checkBounds("MAD header", 0, MadHeader.SIZE, mad.length);
        return RmppKey.of(peer, mad);
    }
}
