package io.reactiveumad.poll.kernel;

import io.reactiveumad.mad.UmadException;

/** A sysfs attribute is missing, unreadable or not what the kernel ABI promises; the message names the file. */
public class SysfsException extends UmadException {
    private static final long serialVersionUID = 1L;

    public SysfsException(String message) {
        super(message);
    }

    public SysfsException(String message, Throwable cause) {
        super(message, cause);
    }
}
