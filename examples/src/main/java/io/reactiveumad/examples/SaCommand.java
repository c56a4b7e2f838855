package io.reactiveumad.examples;

import io.reactiveumad.client.SaClient;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.sa.LinkRecord;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.mad.sa.PortInfoRecord;
import java.nio.ByteBuffer;
import java.util.List;
import io.reactiveumad.examples.cli.Command;
import io.reactiveumad.examples.cli.Option;
import reactor.core.publisher.Flux;

@Command(name = SaCommand.NAME, description = "Query the subnet administrator (as saquery): filters go to the SA as component masks.",
        subcommands = {SaCommand.Nodes.class, SaCommand.PortInfos.class, SaCommand.Paths.class, SaCommand.Links.class,
                SaCommand.Services.class, SaCommand.Informs.class})
final class SaCommand extends FabricCommand {
    /** The subcommand's name, a constant so {@link UmadCli} can pick it without reading annotations. */
    static final String NAME = "sa";

    @Option(names = "--json", description = "Print a JSON array.")
    boolean json;

    /** {@code umad sa} alone lists every NodeRecord, as {@code saquery} alone does. */
    @Override
    public Integer call() {
        return print(this, query(SaCommand::client, sa -> sa.getTable(SaClient.NODE_RECORD).collectList(), "SA nodes"),
                json);
    }

    private static Integer print(FabricCommand command, List<? extends Record> records, boolean json) {
        if (records.isEmpty()) {
            command.err().println(command.spec.qualifiedName() + ": no records");
        }
        command.out().print(Fields.render(records, json));
        return 0;
    }

    /** The default SA client: it works on every transport, ibsim's OpenSM included, without picking an RMPP mode. */
    static SaClient client(Connection connection) {
        return SaClient.of(connection.port());
    }

    /** One SA GetTable, printed record by record. */
    abstract static class Query extends FabricCommand {
        @Option(names = "--json", description = "Print a JSON array.")
        boolean json;

        abstract Flux<? extends Record> query(SaClient sa);

        @Override
        public Integer call() {
            return print(this, query(SaCommand::client, sa -> query(sa).collectList(), "SA " + spec.name()), json);
        }
    }

    @Command(name = "nodes", description = "NodeRecords (saquery NR).")
    static final class Nodes extends Query {
        @Option(names = "--lid", paramLabel = "LID", converter = Lids.Unicast.class, description = "Only the node with this LID.")
        Integer lid;

        @Override
        Flux<NodeRecord> query(SaClient sa) {
            if (lid == null) {
                return sa.getTable(SaClient.NODE_RECORD);
            }
            NodeRecord template = new NodeRecord(lid, NodeInfo.decode(ByteBuffer.allocate(NodeInfo.SIZE), 0),
                    new NodeDescription(""));
            return sa.getTable(SaClient.NODE_RECORD, template, NodeRecord.Component.LID);
        }
    }

    @Command(name = "portinfo", description = "PortInfoRecords (saquery PIR).")
    static final class PortInfos extends Query {
        @Option(names = "--lid", paramLabel = "LID", converter = Lids.Unicast.class, description = "Only the ports of this LID.")
        Integer lid;

        @Option(names = "--port-number", paramLabel = "N", description = "Only this port number (with --lid).")
        Integer portNumber;

        @Override
        Flux<PortInfoRecord> query(SaClient sa) {
            if (portNumber != null && (portNumber < 0 || portNumber > 254)) {
                throw new IllegalArgumentException("--port-number " + portNumber + ": a port number is 0 to 254");
            }
            long mask = (lid != null ? PortInfoRecord.Component.ENDPORT_LID : 0)
                    | (portNumber != null ? PortInfoRecord.Component.PORT_NUM : 0);
            PortInfoRecord template = new PortInfoRecord(lid == null ? 0 : lid, portNumber == null ? 0 : portNumber, 0,
                    PortInfo.decode(ByteBuffer.allocate(PortInfo.SIZE), 0));
            return sa.getTable(SaClient.PORT_INFO_RECORD, template, mask);
        }
    }

    @Command(name = "paths", description = "PathRecords between two ports (saquery -p), by LIDs or by port GUIDs; with no filter every path "
                    + "from the local port (saquery PR).")
    static final class Paths extends Query {
        @Option(names = "--slid", paramLabel = "LID", converter = Lids.Unicast.class, description = "Source LID.")
        Integer slid;

        @Option(names = "--dlid", paramLabel = "LID", converter = Lids.Unicast.class, description = "Destination LID.")
        Integer dlid;

        @Option(names = "--sgid", paramLabel = "GID", description = "Source GID as prefix:guid in hex, or a port GUID (default prefix).")
        String sgid;

        @Option(names = "--dgid", paramLabel = "GID", description = "Destination GID or port GUID.")
        String dgid;

        @Override
        Flux<PathRecord> query(SaClient sa) {
            if (sgid != null && dgid != null) {
                return sa.pathRecords(Guids.parseGid("--sgid", sgid, true), Guids.parseGid("--dgid", dgid, true));
            }
            if (slid == null && dlid == null && sgid == null && dgid == null) {
                // No filter: every path from the local port, as saquery PR lists them.
                Gid local = sa.port().attributes().gids().get(0);
                PathRecord template = new PathRecord(0, Gid.ZERO, local, 0, 0, false, 0, 0, 0, true, 1, 0, 0, 0, 0, 0, 0,
                        0, 0, 0, 0);
                return sa.getTable(SaClient.PATH_RECORD, template,
                        PathRecord.Component.SGID | PathRecord.Component.NUMB_PATH);
            }
            if (slid == null || dlid == null) {
                throw new IllegalArgumentException("give --slid and --dlid, or --sgid and --dgid");
            }
            PathRecord template = new PathRecord(0, Gid.ZERO, Gid.ZERO, dlid, slid, false, 0, 0, 0, true, 1, 0, 0, 0, 0,
                    0, 0, 0, 0, 0, 0);
            return sa.getTable(SaClient.PATH_RECORD, template,
                    PathRecord.Component.SLID | PathRecord.Component.DLID | PathRecord.Component.NUMB_PATH);
        }

        /** The default GID prefix (fe80::) unless the text gives one as {@code prefix:guid}. */
    }

    @Command(name = "links", description = "LinkRecords (saquery LR).")
    static final class Links extends Query {
        @Option(names = "--lid", paramLabel = "LID", converter = Lids.Unicast.class, description = "Only links from this LID.")
        Integer lid;

        @Override
        Flux<LinkRecord> query(SaClient sa) {
            return lid == null ? sa.getTable(SaClient.LINK_RECORD)
                    : sa.getTable(SaClient.LINK_RECORD, new LinkRecord(lid, 0, 0, 0), LinkRecord.Component.FROM_LID);
        }
    }

    @Command(name = "services", description = "ServiceRecords (saquery SR).")
    static final class Services extends Query {
        @Override
        Flux<? extends Record> query(SaClient sa) {
            return sa.getTable(SaClient.SERVICE_RECORD);
        }
    }

    @Command(name = "inform", description = "InformInfoRecords: who subscribed to which traps (saquery IIR).")
    static final class Informs extends Query {
        @Override
        Flux<? extends Record> query(SaClient sa) {
            return sa.getTable(SaClient.INFORM_INFO_RECORD);
        }
    }
}
