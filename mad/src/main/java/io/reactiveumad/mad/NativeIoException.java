package io.reactiveumad.mad;

/**
 * A system call failed: which call, and the errno it set. The one error type errno becomes.
 * A {@link UmadException}, so it travels through Reactor signals and the loop without wrapping.
 */
public class NativeIoException extends UmadException {
    private static final long serialVersionUID = 1L;

    private final String syscall;
    private final int errno;

    public NativeIoException(String syscall, int errno, String description) {
        super(syscall + " failed: " + description + " (errno " + errno + ")");
        this.syscall = syscall;
        this.errno = errno;
    }

    public String syscall() {
        return syscall;
    }

    public int errno() {
        return errno;
    }
}
