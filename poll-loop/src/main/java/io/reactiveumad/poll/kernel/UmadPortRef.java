package io.reactiveumad.poll.kernel;

import java.util.Objects;

/**
 * One umad device as sysfs lists it: {@code class/infiniband_mad/umad<index>} serves port
 * {@code port} of CA {@code ibdev}; its files are {@code umad<index>} and {@code issm<index>}.
 */
public record UmadPortRef(int index, String ibdev, int port) {
    public UmadPortRef {
        if (index < 0) {
            throw new IllegalArgumentException("umad index must not be negative: " + index);
        }
        Objects.requireNonNull(ibdev, "ibdev");
        if (port < 1) {
            throw new IllegalArgumentException("port numbers start at 1: " + port);
        }
    }

    /** {@code umad<index>}: the MAD device file name. */
    public String umadName() {
        return "umad" + index;
    }

    /** {@code issm<index>}: the IsSM device file name. */
    public String issmName() {
        return "issm" + index;
    }

    @Override
    public String toString() {
        return umadName() + " (" + ibdev + " port " + port + ")";
    }
}
