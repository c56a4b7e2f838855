package io.reactiveumad.mad;

/**
 * A response arrived with a non-zero MAD status. The status is decoded per the common header layout;
 * the response itself is kept for class-specific inspection.
 */
public class MadStatusException extends UmadException {
    private static final long serialVersionUID = 1L;

    private final transient Mad response;

    public MadStatusException(Mad response) {
        super("MAD status 0x" + String.format("%04x", response.status()) + " (" + MadStatus.describe(response.status())
                + ") for " + response);
        this.response = response;
    }

    public Mad response() {
        return response;
    }

    public int status() {
        return response.status();
    }
}
