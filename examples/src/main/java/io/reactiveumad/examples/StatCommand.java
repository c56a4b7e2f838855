package io.reactiveumad.examples;

import io.reactiveumad.NoSuchPortException;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.service.FabricJson;
import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.spi.channel.PortAttributes;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The local devices and their ports as ibstat prints them, from what the host says of them (sysfs on the kernel)
 * without sending a MAD. On ibsim the attached node is the device, as umad2sim shows it to ibstat.
 */
final class StatCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(StatCommand.class, "stat",
            "The local devices and their ports (as ibstat): type, firmware, GUIDs, and each port's state, rate, LIDs, "
                    + "capability mask and link layer, read from sysfs on the kernel without sending a MAD.");

    /** ibstat's words for NodeType 1..4, PortState 0..4 and PortPhysicalState 0..7; "???" past them. */
    private static final String[] NODE_TYPES = {"???", "CA", "Switch", "Router", "iWARP RNIC"};
    private static final String[] STATES = {"???", "Down", "Initializing", "Armed", "Active"};
    private static final String[] PHYSICAL_STATES = {"No state change", "Sleep", "Polling", "Disabled",
            "PortConfigurationTraining", "LinkUp", "LinkErrorRecovery", "PhyTest"};

    private String ca;
    private Integer portNumber;
    private boolean listOnly;
    private boolean shortFormat;
    private boolean portGuids;
    private boolean json;

    StatCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        d.parameter("CA").optional().help("Only this device (default: every one).").to(Values::text, v -> ca = v);
        d.parameter("PORT").optional().help("Only this port of the device.").to(Values.between(0, 254), v -> portNumber = v);
        d.flag("-l", "--list_of_cas").help("Only the devices' names (as ibstat -l).").to(() -> listOnly = true);
        d.flag("-s", "--short").help("The devices without their ports (as ibstat -s).").to(() -> shortFormat = true);
        d.flag("-p", "--port_list").help("Only the port GUIDs (as ibstat -p).").to(() -> portGuids = true);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        List<DeviceAttributes> devices = transport.devices(err());
        if (ca != null) {
            devices = List.of(transport.named(devices, ca));
        }
        // ibstat's precedence: -p, then -l, then -s; a port is shown alone only without them.
        PortAttributes alone = null;
        // PORT comes after CA: with it, devices is the one CA named.
        if (portNumber != null && !portGuids && !listOnly && !shortFormat) {
            DeviceAttributes device = devices.get(0);
            alone = port(device, portNumber, nodeType(device));
        }
        if (json) {
            out().println(Json.pretty(json(devices, alone)));
            return 0;
        }
        PrintWriter out = out();
        for (DeviceAttributes device : devices) {
            if (portGuids) {
                device.ports().stream().filter(p -> p.portGuid() != 0)
                        .forEach(p -> out.printf("0x%016x%n", p.portGuid()));
            } else if (listOnly) {
                out.println(device.name());
            } else if (alone != null) {
                out.printf("%s: '%s'%n", nodeType(device), device.name());
                printPort(out, alone, "", "");
            } else {
                printDevice(out, device);
                for (PortAttributes port : shortFormat ? List.<PortAttributes>of() : device.ports()) {
                    printPort(out, port, "\t", "\t\t");
                }
            }
        }
        return 0;
    }

    /** Port {@code number} of {@code device}; none is an error naming the device as {@code kind} and its ports. */
    static PortAttributes port(DeviceAttributes device, int number, String kind) {
        return device.ports().stream().filter(p -> p.port() == number).findFirst()
                .orElseThrow(() -> new NoSuchPortException(String.format(Locale.ROOT, "%s '%s' has no port %d (ports: %s)",
                        kind, device.name(), number, device.ports().stream().map(PortAttributes::port).toList())));
    }

    private static void printDevice(PrintWriter out, DeviceAttributes device) {
        String type = nodeType(device);
        out.printf("%s '%s'%n", type, device.name());
        out.printf("\t%s type: %s%n", type, device.type());
        out.printf("\tNumber of ports: %d%n", device.portCount());
        out.printf("\tFirmware version: %s%n", device.firmwareVersion());
        out.printf("\tHardware version: %s%n", device.hardwareVersion());
        out.printf("\tNode GUID: 0x%016x%n", device.nodeGuid());
        out.printf("\tSystem image GUID: 0x%016x%n", device.systemImageGuid());
    }

    private static void printPort(PrintWriter out, PortAttributes port, String header, String line) {
        out.printf("%sPort %d:%n", header, port.port());
        out.printf("%sState: %s%n", line, word(STATES, port.state()));
        out.printf("%sPhysical state: %s%n", line, word(PHYSICAL_STATES, port.physState()));
        out.printf("%sRate: %s%n", line, rate(port.rate()));
        out.printf("%sBase lid: %d%n", line, port.lid());
        out.printf("%sLMC: %d%n", line, port.lmc());
        out.printf("%sSM lid: %d%n", line, port.smLid());
        out.printf("%sCapability mask: 0x%08x%n", line, port.capabilityMask());
        out.printf("%sPort GUID: 0x%016x%n", line, port.portGuid());
        out.printf("%sLink layer: %s%n", line, port.linkLayer());
    }

    /**
     * The rate as ibstat prints sysfs's: its whole Gb/s ("2.5" for 1X SDR's 2), with "(FDR10)" where the speed says
     * so.
     */
    static String rate(String sysfs) {
        int digits = 0;
        while (digits < sysfs.length() && Character.isDigit(sysfs.charAt(digits))) {
            digits++;
        }
        int gbps = digits == 0 ? 0 : Integer.parseInt(sysfs.substring(0, digits));
        int close = sysfs.indexOf(')');
        if (close >= 5 && sysfs.substring(close - 5, close).equalsIgnoreCase("fdr10")) {
            return gbps + " (FDR10)";
        }
        return gbps == 2 ? "2.5" : Integer.toString(gbps);
    }

    private static String nodeType(DeviceAttributes device) {
        return word(NODE_TYPES, device.nodeType());
    }

    private static String word(String[] words, int value) {
        return value >= 0 && value < words.length ? words[value] : "???";
    }

    private static Object json(List<DeviceAttributes> devices, PortAttributes alone) {
        List<Object> out = new ArrayList<>();
        for (DeviceAttributes device : devices) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("name", device.name());
            d.put("nodeType", nodeType(device));
            d.put("type", device.type());
            d.put("portCount", device.portCount());
            d.put("firmwareVersion", device.firmwareVersion());
            d.put("hardwareVersion", device.hardwareVersion());
            d.put("nodeGuid", FabricJson.hex(device.nodeGuid()));
            d.put("systemImageGuid", FabricJson.hex(device.systemImageGuid()));
            List<Object> ports = new ArrayList<>();
            for (PortAttributes port : alone != null ? List.of(alone) : device.ports()) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("port", port.port());
                p.put("state", word(STATES, port.state()));
                p.put("physicalState", word(PHYSICAL_STATES, port.physState()));
                p.put("rate", port.rate());
                p.put("baseLid", port.lid());
                p.put("lmc", port.lmc());
                p.put("smLid", port.smLid());
                p.put("smSl", port.smSl());
                p.put("capabilityMask", String.format("0x%08x", port.capabilityMask()));
                p.put("portGuid", FabricJson.hex(port.portGuid()));
                p.put("linkLayer", port.linkLayer());
                ports.add(p);
            }
            d.put("ports", ports);
            out.add(d);
        }
        return out;
    }
}
