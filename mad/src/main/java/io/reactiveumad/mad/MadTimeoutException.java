package io.reactiveumad.mad;

import java.time.Duration;

/**
 * No response arrived for a request within its timeout, after every retry (user-space timer or kernel
 * ETIMEDOUT). The message names the destination, the class, method, attribute and modifier, the TID and
 * the attempts, e.g. {@code "no response from LID 4 QP1 to SubnAdm Get attribute 0x0011 modifier
 * 0x00000000 (TID 0x...) after 3 attempt(s) of 1000 ms (user-space timer)"}; when the transport handed the last
 * attempt back undelivered, {@code "... after 3 attempt(s): the transport could not deliver it"} ({@link #undeliverable}).
 * A request from a port that could not have been answered (no LID, not Active) ends with what the port said of itself,
 * {@code "...; port mlx5_0:1 was Initialize with LID 0 when last read: ..."} ({@link #withContext}).
 */
public class MadTimeoutException extends UmadException {
    private static final long serialVersionUID = 1L;

    private final transient Mad request;
    private final transient MadAddress destination;
    private final long tid;
    private final int attempts;

    /**
     * @param request     the request that went unanswered
     * @param destination where it was sent
     * @param tid         its TID as sent on the wire
     * @param attempts    how many times it was sent
     * @param perAttempt  how long each attempt waited
     * @param source      which timer gave up: the user-space timer, the kernel (ETIMEDOUT), an RMPP transfer
     */
    public MadTimeoutException(Mad request, MadAddress destination, long tid, int attempts, Duration perAttempt,
                               String source) {
        this(String.format("no response from %s to %s (TID 0x%016x) after %d attempt(s) of %d ms (%s)",
                destination.describe(), request.describe(), tid, attempts, perAttempt.toMillis(), source), request,
                destination, tid, attempts);
    }

    private MadTimeoutException(String message, Mad request, MadAddress destination, long tid, int attempts) {
        super(message);
        this.request = request;
        this.destination = destination;
        this.tid = tid;
        this.attempts = attempts;
    }

    /**
     * A request whose last attempt the transport handed back undelivered (ibsim does at once when nothing takes the
     * MAD): the message gives no time per attempt, which such attempts do not wait out.
     */
    public static MadTimeoutException undeliverable(Mad request, MadAddress destination, long tid, int attempts) {
        return new MadTimeoutException(String.format("no response from %s to %s (TID 0x%016x) after %d attempt(s): the "
                + "transport could not deliver it", destination.describe(), request.describe(), tid, attempts), request,
                destination, tid, attempts);
    }

    /**
     * This timeout with {@code context} after its message: what the sender knew that explains it (a port that was not
     * Active, say). The request, destination, TID and attempts are this one's.
     */
    public MadTimeoutException withContext(String context) {
        return new MadTimeoutException(getMessage() + "; " + context, request, destination, tid, attempts);
    }

    /** The request that went unanswered. */
    public Mad request() {
        return request;
    }

    /** Where the request was sent. */
    public MadAddress destination() {
        return destination;
    }

    public long tid() {
        return tid;
    }

    public int attempts() {
        return attempts;
    }
}
