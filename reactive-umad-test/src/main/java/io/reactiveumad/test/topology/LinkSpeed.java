package io.reactiveumad.test.topology;

import java.util.Locale;

/**
 * An active link speed, with its PortInfo encoding: LinkSpeedActive (4 bits: 1 SDR, 2 DDR, 4 QDR) and,
 * from FDR on, LinkSpeedExtActive (1 FDR, 2 EDR, 4 HDR, 8 NDR) with LinkSpeedActive left at QDR, as
 * {@code ibnetdiscover} expects when it chooses which name to print. FDR10, Mellanox's, looks like QDR in PortInfo;
 * only MlnxExtPortInfo tells it apart.
 */
public enum LinkSpeed {
    SDR(1, 0),
    DDR(2, 0),
    QDR(4, 0),
    FDR10(4, 0),
    FDR(4, 1),
    EDR(4, 2),
    HDR(4, 4),
    NDR(4, 8);

    private final int speedActive;
    private final int extActive;

    LinkSpeed(int speedActive, int extActive) {
        this.speedActive = speedActive;
        this.extActive = extActive;
    }

    /** PortInfo.LinkSpeedActive. */
    public int speedActive() {
        return speedActive;
    }

    /** PortInfo.LinkSpeedExtActive; 0 below FDR. */
    public int extActive() {
        return extActive;
    }

    /** Decodes PortInfo's two fields the way {@code ibnetdiscover} does (extended speed wins when set). */
    public static LinkSpeed of(int speedActive, int extActive) {
        return of(speedActive, extActive, false);
    }

    /**
     * As {@link #of(int, int)}, and FDR10 for QDR without an extended speed where MlnxExtPortInfo's LinkSpeedActive
     * has FDR10 ({@code fdr10}).
     */
    public static LinkSpeed of(int speedActive, int extActive, boolean fdr10) {
        if (fdr10 && extActive == 0 && speedActive == QDR.speedActive) {
            return FDR10;
        }
        for (LinkSpeed s : values()) {
            if (extActive != 0 ? s.extActive == extActive : s.extActive == 0 && s.speedActive == speedActive) {
                return s;
            }
        }
        throw new IllegalArgumentException("not a link speed: active " + speedActive + ", extended " + extActive);
    }

    /** Parses the names {@code ibnetdiscover} prints: {@code SDR}, {@code QDR}, {@code EDR}, … */
    public static LinkSpeed parse(String text) {
        try {
            return valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a link speed: " + text, e);
        }
    }
}
