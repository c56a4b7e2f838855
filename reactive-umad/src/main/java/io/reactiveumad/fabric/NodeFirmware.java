package io.reactiveumad.fabric;

import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.mad.mlnx.GeneralInfo;
import java.util.Objects;
import java.util.Optional;

/**
 * One node's part of a {@link FirmwareInventory}: what its device said of its versions, or that it has no agent of
 * Mellanox's vendor class (its kernel answered "unsupported": another vendor's device), or why it could not be asked.
 *
 * @param node        the node as discovery found it
 * @param lid         the LID it was asked at (0: none, so not asked)
 * @param generalInfo its GeneralInfo, when it answered
 * @param failure     why it was not answered (no LID, no response, another status), when it was not
 */
public record NodeFirmware(DiscoveredNode node, int lid, Optional<GeneralInfo> generalInfo, Optional<String> failure) {
    public NodeFirmware {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(generalInfo, "generalInfo");
        Objects.requireNonNull(failure, "failure");
        if (generalInfo.isPresent() && failure.isPresent()) {
            throw new IllegalArgumentException("a node either answered or failed, not both");
        }
    }

    /** Whether the node has an agent of the class: it answered, or failed for another reason than not having one. */
    public boolean hasClass() {
        return generalInfo.isPresent() || failure.isPresent();
    }
}
