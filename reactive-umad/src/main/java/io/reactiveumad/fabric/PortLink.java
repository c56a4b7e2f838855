package io.reactiveumad.fabric;

import java.util.Optional;

/**
 * A port as iblinkinfo lists it: its own state and, when it is cabled to a discovered port, the far end.
 *
 * @param local  the port
 * @param remote the port at the other end of the cable, if any
 */
public record PortLink(LinkEnd local, Optional<LinkEnd> remote) {
}
