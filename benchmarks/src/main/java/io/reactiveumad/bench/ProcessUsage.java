package io.reactiveumad.bench;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Locale;

/**
 * This JVM's CPU time and context switches at one moment, so a run can report them per round trip the way
 * {@code mad_roundtrips.c} does with getrusage: CPU and switches are what the load on a shared machine
 * barely moves, where the rate is wall-clock.
 *
 * @param cpuNanos the process's CPU time (user + system), every thread
 * @param javaThreadsCpuNanos the CPU time of the live Java threads; the rest of {@code cpuNanos} is the JVM's
 *     own threads (JIT compilers, GC, the VM thread), which {@code ThreadMXBean} does not list
 * @param switches voluntary + involuntary context switches of the process (getrusage)
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

    /**
     * getrusage(RUSAGE_SELF)'s voluntary and involuntary switches, as the C client counts them. Reading every
     * thread's {@code /proc/self/task/N/status} instead cost the run C2 time of its own: the line reader it
     * used was compiled (~50 ms of the compiler thread) while the first runs were measured.
     */
    private static long contextSwitches() {
        byte[] usage = new byte[RUSAGE_SIZE];
        if (Rusage.getrusage(RUSAGE_SELF, usage) != 0) {
            throw new IllegalStateException("getrusage failed: errno " + com.sun.jna.Native.getLastError());
        }
        ByteBuffer fields = ByteBuffer.wrap(usage).order(ByteOrder.nativeOrder());
        return fields.getLong(RU_NVCSW) + fields.getLong(RU_NIVCSW);
    }

    private static final int RUSAGE_SELF = 0;
    /** struct rusage on 64-bit Linux: two timevals, then fourteen longs, ru_nvcsw and ru_nivcsw the last two. */
    private static final int RUSAGE_SIZE = 144;
    private static final int RU_NVCSW = 128;
    private static final int RU_NIVCSW = 136;

    private static final class Rusage {
        static {
            com.sun.jna.Native.register(Rusage.class, com.sun.jna.Platform.C_LIBRARY_NAME);
        }

        static native int getrusage(int who, byte[] usage);
    }
}
