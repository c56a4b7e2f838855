package io.reactiveumad.client;

import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;

/** Query templates whose fields the component mask leaves out. */
final class SmpClientFixtures {
    private SmpClientFixtures() {
    }

    static NodeInfo anyNodeInfo() {
        return new NodeInfo(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    static NodeDescription noDescription() {
        return new NodeDescription("");
    }
}
