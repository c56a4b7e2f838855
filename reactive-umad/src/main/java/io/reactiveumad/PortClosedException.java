package io.reactiveumad;

import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.mad.UmadException;
import reactor.core.Exceptions;

/**
 * The port, or an agent, client or notices object on it, is closed: by the user, or because its device
 * went away (then the cause is a {@link io.reactiveumad.mad.DeviceGoneException}). The message names the
 * object. Every operation on a closed object reports it the same way: as {@code onError} of the
 * {@code Mono} or {@code Flux} the operation returns, never as a throw.
 */
public final class PortClosedException extends UmadException {
    private static final long serialVersionUID = 1L;

    public PortClosedException(String message) {
        super(message);
    }

    public PortClosedException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * Whether {@code failure} (or what Reactor wrapped) ends everything on its port, rather than one request: this
     * exception, or the {@link DeviceGoneException} behind it. A per-item fallback ({@code onErrorResume} over a
     * sweep's one node) lets such a failure through, since every later item would fail the same way.
     */
    public static boolean endsThePort(Throwable failure) {
        Throwable e = Exceptions.unwrap(failure);
        return e instanceof PortClosedException || e instanceof DeviceGoneException;
    }
}
