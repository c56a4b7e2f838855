package io.reactiveumad.poll.kernel;

import java.util.Objects;

/**
 * One umad device as sysfs lists it: {@code class/infiniband_mad/umad<index>} serves port {@code port}
 * of CA {@code ibdev}, and {@code issmName} is the IsSM device sysfs names for the same CA port. Port 0
 * is a switch's: a switch's umad device serves its management port 0 ({@link UmadSysfs#ports} accepts
 * it only where the device is a switch).
 */
public record UmadPortRef(int index, String ibdev, int port, String issmName) {
    public UmadPortRef {
        if (index < 0) {
            throw new IllegalArgumentException("umad index must not be negative: " + index);
        }
        Objects.requireNonNull(ibdev, "ibdev");
        if (port < 0) {
            throw new IllegalArgumentException("port numbers are 0 (a switch's) or from 1: " + port);
        }
        Objects.requireNonNull(issmName, "issmName");
    }

    /** {@code umad<index>}: the MAD device file name. */
    public String umadName() {
        return "umad" + index;
    }

    @Override
    public String toString() {
        return umadName() + " (" + ibdev + " port " + port + ")";
    }
}
