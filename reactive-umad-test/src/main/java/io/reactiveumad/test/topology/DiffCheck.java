package io.reactiveumad.test.topology;

import java.util.Set;

/**
 * What ibnetdiscover's {@code --diff} compares, as its {@code --diffcheck} keys name it: the switches, CAs and routers
 * present in one fabric and not the other; the ports' connections; LIDs; node descriptions.
 */
public enum DiffCheck {
    SW, CA, ROUTER, PORT, LID, NODEDESC;

    /** Without {@code --diffcheck}: the nodes and their ports' connections. */
    public static final Set<DiffCheck> DEFAULT = Set.of(SW, CA, ROUTER, PORT);

    static DiffCheck of(NodeType type) {
        return switch (type) {
            case SWITCH -> SW;
            case CA -> CA;
            case ROUTER -> ROUTER;
        };
    }
}
