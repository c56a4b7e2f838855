package io.reactiveumad.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Side-by-side request/response on a real kernel: boots the kernel-vm module's Soft-RoCE VM
 * ({@code kernel-vm/vm/run-in-vm.sh}) and, inside it, runs the C libibumad client and {@link MadRoundTrips}
 * (over {@code KernelTransport}) against the same responder on the same port: {@code mad_roundtrips -S},
 * serving vendor class 0x30 Gets that the clients send on QP1 to the port's own GID (RoCE has no LIDs and
 * no SMA, so there is no SMP to time). Best of {@code --runs} runs per window; prints a table with the
 * Java/C ratios. Started by {@code benchmarks/vm-roundtrips.sh}.
 *
 * <p>Arguments: {@code --c-client PATH}, {@code --run-in-vm PATH}, {@code --count N} (5 000: the VM is
 * emulated, one vCPU under TCG), {@code --runs R} (2), {@code --windows 1,32}.
 */
public final class VmRoundTripsComparison {
    private static final Duration VM_LIMIT = Duration.ofMinutes(15);

    private VmRoundTripsComparison() {
    }

    public static void main(String[] args) {
        String cClient = null;
        String runInVm = null;
        int count = 5_000;
        int runs = 2;
        List<Integer> windows = List.of(1, 32);
        for (int i = 0; i + 1 < args.length; i += 2) {
            String value = args[i + 1];
            switch (args[i]) {
                case "--c-client" -> cClient = Path.of(value).toAbsolutePath().toString();
                case "--run-in-vm" -> runInVm = Path.of(value).toAbsolutePath().toString();
                case "--count" -> count = Integer.parseInt(value);
                case "--runs" -> runs = Integer.parseInt(value);
                case "--windows" -> windows = IbsimRoundTripsComparison.parseWindows(value);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (cClient == null || runInVm == null || args.length % 2 != 0) {
            throw new IllegalArgumentException("usage: VmRoundTripsComparison --c-client PATH --run-in-vm PATH [--count N] "
                    + "[--runs R] [--windows 1,32]");
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        String classPath = absolute(System.getProperty("java.class.path"));
        StringBuilder script = new StringBuilder("""
                set -eu
                out=$(mktemp -d)
                "$C" -S -C rxe0 -P 1 >"$out/responder" 2>&1 &
                responder=$!
                trap 'kill $responder' EXIT
                until grep -q serving "$out/responder"; do
                    kill -0 $responder 2>/dev/null || { cat "$out/responder" >&2; exit 1; }
                    sleep 0.1
                done
                """);
        for (int window : windows) {
            script.append(String.format(Locale.ROOT, """
                    "$C" -C rxe0 -P 1 -g -w %1$d -n %2$d -r %3$d
                    "$JAVA" -cp "$CP" %4$s --transport kernel --device rxe0 --own-gid --window %1$d --count %2$d --runs %3$d
                    """, window, count, runs, MadRoundTrips.class.getName()));
        }
        ChildProcess run = ChildProcess.run(new ProcessBuilder(runInVm, "-t", Long.toString(VM_LIMIT.toSeconds()),
                "-e", "C=" + cClient, "-e", "JAVA=" + java, "-e", "CP=" + classPath, "--", "bash", "-c", script.toString()),
                VM_LIMIT.plusMinutes(1));
        System.out.printf(Locale.ROOT, "kernel VM (qemu TCG, 1 vCPU, Soft-RoCE rxe0): vendor Gets on QP1 to the port's own GID, "
                + "answered by the C responder; %d round trips, best of %d%n%n", count, runs);
        System.out.println("| outstanding | C libibumad | reactive-umad | Java/C |");
        System.out.println("|---|---|---|---|");
        for (int window : windows) {
            System.out.println(RoundTripRuns.row(window, RoundTripRuns.best(run, "c", window, count),
                    RoundTripRuns.best(run, "java", window, count)));
        }
    }

    /** The class path with every entry absolute, for a JVM started in the VM from another directory. */
    private static String absolute(String classPath) {
        return String.join(":", java.util.Arrays.stream(classPath.split(":"))
                .map(entry -> Path.of(entry).toAbsolutePath().toString()).toList());
    }
}
