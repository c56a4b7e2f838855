package io.reactiveumad.poll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.mad.NativeIoException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class FileDescriptorTest {
    private static final int ENOENT = 2;

    @Test
    void closeIsIdempotent() {
        FileDescriptor[] pipe = FileDescriptor.pipe();
        assertThat(ProcFds.isOpen(pipe[0].intValue())).isTrue();

        pipe[0].close();
        pipe[0].close();
        pipe[1].close();

        assertThat(pipe[0].isOpen()).isFalse();
        assertThat(ProcFds.isOpen(pipe[0].intValue())).isFalse();
        assertThat(ProcFds.isOpen(pipe[1].intValue())).isFalse();
    }

    @Test
    void ioOnAClosedDescriptorIsEbadfNotAnotherFile() {
        FileDescriptor[] pipe = FileDescriptor.pipe();
        pipe[0].close();
        pipe[1].close();

        assertThatThrownBy(() -> pipe[0].read(ByteBuffer.allocateDirect(8)))
                .isInstanceOf(NativeIoException.class)
                .satisfies(e -> assertThat(((NativeIoException) e).errno()).isEqualTo(Errors.EBADF));
    }

    @Test
    void anEmptyNonBlockingReadIsAgainNotAnException() {
        FileDescriptor[] pipe = FileDescriptor.pipe();
        try {
            assertThat(pipe[0].read(ByteBuffer.allocateDirect(8))).isEqualTo(FileDescriptor.AGAIN);
        } finally {
            pipe[0].close();
            pipe[1].close();
        }
    }

    @Test
    void readAndWriteMoveTheBufferPositions() {
        FileDescriptor[] pair = FileDescriptor.socketPair(true);
        try {
            ByteBuffer out = ByteBuffer.allocateDirect(8).put(new byte[] {1, 2, 3}).flip();
            ByteBuffer in = ByteBuffer.allocateDirect(8).position(2);

            assertThat(pair[0].write(out)).isEqualTo(3);
            assertThat(out.position()).isEqualTo(3);
            assertThat(pair[1].read(in)).isEqualTo(3);
            assertThat(in.position()).isEqualTo(5);
            assertThat(in.get(2)).isEqualTo((byte) 1);
            assertThat(in.get(4)).isEqualTo((byte) 3);
        } finally {
            pair[0].close();
            pair[1].close();
        }
    }

    @Test
    void aFailedOpenNamesThePathAndKeepsTheErrno() {
        assertThatThrownBy(() -> FileDescriptor.openReadWrite("/nonexistent/umad0", true))
                .isInstanceOf(NativeIoException.class)
                .hasMessageContaining("/nonexistent/umad0")
                .hasMessageContaining("No such file")
                .satisfies(e -> assertThat(((NativeIoException) e).errno()).isEqualTo(ENOENT));
    }

    @Test
    void eioAndEnodevMeanTheDeviceIsGone() {
        assertThat(Errors.newException("read", Errors.EIO)).isInstanceOf(DeviceGoneException.class);
        assertThat(Errors.newException("read", Errors.ENODEV)).isInstanceOf(DeviceGoneException.class);
        assertThat(Errors.newException("read", Errors.EINVAL)).isNotInstanceOf(DeviceGoneException.class);
    }
}
