package io.reactiveumad.kernelvm.guest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the kernel VM's /init sets up, as the in-VM tests see it: the Soft-RoCE device {@code rxe0} on
 * {@code dummy0}, port 1, with its umad device. The classes of this package run only inside the VM
 * ({@code KernelVmIT} launches them; the host's surefire and failsafe runs exclude the package).
 */
public final class InVm {
    public static final String DEVICE = "rxe0";
    public static final int PORT = 1;
    public static final Path UMAD_CLASS = Path.of("/sys/class/infiniband_mad");
    public static final Path PORT_DIR = Path.of("/sys/class/infiniband", DEVICE, "ports", Integer.toString(PORT));

    private InVm() {
    }

    /** One sysfs attribute, trimmed. */
    public static String sysfs(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
