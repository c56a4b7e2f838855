package io.reactiveumad.poll.kernel;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.spi.channel.PortAttributes;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what the kernel publishes about umad devices and their ports under a sysfs root ({@code /sys}
 * normally, a temp dir in tests). Blocking file reads: call it off the loop thread.
 *
 * <ul>
 *   <li>{@code class/infiniband_mad/abi_version}: must be {@value #ABI_VERSION}</li>
 *   <li>{@code class/infiniband_mad/umadN/{ibdev,port}} and {@code issmN/{ibdev,port}}: which CA port
 *       each umad and IsSM device serves; {@code class/infiniband/<ibdev>/node_type} says whether port 0
 *       (a switch's) is one</li>
 *   <li>{@code class/infiniband/<ibdev>/node_guid} and {@code .../ports/<n>/{lid, lid_mask_count, sm_lid,
 *       sm_sl, state, phys_state, link_layer, cap_mask, rate, gids/*, pkeys/*}}: the port's attributes</li>
 *   <li>{@code class/infiniband/<ibdev>/{node_type, hca_type, fw_ver, hw_rev, sys_image_guid}}: the device's</li>
 * </ul>
 */
public final class UmadSysfs {
    public static final int ABI_VERSION = 5;
    private static final Pattern UMAD_DIR = Pattern.compile("umad(\\d+)");
    private static final Pattern ISSM_DIR = Pattern.compile("issm\\d+");
    /** {@code node_type} of a CA, a switch and a router (IBA NodeInfo NodeType). */
    private static final int NODE_TYPE_CA = 1;
    private static final int NODE_TYPE_SWITCH = 2;
    private static final int NODE_TYPE_ROUTER = 3;
    /** {@code state} Active, {@code phys_state} LinkUp and Disabled (IBA PortInfo). */
    private static final int STATE_ACTIVE = 4;
    private static final int PHYS_LINK_UP = 5;
    private static final int PHYS_DISABLED = 3;
    /** {@code state}, {@code phys_state} and {@code node_type} read like {@code 4: ACTIVE}. */
    private static final Pattern NUMBERED_STATE = Pattern.compile("(\\d+)(:.*)?");

    private final Path root;

    public UmadSysfs(Path root) {
        this.root = root;
    }

    public static UmadSysfs system() {
        return new UmadSysfs(Path.of("/sys"));
    }

    public Path root() {
        return root;
    }

    private Path madClass() {
        return root.resolve("class/infiniband_mad");
    }

    /** The ABI version the ib_umad module speaks. */
    public int abiVersion() {
        return parseInt(madClass().resolve("abi_version"));
    }

    /** Throws unless the ABI version is {@value #ABI_VERSION}. */
    public void checkAbiVersion() {
        int version = abiVersion();
        if (version != ABI_VERSION) {
            throw new SysfsException("ib_umad ABI version " + version + " at " + madClass().resolve("abi_version")
                    + ": only " + ABI_VERSION + " is supported");
        }
    }

    /**
     * Every umad device, by index, with the IsSM device sysfs names for the same CA port; empty when
     * ib_umad is not loaded. Port 0 only where the device is a switch ({@code node_type}).
     */
    public List<UmadPortRef> ports() {
        Path dir = madClass();
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        Map<String, String> issmByPort = new HashMap<>();
        List<Path> umads = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (ISSM_DIR.matcher(name).matches()) {
                    issmByPort.put(read(entry.resolve("ibdev")) + ":" + parseInt(entry.resolve("port")), name);
                } else if (UMAD_DIR.matcher(name).matches()) {
                    umads.add(entry);
                }
            }
        } catch (IOException e) {
            throw new SysfsException("cannot list " + dir, e);
        }
        List<UmadPortRef> ports = new ArrayList<>();
        for (Path entry : umads) {
            Matcher m = UMAD_DIR.matcher(entry.getFileName().toString());
            m.matches();
            String ibdev = read(entry.resolve("ibdev"));
            int port = parseInt(entry.resolve("port"));
            if (port == 0 && !isSwitch(ibdev)) {
                throw new SysfsException(entry + " serves " + ibdev + " port 0, but only a switch has a port 0 ("
                        + nodeType(ibdev) + ")");
            }
            String issm = issmByPort.get(ibdev + ":" + port);
            if (issm == null) {
                throw new SysfsException("no issm device in " + dir + " names " + ibdev + " port " + port);
            }
            ports.add(new UmadPortRef(Integer.parseInt(m.group(1)), ibdev, port, issm));
        }
        ports.sort(Comparator.comparingInt(UmadPortRef::index));
        return ports;
    }

    /** Whether {@code ibdev} is a switch: {@code class/infiniband/<ibdev>/node_type} reads {@code 2: switch}. */
    private boolean isSwitch(String ibdev) {
        return leadingNumber(read(nodeType(ibdev))) == NODE_TYPE_SWITCH;
    }

    /** The number {@code node_type}, {@code state} and {@code phys_state} start with ({@code 4: ACTIVE}), or 0. */
    private static int leadingNumber(String text) {
        Matcher m = NUMBERED_STATE.matcher(text);
        return m.matches() ? Integer.parseInt(m.group(1)) : 0;
    }

    private Path nodeType(String ibdev) {
        return root.resolve("class/infiniband").resolve(ibdev).resolve("node_type");
    }

    /** The umad device serving {@code ibdev} port {@code port}. */
    public Optional<UmadPortRef> find(String ibdev, int port) {
        return ports().stream().filter(p -> p.ibdev().equals(ibdev) && p.port() == port).findFirst();
    }

    /**
     * The port a tool opens when the command line names none, chosen as libibumad chooses it for the diag tools: of
     * {@code ibdev} (every CA in turn when null), a switch's port 0; else an InfiniBand port that is Active, else one
     * whose link is up, else any port that is not Disabled (a RoCE port too: so rxe is found where it is the only
     * one). Across CAs the first with an Active port wins, else the first with a port at all. Empty when no port
     * qualifies.
     */
    public Optional<UmadPortRef> defaultPort(String ibdev) {
        Map<String, List<UmadPortRef>> byDevice = new LinkedHashMap<>();
        for (UmadPortRef ref : ports()) {
            if (ibdev == null || ref.ibdev().equals(ibdev)) {
                byDevice.computeIfAbsent(ref.ibdev(), d -> new ArrayList<>()).add(ref);
            }
        }
        UmadPortRef firstUp = null;
        for (List<UmadPortRef> refs : byDevice.values()) {
            refs.sort(Comparator.comparingInt(UmadPortRef::port));
            UmadPortRef active = null;
            UmadPortRef up = null;
            for (UmadPortRef ref : refs) {
                if (ref.port() == 0) { // a switch: its management port
                    active = ref;
                    break;
                }
                Path dir = portDir(ref);
                String linkLayer = read(dir.resolve("link_layer"));
                if (!linkLayer.equals("InfiniBand") && !linkLayer.equals("IB")) {
                    continue;
                }
                if (up == null && parseState(dir.resolve("phys_state")) == PHYS_LINK_UP) {
                    up = ref;
                }
                if (parseState(dir.resolve("state")) == STATE_ACTIVE) {
                    active = ref;
                    break;
                }
            }
            if (active != null) {
                return Optional.of(active);
            }
            for (int i = 0; up == null && i < refs.size(); i++) {
                if (parseState(portDir(refs.get(i)).resolve("phys_state")) != PHYS_DISABLED) {
                    up = refs.get(i);
                }
            }
            if (firstUp == null) {
                firstUp = up;
            }
        }
        return Optional.ofNullable(firstUp);
    }

    /**
     * Every device {@code class/infiniband} lists whose {@code node_type} is a CA, a switch or a router, in name order,
     * with every port its {@code ports} directory holds: what libibumad lists for ibstat (an iWARP or usNIC device is
     * left out). Needs no ib_umad.
     */
    public List<DeviceAttributes> devices() {
        Path dir = root.resolve("class/infiniband");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            entries.forEach(entry -> names.add(entry.getFileName().toString()));
        } catch (IOException e) {
            throw new SysfsException("cannot list " + dir, e);
        }
        names.sort(Comparator.naturalOrder());
        List<DeviceAttributes> devices = new ArrayList<>();
        for (String name : names) {
            // As libibumad: a device whose node_type does not read as a number is no InfiniBand device.
            int nodeType = leadingNumber(readIfReadable(nodeType(name)).orElse(""));
            if (nodeType >= NODE_TYPE_CA && nodeType <= NODE_TYPE_ROUTER) {
                devices.add(device(name, nodeType));
            }
        }
        return devices;
    }

    private DeviceAttributes device(String ibdev, int nodeType) {
        Path device = root.resolve("class/infiniband").resolve(ibdev);
        Path portsDir = device.resolve("ports");
        List<Integer> numbers = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(portsDir)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (!name.matches("\\d{1,3}")) {
                    throw new SysfsException("not a port number in " + portsDir + ": '" + name + "'");
                }
                numbers.add(Integer.parseInt(name));
            }
        } catch (IOException e) {
            throw new SysfsException("cannot list " + portsDir, e);
        }
        numbers.sort(Comparator.naturalOrder());
        List<PortAttributes> ports = new ArrayList<>(numbers.size());
        for (int port : numbers) {
            ports.add(attributes(ibdev, port));
        }
        return new DeviceAttributes(ibdev, nodeType, readIfReadable(device.resolve("hca_type")).orElse(""),
                readIfReadable(device.resolve("fw_ver")).orElse(""), readIfReadable(device.resolve("hw_rev")).orElse(""),
                parseGuid(device.resolve("node_guid")), parseGuid(device.resolve("sys_image_guid")), ports);
    }

    private Path portDir(UmadPortRef ref) {
        return root.resolve("class/infiniband").resolve(ref.ibdev()).resolve("ports").resolve(Integer.toString(ref.port()));
    }

    public PortAttributes attributes(UmadPortRef ref) {
        return attributes(ref.ibdev(), ref.port());
    }

    /** A snapshot of {@code ibdev} port {@code port}. */
    public PortAttributes attributes(String ibdev, int port) {
        Path device = root.resolve("class/infiniband").resolve(ibdev);
        Path dir = device.resolve("ports").resolve(Integer.toString(port));
        if (!Files.isDirectory(dir)) {
            throw new SysfsException("no such port: " + dir);
        }
        return new PortAttributes(ibdev, port, parseGuid(device.resolve("node_guid")),
                parseInt(dir.resolve("lid")), parseInt(dir.resolve("lid_mask_count")),
                parseInt(dir.resolve("sm_lid")), parseInt(dir.resolve("sm_sl")),
                parseState(dir.resolve("state")), parseState(dir.resolve("phys_state")),
                read(dir.resolve("link_layer")), gids(dir.resolve("gids")), pkeys(dir.resolve("pkeys")),
                // The kernel refuses to read a rate it cannot compute (a width it does not know, EINVAL): the port
                // still opens, its rate unknown ("").
                parseLong(dir.resolve("cap_mask")), readIfReadable(dir.resolve("rate")).orElse(""));
    }

    private List<Gid> gids(Path dir) {
        List<Gid> gids = new ArrayList<>();
        for (Path entry : indexedEntries(dir)) {
            // RoCE leaves unused GID slots unreadable (EINVAL); the slot still occupies its index.
            Optional<String> text = readIfReadable(entry);
            gids.add(text.isPresent() ? parseGid(entry, text.get()) : Gid.ZERO);
        }
        return gids;
    }

    private List<Integer> pkeys(Path dir) {
        List<Integer> pkeys = new ArrayList<>();
        for (Path entry : indexedEntries(dir)) {
            pkeys.add(parseInt(entry));
        }
        return pkeys;
    }

    /** The files of a table directory named 0, 1, 2, … in index order; a gap is an error. */
    private static List<Path> indexedEntries(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        Set<Path> entries = new HashSet<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            stream.forEach(entries::add);
        } catch (IOException e) {
            throw new SysfsException("cannot list " + dir, e);
        }
        List<Path> ordered = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            Path entry = dir.resolve(Integer.toString(i));
            if (!entries.contains(entry)) {
                throw new SysfsException("table " + dir + " has " + entries.size() + " entries but no " + i);
            }
            ordered.add(entry);
        }
        return ordered;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (NoSuchFileException e) {
            throw new SysfsException("missing sysfs attribute " + file, e);
        } catch (IOException e) {
            throw new SysfsException("cannot read " + file, e);
        }
    }

    private static Optional<String> readIfReadable(Path file) {
        try {
            return Optional.of(Files.readString(file).trim());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Decimal, or hex with {@code 0x} ({@code lid}, {@code sm_lid}, pkeys), an {@code int}. */
    private static int parseInt(Path file) {
        long value = parseLong(file);
        if (value != (int) value) {
            throw new SysfsException("out of range in " + file + ": " + value);
        }
        return (int) value;
    }

    /** Decimal, or hex with {@code 0x} ({@code cap_mask}: 32 bits, unsigned). */
    private static long parseLong(Path file) {
        String text = read(file);
        try {
            return text.startsWith("0x") ? Long.parseLong(text.substring(2), 16) : Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new SysfsException("not a number in " + file + ": '" + text + "'", e);
        }
    }

    private static int parseState(Path file) {
        String text = read(file);
        Matcher m = NUMBERED_STATE.matcher(text);
        if (!m.matches()) {
            throw new SysfsException("not a port state in " + file + ": '" + text + "'");
        }
        return Integer.parseInt(m.group(1));
    }

    /** {@code 0002:c903:0000:1234}: four groups of four hex digits. */
    private static long parseGuid(Path file) {
        String text = read(file);
        String hex = text.replace(":", "");
        if (hex.length() != 16 || !text.matches("\\p{XDigit}{4}(:\\p{XDigit}{4}){3}")) {
            throw new SysfsException("not a GUID in " + file + ": '" + text + "'");
        }
        return Long.parseUnsignedLong(hex, 16);
    }

    /** {@code fe80:0000:0000:0000:0002:c903:0000:1234}: eight groups of four hex digits. */
    private static Gid parseGid(Path file, String text) {
        if (!text.matches("\\p{XDigit}{4}(:\\p{XDigit}{4}){7}")) {
            throw new SysfsException("not a GID in " + file + ": '" + text + "'");
        }
        String hex = text.replace(":", "");
        return new Gid(Long.parseUnsignedLong(hex.substring(0, 16), 16), Long.parseUnsignedLong(hex.substring(16), 16));
    }
}
