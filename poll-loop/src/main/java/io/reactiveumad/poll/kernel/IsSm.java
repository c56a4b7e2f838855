package io.reactiveumad.poll.kernel;

import io.reactiveumad.poll.Errors;
import io.reactiveumad.mad.NativeIoException;
import java.util.Objects;

/**
 * The port's IsSM capability bit, held while this handle is open: the kernel sets the bit when
 * {@code issmN} is opened and clears it when the file is closed, which is how an SM announces itself.
 * Only one holder per port.
 */
public final class IsSm implements AutoCloseable {
    private final String path;
    private final DeviceFile file;

    private IsSm(String path, DeviceFile file) {
        this.path = path;
        this.file = file;
    }

    /**
     * Opens {@code path}. With {@code wait} the open blocks in the kernel until the current holder
     * lets go (do not call it on a loop thread); without, a held bit fails at once with
     * {@link IsSmHeldException}.
     */
    public static IsSm acquire(String path, boolean wait, DeviceFile.Opener opener) {
        Objects.requireNonNull(path, "path");
        try {
            return new IsSm(path, opener.open(path, !wait));
        } catch (NativeIoException e) {
            if (e.errno() == Errors.EAGAIN) {
                throw new IsSmHeldException(path);
            }
            throw e;
        }
    }

    public String path() {
        return path;
    }

    /** Clears the IsSM bit. Idempotent. */
    @Override
    public void close() {
        file.close();
    }

    @Override
    public String toString() {
        return "IsSM " + path;
    }
}
