package io.reactiveumad.examples;

import static io.reactiveumad.examples.SaCommand.withDoubleDash;

import io.reactiveumad.client.SaClient;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Declares;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.sa.PathRecord;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** {@code umad sa paths}: PathRecords, as saquery's PathRecord queries ask for them. */
final class SaPaths extends SaCommand.Query {
    static final CommandInfo INFO = CommandInfo.of(SaPaths.class, "paths",
            "PathRecords between two ports (saquery -p), by LIDs or by GIDs and saquery's other PathRecord filters; "
                    + "with no filter every path the SA knows, between every two ports (saquery PR).")
            .withAliases(withDoubleDash("PR", "PathRecord", "-p"));
    private final Filters filters = new Filters();
    private final Ends ends = new Ends();

    SaPaths(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        filters.declare(d);
        ends.declare(d);
    }

    @Override
    Flux<PathRecord> query(SaClient sa) {
        if (ends.given()) {
            if (filters.namesAnEnd()) {
                throw new UsageException("--src-to-dst and --sgid-to-dgid name both ends: no --slid, --dlid, --sgid or"
                        + " --dgid with them");
            }
            return ends.query(sa, filters);
        }
        return filters.query(sa);
    }

    /**
     * saquery's PathRecord filters, each a component of the query where given (null where not), and the query they
     * make: saquery PR's, which names nothing else (no filter at all: OpenSM answers with the path between every two
     * ports, the requester's own being no different).
     */
    static final class Filters implements Declares {
        private Integer slid;
        private Integer dlid;
        private String sgid;
        private String dgid;
        private Long serviceId;
        private Integer pKey;
        private Integer sl;
        private Integer numbPath;
        private Integer reversible;
        private Integer qosClass;
        private final LinkFilters link = new LinkFilters();

        @Override
        public void declare(Declaration d) {
            d.option("--slid").label("LID").help("Source LID.").to(Lids::unicast, v -> slid = v);
            d.option("--dlid").label("LID").help("Destination LID.").to(Lids::unicast, v -> dlid = v);
            d.option("--sgid").label("GID").help("Source GID as prefix:guid in hex, or a port GUID (default prefix).")
                    .to(Values::text, v -> sgid = v);
            d.option("--dgid").label("GID").help("Destination GID or port GUID.").to(Values::text, v -> dgid = v);
            d.option("--service-id", "--service_id").label("ID").help("ServiceID (as saquery --service_id).")
                    .to(Values::wholeNumber, v -> serviceId = v == 0 ? null : v); // 0: none, as saquery takes it
            d.option("--pkey").label("PKEY").help("P_Key (as saquery --pkey).")
                    .to(Values.between(1, 0xFFFF), v -> pKey = v);
            d.option("--sl").label("SL").help("Service level (as saquery --sl).").to(Values.between(0, 15), v -> sl = v);
            d.option("-n", "--numb_path").label("N").help("How many paths at most (as saquery -n).")
                    .to(Values.between(0, 0x7F), v -> numbPath = v);
            d.option("-r", "--reversible").label("0|1").help("Only reversible paths, or not (as saquery -r).")
                    .to(Values.between(0, 1), v -> reversible = v);
            d.option("-Q", "--qos_class").label("CLASS").help("QoS class (as saquery -Q).")
                    .to(Values.between(0, 0xFFF), v -> qosClass = v);
            link.declare(d);
        }

        boolean namesAnEnd() {
            return slid != null || dlid != null || sgid != null || dgid != null;
        }

        Flux<PathRecord> query(SaClient sa) {
            return query(sa, sgid == null ? null : Guids.parseGid("--sgid", sgid, true),
                    dgid == null ? null : Guids.parseGid("--dgid", dgid, true), slid, dlid, numbPath);
        }

        /** The query with these ends (null: not named) and NumbPath, and every other filter given. */
        Flux<PathRecord> query(SaClient sa, Gid source, Gid destination, Integer slid, Integer dlid, Integer numbPath) {
            long mask = (source != null ? PathRecord.Component.SGID : 0)
                    | (destination != null ? PathRecord.Component.DGID : 0)
                    | (slid != null ? PathRecord.Component.SLID : 0) | (dlid != null ? PathRecord.Component.DLID : 0)
                    | (serviceId != null ? PathRecord.Component.SERVICE_ID : 0)
                    | (pKey != null ? PathRecord.Component.P_KEY : 0) | (sl != null ? PathRecord.Component.SL : 0)
                    | (numbPath != null ? PathRecord.Component.NUMB_PATH : 0)
                    | (reversible != null ? PathRecord.Component.REVERSIBLE : 0)
                    | (qosClass != null ? PathRecord.Component.QOS_CLASS : 0)
                    | (link.mtu != null ? PathRecord.Component.MTU | PathRecord.Component.MTU_SELECTOR : 0)
                    | (link.rate != null ? PathRecord.Component.RATE | PathRecord.Component.RATE_SELECTOR : 0)
                    | (link.packetLifeTime != null
                            ? PathRecord.Component.PACKET_LIFE_TIME | PathRecord.Component.PACKET_LIFE_TIME_SELECTOR : 0)
                    | (link.trafficClass != null ? PathRecord.Component.TRAFFIC_CLASS : 0)
                    | (link.flowLabel != null ? PathRecord.Component.FLOW_LABEL : 0)
                    | (link.hopLimit != null ? PathRecord.Component.HOP_LIMIT : 0);
            PathRecord template = new PathRecord(serviceId == null ? 0 : serviceId,
                    destination == null ? Gid.ZERO : destination, source == null ? Gid.ZERO : source,
                    dlid == null ? 0 : dlid, slid == null ? 0 : slid, false, LinkFilters.orZero(link.flowLabel),
                    LinkFilters.orZero(link.hopLimit), LinkFilters.orZero(link.trafficClass),
                    reversible != null && reversible == 1, numbPath == null ? 0 : numbPath, pKey == null ? 0 : pKey,
                    qosClass == null ? 0 : qosClass, sl == null ? 0 : sl, LinkFilters.selector(link.mtu),
                    LinkFilters.value(link.mtu), LinkFilters.selector(link.rate), LinkFilters.value(link.rate),
                    LinkFilters.selector(link.packetLifeTime), LinkFilters.value(link.packetLifeTime), 0);
            return sa.getTable(SaClient.PATH_RECORD, template, mask);
        }
    }

    /**
     * saquery's --src-to-dst SRC:DST (LIDs or node names, up to 127 paths as saquery asks) and --sgid-to-dgid
     * SGID-DGID (GIDs in IPv6 notation): a PathRecord query naming both ends, on {@code sa} itself or {@code sa paths}.
     */
    static final class Ends implements Declares {
        /** saquery's NumbPath for --src-to-dst: as many paths as the SA has, up to 127. */
        private static final int ALL_PATHS = 0x7f;

        private SaNodeArgument source;
        private SaNodeArgument destination;
        private Gid sgid;
        private Gid dgid;

        @Override
        public void declare(Declaration d) {
            d.option("--src-to-dst").label("SRC:DST")
                    .help("The paths from SRC to DST, each a LID or a node's name (as saquery --src-to-dst).")
                    .to(text -> text, this::srcToDst);
            d.option("--sgid-to-dgid").label("SGID-DGID")
                    .help("The paths between two GIDs in IPv6 notation (as saquery --sgid-to-dgid).")
                    .to(text -> text, this::sgidToDgid);
        }

        private void srcToDst(String text) {
            int colon = text.indexOf(':');
            if (colon < 0) {
                throw new UsageException("--src-to-dst " + text + ": not SRC:DST");
            }
            Function<String, SaNodeArgument> end = part -> FabricCommand.value("--src-to-dst",
                    () -> SaNodeArgument.parser("a LID or a node name").convert(part));
            source = end.apply(text.substring(0, colon));
            destination = end.apply(text.substring(colon + 1));
        }

        private void sgidToDgid(String text) {
            // A GID in IPv6 notation has no '-': the first one splits the two.
            int dash = text.indexOf('-');
            if (dash < 0) {
                throw new UsageException("--sgid-to-dgid " + text + ": not SGID-DGID");
            }
            sgid = FabricCommand.value("--sgid-to-dgid", () -> Guids.parseGid("SGID", text.substring(0, dash), false));
            dgid = FabricCommand.value("--sgid-to-dgid", () -> Guids.parseGid("DGID", text.substring(dash + 1), false));
        }

        boolean given() {
            return source != null || sgid != null;
        }

        /** The ends as a query names them: both GIDs, or both LIDs (node names looked up at the SA); null the others. */
        private record Named(Gid sgid, Gid dgid, Integer slid, Integer dlid) {
        }

        private Mono<Named> resolve(SaClient sa) {
            if (source != null && sgid != null) {
                throw new UsageException("--src-to-dst and --sgid-to-dgid both name the ends: give one");
            }
            if (sgid != null) {
                return Mono.just(new Named(sgid, dgid, null, null));
            }
            return Mono.zip(source.lid(sa), destination.lid(sa)).map(lids -> new Named(null, null, lids.getT1(),
                    lids.getT2()));
        }

        /** saquery's query for the ends alone: up to 127 paths (with LMC, one per pair of their LIDs). */
        Flux<PathRecord> query(SaClient sa) {
            return query(sa, new Filters());
        }

        /**
         * saquery's query for the ends with {@code filters}: the ends those options name, up to 127 paths unless -n
         * says otherwise, and every other filter given.
         */
        Flux<PathRecord> query(SaClient sa, Filters filters) {
            return resolve(sa).flatMapMany(e -> filters.query(sa, e.sgid(), e.dgid(), e.slid(), e.dlid(),
                    filters.numbPath != null ? filters.numbPath : ALL_PATHS));
        }
    }
}
