package io.reactiveumad.test.kernelvm;

import io.reactiveumad.test.Peers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The host side of the kernel-vm module's {@code vm/run-in-vm.sh}: tells whether this machine can boot the Soft-RoCE
 * VM, and runs one command in it with a wall-clock limit. The script enforces the limit on qemu; this class adds a
 * grace period and then kills the whole process tree, so a stuck VM cannot hang the build. kernel-vm runs the library's
 * conformance suite with it, the examples module the CLI.
 */
public final class KernelVm {
    /** Exit status the script uses when the limit killed the VM. */
    public static final int EXIT_TIMED_OUT = 124;
    private static final Duration GRACE = Duration.ofSeconds(60);

    private final Path scripts;
    private final Path bootFiles;

    /**
     * @param scripts   the {@code vm} directory holding the scripts
     * @param bootFiles where the initramfs and kernel are built and cached
     */
    public KernelVm(Path scripts, Path bootFiles) {
        this.scripts = scripts;
        this.bootFiles = bootFiles;
    }

    /** The outcome of one boot: the command's exit status and its merged stdout/stderr (with the script's). */
    public record Result(int exitStatus, String output) {
    }

    /** Fails (CI: {@code umad.requirePeers=true}) or skips the calling test unless the VM can run here. */
    public static void require() {
        missingPrerequisite().ifPresent(why -> Peers.missing("the kernel VM cannot run: " + why));
    }

    /** Why the VM cannot run here, or empty when qemu, a kernel with rdma_rxe and busybox are installed. */
    public static Optional<String> missingPrerequisite() {
        if (onPath("qemu-system-x86_64").isEmpty()) {
            return Optional.of("qemu-system-x86_64 is not installed (apt-get install qemu-system-x86)");
        }
        if (onPath("busybox").isEmpty()) {
            return Optional.of("busybox is not installed (apt-get install busybox-static)");
        }
        if (!hasKernelWithRxe()) {
            return Optional.of("no /boot/vmlinuz-* with an rdma_rxe module (apt-get install linux-image-amd64)");
        }
        return Optional.empty();
    }

    /**
     * Boots, runs {@code command} chrooted into this machine's root with {@code workDir} as working
     * directory and {@code writable} shared read-write, and returns once the VM is gone. The output is
     * also kept in {@code log}.
     */
    public Result run(List<String> command, Path workDir, List<Path> writable, Duration limit, Path log)
            throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of(scripts.resolve("run-in-vm.sh").toString(),
                "-t", Long.toString(limit.toSeconds()), "-o", bootFiles.toString(), "-C", workDir.toString()));
        for (Path dir : writable) {
            argv.add("-w");
            argv.add(dir.toString());
        }
        argv.add("--");
        argv.addAll(command);
        Files.createDirectories(log.getParent());
        Process vm = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!vm.waitFor(limit.plus(GRACE).toMillis(), TimeUnit.MILLISECONDS)) {
            vm.descendants().forEach(ProcessHandle::destroyForcibly);
            vm.destroyForcibly().waitFor();
            return new Result(EXIT_TIMED_OUT, Files.readString(log) + "\n(killed after " + limit.plus(GRACE) + ")");
        }
        return new Result(vm.exitValue(), Files.readString(log));
    }

    private static Optional<Path> onPath(String program) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .filter(dir -> !dir.isEmpty())
                .map(dir -> Path.of(dir, program))
                .filter(Files::isExecutable)
                .findFirst();
    }

    private static boolean hasKernelWithRxe() {
        try (Stream<Path> versions = Files.list(Path.of("/lib/modules"))) {
            return versions.anyMatch(dir -> Files.isReadable(Path.of("/boot/vmlinuz-" + dir.getFileName()))
                    && containsRxe(dir.resolve("kernel/drivers/infiniband/sw/rxe")));
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean containsRxe(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().startsWith("rdma_rxe.ko"));
        } catch (IOException e) {
            return false;
        }
    }
}
