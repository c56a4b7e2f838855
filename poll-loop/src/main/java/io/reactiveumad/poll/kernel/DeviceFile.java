package io.reactiveumad.poll.kernel;

import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.poll.FileDescriptor;
import java.nio.ByteBuffer;

/**
 * The system calls made on an opened device file (umadN, issmN): the seam where tests stand in a
 * socketpair and emulate the kernel's ioctls. Semantics are {@link FileDescriptor}'s: direct buffers,
 * {@link FileDescriptor#AGAIN} when a non-blocking call would block, {@code NativeIoException} otherwise.
 */
public interface DeviceFile extends AutoCloseable {

    /** The number to register with a {@code PollLoop}. */
    int fd();

    int read(ByteBuffer dst);

    int write(ByteBuffer src);

    int ioctl(long request, ByteBuffer arg);

    /** Idempotent. */
    @Override
    void close();

    /** Opens device files. */
    @FunctionalInterface
    interface Opener {
        /** The real thing: {@code open(path, O_RDWR | O_CLOEXEC [| O_NONBLOCK])}. */
        Opener KERNEL = (path, nonBlocking) -> of(FileDescriptor.openReadWrite(path, nonBlocking));

        DeviceFile open(String path, boolean nonBlocking);
    }

    /** A device file that is exactly {@code fd}. */
    static DeviceFile of(FileDescriptor fd) {
        return new DeviceFile() {
            @Override
            public int fd() {
                return fd.intValue();
            }

            @Override
            public int read(ByteBuffer dst) {
                return fd.read(dst);
            }

            @Override
            public int write(ByteBuffer src) {
                return fd.write(src);
            }

            @Override
            public int ioctl(long request, ByteBuffer arg) {
                return fd.ioctl(request, arg);
            }

            @Override
            public void close() {
                fd.close();
            }

            @Override
            public String toString() {
                return fd.toString();
            }
        };
    }
}
