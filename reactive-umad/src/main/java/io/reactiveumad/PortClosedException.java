package io.reactiveumad;

/** The port or agent was closed (by the user, or because its device went away) while this was in flight. */
public final class PortClosedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public PortClosedException(String message) {
        super(message);
    }

    public PortClosedException(String message, Throwable cause) {
        super(message, cause);
    }
}
