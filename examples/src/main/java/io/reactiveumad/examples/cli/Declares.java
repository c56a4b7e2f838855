package io.reactiveumad.examples.cli;

/**
 * A command, or a part several commands share, that says which options and parameters it takes: each
 * declared with its help and where its value goes, in code, so no reflection runs before the command does
 * (annotations cost a cold start ~25 ms of proxies and parsing).
 */
@FunctionalInterface
public interface Declares {
    void declare(Declaration declaration);
}
