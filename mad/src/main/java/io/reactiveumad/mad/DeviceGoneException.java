package io.reactiveumad.mad;

/** The device behind a channel went away (EPOLLERR/EPOLLHUP, EIO, ENODEV): nothing more can be read or sent. */
public class DeviceGoneException extends NativeIoException {
    private static final long serialVersionUID = 1L;

    public DeviceGoneException(String device, int errno, String description) {
        super(device, errno, "device gone: " + description);
    }
}
