package io.reactiveumad.mad;

/**
 * MAD method values (common header byte 3 without the R bit) and their responses (with
 * {@link MadHeader#RESPONSE_BIT}). Set is answered with GetResp; Trap with TrapRepress; Send and
 * TrapRepress are not answered.
 */
public final class Method {
    public static final int GET = 0x01;
    public static final int SET = 0x02;
    public static final int SEND = 0x03;
    public static final int TRAP = 0x05;
    public static final int REPORT = 0x06;
    public static final int TRAP_REPRESS = 0x07;
    public static final int GET_TABLE = 0x12;
    public static final int GET_TRACE_TABLE = 0x13;
    public static final int GET_MULTI = 0x14;
    public static final int DELETE = 0x15;

    public static final int GET_RESP = GET | MadHeader.RESPONSE_BIT;
    public static final int REPORT_RESP = REPORT | MadHeader.RESPONSE_BIT;
    public static final int GET_TABLE_RESP = GET_TABLE | MadHeader.RESPONSE_BIT;
    public static final int GET_TRACE_TABLE_RESP = GET_TRACE_TABLE | MadHeader.RESPONSE_BIT;
    public static final int GET_MULTI_RESP = GET_MULTI | MadHeader.RESPONSE_BIT;
    public static final int DELETE_RESP = DELETE | MadHeader.RESPONSE_BIT;

    private Method() {
    }

    /**
     * The method byte of the answer to {@code method}: GetResp for Get and Set, TrapRepress (no R bit)
     * for Trap, the R bit set otherwise.
     */
    public static int responseOf(int method) {
        return switch (method) {
            case SET -> GET_RESP;
            case TRAP -> TRAP_REPRESS;
            default -> method | MadHeader.RESPONSE_BIT;
        };
    }

    /**
     * Whether a MAD with {@code methodByte} answers a request, so it is routed by its TID to the request
     * waiting for it: the R bit, or TrapRepress (as the kernel's {@code ib_response_mad} decides).
     */
    public static boolean isResponse(int methodByte) {
        return (methodByte & MadHeader.RESPONSE_BIT) != 0 || methodByte == TRAP_REPRESS;
    }

    /** Whether a request with {@code method} expects a response at all. */
    public static boolean expectsResponse(int method) {
        return method != SEND && method != TRAP_REPRESS && (method & MadHeader.RESPONSE_BIT) == 0;
    }

    /** A name such as {@code "GetTableResp"}, or the hex value. */
    public static String name(int methodByte) {
        String base = switch (methodByte & ~MadHeader.RESPONSE_BIT) {
            case GET -> "Get";
            case SET -> "Set";
            case SEND -> "Send";
            case TRAP -> "Trap";
            case REPORT -> "Report";
            case TRAP_REPRESS -> "TrapRepress";
            case GET_TABLE -> "GetTable";
            case GET_TRACE_TABLE -> "GetTraceTable";
            case GET_MULTI -> "GetMulti";
            case DELETE -> "Delete";
            default -> String.format("0x%02x", methodByte & ~MadHeader.RESPONSE_BIT);
        };
        return (methodByte & MadHeader.RESPONSE_BIT) != 0 ? base + "Resp" : base;
    }
}
