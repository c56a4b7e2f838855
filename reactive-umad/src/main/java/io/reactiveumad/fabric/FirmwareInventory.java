package io.reactiveumad.fabric;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.client.MlnxClient;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.discovery.FabricDiscovery;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.UmadException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Every node's hardware and firmware versions, fabric-wide: Mellanox's GeneralInfo (vendor class 0x0A, what vendstat
 * -N reads of one device) asked of every node with many in flight, one MAD a node. A node whose kernel answers the
 * class "unsupported" (another vendor's device) is reported without it; one that does not answer, or cannot be reached,
 * with why. Only the port closing, or its device going, ends the inventory with that error.
 *
 * <p>On a real fabric a node whose device does not have the class is answered by its kernel. Under ibsim it is not:
 * ibsim hands the Get to the client attached to that node, and OpenSM under umad2sim crashes on it (as it does on
 * vendstat's); ask only the nodes you mean there.
 *
 * <pre>{@code
 * FirmwareInventory.of(port, DiscoveryOptions.defaults(), FirmwareInventory.DEFAULT_IN_FLIGHT)
 *         .filter(n -> n.generalInfo().isPresent())
 *         .subscribe(n -> System.out.println(n.node().description() + " " + n.generalInfo().get().firmware()));
 * }</pre>
 */
public final class FirmwareInventory {
    /** Nodes asked at once by default: as many as an error sweep checks. */
    public static final int DEFAULT_IN_FLIGHT = ErrorSweepOptions.DEFAULT_IN_FLIGHT;

    private FirmwareInventory() {
    }

    /** Discovers the fabric from {@code port}, then asks every node; one {@link NodeFirmware} per node. */
    public static Flux<NodeFirmware> of(MadPort port, DiscoveryOptions discovery, int inFlight) {
        Objects.requireNonNull(discovery, "discovery");
        return FabricDiscovery.discover(port, discovery).flatMapMany(fabric -> of(port, fabric, inFlight));
    }

    /** Asks every node of a discovered {@code fabric}, in the order discovery found them. */
    public static Flux<NodeFirmware> of(MadPort port, DiscoveredFabric fabric, int inFlight) {
        Objects.requireNonNull(fabric, "fabric");
        return of(port, fabric.nodes(), inFlight);
    }

    /** Asks {@code nodes}, in their order, {@code inFlight} at once. */
    public static Flux<NodeFirmware> of(MadPort port, List<DiscoveredNode> nodes, int inFlight) {
        Objects.requireNonNull(port, "port");
        List<DiscoveredNode> asked = List.copyOf(nodes);
        if (inFlight < 1) {
            throw new IllegalArgumentException("inFlight must be at least 1: " + inFlight);
        }
        return Flux.using(() -> MlnxClient.of(port),
                mlnx -> Flux.fromIterable(asked).flatMapSequential(node -> ask(mlnx, node), inFlight, 1),
                MlnxClient::dispose);
    }

    private static Mono<NodeFirmware> ask(MlnxClient mlnx, DiscoveredNode node) {
        int lid = node.lid();
        if (lid == 0) {
            return Mono.just(new NodeFirmware(node, 0, Optional.empty(), Optional.of("no LID to ask it at")));
        }
        return mlnx.generalInfo(lid)
                .map(info -> new NodeFirmware(node, lid, Optional.of(info), Optional.empty()))
                .onErrorResume(e -> e instanceof UmadException && !PortClosedException.endsThePort(e), e -> {
                    // "Unsupported" is the kernel's answer for a class no agent of its node registered.
                    boolean noClass = e instanceof MadStatusException status
                            && status.status() == MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE;
                    return Mono.just(new NodeFirmware(node, lid, Optional.empty(),
                            noClass ? Optional.empty() : Optional.of(e.getMessage())));
                });
    }
}
