package io.reactiveumad.examples;

import io.reactiveumad.test.topology.Node;
import io.reactiveumad.test.topology.Port;
import io.reactiveumad.test.topology.Topology;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongFunction;

/** Names GUIDs after a known topology: {@code host2 port 1} for a CA port, {@code sw1} for a switch. */
final class FabricNames {
    private FabricNames() {
    }

    static LongFunction<String> of(Topology topology) {
        Map<Long, String> names = new HashMap<>();
        for (Node node : topology.nodes()) {
            names.put(node.nodeGuid(), node.id());
            for (Port port : node.ports()) {
                names.putIfAbsent(port.guid(), node.isSwitch() ? node.id() : node.id() + " port " + port.number());
            }
        }
        return names::get;
    }

    static LongFunction<String> none() {
        return guid -> null;
    }
}
