package io.reactiveumad.spi.channel;

import java.util.List;

/**
 * A local device (a channel adapter, a switch's management port or a router) and its ports, as the host describes
 * it without sending a MAD: sysfs on the kernel (what ibstat prints), the attached node for ibsim, the fabric's
 * model for the embedded transport.
 *
 * @param name            the device's name, e.g. {@code mlx5_0}, {@code rxe0}, or the simulated node's name
 * @param nodeType        IBA NodeType: 1 CA, 2 switch, 3 router
 * @param type            the device's model as the driver names it (sysfs {@code hca_type}, e.g. {@code MT4123}),
 *                        empty where there is none
 * @param firmwareVersion sysfs {@code fw_ver}, empty where there is none
 * @param hardwareVersion sysfs {@code hw_rev}, empty where there is none
 * @param nodeGuid        the node GUID
 * @param systemImageGuid the system image GUID
 * @param ports           its ports in port-number order (a switch's is port 0)
 */
public record DeviceAttributes(String name, int nodeType, String type, String firmwareVersion, String hardwareVersion,
                               long nodeGuid, long systemImageGuid, List<PortAttributes> ports) {
    public DeviceAttributes {
        ports = List.copyOf(ports);
    }

    /** The highest port number: what ibstat calls the number of ports (a switch's management port alone: 0). */
    public int portCount() {
        return ports.stream().mapToInt(PortAttributes::port).max().orElse(0);
    }
}
