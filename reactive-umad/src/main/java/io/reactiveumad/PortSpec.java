package io.reactiveumad;

/**
 * Names one local port: a CA (device) and a port number on it, e.g. {@code mlx5_0:1}. Port 0 is a
 * switch's management port, where a managed switch's umad device lives (the kernel transport opens it
 * only on a switch). For ibsim the device is the simulated node name ({@code SIM_HOST}); for the
 * embedded fabric, a node of the fabric.
 */
public record PortSpec(String device, int port) {
    public PortSpec {
        if (device == null || device.isBlank()) {
            throw new IllegalArgumentException("device must be named");
        }
        if (port < 0 || port > 254) {
            throw new IllegalArgumentException("port must be 0 (a switch's) or 1..254: " + port);
        }
    }

    /** Parses {@code device:port}, or {@code device} alone for port 1. */
    public static PortSpec parse(String text) {
        int colon = text.lastIndexOf(':');
        if (colon < 0) {
            return new PortSpec(text, 1);
        }
        try {
            return new PortSpec(text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a port spec (device:port): " + text, e);
        }
    }

    @Override
    public String toString() {
        return device + ":" + port;
    }
}
