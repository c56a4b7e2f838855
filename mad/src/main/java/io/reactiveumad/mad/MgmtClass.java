package io.reactiveumad.mad;

/**
 * Management class values (common header byte 1) and what follows from them: which classes use
 * RMPP, which need an OUI, and where each class's attribute data starts.
 */
public final class MgmtClass {
    /** Subnet management, LID routed (QP0). */
    public static final int SUBN_LID_ROUTED = 0x01;
    /** Subnet administration: the SA (QP1, RMPP). */
    public static final int SUBN_ADM = 0x03;
    public static final int PERF = 0x04;
    /** Baseboard management. */
    public static final int BM = 0x05;
    public static final int DEV_MGT = 0x06;
    /** Communication management. */
    public static final int CM = 0x07;
    public static final int SNMP = 0x08;
    public static final int VENDOR_RANGE1_START = 0x09;
    public static final int VENDOR_RANGE1_END = 0x0F;
    /** Mellanox's vendor class (range 1, no OUI): its devices' general information and configuration space, as vendstat asks. */
    public static final int MLNX_VENDOR = 0x0A;
    public static final int DEV_ADM = 0x10;
    /** Boot/Install service. */
    public static final int BIS = 0x12;
    /** Congestion control. */
    public static final int CC = 0x21;
    /** Vendor classes with an OUI (bytes 37–39) and RMPP. */
    public static final int VENDOR_RANGE2_START = 0x30;
    public static final int VENDOR_RANGE2_END = 0x4F;
    /** Subnet management, directed route (QP0). */
    public static final int SUBN_DIRECTED_ROUTE = 0x81;

    /** Data offset of the classes whose attribute follows the common header directly. */
    public static final int COMMON_DATA_OFFSET = MadHeader.SIZE;
    /** Data offset of classes with 40 bytes of class header after the common header (SMP, PerfMgt, DevMgt, …). */
    public static final int DEVICE_DATA_OFFSET = 64;

    private MgmtClass() {
    }

    /** Classes the kernel segments with RMPP (its {@code ib_is_mad_class_rmpp}). */
    public static boolean isRmppClass(int mgmtClass) {
        return mgmtClass == SUBN_ADM || mgmtClass == DEV_MGT || mgmtClass == DEV_ADM || mgmtClass == BIS
                || isVendorRange2(mgmtClass);
    }

    public static boolean isVendorRange1(int mgmtClass) {
        return mgmtClass >= VENDOR_RANGE1_START && mgmtClass <= VENDOR_RANGE1_END;
    }

    public static boolean isVendorRange2(int mgmtClass) {
        return mgmtClass >= VENDOR_RANGE2_START && mgmtClass <= VENDOR_RANGE2_END;
    }

    /** The subnet management classes, which travel on QP0 only. */
    public static boolean isSmp(int mgmtClass) {
        return mgmtClass == SUBN_LID_ROUTED || mgmtClass == SUBN_DIRECTED_ROUTE;
    }

    /**
     * Where the attribute data of a {@code mgmtClass} MAD starts: SA 56, vendor range 2 40; 64 for the
     * SMPs and the classes with a 40-byte class header (PerfMgt, BM, DevMgt, DevAdm, BIS, CC); 24 for
     * the rest. (The kernel's own table lists only the RMPP classes, for which it segments data.)
     */
    public static int dataOffset(int mgmtClass) {
        if (mgmtClass == SUBN_ADM) {
            return SaHeader.DATA_OFFSET;
        }
        if (isVendorRange2(mgmtClass)) {
            return VendorRange2Header.DATA_OFFSET;
        }
        return switch (mgmtClass) {
            case SUBN_LID_ROUTED, SUBN_DIRECTED_ROUTE, PERF, BM, DEV_MGT, DEV_ADM, BIS, CC -> DEVICE_DATA_OFFSET;
            default -> COMMON_DATA_OFFSET;
        };
    }

    /** A short name such as {@code "SubnAdm"}, or the hex value for classes without one. */
    public static String name(int mgmtClass) {
        return switch (mgmtClass) {
            case SUBN_LID_ROUTED -> "SubnLidRouted";
            case SUBN_DIRECTED_ROUTE -> "SubnDirectedRoute";
            case SUBN_ADM -> "SubnAdm";
            case PERF -> "PerfMgt";
            case BM -> "BM";
            case DEV_MGT -> "DevMgt";
            case CM -> "ComMgt";
            case SNMP -> "SNMP";
            case DEV_ADM -> "DevAdm";
            case BIS -> "BIS";
            case CC -> "CongestionControl";
            default -> String.format(isVendorRange1(mgmtClass) || isVendorRange2(mgmtClass) ? "Vendor(0x%02x)"
                    : "0x%02x", mgmtClass);
        };
    }
}
