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
        return describe(status, 0);
    }

    /**
     * A short human description of a status {@code mgmtClass} answered: the SA's class-specific codes by
     * their IBA names, e.g. {@code "SA ERR_REQ_INVALID: the SA refused the request's values"}.
     */
    public static String describe(int status, int mgmtClass) {
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
            sb.append(sb.length() > 0 ? ", " : "").append(mgmtClass == MgmtClass.SUBN_ADM ? saStatus(cs) : "class-specific " + cs);
        }
        return sb.toString();
    }

    /** IBA 15.2.1.1's SA status codes, with what each means for the one who asked. */
    private static String saStatus(int code) {
        return switch (code) {
            case SaHeader.STATUS_NO_RESOURCES -> "SA ERR_NO_RESOURCES: the SA is out of resources for it";
            case SaHeader.STATUS_REQUEST_INVALID -> "SA ERR_REQ_INVALID: the SA refused the request's values";
            case SaHeader.STATUS_NO_RECORDS -> "SA ERR_NO_RECORDS: no record matches";
            case SaHeader.STATUS_TOO_MANY_RECORDS -> "SA ERR_TOO_MANY_RECORDS: more than one record matches";
            case SaHeader.STATUS_INVALID_GID -> "SA ERR_REQ_INVALID_GID: a GID in the request is not valid";
            case SaHeader.STATUS_INSUFFICIENT_COMPONENTS -> "SA ERR_REQ_INSUFFICIENT_COMPONENTS: the component mask "
                    + "leaves out fields the SA needs";
            case SaHeader.STATUS_DENIED -> "SA ERR_REQ_DENIED: the SA denied it";
            case SaHeader.STATUS_PRIORITY_SUGGESTED -> "SA ERR_REQ_PRIORITY_SUGGESTED";
            default -> "SA class-specific " + code;
        };
    }
}
