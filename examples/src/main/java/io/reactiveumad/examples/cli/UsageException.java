package io.reactiveumad.examples.cli;

/** The command line was used wrongly: an unknown option, a missing or refused value. Exit code 2. */
public final class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message, null, false, false);
    }
}
