package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAddress;

/**
 * Where a vendor-class request goes (ping, sysstat): a LID, a port GUID resolved to its LID through the SA (-G), or
 * with {@code --dgid} a GID in a GRH. A RoCE port has no LIDs and no SA, so there the GID is the only address (the
 * diag tools cannot reach such a port at all); on InfiniBand the GRH goes with the LID, which routes the packet.
 */
final class GsiDestination {
    /** Hop limit of the GRH; a MAD crosses no router here, any value above 1 reaches the subnet. */
    private static final int HOP_LIMIT = 64;

    private String destination;
    private boolean guid;
    private Gid dgid;

    /** The destination parameter (its help says what the command sends) and -G, -L and --dgid. */
    void declare(Declaration d, String help) {
        d.parameter("LID|GUID").optional().help(help).to(Values::text, v -> destination = v);
        d.flag("-G", "--Guid").help("The destination is a port GUID, resolved to its LID through the SA.")
                .to(() -> guid = true);
        d.flag("-L", "--Lid").help("The destination is a LID (the default).").to(() -> guid = false);
        d.option("--dgid").label("GID").help("Send with a GRH to this GID (fe80::… or prefix:guid): on a RoCE port the "
                + "only address there is, no LID needed; on InfiniBand with the LID given.")
                .to(text -> Guids.parseGid("--dgid", text, false), v -> dgid = v);
    }

    /**
     * With {@code --dgid} and no LID, the parser gave the first positional argument to the destination though it is
     * the command's next parameter (sysstat's OP): it is handed back, and null when there is none. An empty one stays,
     * to be refused as no LID.
     */
    String notADestination() {
        if (dgid == null || destination == null || destination.isEmpty() || Character.isDigit(destination.charAt(0))) {
            return null;
        }
        String next = destination;
        destination = null;
        return next;
    }

    /** Whether a destination was given at all. */
    boolean given() {
        return destination != null || dgid != null;
    }

    /** The address on {@code connection}'s port: resolving -G through the SA, refusing what cannot reach anything. */
    MadAddress address(Connection connection, TransportOptions transport) {
        boolean roce = connection.port().attributes().isEthernet();
        if (dgid != null && destination == null && !roce) {
            throw new UsageException("--dgid on an InfiniBand port needs the LID too: the LID routes, the GRH goes with it");
        }
        int lid = 0;
        if (destination != null && guid) {
            long portGuid = FabricCommand.value("-G", () -> Guids.parse(destination));
            lid = FabricCommand.await(transport.lidOf(connection.port(), portGuid), "the LID of port " + destination);
        } else if (destination != null) {
            lid = Lids.unicast(destination);
        }
        MadAddress to = MadAddress.gsi(lid);
        return dgid == null ? to : to.withGrh(new MadAddress.Grh(dgid, 0, HOP_LIMIT, 0, 0));
    }

    /** How the command names the destination in what it prints: "Lid 7", or the GID. */
    String label(MadAddress to) {
        return to.grh() != null && to.lid() == 0 ? "GID " + SaText.gid(to.grh().gid()) : "Lid " + to.lid();
    }
}
