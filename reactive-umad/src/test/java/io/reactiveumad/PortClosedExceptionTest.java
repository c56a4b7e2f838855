package io.reactiveumad;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.mad.NativeIoException;
import org.junit.jupiter.api.Test;
import reactor.core.Exceptions;

class PortClosedExceptionTest {

    @Test
    void endsThePortOnlyForTheClosedPortAndItsDeviceGoneEvenWrappedByReactor() {
        DeviceGoneException gone = new DeviceGoneException("ibsim@x", 104, "ibsim went away");
        PortClosedException closed = new PortClosedException("port h1:1 is closed", gone);
        assertThat(PortClosedException.endsThePort(closed)).isTrue();
        assertThat(PortClosedException.endsThePort(gone)).isTrue();
        assertThat(PortClosedException.endsThePort(Exceptions.propagate(closed))).isTrue();
        // One request's failure is not the port's.
        assertThat(PortClosedException.endsThePort(new NativeIoException("write", 22, "Invalid argument"))).isFalse();
        assertThat(PortClosedException.endsThePort(new IllegalStateException("closed"))).isFalse();
    }
}
