package io.reactiveumad.test.topology;

/** An active link width, with its PortInfo.LinkWidthActive encoding (one bit per width). */
public enum LinkWidth {
    X1(1, "1x"),
    X4(2, "4x"),
    X8(4, "8x"),
    X12(8, "12x"),
    X2(16, "2x");

    private final int code;
    private final String text;

    LinkWidth(int code, String text) {
        this.code = code;
        this.text = text;
    }

    /** PortInfo.LinkWidthActive (and one bit of LinkWidthEnabled/Supported). */
    public int code() {
        return code;
    }

    /** As {@code ibnetdiscover} prints it: {@code 4x}. */
    public String text() {
        return text;
    }

    public static LinkWidth ofCode(int code) {
        for (LinkWidth w : values()) {
            if (w.code == code) {
                return w;
            }
        }
        throw new IllegalArgumentException("not a LinkWidthActive value: " + code);
    }

    /** The widest width in a LinkWidthEnabled mask (ibsim's {@code w=} option), as two ends would negotiate. */
    public static LinkWidth widestIn(int enabledMask) {
        LinkWidth best = null;
        for (LinkWidth w : values()) {
            if ((enabledMask & w.code) != 0 && (best == null || w.lanes() > best.lanes())) {
                best = w;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("link width mask enables no width: " + enabledMask);
        }
        return best;
    }

    /** Parses {@code 1x}, {@code 4x}, … */
    public static LinkWidth parse(String text) {
        for (LinkWidth w : values()) {
            if (w.text.equalsIgnoreCase(text)) {
                return w;
            }
        }
        throw new IllegalArgumentException("not a link width: " + text);
    }

    /** Number of lanes, for ordering: 1, 2, 4, 8, 12. */
    public int lanes() {
        return Integer.parseInt(text.substring(0, text.length() - 1));
    }
}
