package io.reactiveumad.examples;

import io.reactiveumad.PortClosedException;
import reactor.core.Exceptions;

/** Turns exceptions into the one line the CLI prints. */
final class Errors {
    private Errors() {
    }

    /** The innermost cause's message (Reactor's wrappers removed), or its type when it has none. */
    static String describe(Throwable failure) {
        Throwable t = Exceptions.unwrap(failure);
        while (t.getCause() != null && t.getCause() != t && (t.getMessage() == null || isWrapper(t))) {
            t = t.getCause();
        }
        String message = t.getMessage();
        if (message == null || message.isBlank()) {
            return t.getClass().getSimpleName();
        }
        // "closed" alone hides why: a port closed by a failing transport carries the failure as its cause.
        if (t instanceof PortClosedException && t.getCause() != null && t.getCause() != t) {
            return message + ": " + describe(t.getCause());
        }
        return message;
    }

    private static boolean isWrapper(Throwable t) {
        return t instanceof java.util.concurrent.ExecutionException || t instanceof java.io.UncheckedIOException
                || t.getClass() == RuntimeException.class;
    }
}
