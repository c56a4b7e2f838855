package io.reactiveumad.kernelvm.guest;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAddress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the kernel VM's /init sets up, as the in-VM tests see it: the Soft-RoCE device {@code rxe0} on
 * {@code dummy0}, port 1, with its umad device, and a second one, {@code rxe1} on {@code dummy1}. The classes of this package run only inside the VM
 * ({@code KernelVmIT} launches them; the host's surefire and failsafe runs exclude the package).
 */
public final class InVm {
    public static final String DEVICE = "rxe0";
    /** The second device, which only SeveralDevicesTest uses (and deletes). */
    public static final String SECOND_DEVICE = "rxe1";
    public static final int PORT = 1;
    public static final Path UMAD_CLASS = Path.of("/sys/class/infiniband_mad");
    public static final Path PORT_DIR = Path.of("/sys/class/infiniband", DEVICE, "ports", Integer.toString(PORT));

    private InVm() {
    }

    /** Hop limit of our GRHs; any value above 1 reaches our own port. */
    private static final int HOP_LIMIT = 64;

    /** The port's GID 0 (link-local, from the dummy netdev's MAC), as sysfs shows it. */
    public static Gid gid0() {
        return gid0(DEVICE);
    }

    /** GID 0 of port 1 of {@code device}. */
    public static Gid gid0(String device) {
        Path portDir = Path.of("/sys/class/infiniband", device, "ports", Integer.toString(PORT));
        String[] words = sysfs(portDir.resolve("gids/0")).split(":");
        long prefix = 0;
        long guid = 0;
        for (int i = 0; i < 4; i++) {
            prefix = prefix << 16 | Long.parseLong(words[i], 16);
            guid = guid << 16 | Long.parseLong(words[i + 4], 16);
        }
        return new Gid(prefix, guid);
    }

    /**
     * Our own port on QP1: on RoCE there is no LID, so MADs carry a GRH from source GID index 0 to the
     * port's GID 0.
     */
    public static MadAddress selfGsi() {
        return selfGsi(DEVICE);
    }

    /** As {@link #selfGsi()}, for port 1 of {@code device}. */
    public static MadAddress selfGsi(String device) {
        return MadAddress.gsi(0).withGrh(new MadAddress.Grh(gid0(device), 0, HOP_LIMIT, 0, 0));
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
