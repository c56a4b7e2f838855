package io.reactiveumad.examples;

import io.reactiveumad.client.AttributeType;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.sa.InformInfoRecord;
import io.reactiveumad.mad.sa.LinkRecord;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PortInfoRecord;
import io.reactiveumad.service.FabricJson;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code umad sa}, saquery's queries: alone, the NodeRecords or one of saquery's lookups over them (-L, -l, -G, -O, -U,
 * -D) or the paths between two ends; each subcommand one table the SA keeps (the PathRecord queries in {@link SaPaths},
 * the tables kept per node in {@link SaNodeTables}), printed as saquery prints it or as JSON.
 */
final class SaCommand extends FabricCommand {
    /**
     * {@code names}, each one-letter option among them ("-s") followed by its double-dash spelling ("--s"): saquery
     * takes every one-letter query option and lookup that way too (its getopt_long lists them as long options).
     */
    static String[] withDoubleDash(String... names) {
        List<String> spelled = new ArrayList<>();
        for (String name : names) {
            spelled.add(name);
            if (name.length() == 2 && name.charAt(0) == '-') {
                spelled.add("-" + name);
            }
        }
        return spelled.toArray(String[]::new);
    }

    /** saquery SR: what {@code umad service} lists (without register and unregister). */
    private static final CommandInfo SERVICES = CommandInfo.of(ServiceCommand.class, "services",
            "ServiceRecords (saquery SR).").withAliases(withDoubleDash("SR", "ServiceRecord", "-S"));

    /** saquery -m: what {@code umad mcast} lists, reached by saquery's spelling too (without join and leave). */
    private static final CommandInfo MULTICAST_MEMBERS = CommandInfo.of(McastCommand.class, "multicast",
            "The multicast groups and their members, grouped by group as `umad mcast` lists them (saquery -m).")
            .withAliases(withDoubleDash("-m"));

    static final CommandInfo INFO = CommandInfo.of(SaCommand.class, "sa",
            "Query the subnet administrator (as saquery): filters go to the SA as component masks.")
            .withSubcommands(Nodes.INFO, PortInfos.INFO, SaPaths.INFO, Links.INFO, SERVICES, Informs.INFO,
                    Groups.INFO, SubnetManagers.INFO, ClassPortInfoQuery.INFO, SaNodeTables.ForwardingTables.INFO,
                    SaNodeTables.SwitchInfos.INFO, SaNodeTables.SmInfos.INFO, Members.INFO, SaNodeTables.GuidInfos.INFO,
                    SaNodeTables.SlToVls.INFO, SaNodeTables.VlArbitrations.INFO, SaNodeTables.MulticastTables.INFO,
                    SaNodeTables.PKeyTables.INFO, MULTICAST_MEMBERS);

    private boolean json;
    private final NodeNames nodeNames = new NodeNames();
    /** How many of saquery's lookups over the NodeRecords (-L, -l, -G, -O, -U, -D) were given: at most one. */
    private int lookups;
    private String lidsOf;
    private String lidOf;
    private String portGuidsOf;
    private Integer nameOfLid;
    private Long nameOfGuid;
    private boolean list;
    private SaNodeArgument node;
    private final SaPaths.Ends pathEnds = new SaPaths.Ends();

    SaCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareSmKey(d);
        d.flag("--json").help("Print a JSON array.").to(() -> json = true);
        nodeNames.declare(d);
        d.option(withDoubleDash("-L", "--lids-of")).label("NAME")
                .help("Only the LIDs of the nodes named NAME (description or mapped name), one a line (as saquery -L).")
                .to(Values::text, v -> lookup(() -> lidsOf = v));
        d.option(withDoubleDash("-l", "--lid-of")).label("NAME").help("Only the first of those LIDs (as saquery -l).")
                .to(Values::text, v -> lookup(() -> lidOf = v));
        d.option(withDoubleDash("-G", "--port-guids-of")).label("NAME").help("Only the port GUIDs of the nodes named NAME (as saquery -G).")
                .to(Values::text, v -> lookup(() -> portGuidsOf = v));
        d.option(withDoubleDash("-O", "--name-of-lid")).label("LID").help("Only the name of the node with this LID (as saquery -O).")
                .to(Lids::unicast, v -> lookup(() -> nameOfLid = v));
        d.option(withDoubleDash("-U", "--name-of-guid")).label("GUID").help("Only the name of the node with this port GUID (as saquery -U).")
                .to(Guids::parse, v -> lookup(() -> nameOfGuid = v));
        d.flag("-D", "--list").help("Only the CAs' LIDs and names (as saquery -D).").to(() -> lookup(() -> list = true));
        d.parameter("NODE").optional().help(NODE_HELP).to(SaNodeArgument.parser("a LID or a node name"), v -> node = v);
        pathEnds.declare(d);
    }

    /** The largest port number (255 is none), and the largest values of the 8- and 16-bit fields the numbers fill. */
    static final int MAX_PORT = 254;
    static final int MAX_U8 = 0xFF;
    static final int MAX_U16 = 0xFFFF;

    /** The help of a NodeRecord query's node argument, as saquery reads it. */
    static final String NODE_HELP = "Only the NodeRecords of this LID, or of the LID of the first node with this "
            + "NodeDescription (as saquery's [lid] or name).";

    private void lookup(Runnable set) {
        lookups++;
        set.run();
    }

    /**
     * {@code umad sa} alone lists every NodeRecord, as {@code saquery} alone does; with a lookup, what saquery prints
     * for it: LIDs, port GUIDs or names, one a line, or the CAs' list.
     */
    @Override
    public Integer call() {
        if (lookups > 1) {
            throw new UsageException("-L, -l, -G, -O, -U and -D each ask one thing: give one");
        }
        if (lookups > 0 && node != null) {
            throw new UsageException("-L, -l, -G, -O, -U and -D name their node themselves: no NODE argument with them");
        }
        if (pathEnds.given()) {
            if (lookups > 0 || node != null) {
                throw new UsageException("--src-to-dst and --sgid-to-dgid ask for paths: no lookup or NODE with them");
            }
            return print(this, query(transport::sa, sa -> pathEnds.query(sa).collectList(), "SA paths"), json,
                    r -> SaText.of(r, false));
        }
        NodeNameMap names = nodeNames.load(context, err());
        List<NodeRecord> nodes = query(transport::sa, sa -> Nodes.records(sa, node).collectList(), "SA nodes");
        if (lookups == 0) {
            return print(this, nodes, json, r -> SaText.nodeRecord((NodeRecord) r, names));
        }
        Function<NodeRecord, String> name = r -> names.name(r.nodeInfo().nodeGuid(),
                r.nodeDescription().text());
        Predicate<NodeRecord> named = r -> {
            String wanted = lidsOf != null ? lidsOf : lidOf != null ? lidOf : portGuidsOf;
            return wanted.equals(r.nodeDescription().text()) || wanted.equals(name.apply(r));
        };
        List<Map<String, Object>> found = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        if (list) {
            text.append("   LID \"name\"\n================\n");
        }
        for (NodeRecord r : nodes) {
            NodeInfo info = r.nodeInfo();
            String line;
            if (list) {
                line = info.nodeType() == NodeInfo.TYPE_CHANNEL_ADAPTER
                        ? String.format("%6d  \"%s\"", r.lid(), name.apply(r)) : null;
            } else if (nameOfLid != null || nameOfGuid != null) {
                boolean match = nameOfLid != null ? r.lid() == nameOfLid : info.portGuid() == nameOfGuid;
                line = match ? name.apply(r) : null;
            } else if (named.test(r)) {
                line = portGuidsOf != null ? String.format("0x%016x", info.portGuid()) : Integer.toString(r.lid());
            } else {
                line = null;
            }
            if (line != null) {
                text.append(line).append('\n');
                Map<String, Object> one = new LinkedHashMap<>();
                one.put("lid", r.lid());
                one.put("portGuid", FabricJson.hex(info.portGuid()));
                one.put("name", name.apply(r));
                found.add(one);
                if (lidOf != null) {
                    break;
                }
            }
        }
        out().print(json ? Json.pretty(found) + "\n" : text);
        return 0;
    }

    /** The records as JSON, or each as {@code text} prints it (saquery's dumps); an empty table is said on stderr. */
    static Integer print(FabricCommand command, List<? extends Record> records, boolean json,
                         Function<Record, String> text) {
        return print(command, records, json, false, text);
    }

    /** As above, the JSON with the records' keys when {@code showKeys}. */
    private static Integer print(FabricCommand command, List<? extends Record> records, boolean json, boolean showKeys,
                                 Function<Record, String> text) {
        if (records.isEmpty()) {
            command.err().println(command.spec.qualifiedName() + ": no records");
        }
        if (json) {
            command.out().print(Fields.render(records, true, showKeys));
        } else {
            records.forEach(record -> command.out().print(text.apply(record)));
        }
        return 0;
    }

    /** One SA GetTable, printed record by record. */
    abstract static class Query extends FabricCommand {
        private boolean json;
        boolean showKeys;

        Query(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            transport.declareSmKey(d);
            d.flag("--json").help("Print a JSON array.").to(() -> json = true);
            d.flag("-K", "--show_keys").help("Print the keys (M_Key, SM_Key, ServiceKey, a subscriber's QPN) instead of "
                    + "'<not displayed>' (as the diag tools' -K).").to(() -> showKeys = true);
        }

        abstract Flux<? extends Record> query(SaClient sa);

        /** A record as saquery prints it for this query. */
        String text(Record record) {
            return SaText.of(record, showKeys);
        }

        @Override
        public Integer call() {
            return print(this, query(transport::sa, sa -> query(sa).collectList(), "SA " + spec.name()), json,
                    showKeys, this::text);
        }
    }

    static final class Nodes extends Query {
        static final CommandInfo INFO = CommandInfo.of(Nodes.class, "nodes",
                "NodeRecords (saquery NR).").withAliases(withDoubleDash("NR", "NodeRecord", "-N"));

        private SaNodeArgument node;

        Nodes(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            d.option("--lid").label("LID").help("Only the node with this LID.")
                    .to(Lids::unicast, v -> node = SaNodeArgument.ofLid(v, 0));
            d.parameter("NODE").optional().help(NODE_HELP).to(SaNodeArgument.parser("a LID or a node name"),
                    v -> node = v);
        }

        @Override
        Flux<NodeRecord> query(SaClient sa) {
            return records(sa, node);
        }

        /** Every NodeRecord, or with {@code node} those of its LID. */
        static Flux<NodeRecord> records(SaClient sa, SaNodeArgument node) {
            return ofNode(sa, SaClient.NODE_RECORD, node, NodeRecord.Component.LID, lid -> new NodeRecord(lid,
                    NodeInfo.decode(ByteBuffer.allocate(NodeInfo.SIZE), 0), new NodeDescription("")));
        }
    }

    static final class PortInfos extends Query {
        static final CommandInfo INFO = CommandInfo.of(PortInfos.class, "portinfo",
                "PortInfoRecords (saquery PIR).").withAliases("PIR", "PortInfoRecord");

        private Integer lid;
        private Integer portNumber;
        private SaNodeArgument node;

        PortInfos(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            d.option("--lid").label("LID").help("Only the ports of this LID.").to(Lids::unicast, v -> lid = v);
            d.option("--port-number").label("N").help("Only this port number (with --lid).")
                    .to(Values.between(0, MAX_PORT), v -> portNumber = v);
            d.parameter("NODE[/PORT[/OPTIONS]]").optional()
                    .help("Only the ports of this LID or named node, of this port number, with these options (as "
                            + "saquery PIR's [lid]/[port]/[options]).")
                    .to(SaNodeArgument.parser("NODE[/PORT[/OPTIONS]]", MAX_PORT, MAX_U8), v -> node = v);
        }

        @Override
        Flux<PortInfoRecord> query(SaClient sa) {
            if (node != null && (lid != null || portNumber != null)) {
                throw new UsageException("--lid and --port-number, or NODE/PORT: give one");
            }
            Mono<Integer> at = node != null ? node.lid(sa) : Mono.justOrEmpty(lid);
            Integer port = node != null ? node.number(0) : portNumber;
            Integer options = node != null ? node.number(1) : null;
            return at.map(Optional::of).defaultIfEmpty(Optional.empty()).flatMapMany(found -> {
                long mask = (found.isPresent() ? PortInfoRecord.Component.ENDPORT_LID : 0)
                        | (port != null ? PortInfoRecord.Component.PORT_NUM : 0)
                        | (options != null ? PortInfoRecord.Component.OPTIONS : 0);
                PortInfoRecord template = new PortInfoRecord(found.orElse(0), port == null ? 0 : port,
                        options == null ? 0 : options, PortInfo.decode(ByteBuffer.allocate(PortInfo.SIZE), 0));
                return sa.getTable(SaClient.PORT_INFO_RECORD, template, mask);
            });
        }
    }

    /**
     * A table of records kept per node: every record, or with {@code node} those at its LID, {@code template} the query
     * built from the LID and {@code components} its component mask (the LID's, and any other the argument gave).
     */
    static <R> Flux<R> ofNode(SaClient sa, AttributeType<R> type, SaNodeArgument node, long components,
                              IntFunction<? extends MadAttribute> template) {
        if (node == null) {
            return sa.getTable(type);
        }
        return node.lid(sa).flatMapMany(lid -> sa.getTable(type, template.apply(lid), components));
    }

    static final class Links extends Query {
        static final CommandInfo INFO = CommandInfo.of(Links.class, "links",
                "LinkRecords (saquery LR).").withAliases(withDoubleDash("LR", "LinkRecord", "-x"));

        private SaNodeArgument from;
        private SaNodeArgument to;

        Links(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            d.option("--lid").label("LID").help("Only links from this LID.")
                    .to(Lids::unicast, v -> from = SaNodeArgument.ofLid(v, 1));
            d.parameter("FROM[/PORT]").optional().help("Only links from this LID or named node, from this port.")
                    .to(SaNodeArgument.parser("FROM[/PORT]", MAX_PORT), v -> from = v);
            d.parameter("TO[/PORT]").optional().help("Only links to this LID or named node, to this port (as saquery "
                    + "LR's [from_lid]/[from_port] [to_lid]/[to_port]).").to(SaNodeArgument.parser("TO[/PORT]", MAX_PORT),
                    v -> to = v);
        }

        @Override
        Flux<LinkRecord> query(SaClient sa) {
            Mono<Optional<Integer>> fromLid = from == null ? Mono.just(Optional.empty()) : from.lid(sa).map(Optional::of);
            Mono<Optional<Integer>> toLid = to == null ? Mono.just(Optional.empty()) : to.lid(sa).map(Optional::of);
            Integer fromPort = from == null ? null : from.number(0);
            Integer toPort = to == null ? null : to.number(0);
            return Mono.zip(fromLid, toLid).flatMapMany(lids -> {
                long mask = (lids.getT1().isPresent() ? LinkRecord.Component.FROM_LID : 0)
                        | (fromPort != null ? LinkRecord.Component.FROM_PORT : 0)
                        | (lids.getT2().isPresent() ? LinkRecord.Component.TO_LID : 0)
                        | (toPort != null ? LinkRecord.Component.TO_PORT : 0);
                LinkRecord template = new LinkRecord(lids.getT1().orElse(0), fromPort == null ? 0 : fromPort,
                        toPort == null ? 0 : toPort, lids.getT2().orElse(0));
                return mask == 0 ? sa.getTable(SaClient.LINK_RECORD) : sa.getTable(SaClient.LINK_RECORD, template, mask);
            });
        }
    }

    static final class Informs extends Query {
        static final CommandInfo INFO = CommandInfo.of(Informs.class, "inform",
                "InformInfoRecords: who subscribed to which traps (saquery IIR).").withAliases(withDoubleDash("IIR", "InformInfoRecord", "-I"));

        private Gid subscriber;

        Informs(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            d.parameter("SUBSCRIBER_GID").optional()
                    .help("Only the subscriptions of this port GID (as saquery IIR's [subscriber_gid]).")
                    .to(text -> Guids.parseGid("SUBSCRIBER_GID", text, false), v -> subscriber = v);
        }

        @Override
        Flux<? extends Record> query(SaClient sa) {
            if (subscriber == null) {
                return sa.getTable(SaClient.INFORM_INFO_RECORD);
            }
            InformInfoRecord template = new InformInfoRecord(subscriber, 0,
                    InformInfo.decode(ByteBuffer.allocate(InformInfo.SIZE), 0));
            return sa.getTable(SaClient.INFORM_INFO_RECORD, template, InformInfoRecord.Component.SUBSCRIBER_GID);
        }
    }

    /** Every MCMemberRecord, each printed as one of saquery's dumps prints it. */
    abstract static class McMembers extends Query {
        McMembers(CliContext context) {
            super(context);
        }

        @Override
        Flux<McMemberRecord> query(SaClient sa) {
            return sa.getTable(SaClient.MC_MEMBER_RECORD);
        }

        @Override
        String text(Record record) {
            return text((McMemberRecord) record);
        }

        abstract String text(McMemberRecord record);
    }

    static final class Groups extends McMembers {
        static final CommandInfo INFO = CommandInfo.of(Groups.class, "groups",
                "The multicast groups: MCMemberRecords as group dumps (saquery -g).").withAliases(withDoubleDash("-g"));

        Groups(CliContext context) {
            super(context);
        }

        @Override
        String text(McMemberRecord record) {
            return SaText.groupRecord(record);
        }
    }

    static final class Members extends McMembers {
        static final CommandInfo INFO = CommandInfo.of(Members.class, "members",
                "MCMemberRecords, one per member as the SA holds it (saquery MCMR; `umad mcast` groups them by group, "
                        + "as saquery -m).").withAliases("MCMR", "MCMemberRecord");

        /** saquery's MCMemberRecord filters, each a component of the query: null where not given. */
        private Gid mgid;
        private Gid portGid;
        private Integer mlid;
        private Long qKey;
        private Integer pKey;
        private Integer sl;
        private Integer scope;
        private Integer joinState;
        private Integer proxyJoin;
        private final LinkFilters link = new LinkFilters();

        Members(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            d.option("--mgid").label("GID").help("Only the group with this MGID (as saquery --mgid).")
                    .to(text -> Guids.parseGid("--mgid", text, false), v -> mgid = v);
            d.option("--gid").label("GID").help("Only this port's memberships (as saquery --gid).")
                    .to(text -> Guids.parseGid("--gid", text, false), v -> portGid = v);
            d.option("--mlid").label("MLID").help("Only the group with this MLID (as saquery --mlid).")
                    .to(Lids::parse, v -> mlid = v);
            d.option("-q", "--qkey").label("QKEY").help("Only groups with this Q_Key (as saquery -q).")
                    .to(Members::qKey, v -> qKey = v == 0 ? null : v); // 0: none, as saquery takes it
            d.option("--pkey").label("PKEY").help("Only groups with this P_Key (as saquery --pkey).")
                    .to(Values.between(1, 0xFFFF), v -> pKey = v);
            d.option("--sl").label("SL").help("Only groups with this SL (as saquery --sl).")
                    .to(Values.between(0, 15), v -> sl = v);
            d.option("--scope").label("SCOPE").help("Only groups of this scope (as saquery --scope).")
                    .to(Values.between(1, 15), v -> scope = v);
            d.option("-J", "--join_state").label("STATE").help("Only memberships with this JoinState (as saquery -J).")
                    .to(Values.between(1, 15), v -> joinState = v);
            d.option("-X", "--proxy_join").label("0|1").help("Only memberships with this ProxyJoin (as saquery -X).")
                    .to(Values.between(0, 1), v -> proxyJoin = v);
            link.declare(d);
        }

        /** A Q_Key: 32 bits, decimal or hex with 0x. */
        private static long qKey(String text) {
            long value = Values.wholeNumber(text);
            if (value < 0 || value > 0xFFFF_FFFFL) {
                throw new IllegalArgumentException("'" + text + "' is not a Q_Key (0 to 0xffffffff)");
            }
            return value;
        }

        @Override
        Flux<McMemberRecord> query(SaClient sa) {
            long mask = (mgid != null ? McMemberRecord.Component.MGID : 0)
                    | (portGid != null ? McMemberRecord.Component.PORT_GID : 0)
                    | (mlid != null ? McMemberRecord.Component.MLID : 0)
                    | (qKey != null ? McMemberRecord.Component.Q_KEY : 0)
                    | (pKey != null ? McMemberRecord.Component.P_KEY : 0)
                    | (sl != null ? McMemberRecord.Component.SL : 0)
                    | (scope != null ? McMemberRecord.Component.SCOPE : 0)
                    | (joinState != null ? McMemberRecord.Component.JOIN_STATE : 0)
                    | (proxyJoin != null ? McMemberRecord.Component.PROXY_JOIN : 0)
                    | (link.mtu != null ? McMemberRecord.Component.MTU | McMemberRecord.Component.MTU_SELECTOR : 0)
                    | (link.rate != null ? McMemberRecord.Component.RATE | McMemberRecord.Component.RATE_SELECTOR : 0)
                    | (link.packetLifeTime != null ? McMemberRecord.Component.PACKET_LIFE_TIME
                            | McMemberRecord.Component.PACKET_LIFE_TIME_SELECTOR : 0)
                    | (link.trafficClass != null ? McMemberRecord.Component.TRAFFIC_CLASS : 0)
                    | (link.flowLabel != null ? McMemberRecord.Component.FLOW_LABEL : 0)
                    | (link.hopLimit != null ? McMemberRecord.Component.HOP_LIMIT : 0);
            if (mask == 0) {
                return super.query(sa);
            }
            McMemberRecord template = new McMemberRecord(mgid == null ? Gid.ZERO : mgid,
                    portGid == null ? Gid.ZERO : portGid, qKey == null ? 0 : qKey, mlid == null ? 0 : mlid,
                    LinkFilters.selector(link.mtu), LinkFilters.value(link.mtu), LinkFilters.orZero(link.trafficClass),
                    pKey == null ? 0 : pKey, LinkFilters.selector(link.rate), LinkFilters.value(link.rate),
                    LinkFilters.selector(link.packetLifeTime), LinkFilters.value(link.packetLifeTime),
                    sl == null ? 0 : sl, LinkFilters.orZero(link.flowLabel), LinkFilters.orZero(link.hopLimit),
                    scope == null ? 0 : scope, joinState == null ? 0 : joinState, proxyJoin != null && proxyJoin == 1);
            return sa.getTable(SaClient.MC_MEMBER_RECORD, template, mask);
        }

        @Override
        String text(McMemberRecord record) {
            return SaText.memberRecord(record);
        }
    }

    /** saquery -s: the ports whose capabilities say IsSM, then those that say IsSMdisabled. */
    static final class SubnetManagers extends FabricCommand {
        static final CommandInfo INFO = CommandInfo.of(SubnetManagers.class, "sms",
                "The ports with an SM (IsSM), then those with one disabled (IsSMdisabled): PortInfoRecords (saquery -s).")
                .withAliases(withDoubleDash("-s"));

        private boolean json;

        SubnetManagers(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            transport.declareSmKey(d);
            d.flag("--json").help("Print a JSON object of the two lists.").to(() -> json = true);
        }

        @Override
        public Integer call() {
            record Both(List<PortInfoRecord> sm, List<PortInfoRecord> disabled) {
            }
            Both both = query(transport::sa, sa -> sa.portsWithCapabilities(PortInfo.CAP_IS_SM).collectList()
                    .zipWith(sa.portsWithCapabilities(PortInfo.CAP_IS_SM_DISABLED).collectList(), Both::new),
                    "SA IsSM PortInfoRecords");
            if (json) {
                Map<String, Object> lists = new LinkedHashMap<>();
                lists.put("isSm", both.sm().stream().map(Fields::of).toList());
                lists.put("isSmDisabled", both.disabled().stream().map(Fields::of).toList());
                out().println(Json.pretty(lists));
                return 0;
            }
            out().print("IsSM ports\n");
            both.sm().forEach(r -> out().print(SaText.portInfoRecordShort(r)));
            out().print("\nIsSMdisabled ports\n");
            both.disabled().forEach(r -> out().print(SaText.portInfoRecordShort(r)));
            return 0;
        }
    }

    static final class ClassPortInfoQuery extends FabricCommand {
        static final CommandInfo INFO = CommandInfo.of(ClassPortInfoQuery.class, "classportinfo",
                "The SA's ClassPortInfo (saquery -c).").withAliases(withDoubleDash("CPI", "ClassPortInfo", "-c"));

        private boolean json;

        ClassPortInfoQuery(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            transport.declareSmKey(d);
            d.flag("--json").help("Print JSON.").to(() -> json = true);
        }

        @Override
        public Integer call() {
            ClassPortInfo cpi = query(transport::sa, SaClient::classPortInfo, "the SA's ClassPortInfo");
            out().print(json ? Fields.render(cpi, true) : SaText.classPortInfo(cpi));
            return 0;
        }
    }
}
