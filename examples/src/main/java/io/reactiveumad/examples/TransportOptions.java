package io.reactiveumad.examples;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every fabric-facing command shares: which transport, which local port. */
final class TransportOptions {
    private final CliContext context;

    @Option(names = "--transport", paramLabel = "KIND",
            description = "kernel, ibsim or embedded. Default: kernel if a /dev/infiniband/umad* device is readable, "
                    + "else ibsim if a simulator answers, else the embedded fabric.")
    TransportKind kind;

    @Option(names = "--device", paramLabel = "CA", description = "The local CA, e.g. mlx5_0 (default: the first one).")
    String device;

    @Option(names = "--port", paramLabel = "N", defaultValue = "1", description = "The local port number (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--sim-host", paramLabel = "NAME",
            description = "ibsim: the simulated node to attach to (default: $SIM_HOST, else the simulator's first CA).")
    String simHost;

    @Option(names = "--topology", paramLabel = "FILE",
            description = "embedded: an ibsim net file or ibnetdiscover output to load (default: the bundled fabric).")
    Path topology;

    TransportOptions(CliContext context) {
        this.context = context;
    }

    /** The transport to use: the one asked for, or the first available, telling {@code err} why. */
    TransportKind resolve(PrintWriter err) {
        if (kind != null) {
            return kind;
        }
        if (hasReadableUmadDevice()) {
            return TransportKind.KERNEL;
        }
        err.println("umad: no readable " + context.devInfiniband() + "/umad* device and no ibsim server: using the embedded fabric");
        return TransportKind.EMBEDDED;
    }

    String simHost() {
        return simHost != null ? simHost : context.env().get("SIM_HOST");
    }

    private boolean hasReadableUmadDevice() {
        Path dir = context.devInfiniband();
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (DirectoryStream<Path> devices = Files.newDirectoryStream(dir, "umad*")) {
            for (Path device : devices) {
                if (Files.isReadable(device)) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }
}
