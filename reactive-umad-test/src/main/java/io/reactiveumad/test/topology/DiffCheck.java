package io.reactiveumad.test.topology;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * What ibnetdiscover's {@code --diff} compares, as its {@code --diffcheck} keys name it: the switches, CAs and routers
 * present in one fabric and not the other; the ports' connections; LIDs; node descriptions.
 */
public enum DiffCheck {
    SW, CA, ROUTER, PORT, LID, NODEDESC;

    /** Without {@code --diffcheck}: the nodes and their ports' connections. */
    public static final Set<DiffCheck> DEFAULT = Set.of(SW, CA, ROUTER, PORT);

    /**
     * {@code --diffcheck}'s keys, separated by commas, in any case.
     *
     * @throws IllegalArgumentException naming a key there is not
     */
    public static Set<DiffCheck> parse(String keys) {
        Set<DiffCheck> checks = EnumSet.noneOf(DiffCheck.class);
        for (String key : keys.split(",")) {
            try {
                checks.add(valueOf(key.strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("invalid diff check key: " + key + " (sw, ca, router, port, lid, nodedesc)");
            }
        }
        return checks;
    }

    static DiffCheck of(NodeType type) {
        return switch (type) {
            case SWITCH -> SW;
            case CA -> CA;
            case ROUTER -> ROUTER;
        };
    }
}
