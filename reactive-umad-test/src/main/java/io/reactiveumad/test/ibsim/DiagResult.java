package io.reactiveumad.test.ibsim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a diag tool printed. {@link #fields()} reads the dotted {@code Name:.......value} lines that
 * smpquery and perfquery print, and the {@code name....value} lines of a saquery record dump.
 *
 * @param command  the command line run
 * @param exitCode the tool's exit status
 * @param stdout   standard output
 * @param stderr   standard error
 */
public record DiagResult(List<String> command, int exitCode, String stdout, String stderr) {
    private static final Pattern FIELD = Pattern.compile("^\\s*([^.:#\\s][^.:]*?):?\\.{2,}(.*)$");

    /** Fails with the tool's output unless it exited with 0. */
    public DiagResult requireSuccess() {
        if (exitCode != 0) {
            throw new AssertionError(String.join(" ", command) + " exited with " + exitCode + "\nstdout:\n" + stdout
                    + "\nstderr:\n" + stderr);
        }
        return this;
    }

    /** {@code Name → value} for every dotted line of the output, in order; the first of a repeated name wins. */
    public Map<String, String> fields() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : stdout.split("\n")) {
            Matcher m = FIELD.matcher(line);
            if (m.matches()) {
                out.putIfAbsent(m.group(1).trim(), m.group(2).trim());
            }
        }
        return out;
    }

    /**
     * The records of a saquery dump, in order: each {@code <Name> dump:} line opens one, and its
     * {@code name....value} lines are its fields. Empty when the tool printed no record.
     */
    public List<Map<String, String>> records() {
        List<Map<String, String>> records = new ArrayList<>();
        for (String line : stdout.split("\n")) {
            if (line.endsWith(" dump:")) {
                records.add(new LinkedHashMap<>());
                continue;
            }
            Matcher m = FIELD.matcher(line);
            if (m.matches() && !records.isEmpty()) {
                records.get(records.size() - 1).putIfAbsent(m.group(1).trim(), m.group(2).trim());
            }
        }
        return records;
    }

    /** One field, failing clearly when the tool did not print it. */
    public String field(String name) {
        String value = fields().get(name);
        if (value == null) {
            throw new AssertionError(String.join(" ", command) + " printed no field " + name + ":\n" + stdout);
        }
        return value;
    }

    /** A numeric field (decimal, or hex with 0x). */
    public long number(String name) {
        String value = field(name).split("\\s+")[0];
        return value.startsWith("0x") || value.startsWith("0X") ? Long.parseUnsignedLong(value.substring(2), 16)
                : Long.parseLong(value);
    }
}
