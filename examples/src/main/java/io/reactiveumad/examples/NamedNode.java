package io.reactiveumad.examples;

import io.reactiveumad.MadPort;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.mad.attr.NodeInfo;
import reactor.core.publisher.Mono;

/**
 * The port an infiniband-diags command line names a node by, {@code -G}/{@code -S GUID} or {@code -D PATH}: the
 * tools ask NodeInfo along the path for its port GUID before they look the node up in their partial scan
 * ({@link io.reactiveumad.discovery.LibibnetdiscScan}).
 */
final class NamedNode {
    private NamedNode() {
    }

    /** The port GUID named: {@code guid}, or the one NodeInfo answers along {@code path}; empty when neither is given. */
    static Mono<Long> portGuid(TransportOptions transport, MadPort port, Long guid, SmpRoute.Directed path) {
        if (guid != null) {
            return Mono.just(guid);
        }
        if (path == null) {
            return Mono.empty();
        }
        return Mono.using(() -> transport.smp(port), smp -> smp.nodeInfo(path), SmpClient::dispose).map(NodeInfo::portGuid);
    }
}
