package io.reactiveumad.test.topology;

/**
 * What a port enables, as ibsim reads its line of a net file: PortInfo's LinkWidthEnabled, LinkSpeedEnabled and
 * LinkSpeedExtEnabled masks, and whether Mellanox's FDR10 is enabled (MlnxExtPortInfo). Its cable runs at what both
 * ends enable, as OpenSM's writes of PortInfo then leave it ({@link IbsimCables}). A port stays so when its cable is
 * pulled.
 *
 * @param widths         LinkWidthEnabled (1 1X, 2 4X, 4 8X, 8 12X, 16 2X)
 * @param speeds         LinkSpeedEnabled (1 SDR, 2 DDR, 4 QDR)
 * @param extendedSpeeds LinkSpeedExtEnabled (1 FDR, 2 EDR, 4 HDR, 8 NDR; 0 none)
 * @param fdr10          FDR10 enabled
 */
public record PortRates(int widths, int speeds, int extendedSpeeds, boolean fdr10) {
    /** A port whose line gives no rate (and every router's port: ibsim reads no rate for one): 4X SDR alone. */
    public static final PortRates UNDECLARED = new PortRates(LinkWidth.X4.code(), LinkSpeed.SDR.speedActive(), 0, false);

    /** LinkWidthEnabled's widths: 1X, 4X, 8X, 12X and 2X. */
    private static final int ALL_WIDTHS = 0x1F;
    /** ibsim's LinkSpeedEnabled for a line of QDR or faster: everything up to QDR. */
    static final int SDR_DDR_QDR = 7;
    /** ibsim's LinkSpeedExtEnabled for a line of HDR: FDR, EDR and HDR (what its ports support). */
    static final int FDR_EDR_HDR = 7;

    /** What ibsim enables for a line that says {@code width} and {@code speed} ("4xQDR"). */
    public static PortRates declared(LinkWidth width, LinkSpeed speed) {
        int widths = switch (width) {
            case X12 -> LinkWidth.X1.code() | LinkWidth.X4.code() | LinkWidth.X12.code();
            case X4 -> LinkWidth.X1.code() | LinkWidth.X4.code();
            default -> width.code();
        };
        int speeds = switch (speed) {
            case SDR -> 1;
            case DDR -> 3;
            default -> SDR_DDR_QDR;
        };
        int extended = switch (speed) {
            case FDR -> 1;
            case EDR -> 3;
            case HDR -> FDR_EDR_HDR;
            case NDR -> 15;
            default -> 0;
        };
        return new PortRates(widths, speeds, extended, speed.compareTo(LinkSpeed.FDR10) >= 0);
    }

    /** These rates with the masks of a line's {@code w=}, {@code s=} and {@code e=} options (null: not given). */
    PortRates withMasks(Integer widthMask, Integer speedMask, Integer extendedMask) {
        return new PortRates(widthMask != null ? widthMask : widths, speedMask != null ? speedMask : speeds,
                extendedMask != null ? extendedMask : extendedSpeeds, fdr10);
    }

    /**
     * What the port enables after a PortInfo Set of these masks, as ibsim keeps it: a mask it acts on
     * ({@link #widthSet}, {@link #speedSet}, {@link #extendedSpeedSet}) replaces the port's; any other changes nothing.
     */
    public PortRates afterSet(int widthMask, int speedMask, int extendedMask) {
        return new PortRates(widthSet(widthMask) != null ? widthMask : widths, speedSet(speedMask) != 0 ? speedMask
                : speeds, extendedSpeedSet(extendedMask) != 0 ? extendedMask : extendedSpeeds, fdr10);
    }

    /**
     * The width ibsim runs a cable at, both ends, after a PortInfo Set of LinkWidthEnabled {@code mask} to one of
     * them: the widest the mask enables, for a mask of widths alone (1 to 31); null, no change, for any other (0, and
     * 255, "all supported").
     */
    public static LinkWidth widthSet(int mask) {
        return mask >= 1 && mask <= ALL_WIDTHS ? LinkWidth.widestIn(mask) : null;
    }

    /**
     * The LinkSpeedActive ibsim runs a cable at after a Set of LinkSpeedEnabled {@code mask}: SDR for SDR alone, DDR
     * for SDR and DDR, QDR for SDR and QDR with or without DDR; 0, no change, for any other (0, a mask without SDR, 15
     * "all supported"). A cable at an extended speed keeps it (PortInfo then says both).
     */
    public static int speedSet(int mask) {
        return switch (mask) {
            case 1 -> LinkSpeed.SDR.speedActive();
            case 3 -> LinkSpeed.DDR.speedActive();
            case 5, SDR_DDR_QDR -> LinkSpeed.QDR.speedActive();
            default -> 0;
        };
    }

    /**
     * The LinkSpeedExtActive ibsim runs a cable at after a Set of LinkSpeedExtEnabled {@code mask}: the fastest of FDR,
     * EDR and HDR the mask enables; 0, no change, for a mask without them or with more (NDR, which ibsim 0.10 does not
     * know, and 31, "all supported").
     */
    public static int extendedSpeedSet(int mask) {
        return mask >= 1 && mask <= FDR_EDR_HDR ? Integer.highestOneBit(mask) : 0;
    }
}
