package io.reactiveumad.poll;

import static org.assertj.core.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/** Tests that need something installed on the machine: fail when {@code umad.requirePeers} is true (CI), else skip. */
public final class Peers {
    private Peers() {
    }

    public static void require(boolean available, String what, String installHint) {
        if (available) {
            return;
        }
        String message = what + " is not available; install it with: " + installHint;
        if (Boolean.getBoolean("umad.requirePeers")) {
            fail(message);
        }
        Assumptions.abort(message);
    }
}
