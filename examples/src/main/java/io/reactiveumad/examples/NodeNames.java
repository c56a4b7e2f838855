package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Declares;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code --node-name-map FILE} of the commands that print node names (discover, links, errors, routes, trace),
 * and the map they print with: the file named, else infiniband-diags' default where it exists, else none.
 */
final class NodeNames implements Declares {
    private Path file;

    @Override
    public void declare(Declaration d) {
        d.option("--node-name-map").label("FILE").help("Print these names for nodes, by node GUID, instead of their "
                + "NodeDescription (infiniband-diags' format: GUID \"name\" lines; default: /etc/"
                + NodeNameMap.DEFAULT + " where it exists). JSON keeps the descriptions.")
                .to(Values::path, v -> file = v);
    }

    /**
     * The map: a file named that cannot be read or parsed is bad usage naming it; a broken default one is a
     * warning on {@code err}, and the names are the descriptions, as infiniband-diags does.
     */
    NodeNameMap load(CliContext context, PrintWriter err) {
        if (file != null) {
            try {
                return NodeNameMap.read(file);
            } catch (IllegalArgumentException | UncheckedIOException e) {
                throw new UsageException("--node-name-map: " + e.getMessage());
            }
        }
        Path fallback = context.etc().resolve(NodeNameMap.DEFAULT);
        if (!Files.isRegularFile(fallback)) {
            return NodeNameMap.none();
        }
        try {
            return NodeNameMap.read(fallback);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            err.println("umad: warning: " + e.getMessage() + "; printing the nodes' descriptions");
            return NodeNameMap.none();
        }
    }
}
