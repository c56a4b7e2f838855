package io.reactiveumad.mad;

/**
 * The common MAD status field: bit 0 busy, bit 1 redirect, bits 2–4 an invalid-field code,
 * bits 8–14 class specific.
 */
public final class MadStatus {
    public static final int OK = 0;
    public static final int BUSY = 0x0001;
    public static final int REDIRECT = 0x0002;
    public static final int CODE_MASK = 0x001C;
    public static final int CODE_SHIFT = 2;
    public static final int CLASS_SPECIFIC_MASK = 0x7F00;
    public static final int CLASS_SPECIFIC_SHIFT = 8;

    public static final int CODE_BAD_VERSION = 1;
    public static final int CODE_UNSUPPORTED_METHOD = 2;
    public static final int CODE_UNSUPPORTED_METHOD_ATTRIBUTE = 3;
    public static final int CODE_INVALID_ATTRIBUTE_VALUE = 7;

    /** What the kernel answers a Get to a class nobody registered: unsupported method/attribute. */
    public static final int UNSUPPORTED_METHOD_ATTRIBUTE = CODE_UNSUPPORTED_METHOD_ATTRIBUTE << CODE_SHIFT;

    private MadStatus() {
    }

    public static boolean isBusy(int status) {
        return (status & BUSY) != 0;
    }

    public static boolean isRedirect(int status) {
        return (status & REDIRECT) != 0;
    }

    public static int code(int status) {
        return (status & CODE_MASK) >>> CODE_SHIFT;
    }

    public static int classSpecific(int status) {
        return (status & CLASS_SPECIFIC_MASK) >>> CLASS_SPECIFIC_SHIFT;
    }

    /** A short human description, e.g. {@code "unsupported method/attribute"}. */
    public static String describe(int status) {
        if (status == OK) {
            return "ok";
        }
        StringBuilder sb = new StringBuilder();
        if (isBusy(status)) {
            sb.append("busy");
        }
        if (isRedirect(status)) {
            sb.append(sb.length() > 0 ? ", " : "").append("redirect");
        }
        int code = code(status);
        if (code != 0) {
            sb.append(sb.length() > 0 ? ", " : "").append(switch (code) {
                case CODE_BAD_VERSION -> "bad class version";
                case CODE_UNSUPPORTED_METHOD -> "unsupported method";
                case CODE_UNSUPPORTED_METHOD_ATTRIBUTE -> "unsupported method/attribute";
                case CODE_INVALID_ATTRIBUTE_VALUE -> "invalid attribute value";
                default -> "invalid field code " + code;
            });
        }
        int cs = classSpecific(status);
        if (cs != 0) {
            sb.append(sb.length() > 0 ? ", " : "").append("class-specific ").append(cs);
        }
        return sb.toString();
    }
}
