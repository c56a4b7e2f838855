package io.reactiveumad.poll.ibsim;

import io.reactiveumad.mad.UmadException;

/**
 * ibsim refused a control call: an unknown node, all {@value SimControl#MAX_CLIENTS} client slots taken,
 * or a second request receiver on a node. ibsim gives no reason on the wire; the message lists the
 * likely ones.
 */
public final class IbsimException extends UmadException {
    private static final long serialVersionUID = 1L;

    public IbsimException(String message) {
        super(message);
    }
}
