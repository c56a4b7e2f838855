package io.reactiveumad.test.topology;

/**
 * The three IBA node types, with how NodeInfo encodes them and how ibsim / {@code ibnetdiscover} files
 * name them.
 */
public enum NodeType {
    CA(1, "Ca", "H", "caguid"),
    SWITCH(2, "Switch", "S", "switchguid"),
    ROUTER(3, "Rt", "R", "rtguid");

    private final int code;
    private final String keyword;
    private final String namePrefix;
    private final String guidKey;

    NodeType(int code, String keyword, String namePrefix, String guidKey) {
        this.code = code;
        this.keyword = keyword;
        this.namePrefix = namePrefix;
        this.guidKey = guidKey;
    }

    /** NodeInfo.NodeType: 1 CA, 2 switch, 3 router. */
    public int code() {
        return code;
    }

    /** The record keyword {@code ibnetdiscover} prints: {@code Switch}, {@code Ca}, {@code Rt}. */
    public String keyword() {
        return keyword;
    }

    /** The letter of {@code ibnetdiscover}'s GUID-based node names, {@code "S-0002c90000000001"}. */
    public String namePrefix() {
        return namePrefix;
    }

    /** {@code ibnetdiscover}'s name for a node of this type: the prefix and the 16-digit GUID, {@code "S-0002c90000000001"}. */
    public String guidName(long nodeGuid) {
        String hex = Long.toHexString(nodeGuid);
        return namePrefix + "-" + "0".repeat(16 - hex.length()) + hex;
    }

    /** The key of the GUID line before a record: {@code switchguid=}, {@code caguid=}, {@code rtguid=}. */
    public String guidKey() {
        return guidKey;
    }

    public static NodeType ofCode(int code) {
        for (NodeType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        throw new IllegalArgumentException("not a node type code: " + code);
    }
}
