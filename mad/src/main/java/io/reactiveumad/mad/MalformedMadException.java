package io.reactiveumad.mad;

/**
 * Bytes that do not form the MAD layout they claim to: too short, a bad base version, an offset or
 * length pointing past the end. Thrown by every decoder in this module instead of an
 * {@link IndexOutOfBoundsException} from deep inside.
 */
public final class MalformedMadException extends UmadException {
    private static final long serialVersionUID = 1L;

    public MalformedMadException(String message) {
        super(message);
    }

    /** Fails unless {@code length} bytes are available at {@code offset} in a buffer of {@code size}. */
    public static void checkBounds(String what, int offset, int length, int size) {
        if (offset < 0 || length < 0 || offset > size - length) {
            throw new MalformedMadException(what + ": needs bytes [" + offset + ", " + (offset + length)
                    + ") but only " + size + " are present");
        }
    }
}
