package io.reactiveumad.test.topology;

import java.util.Set;

/**
 * libibnetdisc's vendor rules for grouping nodes into chassis (ibnetdiscover -g), as far as they decide which nodes
 * share a chassis: most vendors' nodes share one when they share a SystemImageGUID; Topspin's and SilverStorm's when
 * they share it but for its slot byte; Voltaire's never by it (its chassis are built around its spine boards by their
 * device IDs and cabling, which is not written here); Xsigo's by GUIDs of their own form (not written here either).
 */
public final class ChassisRules {
    /** Voltaire's vendor ID. */
    public static final int VOLTAIRE = 0x0008f1;
    private static final int TOPSPIN = 0x0005ad;
    private static final int SILVERSTORM = 0x00066a;
    private static final int XSIGO = 0x001397;
    /** Byte 4 of a Topspin or SilverStorm SystemImageGUID is the slot: the chassis GUID masks it off. */
    private static final long SLOT_BYTE_MASK = 0xffffffff00ffffffL;
    private static final long XSIGO_GUID_MASK = 0xffffff0000000000L;
    private static final long XSIGO_GUID = 0x0013970000000000L;
    /** Voltaire's spine and line boards and its routers: the devices its chassis are built of. */
    private static final Set<Integer> VOLTAIRE_CHASSIS_DEVICES = Set.of(0x5a00, 0x5a01, 0x5a08, 0x5a0b, 0x5a32, 0x5a33,
            0x5a37, 0x5a40, 0x5a5c, 0x5a5d, 0x5a60, 0x5a09, 0x5a34, 0x5a42, 0x5a0d, 0x5a38, 0x5a5b);

    private ChassisRules() {
    }

    /** Whether a node of this vendor is grouped with the others of its chassis GUID (Voltaire's are not). */
    public static boolean groupsBySystemImageGuid(int vendorId) {
        return vendorId != VOLTAIRE;
    }

    /** The GUID a node's chassis is known by: its SystemImageGUID, without the slot byte for Topspin and SilverStorm. */
    public static long chassisGuid(int vendorId, long systemImageGuid) {
        return vendorId == TOPSPIN || vendorId == SILVERSTORM ? systemImageGuid & SLOT_BYTE_MASK : systemImageGuid;
    }

    /** A Voltaire spine, line board or router: a node libibnetdisc places in a chassis by Voltaire's own rules. */
    public static boolean isVoltaireChassisDevice(int vendorId, int deviceId) {
        return vendorId == VOLTAIRE && VOLTAIRE_CHASSIS_DEVICES.contains(deviceId & 0xFFFF);
    }

    /** A node libibnetdisc groups by Xsigo's rules: of Xsigo, or with a SystemImageGUID of Xsigo's form. */
    public static boolean isXsigo(int vendorId, long systemImageGuid) {
        return vendorId == XSIGO || (systemImageGuid & XSIGO_GUID_MASK) == XSIGO_GUID;
    }
}
