package io.reactiveumad.test.topology;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * libibnetdisc's vendor rules for grouping nodes into chassis (ibnetdiscover -g), as far as they decide which nodes
 * share a chassis: most vendors' nodes share one when they share a SystemImageGUID; Topspin's and SilverStorm's when
 * they share it but for its slot byte; Voltaire's never by it (its chassis are built around its spine boards by their
 * device IDs and cabling: {@link VoltaireChassis}); Xsigo's by GUIDs of their own form.
 * And Mellanox's InfiniScale IV switches named for their slot ({@link MellanoxSlot}) go in their chassis' spine and
 * line slots, a line board's first 18 ports numbered as the chassis' external ports.
 */
public final class ChassisRules {
    /** Voltaire's vendor ID. */
    public static final int VOLTAIRE = 0x0008f1;
    /** Mellanox's vendor ID. */
    public static final int MELLANOX = 0x0002c9;
    private static final int MELLANOX_IS4 = 0xbd36;
    /** The spine and line slots libibnetdisc's chassis have (SPINES_MAX_NUM, LINES_MAX_NUM). */
    public static final int SPINE_SLOTS = 18;
    public static final int LINE_SLOTS = 36;
    /** A line board's ports that are the chassis' own, numbered as they are. */
    private static final int LINE_EXTERNAL_PORTS = 18;
    private static final int TOPSPIN = 0x0005ad;
    private static final int SILVERSTORM = 0x00066a;
    private static final int XSIGO = 0x001397;
    /** Byte 4 of a Topspin or SilverStorm SystemImageGUID is the slot: the chassis GUID masks it off. */
    private static final long SLOT_BYTE_MASK = 0xffffffff00ffffffL;
    private static final long XSIGO_GUID_MASK = 0xffffff0000000000L;
    private static final long XSIGO_GUID = 0x0013970000000000L;
    /** Xsigo's GUIDs carry the node type in byte 3: 2 an HCA, 3 a TCA. */
    private static final long XSIGO_TYPE_MASK = 0xffffffff00000000L;
    private static final long XSIGO_HCA = 0x0013970200000000L;
    private static final long XSIGO_TCA = 0x0013970300000000L;
    private static final long XSIGO_SWITCH = 0x0013970100000000L;
    /** Xsigo's first leaf: a switch (type 1) of port type 2. */
    private static final long XSIGO_LEAF_MASK = 0xffffffffff000000L;
    private static final long XSIGO_FIRST_LEAF = 0x0013970102000000L;
    private ChassisRules() {
    }

    /** Whether a node of this vendor is grouped with the others of its chassis GUID (Voltaire's are not). */
    public static boolean groupsBySystemImageGuid(int vendorId) {
        return vendorId != VOLTAIRE;
    }

    /** The GUID a node's chassis is known by: its SystemImageGUID, without the slot byte for Topspin and SilverStorm. */
    public static long chassisGuid(int vendorId, long systemImageGuid) {
        return chassisGuid(vendorId, systemImageGuid, true, OptionalLong.empty());
    }

    /**
     * As {@link #chassisGuid(int, long)}, and for Xsigo's nodes by Xsigo's rule: a switch's SystemImageGUID without its
     * port-type byte; an adapter's, or, when its port 1 is cabled to Xsigo's first leaf, that leaf's without the byte
     * (0 when its port 1 was not read).
     *
     * @param port1Read whether the node's port 1 was read
     * @param port1Peer the SystemImageGUID of the node at the other end of its port 1, if cabled
     */
    public static long chassisGuid(int vendorId, long systemImageGuid, boolean port1Read, OptionalLong port1Peer) {
        if (vendorId == TOPSPIN || vendorId == SILVERSTORM) {
            return systemImageGuid & SLOT_BYTE_MASK;
        }
        if (!isXsigo(vendorId, systemImageGuid)) {
            return systemImageGuid;
        }
        if (!isXsigoHca(systemImageGuid) && !isXsigoTca(systemImageGuid)) {
            return (systemImageGuid & XSIGO_TYPE_MASK) == XSIGO_SWITCH ? systemImageGuid & SLOT_BYTE_MASK : systemImageGuid;
        }
        if (!port1Read) {
            return 0;
        }
        return port1Peer.stream().filter(peer -> (peer & XSIGO_LEAF_MASK) == XSIGO_FIRST_LEAF)
                .map(peer -> peer & SLOT_BYTE_MASK).findFirst().orElse(systemImageGuid);
    }

    /** An Xsigo HCA's GUID ({@code 0x00139702…}): ibnetdiscover writes {@code (scp)} after a switch port cabled to it. */
    public static boolean isXsigoHca(long guid) {
        return (guid & XSIGO_TYPE_MASK) == XSIGO_HCA;
    }

    /** An Xsigo TCA's GUID ({@code 0x00139703…}): ibnetdiscover writes the switch port's slot after a port cabled to it. */
    public static boolean isXsigoTca(long guid) {
        return (guid & XSIGO_TYPE_MASK) == XSIGO_TCA;
    }

    /** An Xsigo GUID ({@code 0x001397…}): a chassis of that GUID names its hosts. */
    public static boolean isXsigoGuid(long guid) {
        return (guid & XSIGO_GUID_MASK) == XSIGO_GUID;
    }

    /** A node libibnetdisc groups by Xsigo's rules: of Xsigo, or with a SystemImageGUID of Xsigo's form. */
    public static boolean isXsigo(int vendorId, long systemImageGuid) {
        return vendorId == XSIGO || isXsigoGuid(systemImageGuid);
    }

    /**
     * Where libibnetdisc's Mellanox rules put an InfiniScale IV switch (vendor 0x2c9, device 0xbd36) whose
     * NodeDescription says it: {@code MF0;<system>:<type>/<slot>[:<board>]/U<chip>}, the slot {@code L<n>} for a line
     * board or {@code S<n>} for a spine.
     *
     * @param systemType the chassis type the switch's GUID line names ({@code IS5300})
     * @param spine      a spine board, else a line board
     * @param slot       its slot number
     * @param chip       its chip number on the board
     */
    public record MellanoxSlot(String systemType, boolean spine, int slot, int chip) {
        /** The slot of a node so described, if it is one the rules place; empty for every other node. */
        public static Optional<MellanoxSlot> of(int vendorId, int deviceId, boolean isSwitch, String description) {
            if (!isSwitch || vendorId != MELLANOX || (deviceId & 0xFFFF) != MELLANOX_IS4 || !description.startsWith("MF0;")) {
                return Optional.empty();
            }
            int typeStart = description.indexOf(':', 4) + 1;
            int slotStart = typeStart == 0 ? -1 : description.indexOf('/', typeStart) + 1;
            if (slotStart <= 0) {
                return Optional.empty();
            }
            int slotEnd = slotStart;
            while (slotEnd < description.length() && description.charAt(slotEnd) != '/' && description.charAt(slotEnd) != ':') {
                slotEnd++;
            }
            if (slotEnd == description.length()) {
                return Optional.empty();
            }
            int indexStart = slotEnd + 1;
            if (description.charAt(slotEnd) == ':') { // a board type, up to the next '/'
                indexStart = description.indexOf('/', slotEnd + 1) + 1;
                if (indexStart == 0) {
                    return Optional.empty();
                }
            }
            String slotName = description.substring(slotStart, slotEnd);
            if (indexStart >= description.length() || description.charAt(indexStart) != 'U' || slotName.isEmpty()
                    || slotName.charAt(0) != 'L' && slotName.charAt(0) != 'S') {
                return Optional.empty();
            }
            boolean spine = slotName.charAt(0) == 'S';
            int slot = leadingNumber(slotName.substring(1));
            if (slot > (spine ? SPINE_SLOTS : LINE_SLOTS)) {
                return Optional.empty(); // libibnetdisc refuses the slot number and places the switch nowhere
            }
            return Optional.of(new MellanoxSlot(description.substring(typeStart, slotStart - 1), spine, slot,
                    leadingNumber(description.substring(indexStart + 1))));
        }

        /** The chassis' number for {@code port}: a line board's ports 1 to 18 are its external ports; else 0 (none). */
        public int externalPort(int port) {
            return !spine && port >= 1 && port <= LINE_EXTERNAL_PORTS ? port : 0;
        }

        /** The slot as ibnetdiscover -g names it: {@code Line 1 Chip 1}. */
        public String text() {
            return (spine ? "Spine " : "Line ") + slot + " Chip " + chip;
        }

        /** C's atoi: the leading decimal digits, 0 when there are none. */
        private static int leadingNumber(String text) {
            int value = 0;
            for (int i = 0; i < text.length() && Character.isDigit(text.charAt(i)) && value < 100_000; i++) {
                value = value * 10 + (text.charAt(i) - '0');
            }
            return value;
        }
    }
}
