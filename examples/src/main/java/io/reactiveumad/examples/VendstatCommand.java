package io.reactiveumad.examples;

import io.reactiveumad.client.MlnxClient;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.mlnx.ConfigSpaceAccess;
import io.reactiveumad.mad.mlnx.CounterGroupConfig;
import io.reactiveumad.mad.mlnx.CounterGroupInfo;
import io.reactiveumad.mad.mlnx.GeneralInfo;
import io.reactiveumad.spi.channel.PortAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Mellanox device's vendor-class attributes as vendstat reads and sets them (class 0x0A): -N the device's versions,
 * -w an InfiniScale III's PortXmitWait counters, -i a switch port's counter groups, -c what they count, -R and -W words
 * of the configuration space. The LID (with -G the port GUID) names the device, the local port's when none is given;
 * PORT is the port of -i and -c (the local port's number when no LID is given, as vendstat takes it).
 *
 * <p>On ibsim the master SM's LID is refused ({@link Connection#refuseSmNodeOnIbsim}).
 *
 * <p>vendstat does one of -i, -c, -R/-W, -N/-w, the first of these its options name, and ignores the others; here
 * options of two of these are refused. vendstat ends with status 0 when a counter group or config space request
 * fails; here such a failure is an error (status 1).
 */
final class VendstatCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(VendstatCommand.class, "vendstat",
            "A Mellanox device's vendor-class attributes (as vendstat): -N its hardware, firmware and software "
                    + "versions, -w an InfiniScale III's PortXmitWait counters, -i and -c a switch port's counter "
                    + "groups, -R and -W words of its configuration space.");

    private boolean generalInfo;
    private boolean xmitWait;
    private boolean counterGroupInfo;
    private String configure;
    private List<String> reads = List.of();
    private List<String> writes = List.of();
    private String destination;
    private Integer portNumber;
    private boolean byGuid;
    private boolean json;

    VendstatCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareSmPort(d);
        d.flag("-N", "--N").help("The device's hardware, firmware and software versions (GeneralInfo).")
                .to(() -> generalInfo = true);
        d.flag("-w", "--w").help("An InfiniScale III's PortXmitWait counters, the ports whose counter is not 0, read "
                + "from its configuration space.").to(() -> xmitWait = true);
        d.flag("-i", "--i").help("How many counter groups PORT has and the counters each can count.")
                .to(() -> counterGroupInfo = true);
        d.option("-c", "--c").label("G0,G1").help("Set what PORT's counter groups 0 and 1 count, e.g. 0,1 for "
                + "PortXmitDataSL or 2,8 for PortRcvDataSL.").to(Values::text, v -> configure = v);
        d.option("-R", "--Read").label("ADDR[,MASK]").help("Read the configuration space word at ADDR, the bits of "
                + "MASK (hex; default every bit); up to " + ConfigSpaceAccess.MAX_RECORDS + ", repeatable.")
                .toList(Values::text, v -> reads = v);
        d.option("-W", "--Write").label("ADDR,VALUE[,MASK]").help("Write VALUE to the configuration space word at "
                + "ADDR, the bits of MASK (hex; default every bit); up to " + ConfigSpaceAccess.MAX_RECORDS
                + ", repeatable.").toList(Values::text, v -> writes = v);
        d.parameter("LID|GUID").optional().help("The device: its LID, with -G its port GUID (default: the local "
                + "port).").to(Values::text, v -> destination = v);
        d.parameter("PORT").optional().help("The port of -i and -c (default: 0; the local port's number when no LID "
                + "is given).").to(Values.between(0, 254), v -> portNumber = v);
        d.flag("-G", "--Guid").help("LID|GUID is a port GUID, resolved to its LID through the SA.")
                .to(() -> byGuid = true);
        d.flag("-L", "--Lid").help("LID|GUID is a LID (the default).").to(() -> byGuid = false);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        boolean configSpace = !reads.isEmpty() || !writes.isEmpty();
        boolean versions = generalInfo || xmitWait;
        int queries = (counterGroupInfo ? 1 : 0) + (configure != null ? 1 : 0) + (configSpace ? 1 : 0) + (versions ? 1 : 0);
        if (queries == 0) {
            throw new UsageException("give what to ask: -N or -w, -i, -c G0,G1, or -R/-W");
        }
        if (queries > 1) {
            throw new UsageException("-i, -c, -R/-W and -N/-w are separate requests: give one of them");
        }
        CounterGroupConfig groups = configure == null ? null : value("-c", () -> groups(configure));
        List<ConfigSpaceAccess.Entry> read = value("-R", () -> records(reads, false));
        List<ConfigSpaceAccess.Entry> write = value("-W", () -> records(writes, true));
        Long guid = byGuid && destination != null ? value("-G", () -> Guids.parse(destination)) : null;
        Integer namedLid = destination != null && !byGuid ? value("LID", () -> Lids.unicast(destination)) : null;
        try (Connection connection = transport.connect(err())) {
            // Without a destination vendstat asks its own port's LID.
            PortAttributes self = destination == null ? connection.withOwnLid("no LID of its own to ask its device at")
                    : connection.port().attributes();
            int lid = namedLid != null ? namedLid : guid != null
                    ? await(transport.lidOf(connection.port(), guid), "the LID of port GUID " + destination)
                    : self.lid();
            connection.refuseSmNodeOnIbsim(lid, "a Get of Mellanox's vendor class");
            int port = portNumber != null ? portNumber : destination == null ? self.port() : 0;
            MlnxClient mlnx = MlnxClient.of(connection.port());
            try {
                if (counterGroupInfo) {
                    counterGroupInfo(mlnx, lid, port);
                } else if (groups != null) {
                    configure(mlnx, lid, port, groups);
                } else if (configSpace) {
                    configSpace(mlnx, lid, read, write);
                } else {
                    versions(mlnx, lid, connection.kind() == TransportKind.IBSIM);
                }
            } finally {
                mlnx.dispose();
            }
        }
        return 0;
    }

    private void counterGroupInfo(MlnxClient mlnx, int lid, int port) {
        CounterGroupInfo info = await(mlnx.counterGroupInfo(lid, port), "CounterGroupInfo of lid " + lid + " port " + port);
        if (json) {
            List<String> masks = new ArrayList<>();
            for (int g = 0; g < Math.min(info.groups(), CounterGroupInfo.GROUPS); g++) {
                masks.add(hex(info.mask(g)));
            }
            Map<String, Object> out = document(lid);
            out.put("port", port);
            out.put("groups", info.groups());
            out.put("masks", masks);
            print(out);
            return;
        }
        StringBuilder text = new StringBuilder("counter_group_info:\n").append(info.groups()).append(" counter groups\n");
        for (int g = 0; g < info.groups(); g++) {
            // vendstat reads a mask past the two the attribute has as 0, and prints 0 without its 0x.
            long mask = g < CounterGroupInfo.GROUPS ? info.mask(g) : 0;
            text.append("group").append(g).append(" mask ").append(mask == 0 ? "0" : "0x" + Long.toHexString(mask))
                    .append('\n');
        }
        out().print(text);
    }

    private void configure(MlnxClient mlnx, int lid, int port, CounterGroupConfig groups) {
        if (!json) {
            // vendstat says what it sets before it asks.
            out().printf("counter_groups_config: configuring group0 %d group1 %d%n", groups.group0Select(),
                    groups.group1Select());
            out().flush();
        }
        String what = "ConfigCounterGroup of lid " + lid + " port " + port;
        await(mlnx.setCounterGroupConfig(lid, port, groups), "setting " + what);
        CounterGroupConfig now = await(mlnx.counterGroupConfig(lid, port), what);
        if (json) {
            Map<String, Object> out = document(lid);
            out.put("port", port);
            out.put("group0Select", now.group0Select());
            out.put("group1Select", now.group1Select());
            print(out);
        }
    }

    private void configSpace(MlnxClient mlnx, int lid, List<ConfigSpaceAccess.Entry> read,
                             List<ConfigSpaceAccess.Entry> write) {
        List<ConfigSpaceAccess.Entry> wasRead = read.isEmpty() ? List.of()
                : await(mlnx.readConfigSpace(lid, read), "reading the config space of lid " + lid);
        if (!json) {
            printRecords(wasRead);
        }
        List<ConfigSpaceAccess.Entry> written = write.isEmpty() ? List.of()
                : await(mlnx.writeConfigSpace(lid, write), "writing the config space of lid " + lid);
        if (!json) {
            printRecords(written);
            return;
        }
        Map<String, Object> out = document(lid);
        out.put("read", recordsDocument(wasRead));
        out.put("written", recordsDocument(written));
        print(out);
    }

    /** -N and -w; {@code simulated}: on ibsim, whose nodes, Mellanox's or not, have no agent of the class. */
    private void versions(MlnxClient mlnx, int lid, boolean simulated) {
        // vendstat asks the ClassPortInfo first, which every agent of the class must answer: a node that answers it
        // "unsupported" has no agent of the class (its kernel's answer), which is what a device of another vendor says.
        try {
            await(mlnx.classPortInfo(lid), "ClassPortInfo of lid " + lid + " (Mellanox's vendor class 0x0a)");
        } catch (MadStatusException e) {
            if (e.status() != MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE) {
                throw e;
            }
            throw new IllegalStateException(String.format("lid %d has no agent of Mellanox's vendor class 0x0a (its "
                    + "ClassPortInfo Get was answered status 0x%04x, unsupported): %s", lid, e.status(),
                    simulated ? "ibsim's nodes have none" : "not a Mellanox device"), e);
        }
        GeneralInfo info = await(mlnx.generalInfo(lid), "GeneralInfo of lid " + lid);
        List<MlnxClient.XmitWait> waits = List.of();
        if (xmitWait) {
            if (info.deviceId() != GeneralInfo.INFINISCALE_III) {
                if (generalInfo && !json) {
                    out().print(generalInfoText(info));
                    out().flush();
                }
                throw new IllegalStateException(String.format("lid %d: unsupported device ID 0x%x (-w reads an "
                        + "InfiniScale III's, 0x%x)", lid, info.deviceId(), GeneralInfo.INFINISCALE_III));
            }
            waits = await(mlnx.portXmitWait(lid), "PortXmitWait of lid " + lid);
        }
        if (json) {
            Map<String, Object> out = document(lid);
            if (generalInfo) {
                out.put("generalInfo", generalInfoDocument(info));
            }
            if (xmitWait) {
                List<Object> ports = new ArrayList<>();
                for (MlnxClient.XmitWait w : waits) {
                    Map<String, Object> word = new LinkedHashMap<>();
                    word.put("unit", w.unit());
                    word.put("port", w.port());
                    word.put("portXmitWait", w.count());
                    ports.add(word);
                }
                out.put("portXmitWait", ports);
            }
            print(out);
            return;
        }
        StringBuilder text = new StringBuilder(generalInfo ? generalInfoText(info) : "");
        for (MlnxClient.XmitWait w : waits) {
            if (w.count() != 0) {
                text.append("Port ").append(w.port()).append(": PortXmitWait 0x").append(Long.toHexString(w.count()))
                        .append('\n');
            }
        }
        out().print(text);
    }

    /** vendstat -N's lines; its numbers printed as C prints a 32-bit field with %d. */
    static String generalInfoText(GeneralInfo info) {
        GeneralInfo.Version fw = info.firmware();
        GeneralInfo.Version sw = info.software();
        return String.format("hw_dev_rev:  0x%04x%nhw_dev_id:   0x%04x%nhw_uptime:   0x%08x%nfw_version:  %02d.%02d.%02d%n"
                        + "fw_build_id: 0x%04x%nfw_date:     %s%nfw_psid:     '%s'%nfw_ini_ver:  %d%n"
                        + "sw_version:  %02d.%02d.%02d%n", info.hwRevision(), info.deviceId(), info.uptime(),
                (int) fw.major(), (int) fw.minor(), (int) fw.subMinor(), info.firmwareBuildId(), info.firmwareDate(),
                info.psid(), (int) info.iniFileVersion(), (int) sw.major(), (int) sw.minor(), (int) sw.subMinor());
    }

    private static Map<String, Object> generalInfoDocument(GeneralInfo info) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("hwRevision", String.format("0x%04x", info.hwRevision()));
        out.put("deviceId", String.format("0x%04x", info.deviceId()));
        out.put("uptime", info.uptime());
        out.put("firmware", info.firmware().toString());
        out.put("firmwareBuildId", hex(info.firmwareBuildId()));
        out.put("firmwareDate", info.firmwareDate().toString());
        out.put("psid", info.psid());
        out.put("iniFileVersion", info.iniFileVersion());
        out.put("software", info.software().toString());
        return out;
    }

    private void printRecords(List<ConfigSpaceAccess.Entry> records) {
        StringBuilder text = new StringBuilder();
        for (ConfigSpaceAccess.Entry r : records) {
            text.append("Config space record at 0x").append(Long.toHexString(r.address())).append(": 0x")
                    .append(Long.toHexString(r.value())).append('\n');
        }
        out().print(text);
    }

    private static List<Object> recordsDocument(List<ConfigSpaceAccess.Entry> records) {
        List<Object> out = new ArrayList<>();
        for (ConfigSpaceAccess.Entry r : records) {
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("address", hex(r.address()));
            record.put("value", hex(r.value()));
            record.put("mask", hex(r.mask()));
            out.add(record);
        }
        return out;
    }

    private Map<String, Object> document(int lid) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("lid", lid);
        return out;
    }

    private void print(Map<String, Object> document) {
        out().print(Json.pretty(document) + "\n");
    }

    private static String hex(long value) {
        return "0x" + Long.toHexString(value);
    }

    /** -c's "G0,G1", as vendstat reads it. */
    private static CounterGroupConfig groups(String text) {
        String[] parts = text.split(",", -1);
        if (parts.length != 2) {
            throw new IllegalArgumentException("give the two groups' selections as G0,G1, e.g. 0,1: " + text);
        }
        return new CounterGroupConfig(Values.between(0, 255).convert(parts[0].strip()),
                Values.between(0, 255).convert(parts[1].strip()));
    }

    /** -R's "ADDR[,MASK]" or -W's "ADDR,VALUE[,MASK]", in hex as vendstat reads them. */
    private static List<ConfigSpaceAccess.Entry> records(List<String> texts, boolean write) {
        if (texts.size() > ConfigSpaceAccess.MAX_RECORDS) {
            throw new IllegalArgumentException("at most " + ConfigSpaceAccess.MAX_RECORDS + " records in one request, not "
                    + texts.size());
        }
        List<ConfigSpaceAccess.Entry> records = new ArrayList<>();
        for (String text : texts) {
            String[] parts = text.split(",", -1);
            int fields = write ? 3 : 2;
            if (parts.length < fields - 1 || parts.length > fields) {
                throw new IllegalArgumentException((write ? "give ADDR,VALUE[,MASK]" : "give ADDR[,MASK]") + " in hex: "
                        + text);
            }
            long address = hex32(parts[0]);
            long data = write ? hex32(parts[1]) : 0;
            long mask = parts.length == fields ? hex32(parts[fields - 1]) : 0xFFFF_FFFFL;
            records.add(new ConfigSpaceAccess.Entry(address, data, mask));
        }
        return records;
    }

    private static long hex32(String text) {
        String digits = text.strip();
        if (digits.startsWith("0x") || digits.startsWith("0X")) {
            digits = digits.substring(2);
        }
        if (digits.isEmpty() || digits.length() > 8 || !digits.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            throw new IllegalArgumentException("not a 32-bit hex number: " + text);
        }
        return Long.parseLong(digits, 16);
    }
}
