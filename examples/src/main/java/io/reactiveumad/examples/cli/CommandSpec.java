package io.reactiveumad.examples.cli;

import java.io.PrintWriter;

/**
 * The running command as its code sees it.
 *
 * @param name          the command's own name ({@code nodes})
 * @param qualifiedName with its parents' ({@code umad sa nodes}), as messages name it
 * @param out           results
 * @param err           progress, warnings and errors
 */
public record CommandSpec(String name, String qualifiedName, PrintWriter out, PrintWriter err) {
}
