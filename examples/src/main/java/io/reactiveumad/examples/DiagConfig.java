package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * infiniband-diags' configuration file, {@code /etc/infiniband-diags/ibdiag.conf} or the one {@code -z} names:
 * {@code name=value} lines giving every tool's defaults, the command line overriding them. Read here: {@code CA},
 * {@code Port}, {@code timeout} (milliseconds), {@code m_key} and {@code sa_key} (decimal or hex with 0x), and
 * {@code MLX_EPI} (whether Mellanox devices are asked for MlnxExtPortInfo: yes when it is absent, else only if its
 * value starts with "true" or "TRUE", as the tools read it); {@code nd_format} is the C tools' own and is skipped.
 * Blank lines and {@code #} comments are skipped; a missing default file is no file.
 *
 * @param ca      the CA, or null
 * @param port    the port, or null
 * @param timeout each MAD's timeout, or null
 * @param mKey    the M_Key SMPs carry, or null
 * @param saKey   the SM_Key SA requests carry, or null
 * @param mlxEpi  whether Mellanox devices are asked for MlnxExtPortInfo, or null (the tools' default: yes)
 */
record DiagConfig(String ca, Integer port, Duration timeout, Long mKey, Long saKey, Boolean mlxEpi) {
    /** Where infiniband-diags looks for it, under {@code /etc}. */
    static final String DEFAULT = "infiniband-diags/ibdiag.conf";
    static final DiagConfig NONE = new DiagConfig(null, null, null, null, null, null);

    /**
     * The file {@code -z} named ({@code explicit}: what cannot be read or parsed is bad usage naming it and its
     * line), or the default one (a line it cannot parse is a warning on {@code err}, and skipped).
     */
    static DiagConfig read(Path file, boolean explicit, PrintWriter err) {
        if (!explicit && !Files.isRegularFile(file)) {
            return NONE;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            if (explicit) {
                throw NamedFiles.unreadable("-z", file, e);
            }
            err.println("umad: warning: cannot read " + file + " (" + Errors.describe(e) + "): its defaults are not used");
            return NONE;
        }
        DiagConfig config = NONE;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                config = config.with(line);
            } catch (IllegalArgumentException e) {
                String why = file + " line " + (i + 1) + ": " + e.getMessage();
                if (explicit) {
                    throw new UsageException("-z: " + why);
                }
                err.println("umad: warning: " + why + "; the line is skipped");
            }
        }
        return config;
    }

    private DiagConfig with(String line) {
        int eq = line.indexOf('=');
        if (eq < 0) {
            throw new IllegalArgumentException("not name=value: " + line);
        }
        String name = line.substring(0, eq).strip();
        String value = line.substring(eq + 1).strip();
        return switch (name) {
            case "CA" -> new DiagConfig(value, port, timeout, mKey, saKey, mlxEpi);
            case "Port" -> new DiagConfig(ca, Values.integer(value), timeout, mKey, saKey, mlxEpi);
            case "timeout" -> new DiagConfig(ca, port, Durations.millis(value, TransportOptions.MAX_MAD_TIMEOUT_MS), mKey,
                    saKey, mlxEpi);
            // A key's text is not echoed in errors: it may be a mistyped secret.
            case "m_key" -> new DiagConfig(ca, port, timeout, TransportOptions.key(value), saKey, mlxEpi);
            case "sa_key" -> new DiagConfig(ca, port, timeout, mKey, TransportOptions.key(value), mlxEpi);
            case "MLX_EPI" -> new DiagConfig(ca, port, timeout, mKey, saKey,
                    value.startsWith("true") || value.startsWith("TRUE"));
            case "nd_format" -> this;
            default -> throw new IllegalArgumentException("unknown name " + name);
        };
    }
}
