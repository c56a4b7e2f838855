package io.reactiveumad.client;

import io.reactiveumad.mad.UmadException;

/** The target's ClassPortInfo says it cannot do what was asked (e.g. PortCountersExtended, AllPortSelect). */
public class UnsupportedCapabilityException extends UmadException {
    private static final long serialVersionUID = 1L;

    public UnsupportedCapabilityException(String message) {
        super(message);
    }
}
