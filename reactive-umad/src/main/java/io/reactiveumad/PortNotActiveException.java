package io.reactiveumad;

import io.reactiveumad.mad.UmadException;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.spi.channel.PortAttributes;

/**
 * The local port is not Active, or knows no subnet manager (SM LID 0): as a port is before an SM brings it up, with
 * its cable out, or with no SM running; and always on a RoCE port (link layer Ethernet), which no SM serves. What
 * needs the SM or a LID of its own (an SA query, the port's own counters) fails at once with this, as the diag tools
 * fail, instead of sending and waiting out its timeouts. Except on RoCE the condition passes: a caller that wants to
 * wait for the port retries on this type, e.g.
 * {@code retryWhen(Retry.backoff(10, Duration.ofSeconds(1)).filter(PortNotActiveException.class::isInstance))}.
 */
public final class PortNotActiveException extends UmadException {
    private static final long serialVersionUID = 1L;

    private final int state;
    private final boolean roce;

    /**
     * @param spec       the port
     * @param attributes what the port said of itself when the operation needed it
     * @param needed     what cannot be done, e.g. "no SA to ask"
     */
    public PortNotActiveException(PortSpec spec, PortAttributes attributes, String needed) {
        super("port " + spec + " is " + PortInfo.stateName(attributes.state()) + " (LID " + attributes.lid()
                + ", SM LID " + attributes.smLid() + "): " + needed + (attributes.isEthernet()
                ? "; it is a RoCE port (link layer Ethernet), which no subnet manager serves" : ""));
        this.state = attributes.state();
        this.roce = attributes.isEthernet();
    }

    /** The port is RoCE (link layer Ethernet): no SM will ever serve it, so waiting for it is pointless. */
    public boolean isRoce() {
        return roce;
    }

    /** The port's logical state when the operation failed: 1 Down, 2 Init, 3 Armed, 4 Active. */
    public int state() {
        return state;
    }
}
