package io.reactiveumad.mad;

/**
 * A response carried the redirect status: the class is served elsewhere. The response's data holds a
 * ClassPortInfo naming the redirect target (LID, QP, Q_Key, P_Key, GID); {@link #response()} keeps it.
 */
public class MadRedirectException extends MadStatusException {
    private static final long serialVersionUID = 1L;

    public MadRedirectException(Mad response, MadAddress source) {
        super(response, source);
    }
}
