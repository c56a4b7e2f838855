package io.reactiveumad.test.ibsim;

import io.reactiveumad.test.Peers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the real peers live: the ibsim binary, the umad2sim preload library, OpenSM and the
 * infiniband-diags tools (Debian packages ibsim-utils, libumad2sim0, opensm, infiniband-diags).
 * A test that needs them calls {@link #require()}: with {@code -Dumad.requirePeers=true} (CI) a missing
 * peer fails the test, otherwise it is skipped.
 */
public final class IbsimInstallation {
    /** Debian's path; override with {@code -Dumad.umad2sim=...}. */
    public static final String DEFAULT_UMAD2SIM = "/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so";
    static final List<String> TOOLS = List.of("ibsim", "opensm", "smpquery", "saquery", "perfquery", "ibnetdiscover");

    private IbsimInstallation() {
    }

    /** Where Debian's ibsim-utils puts the example net files; override with {@code -Dumad.ibsimExamples=...}. */
    public static final String DEFAULT_EXAMPLES = "/usr/share/doc/ibsim-utils/net-examples";

    /**
     * One of the example net files ibsim ships ({@code net}, {@code net.1}, {@code net.2sw2path},
     * {@code net.2sw2path4hca}, {@code net.2sw2path4hca2port}). Missing examples count as a missing peer.
     */
    public static Path exampleNet(String name) {
        Path file = Path.of(System.getProperty("umad.ibsimExamples", DEFAULT_EXAMPLES), name);
        if (!Files.isReadable(file)) {
            fail("ibsim example net file missing: " + file + " (package ibsim-utils)");
        }
        return file;
    }

    /** The umad2sim library to LD_PRELOAD. */
    public static Path umad2sim() {
        return Path.of(System.getProperty("umad.umad2sim", DEFAULT_UMAD2SIM));
    }

    /** Absolute path of {@code tool} on PATH (plus /usr/sbin, /sbin), or null. */
    public static Path find(String tool) {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(":")));
        dirs.addAll(List.of("/usr/sbin", "/sbin", "/usr/bin"));
        for (String dir : dirs) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, tool);
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }

    /** What is missing, empty when everything is installed. */
    public static List<String> missing() {
        List<String> missing = new ArrayList<>();
        for (String tool : TOOLS) {
            if (find(tool) == null) {
                missing.add(tool);
            }
        }
        if (!Files.isReadable(umad2sim())) {
            missing.add(umad2sim().toString());
        }
        return missing;
    }

    /** Fails (CI: {@code umad.requirePeers=true}) or skips the calling test unless everything is installed. */
    public static void require() {
        List<String> missing = missing();
        if (missing.isEmpty()) {
            return;
        }
        fail("ibsim peers missing: " + missing);
    }

    /** Fails (CI) or skips the calling test unless {@code present}; {@code what} names the missing peer. */
    public static void require(boolean present, String what) {
        if (!present) {
            fail(what + " missing");
        }
    }

    private static void fail(String what) {
        Peers.missing(what + " (install ibsim-utils libumad2sim0 opensm infiniband-diags, e.g. via ./test.sh as root)");
    }
}
