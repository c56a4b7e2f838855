package io.reactiveumad.poll.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.poll.Errors;
import io.reactiveumad.poll.ProcFds;
import io.reactiveumad.mad.NativeIoException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IsSmTest {
    @TempDir
    Path dir;

    @Test
    void aHeldBitFailsAtOnceWithATypedErrorWhenNotWaiting() {
        UmadHost host = host((path, nonBlocking) -> {
            throw Errors.newException("open " + path, Errors.EAGAIN);
        });

        assertThatThrownBy(() -> host.acquireIsSm(new UmadPortRef(1, "mlx5_0", 2, "issm1"), false))
                .isInstanceOf(IsSmHeldException.class)
                .hasMessageContaining("issm1")
                .hasMessageContaining("already held");
    }

    @Test
    void waitingOpensBlockingAndNotWaitingOpensNonBlocking() {
        List<String> opens = new CopyOnWriteArrayList<>();
        UmadHost host = host((path, nonBlocking) -> {
            opens.add(Path.of(path).getFileName() + (nonBlocking ? " O_NONBLOCK" : ""));
            return DeviceFile.Opener.KERNEL.open(path, nonBlocking);
        });
        UmadPortRef port = new UmadPortRef(0, "mlx5_0", 1, "issm0");

        host.acquireIsSm(port, true).close();
        host.acquireIsSm(port, false).close();

        assertThat(opens).containsExactly("issm0", "issm0 O_NONBLOCK");
    }

    @Test
    void closingTheHandleClosesTheFileOnce() {
        List<DeviceFile> files = new CopyOnWriteArrayList<>();
        UmadHost host = host((path, nonBlocking) -> {
            DeviceFile file = DeviceFile.Opener.KERNEL.open(path, nonBlocking);
            files.add(file);
            return file;
        });

        IsSm issm = host.acquireIsSm(new UmadPortRef(0, "mlx5_0", 1, "issm0"), false);
        int fd = files.get(0).fd();
        assertThat(ProcFds.isOpen(fd)).isTrue();
        issm.close();
        issm.close();

        assertThat(ProcFds.isOpen(fd)).isFalse();
    }

    @Test
    void otherOpenFailuresKeepTheirErrno() {
        UmadHost host = host(DeviceFile.Opener.KERNEL);

        assertThatThrownBy(() -> host.acquireIsSm(new UmadPortRef(9, "mlx5_0", 1, "issm9"), false))
                .isInstanceOf(NativeIoException.class)
                .isNotInstanceOf(IsSmHeldException.class)
                .hasMessageContaining("issm9");
    }

    private UmadHost host(DeviceFile.Opener opener) {
        try {
            Files.createFile(dir.resolve("issm0"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return new UmadHost(new UmadSysfs(dir.resolve("sys")), dir, opener);
    }
}
