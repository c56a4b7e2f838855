package io.reactiveumad.mad.internal;

import io.reactiveumad.mad.Mad;
import java.util.Objects;
import java.util.function.Function;

/**
 * The core's read-only way into a {@link Mad}'s own array, so a request goes out without a copy per
 * request: the frame hands the array to the channel, which copies it into its own send buffer and writes
 * the frame's TID there. Whoever holds the array must never write it, since the user's {@code Mad} (an
 * immutable value) is that array. Exported to the core alone ({@code module-info}).
 */
public final class SharedMadBytes {
    private static volatile Function<Mad, byte[]> access;

    private SharedMadBytes() {
    }

    /** Called once, by {@link Mad}'s class initialiser: the only holder of the array hands out the reader. */
    public static void install(Function<Mad, byte[]> reader) {
        if (access != null) {
            throw new IllegalStateException("already installed");
        }
        access = Objects.requireNonNull(reader);
    }

    /** {@code mad}'s own bytes: read them, never write them. */
    public static byte[] of(Mad mad) {
        return access.apply(mad);
    }
}
