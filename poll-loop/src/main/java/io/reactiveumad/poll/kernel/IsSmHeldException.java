package io.reactiveumad.poll.kernel;

import io.reactiveumad.poll.Errors;
import io.reactiveumad.mad.NativeIoException;

/** Another process holds the port's IsSM bit (opening {@code issmN} without waiting got EAGAIN). */
public class IsSmHeldException extends NativeIoException {
    private static final long serialVersionUID = 1L;

    public IsSmHeldException(String path) {
        super("open " + path, Errors.EAGAIN, "IsSM already held by another process");
    }
}
