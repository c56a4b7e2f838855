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
     * What the port enables after a PortInfo Set of these masks, as ibsim keeps it: a mask it acts on replaces the
     * port's (0 and the "all supported" values change nothing).
     */
    public PortRates afterSet(int widthMask, int speedMask, int extendedMask) {
        return new PortRates(widthMask != 0 && widthMask != 255 ? widthMask : widths,
                speedMask != 0 && speedMask != 15 ? speedMask : speeds,
                extendedMask != 0 && extendedMask != 30 && extendedMask != 31 ? extendedMask : extendedSpeeds, fdr10);
    }
}
