package io.reactiveumad.fabric;

/**
 * One hop of a traced route: out of {@code egressPort} of the previous node, into {@code ingressPort} of
 * {@code node}.
 *
 * @param egressPort  the port the previous node forwards on (a CA's own port for the first hop from a CA)
 * @param node        the node reached, as it answers there (its NodeInfo's port GUID is the port reached)
 * @param ingressPort the port of {@code node} the route enters by
 */
public record TraceHop(int egressPort, Endpoint node, int ingressPort) {
}
