package io.reactiveumad;

import io.reactiveumad.mad.UmadException;

/**
 * A transport has no port by that name: an unknown device or node, a port number the device does not
 * have, a switch where a CA port is needed, or no port at all. Every transport fails this way for a port
 * it cannot name, so a wrong {@link PortSpec} reads the same on the kernel and the embedded fabric; the
 * message names what was asked for.
 */
public final class NoSuchPortException extends UmadException {
    private static final long serialVersionUID = 1L;

    public NoSuchPortException(String message) {
        super(message);
    }
}
