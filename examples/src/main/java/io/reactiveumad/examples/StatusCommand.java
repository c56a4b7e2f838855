package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.spi.channel.PortAttributes;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The local ports as ibstatus prints them: each port's GID 0, LIDs, states, rate and link layer in the words of the
 * kernel's sysfs files (which ibstatus prints as they are), from {@code Transport.devices()}.
 */
final class StatusCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(StatusCommand.class, "status",
            "The local ports' GID, LIDs, states, rate and link layer (as ibstatus), without sending a MAD.");

    /** The kernel's sysfs words for PortState 0..5 and PortPhysicalState 0..7 (drivers/infiniband/core/sysfs.c). */
    private static final String[] STATES = {"NOP", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER"};
    private static final String[] PHYSICAL_STATES = {"<unknown>", "Sleep", "Polling", "Disabled",
        "PortConfigurationTraining", "LinkUp", "LinkErrorRecovery", "Phy Test"};

    private List<String> named = List.of();

    StatusCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        d.parameter("DEVICE[:PORT]").optional().help("Only these devices, or these ports of them (default: every port "
                + "of every device).").toList(Values::text, v -> named = List.copyOf(v));
    }

    @Override
    public Integer call() {
        List<DeviceAttributes> devices = transport.devices(err());
        List<PortAttributes> shown = new ArrayList<>();
        if (named.isEmpty()) {
            devices.forEach(d -> shown.addAll(d.ports()));
        }
        for (String name : named) {
            int colon = name.lastIndexOf(':');
            DeviceAttributes device = transport.named(devices, colon < 0 ? name : name.substring(0, colon));
            if (colon < 0) {
                shown.addAll(device.ports());
                continue;
            }
            int number = FabricCommand.value("DEVICE:PORT '" + name + "'",
                    () -> Values.between(0, 254).convert(name.substring(colon + 1)));
            shown.add(StatCommand.port(device, number, "device"));
        }
        PrintWriter out = out();
        for (PortAttributes port : shown) {
            out.printf("Infiniband device '%s' port %d status:%n", port.device(), port.port());
            out.printf("\tdefault gid:\t %s%n", port.gids().isEmpty() ? "unknown" : sysfsGid(port.gids().get(0)));
            out.printf("\tbase lid:\t 0x%x%n", port.lid());
            out.printf("\tsm lid:\t\t 0x%x%n", port.smLid());
            out.printf("\tstate:\t\t %d: %s%n", port.state(), word(STATES, port.state(), "UNKNOWN"));
            out.printf("\tphys state:\t %d: %s%n", port.physState(), word(PHYSICAL_STATES, port.physState(), "<unknown>"));
            out.printf("\trate:\t\t %s%n", port.rate());
            out.printf("\tlink_layer:\t %s%n%n", port.linkLayer());
        }
        return 0;
    }

    /** A GID as sysfs writes it: eight groups of four hex digits. */
    private static String sysfsGid(Gid gid) {
        StringBuilder text = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            long half = i < 4 ? gid.prefix() : gid.guid();
            text.append(i == 0 ? "" : ":").append(String.format("%04x", (half >>> (48 - 16 * (i % 4))) & 0xFFFF));
        }
        return text.toString();
    }

    private static String word(String[] words, int value, String unknown) {
        return value >= 0 && value < words.length ? words[value] : unknown;
    }
}
