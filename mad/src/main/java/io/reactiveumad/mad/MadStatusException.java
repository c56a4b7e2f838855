package io.reactiveumad.mad;

/**
 * A response arrived with a non-zero MAD status. The message names the status, who answered, and the
 * class, method, attribute and modifier answered, e.g. {@code "MAD status 0x0004 (unsupported method or
 * attribute) from LID 4 QP0 for SubnLidRouted GetResp attribute 0x0015 modifier 0x00000001"}; the
 * response itself is kept for class-specific inspection.
 */
public class MadStatusException extends UmadException {
    private static final long serialVersionUID = 1L;

    private final transient Mad response;
    private final transient MadAddress source;

    /**
     * @param response the response carrying the status
     * @param source   who sent it (the request's destination)
     */
    public MadStatusException(Mad response, MadAddress source) {
        super(String.format("MAD status 0x%04x (%s) from %s for %s (TID 0x%016x)", response.status(),
                MadStatus.describe(response.status(), response.mgmtClass()), source.describe(), response.describe(), response.tid()));
        this.response = response;
        this.source = source;
    }

    public Mad response() {
        return response;
    }

    /** Who sent the response. */
    public MadAddress source() {
        return source;
    }

    public int status() {
        return response.status();
    }
}
