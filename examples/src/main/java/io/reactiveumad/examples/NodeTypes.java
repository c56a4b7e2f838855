package io.reactiveumad.examples;

import io.reactiveumad.mad.attr.NodeInfo;

/** Node types named as libibmad prints them ({@code Channel Adapter}, {@code Switch}, {@code Router}). */
final class NodeTypes {
    private NodeTypes() {
    }

    static String name(int nodeType) {
        return switch (nodeType) {
            case NodeInfo.TYPE_CHANNEL_ADAPTER -> "Channel Adapter";
            case NodeInfo.TYPE_SWITCH -> "Switch";
            case NodeInfo.TYPE_ROUTER -> "Router";
            default -> "?(" + nodeType + ")";
        };
    }

    /** As ibnetdiscover's node lists (-l, -H, -S, -R) name them. */
    static String keyword(int nodeType) {
        return switch (nodeType) {
            case NodeInfo.TYPE_CHANNEL_ADAPTER -> "Ca";
            case NodeInfo.TYPE_SWITCH -> "Switch";
            case NodeInfo.TYPE_ROUTER -> "Router";
            default -> "??";
        };
    }
}
