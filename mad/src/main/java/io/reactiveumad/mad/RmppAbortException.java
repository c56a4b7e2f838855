package io.reactiveumad.mad;

/**
 * An RMPP transfer ended without delivering its message: one side aborted it (ABORT or STOP) or it ran
 * out of time or retries. {@link #status()} is the RMPP status code ({@link RmppHeader#STATUS_T2L},
 * {@link RmppHeader#STATUS_RESX}, ...); {@link #side()} says who decided.
 */
public final class RmppAbortException extends UmadException {
    private static final long serialVersionUID = 1L;

    /** Who ended the transfer. */
    public enum Side {
        /** This end detected the problem (and told the peer with an ABORT, when there is a peer to tell). */
        LOCAL,
        /** The peer sent an ABORT or a STOP. */
        REMOTE
    }

    private final int status;
    private final Side side;
    private final long tid;
    private final int mgmtClass;

    public RmppAbortException(int status, Side side, long tid, int mgmtClass, String detail) {
        super(String.format("RMPP transfer TID 0x%016x class 0x%02x aborted by %s side: %s (%d)%s", tid, mgmtClass,
                side == Side.LOCAL ? "local" : "remote", RmppHeader.statusName(status), status,
                detail == null || detail.isEmpty() ? "" : ": " + detail));
        this.status = status;
        this.side = side;
        this.tid = tid;
        this.mgmtClass = mgmtClass;
    }

    /** The RMPP status code, e.g. {@link RmppHeader#STATUS_BAD_SEG}. */
    public int status() {
        return status;
    }

    public Side side() {
        return side;
    }

    /** The TID of the transfer as seen on the wire. */
    public long tid() {
        return tid;
    }

    public int mgmtClass() {
        return mgmtClass;
    }
}
