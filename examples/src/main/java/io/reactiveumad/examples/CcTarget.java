package io.reactiveumad.examples;

import io.reactiveumad.client.CcClient;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Declares;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.attr.NodeInfo;

/**
 * The node a congestion control command asks, as ibccquery and ibccconfig name it (a LID, with -G a port GUID the SA
 * resolves), and the CC_Key its requests carry (-c): what {@code cc} and {@code cc-config} share.
 */
final class CcTarget implements Declares {
    /** The tool the options mirror, for their help. */
    private final String tool;
    private String text;
    private boolean byGuid;
    private long ccKey;
    /** Parsed by {@link #check}: the LID named, or with -G the port GUID. */
    private int lid;
    private long guid;

    CcTarget(String tool) {
        this.tool = tool;
    }

    @Override
    public void declare(Declaration d) {
        d.parameter("LID").help("The node's LID, with -G its port GUID.").to(Values::text, v -> text = v);
        d.option("-c", "--cckey").label("KEY").help("The CC_Key the requests carry (default: 0; as " + tool + " -c).")
                .to(Values::bits64, v -> ccKey = v);
        d.flag("-G", "--Guid").help("LID is a port GUID, resolved to its LID through the SA.").to(() -> byGuid = true);
        d.flag("-L", "--Lid").help("LID is a LID (the default).").to(() -> byGuid = false);
    }

    /** Parses the LID or GUID: call it before opening anything, so bad usage costs no port. */
    void check() {
        if (byGuid) {
            guid = FabricCommand.value("-G", () -> Guids.parse(text));
        } else {
            lid = FabricCommand.value("LID", () -> Lids.unicast(text));
        }
    }

    /** The LID to ask at: the one named, or the one the SA gives -G's port GUID. */
    int lid(Connection connection, TransportOptions transport) {
        return byGuid ? FabricCommand.await(transport.lidOf(connection.port(), guid), "the LID of port GUID " + text)
                : lid;
    }

    /** A client on the connection's port whose requests carry -c's CC_Key. */
    CcClient client(Connection connection) {
        return CcClient.of(connection.port()).withCcKey(ccKey);
    }

    /**
     * The last port of the switch at {@code lid}, after NodeInfo says it is a switch, as ibccquery and ibccconfig ask
     * before SwitchPortCongestionSetting; {@code port} (null for none) must be one it has.
     */
    static int lastSwitchPort(Connection connection, TransportOptions transport, int lid, Integer port) {
        SmpClient smp = transport.smp(connection.port());
        NodeInfo info;
        try {
            info = FabricCommand.await(smp.nodeInfo(SmpRoute.lid(lid)), "NodeInfo of lid " + lid);
        } finally {
            smp.dispose();
        }
        if (!info.isSwitch()) {
            throw new IllegalArgumentException("lid " + lid + " is not a switch (" + NodeTypes.name(info.nodeType())
                    + "): SwitchPortCongestionSetting is a switch's");
        }
        if (port != null && port > info.numPorts()) {
            throw new IllegalArgumentException("PORT " + port + ": the switch at lid " + lid + " has ports 0 to "
                    + info.numPorts());
        }
        return info.numPorts();
    }
}
