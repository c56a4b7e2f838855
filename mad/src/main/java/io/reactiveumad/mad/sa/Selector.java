package io.reactiveumad.mad.sa;

/**
 * The 2-bit selectors before MTU, Rate and PacketLifeTime in {@link PathRecord} and
 * {@link McMemberRecord} queries: how the SA compares the value that follows.
 */
public final class Selector {
    public static final int GREATER_THAN = 0;
    public static final int LESS_THAN = 1;
    public static final int EXACTLY = 2;
    /** The largest MTU / rate, or the smallest packet lifetime, available. */
    public static final int BEST = 3;

    /** MTU enumeration (IBA): the value is {@code log2(bytes) - 7}. */
    public static final int MTU_256 = 1;
    public static final int MTU_512 = 2;
    public static final int MTU_1024 = 3;
    public static final int MTU_2048 = 4;
    public static final int MTU_4096 = 5;

    private Selector() {
    }
}
