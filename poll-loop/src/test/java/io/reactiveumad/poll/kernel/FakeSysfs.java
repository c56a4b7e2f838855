package io.reactiveumad.poll.kernel;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Builds a sysfs tree the way the kernel lays it out: two CAs ({@code mlx5_0}, {@code mlx5_1}) with two
 * ports each, served by umad0..umad3, their IsSM devices issm0..issm3 (each with its own {@code ibdev}
 * and {@code port}). Port n of device d has LID {@code 0x10 * (d + 1) + n}. {@link #buildSwitch}: a
 * managed switch, whose one umad device serves its port 0.
 */
final class FakeSysfs {
    static final String[] DEVICES = {"mlx5_0", "mlx5_1"};
    static final int PORTS = 2;
    static final int GIDS = 4;

    private FakeSysfs() {
    }

    static Path build(Path root) {
        write(root.resolve("class/infiniband_mad/abi_version"), "5");
        int umad = 0;
        for (int d = 0; d < DEVICES.length; d++) {
            String dev = DEVICES[d];
            Path device = root.resolve("class/infiniband").resolve(dev);
            write(device.resolve("node_guid"), String.format("0002:c903:0000:%04x", 0x1000 + d));
            write(device.resolve("sys_image_guid"), "0002:c903:0000:1000");
            write(device.resolve("node_type"), "1: CA");
            write(device.resolve("fw_ver"), "20.28.1002");
            write(device.resolve("hw_rev"), "0x" + d);
            if (d == 0) { // mlx5_1 has no hca_type, as rxe has none
                write(device.resolve("hca_type"), "MT4123");
            }
            for (int port = 1; port <= PORTS; port++) {
                madDevices(root, umad, dev, port);
                portAttributes(device, d, port);
                umad++;
            }
        }
        return root;
    }

    /** A managed switch {@code sw0}: umad0 and issm0 serve its port 0, the port with its LID. */
    static Path buildSwitch(Path root) {
        write(root.resolve("class/infiniband_mad/abi_version"), "5");
        Path device = root.resolve("class/infiniband/sw0");
        write(device.resolve("node_guid"), "0002:c903:0000:2000");
        write(device.resolve("sys_image_guid"), "0002:c903:0000:2000");
        write(device.resolve("node_type"), "2: switch");
        madDevices(root, 0, "sw0", 0);
        portAttributes(device, 0, 0);
        return root;
    }

    /** umadN and issmN for {@code dev} port {@code port}, each naming them, as the kernel creates them. */
    static void madDevices(Path root, int index, String dev, int port) {
        for (String kind : new String[] {"umad", "issm"}) {
            Path mad = root.resolve("class/infiniband_mad/" + kind + index);
            write(mad.resolve("ibdev"), dev);
            write(mad.resolve("port"), Integer.toString(port));
        }
    }

    private static void portAttributes(Path device, int d, int port) {
        Path p = device.resolve("ports").resolve(Integer.toString(port));
        write(p.resolve("lid"), String.format("0x%x", lid(d, port)));
        write(p.resolve("lid_mask_count"), "0");
        write(p.resolve("sm_lid"), "0x1");
        write(p.resolve("sm_sl"), "0");
        write(p.resolve("state"), port <= 1 ? "4: ACTIVE" : "1: DOWN");
        write(p.resolve("phys_state"), port <= 1 ? "5: LinkUp" : "2: Polling");
        write(p.resolve("link_layer"), "InfiniBand");
        write(p.resolve("rate"), "100 Gb/sec (4X EDR)");
        write(p.resolve("cap_mask"), "0x2651e848");
        write(p.resolve("gids/0"), String.format("fe80:0000:0000:0000:0002:c903:%04x:%04x", d, port));
        for (int g = 1; g < GIDS; g++) {
            write(p.resolve("gids/" + g), "0000:0000:0000:0000:0000:0000:0000:0000");
        }
        write(p.resolve("pkeys/0"), "0xffff");
        write(p.resolve("pkeys/1"), "0x8001");
    }

    static int lid(int device, int port) {
        return 0x10 * (device + 1) + port;
    }

    static void write(Path file, String content) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, content + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
