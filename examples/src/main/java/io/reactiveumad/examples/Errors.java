package io.reactiveumad.examples;

import io.reactiveumad.PortClosedException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SaHeader;
import reactor.core.Exceptions;

/** Turns exceptions into the one line the CLI prints. */
final class Errors {
    private Errors() {
    }

    /**
     * The innermost cause's message (Reactor's wrappers removed), or its type when it has none; of a file that could
     * not be read or written, why (no such file, permission denied, is a directory...), not its path.
     */
    static String describe(Throwable failure) {
        Throwable t = Exceptions.unwrap(failure);
        while (t.getCause() != null && t.getCause() != t && (t.getMessage() == null || isWrapper(t))) {
            t = t.getCause();
        }
        if (t instanceof java.nio.file.FileSystemException file) {
            // Its message is the path, which the caller names already: say why instead.
            return t instanceof java.nio.file.NoSuchFileException ? "no such file"
                    : t instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : file.getReason() != null ? file.getReason() : t.getClass().getSimpleName();
        }
        if (t instanceof java.nio.charset.CharacterCodingException) {
            // "Input length = 1" says nothing of the file: it is not text (a binary cache given as a topology, say).
            return "not a text file (not UTF-8)";
        }
        String message = t.getMessage();
        if (message == null || message.isBlank()) {
            return t.getClass().getSimpleName();
        }
        // "closed" alone hides why: a port closed by a failing transport carries the failure as its cause.
        if (t instanceof PortClosedException && t.getCause() != null && t.getCause() != t) {
            return message + ": " + describe(t.getCause());
        }
        if (t instanceof MadTimeoutException timeout && carriesSmKey(timeout)) {
            // An SA drops a request whose SM_Key is not its own without a word (OpenSM logs it, ERR 1A04), so a wrong
            // --smkey looks like an SA that is not there.
            return message + "; an SA ignores a request whose SM_Key is not its own: is the SM_Key given (--smkey) the SM's?";
        }
        return message;
    }

    private static boolean isWrapper(Throwable t) {
        return t instanceof java.util.concurrent.ExecutionException || t instanceof java.io.UncheckedIOException
                || t.getClass() == RuntimeException.class;
    }

    private static boolean carriesSmKey(MadTimeoutException timeout) {
        return timeout.request() != null && timeout.request().mgmtClass() == MgmtClass.SUBN_ADM
                && timeout.request().length() >= SaHeader.DATA_OFFSET
                && new SaHeader().wrap(timeout.request().buffer(), 0).smKey() != 0;
    }
}
