package io.reactiveumad.fabric;

import io.reactiveumad.discovery.DiscoveredNode;
import java.util.List;

/**
 * One node's part of an error sweep, as ibqueryerrors groups it.
 *
 * @param node         the node as discovery found it
 * @param lid          the LID its PMA was asked at
 * @param errors       the ports over threshold; a switch that sums all ports adds a line for the sum first.
 *                     In a {@link ErrorSweepOptions#dataCountersOnly()} sweep: every port, nothing exceeded
 * @param portsChecked how many ports were checked (a switch whose sum is clean counts all its ports)
 * @param failures     PMA requests that failed for good, one line each
 */
public record NodeErrors(DiscoveredNode node, int lid, List<PortErrors> errors, int portsChecked,
                         List<String> failures) {
    public NodeErrors {
        errors = List.copyOf(errors);
        failures = List.copyOf(failures);
    }

    /** Ports (not the all-ports sum) whose counters exceed a threshold. */
    public long badPorts() {
        return errors.stream().filter(e -> !e.isAllPorts() && e.isOverThreshold()).count();
    }

    public boolean isBad() {
        return errors.stream().anyMatch(PortErrors::isOverThreshold);
    }
}
