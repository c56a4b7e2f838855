package io.reactiveumad.poll;

import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.mad.NativeIoException;

/**
 * The one place errno becomes a {@link NativeIoException}: errno values the module reacts to, and the
 * cached strerror text. ENODEV and EIO mean the device is gone and become {@link DeviceGoneException}.
 */
public final class Errors {
    public static final int EINTR = 4;
    public static final int EIO = 5;
    public static final int EBADF = 9;
    public static final int EAGAIN = 11;
    public static final int ENOMEM = 12;
    public static final int ENODEV = 19;
    public static final int EINVAL = 22;
    public static final int ENOTTY = 25;
    public static final int ENOSPC = 28;
    public static final int EPROTONOSUPPORT = 93;
    public static final int EADDRINUSE = 98;
    public static final int ECONNRESET = 104;
    public static final int ENOTCONN = 107;
    public static final int ETIMEDOUT = 110;
    public static final int ECONNREFUSED = 111;

    private static final int CACHED = 256;
    private static final String[] DESCRIPTIONS = new String[CACHED];

    private Errors() {
    }

    /** The exception for {@code syscall} failing with {@code errno}; a {@link DeviceGoneException} for EIO/ENODEV. */
    public static NativeIoException newException(String syscall, int errno) {
        String description = describe(errno);
        if (errno == EIO || errno == ENODEV) {
            return new DeviceGoneException(syscall, errno, description);
        }
        return new NativeIoException(syscall, errno, description);
    }

    /** Returns {@link LibC#AGAIN} for EAGAIN, throws for anything else. */
    static int againOrThrow(String syscall, int errno) {
        if (errno == EAGAIN) {
            return LibC.AGAIN;
        }
        throw newException(syscall, errno);
    }

    /** strerror text, cached so the hot error paths don't cross into native code twice. */
    public static String describe(int errno) {
        if (errno < 0 || errno >= CACHED) {
            return LibC.strerror(errno);
        }
        String cached = DESCRIPTIONS[errno];
        if (cached == null) {
            // A benign race: two threads may both fill the slot with the same text.
            cached = LibC.strerror(errno);
            DESCRIPTIONS[errno] = cached;
        }
        return cached;
    }
}
