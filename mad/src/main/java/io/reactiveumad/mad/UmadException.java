package io.reactiveumad.mad;

/**
 * The root of every failure reactive-umad reports: a MAD that does not decode
 * ({@link MalformedMadException}), a request without an answer ({@link MadTimeoutException}), an answer
 * with an error status ({@link MadStatusException}), an aborted RMPP transfer ({@link RmppAbortException}),
 * a failed system call ({@link NativeIoException}, {@link DeviceGoneException}), a closed port, agent or
 * client ({@code io.reactiveumad.PortClosedException}), a capability the peer lacks, and a transport that
 * cannot open a port. Catch this to handle them all.
 *
 * <p>Unchecked, so it travels through Reactor's {@code onError} and the event loop without wrapping.
 * Asynchronous operations deliver it as {@code onError} of the {@code Mono} or {@code Flux} concerned,
 * never as a throw from the method that built the publisher. Arguments that are wrong on their face (a
 * negative timeout, a LID out of range) are programming mistakes and stay {@link IllegalArgumentException}
 * or {@link NullPointerException}, thrown at the call.
 *
 * <p>It lives in the {@code mad} module because that is the lowest layer that reports failures: every other
 * module depends on it, so one root serves them all.
 */
public abstract class UmadException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    protected UmadException(String message) {
        super(message);
    }

    protected UmadException(String message, Throwable cause) {
        super(message, cause);
    }
}
