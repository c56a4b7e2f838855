package io.reactiveumad.test;

import org.junit.jupiter.api.Assumptions;

/**
 * The one place that decides what a test does when a real peer (ibsim, OpenSM, the diag tools, the kernel VM) is
 * missing: with {@code -Dumad.requirePeers=true} (CI) it fails, so a missing peer cannot pass for a green run;
 * otherwise it skips.
 */
public final class Peers {
    private Peers() {
    }

    /** Fails (CI) or skips the calling test; {@code why} says what is missing and how to install it. */
    public static void missing(String why) {
        if (Boolean.getBoolean("umad.requirePeers")) {
            throw new AssertionError(why + "; umad.requirePeers is set, so this fails instead of skipping");
        }
        Assumptions.abort(why);
    }
}
