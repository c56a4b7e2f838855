package io.reactiveumad.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * This JVM's CPU time and context switches at one moment, so a run can report them per round trip the way
 * {@code mad_roundtrips.c} does with getrusage: CPU and switches are what the load on a shared machine
 * barely moves, where the rate is wall-clock.
 *
 * @param cpuNanos the process's CPU time (user + system), every thread
 * @param javaThreadsCpuNanos the CPU time of the live Java threads; the rest of {@code cpuNanos} is the JVM's
 *     own threads (JIT compilers, GC, the VM thread), which {@code ThreadMXBean} does not list
 * @param switches voluntary + involuntary context switches of the live threads ({@code /proc/self/task})
 */
record ProcessUsage(long cpuNanos, long javaThreadsCpuNanos, long switches) {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    static ProcessUsage now() {
        long javaThreads = Arrays.stream(THREADS.getThreadCpuTime(THREADS.getAllThreadIds())).filter(t -> t > 0).sum();
        return new ProcessUsage(OS.getProcessCpuTime(), javaThreads, contextSwitches());
    }

    /** The fields a run line carries after its rate: {@code cpu_us=… jvm_us=… switches=…} per operation since {@code start}. */
    String perOperationSince(ProcessUsage start, long operations) {
        long cpu = cpuNanos - start.cpuNanos;
        long jvm = cpu - (javaThreadsCpuNanos - start.javaThreadsCpuNanos);
        return String.format(Locale.ROOT, "cpu_us=%.1f jvm_us=%.1f switches=%.2f", cpu / 1e3 / operations,
                Math.max(0, jvm) / 1e3 / operations, (double) (switches - start.switches) / operations);
    }

    private static long contextSwitches() {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            return tasks.mapToLong(ProcessUsage::contextSwitches).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long contextSwitches(Path task) {
        try {
            return Files.readAllLines(task.resolve("status")).stream().filter(line -> line.contains("ctxt_switches:"))
                    .mapToLong(line -> Long.parseLong(line.substring(line.indexOf(':') + 1).strip())).sum();
        } catch (NoSuchFileException ended) {
            return 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
