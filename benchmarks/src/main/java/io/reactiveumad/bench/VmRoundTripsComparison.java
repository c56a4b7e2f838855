package io.reactiveumad.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Side-by-side request/response on a real kernel: boots the kernel-vm module's Soft-RoCE VM
 * ({@code kernel-vm/vm/run-in-vm.sh}) and, inside it, runs the C libibumad client and {@link MadRoundTrips}
 * (over {@code KernelTransport}) against the same responder on the same port: {@code mad_roundtrips -S},
 * serving vendor class 0x30 Gets that the clients send on QP1 to the port's own GID (RoCE has no LIDs and
 * no SMA, so there is no SMP to time). Started by {@code benchmarks/vm-roundtrips.sh}.
 *
 * <p>Each client runs {@code --runs} times {@code --count} round trips per window, in one process. Java's
 * first run is reported alone as "cold": it is what a user's fresh JVM gets, JIT compilation included (under
 * qemu TCG that is most of it). The best of its later runs is "warm", the steady state. C has no warm-up:
 * its best run. Beside the rates, each client's CPU time and context switches per round trip (its own
 * process; the responder's are the same for both), which a loaded host moves far less than the rates.
 *
 * <p>Arguments: {@code --c-client PATH}, {@code --run-in-vm PATH}, {@code --count N} (5 000: the VM is
 * emulated, one vCPU under TCG), {@code --runs R} (3: one cold, two warm), {@code --windows 1,32}, and
 * {@code --java-option OPT} (repeatable: given to the Java client's JVM alone; none by default, as the figures quote).
 */
public final class VmRoundTripsComparison {
    private static final Duration VM_LIMIT = Duration.ofMinutes(15);

    private VmRoundTripsComparison() {
    }

    public static void main(String[] args) {
        String cClient = null;
        String runInVm = null;
        int count = 5_000;
        int runs = 3;
        List<Integer> windows = List.of(1, 32);
        List<String> javaOptions = new java.util.ArrayList<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            String value = args[i + 1];
            switch (args[i]) {
                case "--c-client" -> cClient = Path.of(value).toAbsolutePath().toString();
                case "--run-in-vm" -> runInVm = Path.of(value).toAbsolutePath().toString();
                case "--count" -> count = Integer.parseInt(value);
                case "--runs" -> runs = Integer.parseInt(value);
                case "--windows" -> windows = IbsimRoundTripsComparison.parseWindows(value);
                case "--java-option" -> javaOptions.add(value);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (cClient == null || runInVm == null || args.length % 2 != 0) {
            throw new IllegalArgumentException("usage: VmRoundTripsComparison --c-client PATH --run-in-vm PATH [--count N] "
                    + "[--runs R] [--windows 1,32] [--java-option OPT]...");
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        String classPath = absolute(System.getProperty("java.class.path"));
        StringBuilder script = new StringBuilder("""
                set -eu
                echo "guest: $(uname -r), $(nproc) vCPU, clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
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
                    "$JAVA" %5$s -cp "$CP" %4$s --transport kernel --device rxe0 --own-gid --window %1$d --count %2$d --runs %3$d
                    """, window, count, runs, MadRoundTrips.class.getName(), String.join(" ", javaOptions)));
        }
        String loadBefore = hostLoad();
        ChildProcess run = ChildProcess.run(new ProcessBuilder(runInVm, "-t", Long.toString(VM_LIMIT.toSeconds()),
                "-e", "C=" + cClient, "-e", "JAVA=" + java, "-e", "CP=" + classPath, "--", "bash", "-c", script.toString()),
                VM_LIMIT.plusMinutes(1));
        String guest = run.stdout().lines().filter(line -> line.startsWith("guest: ")).findFirst().orElse("guest: ?");
        System.out.printf(Locale.ROOT, "kernel VM (qemu TCG, Soft-RoCE rxe0; %s): vendor Gets on QP1 to the port's own GID, "
                + "answered by the C responder; %d round trips per run, %d runs per client and window%s; "
                + "host load average %s before, %s after%n%n", guest, count, runs,
                javaOptions.isEmpty() ? "" : "; Java started with " + String.join(" ", javaOptions), loadBefore, hostLoad());
        System.out.println("| outstanding | C libibumad (best run) | reactive-umad cold (first run) | Java/C cold "
                + "| reactive-umad warm (best later run) | Java/C warm |");
        System.out.println("|---|---|---|---|---|---|");
        StringBuilder usage = new StringBuilder();
        for (int window : windows) {
            RoundTripRuns.Run c = RoundTripRuns.best(RoundTripRuns.runs(run, "c", window, count));
            List<RoundTripRuns.Run> javaRuns = RoundTripRuns.runs(run, "java", window, count);
            RoundTripRuns.Run cold = javaRuns.get(0);
            RoundTripRuns.Run warm = javaRuns.size() > 1 ? RoundTripRuns.best(javaRuns.subList(1, javaRuns.size())) : null;
            System.out.printf(Locale.ROOT, "| %d | %.2f k/s | %.2f k/s | %.2fx | %s | %s |%n", window, c.rate() / 1000,
                    cold.rate() / 1000, cold.rate() / c.rate(), warm == null ? "-" : String.format(Locale.ROOT, "%.2f k/s",
                            warm.rate() / 1000), warm == null ? "-" : String.format(Locale.ROOT, "%.2fx", warm.rate() / c.rate()));
            usage.append(String.format(Locale.ROOT, "| %d | %s | %s | %s |%n", window, c.usage(), cold.usage(),
                    warm == null ? "-" : warm.usage()));
        }
        System.out.println();
        System.out.println("Per round trip, the client process's CPU time (of which the JVM's own threads: JIT, GC) and context switches:");
        System.out.println();
        System.out.println("| outstanding | C libibumad | reactive-umad cold | reactive-umad warm |");
        System.out.println("|---|---|---|---|");
        System.out.print(usage);
    }

    /** The host's 1-minute load average: the VM's one vCPU gets what the host's other work leaves. */
    private static String hostLoad() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** The class path with every entry absolute, for a JVM started in the VM from another directory. */
    private static String absolute(String classPath) {
        return String.join(":", java.util.Arrays.stream(classPath.split(":"))
                .map(entry -> Path.of(entry).toAbsolutePath().toString()).toList());
    }
}
