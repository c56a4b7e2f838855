package io.reactiveumad.poll.kernel;

import io.reactiveumad.poll.PollLoop;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a host's umad devices are: the sysfs tree that describes them, the directory holding
 * {@code umadN}/{@code issmN}, and how those files are opened. {@link #system()} is the real machine;
 * tests point all three elsewhere.
 */
public final class UmadHost {
    public static final Path DEFAULT_DEVICE_DIR = Path.of("/dev/infiniband");

    private final UmadSysfs sysfs;
    private final Path deviceDir;
    private final DeviceFile.Opener opener;

    public UmadHost(UmadSysfs sysfs, Path deviceDir, DeviceFile.Opener opener) {
        this.sysfs = Objects.requireNonNull(sysfs, "sysfs");
        this.deviceDir = Objects.requireNonNull(deviceDir, "deviceDir");
        this.opener = Objects.requireNonNull(opener, "opener");
    }

    /** {@code /sys}, {@code /dev/infiniband}, real system calls. */
    public static UmadHost system() {
        return new UmadHost(UmadSysfs.system(), DEFAULT_DEVICE_DIR, DeviceFile.Opener.KERNEL);
    }

    public UmadSysfs sysfs() {
        return sysfs;
    }

    /**
     * Checks the ABI version and opens {@code umadN} non-blocking for {@code port}, served by
     * {@code loop}. Any thread; nothing is registered with the loop until {@link UmadChannel#start}.
     */
    public UmadChannel openChannel(PollLoop loop, UmadPortRef port) {
        return openChannel(loop, port, () -> { });
    }

    /** As {@link #openChannel(PollLoop, UmadPortRef)}; {@code onClosed} runs once the channel has closed its fd. */
    public UmadChannel openChannel(PollLoop loop, UmadPortRef port, Runnable onClosed) {
        sysfs.checkAbiVersion();
        String path = deviceDir.resolve(port.umadName()).toString();
        return new UmadChannel(loop, sysfs, port, opener.open(path, true), UmadIoctl.current(), onClosed);
    }

    /** Takes the port's IsSM bit; see {@link IsSm#acquire}. */
    public IsSm acquireIsSm(UmadPortRef port, boolean wait) {
        return IsSm.acquire(deviceDir.resolve(port.issmName()).toString(), wait, opener);
    }
}
