package io.reactiveumad.examples;

import io.reactiveumad.client.Multicast;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Declares;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.sa.McMemberRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

final class McastCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(McastCommand.class, "mcast",
            "The multicast groups and their members as the SA knows them (as saquery -m): each member's MGID, MLID, "
                    + "port GID, scope and join state, and node. 'join' and 'leave' change this port's membership.")
            .withSubcommands(Join.INFO, Leave.INFO);

    private String mgid;
    private Integer mlid;
    private boolean json;

    McastCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareSmKey(d);
        d.option("--mgid").label("MGID")
                .help("Only this group (prefix:interface in hex, e.g. 0xff12401bffff0000:0x00000000ffffffff).")
                .to(Values::text, v -> mgid = v);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
        d.parameter("MLID").optional()
                .help("Only the members of the group with this MLID, each a line of its port GID and node (as saquery -m "
                        + "MLID).")
                .to(Lids::multicast, v -> mlid = v);
    }

    @Override
    public Integer call() {
        Gid group = mgid == null ? null : Guids.parseGid("--mgid", mgid, false);
        record Listed(List<McMemberRecord> members, Map<Long, String> namesByPortGuid) {
        }
        // The members, and (for the text, as saquery -m) every node's name by port GUID to say whose port each is.
        Listed listed = query(transport::sa, sa -> {
            Multicast mc = Multicast.over(sa);
            Mono<Map<Long, String>> names = json ? Mono.just(Map.of()) : sa.getTable(SaClient.NODE_RECORD)
                    .collectMap(r -> r.nodeInfo().portGuid(), r -> NodeNameMap.none().name(r.nodeInfo().nodeGuid(),
                            r.nodeDescription().text()));
            return (group == null ? mc.members() : mc.members(group)).collectList().zipWith(names, Listed::new);
        }, "multicast members");
        List<McMemberRecord> members = mlid == null ? listed.members()
                : listed.members().stream().filter(m -> m.mlid() == mlid).toList();
        if (json) {
            List<Map<String, Object>> list = new ArrayList<>();
            members.forEach(m -> list.add(json(m)));
            out().println(Json.pretty(list));
        } else if (mlid != null) {
            members.forEach(m -> out().print("\t\tPortGid................." + SaText.gid(m.portGid()) + " ("
                    + listed.namesByPortGuid().getOrDefault(m.portGid().guid(), "<unknown>") + ")\n"));
        } else {
            members.forEach(m -> out().print(memberDump(m, listed.namesByPortGuid())));
        }
        if (members.isEmpty()) {
            err().println(spec.qualifiedName() + ": no records");
        }
        return 0;
    }

    /** The JoinState a port asks for: one of the four bits. */
    enum JoinState {
        FULL(McMemberRecord.JOIN_FULL_MEMBER), NON_MEMBER(McMemberRecord.JOIN_NON_MEMBER),
        SEND_ONLY_NON_MEMBER(McMemberRecord.JOIN_SEND_ONLY_NON_MEMBER),
        SEND_ONLY_FULL_MEMBER(McMemberRecord.JOIN_SEND_ONLY_FULL_MEMBER);

        private final int bit;

        JoinState(int bit) {
            this.bit = bit;
        }
    }

    /** What join and leave both name: the group and this port's JoinState in it. */
    static final class Membership implements Declares {
        private String mgid;
        private JoinState joinState;

        @Override
        public void declare(Declaration d) {
            d.parameter("MGID").help("The group (prefix:interface in hex).").to(Values::text, v -> mgid = v);
            d.option("--join-state").label("STATE").defaultValue("FULL")
                    .help("One of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
                    .to(Values.enumeration(JoinState.class), v -> joinState = v);
        }

        Gid group() {
            return Guids.parseGid("MGID", mgid, false);
        }
    }

    static final class Join extends FabricCommand {
        static final CommandInfo INFO = CommandInfo.of(Join.class, "join",
                "Join group MGID with this port (SA MCMemberRecord Set) and hold the membership: a line per join, the "
                        + "group joined again whenever the SA forgot it (an SM restart or move), until interrupted, "
                        + "which leaves the group. --once joins and exits, leaving the membership at the SA.");

        private final Membership membership = new Membership();
        private boolean create;
        private String qKey;
        private String pKey;
        private Integer sl;
        private boolean once;
        private Duration audit;
        private boolean json;

        Join(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            transport.declareSmKey(d);
            membership.declare(d);
            d.flag("--create").help("Create the group if the SA has none with this MGID: the join then names its "
                    + "Q_Key, P_Key, SL, a zero FlowLabel and TClass too (as the SA requires). An IPoIB group's (MGID "
                    + "ff1x:401b or ff1x:601b) are its partition's broadcast group's unless given, as the kernel's IPoIB "
                    + "joins (OpenSM refuses others).")
                    .to(() -> create = true);
            d.option("--qkey").label("Q_KEY")
                    .help("With --create: the group's Q_Key (default: an IPoIB group's broadcast group's, else 0).")
                    .to(Values::text, v -> qKey = v);
            d.option("--pkey").label("P_KEY")
                    .help("With --create: the group's P_Key (default: an IPoIB group's broadcast group's, else 0xffff).")
                    .to(Values::text, v -> pKey = v);
            d.option("--sl").label("SL")
                    .help("With --create: the group's SL (default: an IPoIB group's broadcast group's, else 0).")
                    .to(Values.between(0, 15), v -> sl = v);
            d.flag("--once").help("Join, print the SA's record and exit; the SA keeps the membership until a leave or "
                    + "an SM restart.")
                    .to(() -> once = true);
            d.option("--audit").label("SECONDS").defaultValue("5")
                    .help("How often a held membership is checked at the SA (default: ${DEFAULT-VALUE}).")
                    .to(Durations::seconds, v -> audit = v);
            d.flag("--json").help("One JSON object per line.").to(() -> json = true);
        }

        @Override
        public Integer call() {
            Gid group = membership.group();
            Long qk = qKey == null ? null : number("--qkey", qKey, 0xFFFF_FFFFL);
            Integer pk = pKey == null ? null : (int) number("--pkey", pKey, 0xFFFF);
            if (!create && (qk != null || pk != null || sl != null)) {
                throw new IllegalArgumentException("--qkey, --pkey and --sl name a group's values when --create "
                        + "creates it; an existing group's are its own");
            }
            try (Connection connection = transport.connect(err())) {
                if (!once) {
                    connection.awaitActive(err(), "umad mcast join");
                }
                SaClient sa = transport.sa(connection);
                try {
                    Gid me = connection.port().attributes().gids().get(0);
                    Multicast mc = Multicast.over(sa);
                    McMemberRecord request = Multicast.member(group, me, membership.joinState.bit);
                    long mask = McMemberRecord.Component.JOIN;
                    if (create) {
                        McMemberRecord r = await(mc.creation(group, me, membership.joinState.bit), "join");
                        request = new McMemberRecord(group, me, qk != null ? qk : r.qKey(), 0, 0, 0, r.trafficClass(),
                                pk != null ? pk : r.pKey(), 0, 0, 0, 0, sl != null ? sl : r.sl(), r.flowLabel(), 0, 0,
                                r.joinState(), false);
                        mask = McMemberRecord.Component.CREATE;
                    }
                    if (once) {
                        print(await(mc.join(request, mask).onErrorMap(explained(group)), "join"), "joined");
                        return 0;
                    }
                    // A failed first join ends the library's membership; held here, it is tried again at each audit.
                    Flux<McMemberRecord> held = Connection.whileSaUnreachable(mc.membership(request, mask, audit)
                            .onErrorMap(explained(group)), failures -> audit, err(), "umad mcast join");
                    held.index().doOnNext(r -> print(r.getT2(), r.getT1() == 0 ? "joined" : "rejoined")).blockLast();
                    return 0;
                } finally {
                    sa.dispose();
                }
            }
        }

        /**
         * The SA's refusals that alone do not say why: a join that does not create its group, of one the SA does not
         * have (insufficient components); a join or a creation the SA found invalid (OpenSM's reasons, as its log gives
         * them).
         */
        private Function<Throwable, Throwable> explained(Gid group) {
            return e -> {
                if (!(e instanceof MadStatusException refused)) {
                    return e;
                }
                int status = MadStatus.classSpecific(refused.status());
                if (!create && status == SaHeader.STATUS_INSUFFICIENT_COMPONENTS) {
                    return new IllegalStateException(e.getMessage() + "; the SA has no group " + group
                            + ": --create creates it", e);
                }
                if (!create && status == SaHeader.STATUS_REQUEST_INVALID) {
                    return new IllegalStateException(e.getMessage() + "; an SM refuses a join from a port outside the "
                            + "group's partition, or naming a Q_Key, P_Key, SL, MTU or rate other than the group's, or "
                            + "from a port that cannot have the group's MTU or rate", e);
                }
                if (create && status == SaHeader.STATUS_REQUEST_INVALID) {
                    return new IllegalStateException(e.getMessage() + "; an SM refuses to create a group with a Q_Key, "
                            + "P_Key or SL other than its IPoIB broadcast group's (for ff1x:401b and ff1x:601b), with an "
                            + "MTU or rate this port cannot have, or with a join state that is not a full member's", e);
                }
                return e;
            };
        }

        private static long number(String option, String text, long max) {
            long value;
            try {
                value = Long.decode(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " is not a number (decimal or 0x hex): " + text);
            }
            if (value < 0 || value > max) {
                throw new IllegalArgumentException(String.format("%s must be 0..0x%x: %s", option, max, text));
            }
            return value;
        }

        private void print(McMemberRecord record, String event) {
            printEvent(json, event, McastCommand.json(record), text(record));
        }
    }

    static final class Leave extends FabricCommand {
        static final CommandInfo INFO = CommandInfo.of(Leave.class, "leave",
                "Leave group MGID with this port (SA MCMemberRecord Delete); prints the SA's answer, the join state the "
                        + "port keeps (0: none).");
        private final Membership membership = new Membership();
        private boolean json;

        Leave(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            transport.declareSmKey(d);
            membership.declare(d);
            d.flag("--json").help("Print JSON.").to(() -> json = true);
        }

        @Override
        public Integer call() {
            Gid group = membership.group();
            McMemberRecord left = query(transport::sa, sa -> Multicast.over(sa)
                    .leave(group, sa.port().attributes().gids().get(0), membership.joinState.bit), "leave");
            out().println(json ? Json.pretty(McastCommand.json(left)) : "left " + text(left));
            return 0;
        }
    }

    static Map<String, Object> json(McMemberRecord m) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("mgid", m.mgid().toString());
        entry.put("mlid", String.format("0x%04x", m.mlid()));
        entry.put("portGid", m.portGid().toString());
        entry.put("joinState", m.joinState());
        entry.put("qKey", String.format("0x%08x", m.qKey()));
        entry.put("pKey", String.format("0x%04x", m.pKey()));
        entry.put("sl", m.sl());
        entry.put("mtu", m.mtu());
        entry.put("rate", m.rate());
        entry.put("scope", m.scope());
        return entry;
    }

    /**
     * saquery -m's member dump: the MGID, the MLID, the port's GID, scope and join state in one byte, ProxyJoin as
     * saquery reads it (a bit-field that lands on a reserved bit: 0), and the member's node by its port GUID.
     */
    private static String memberDump(McMemberRecord m, Map<Long, String> namesByPortGuid) {
        return "MCMemberRecord member dump:\n"
                + "\t\tMGID...................." + SaText.gid(m.mgid()) + "\n"
                + "\t\tMlid....................0x" + Integer.toHexString(m.mlid()).toUpperCase(java.util.Locale.ROOT) + "\n"
                + "\t\tPortGid................." + SaText.gid(m.portGid()) + "\n"
                + "\t\tScopeState..............0x"
                + Integer.toHexString(m.scope() << 4 | m.joinState()).toUpperCase(java.util.Locale.ROOT) + "\n"
                + "\t\tProxyJoin...............0x" + (m.proxyJoin() ? 1 : 0) + "\n"
                + "\t\tNodeDescription........." + namesByPortGuid.getOrDefault(m.portGid().guid(), "<unknown>") + "\n";
    }

    static String text(McMemberRecord m) {
        return String.format("MGID %s MLID 0x%04x PortGid %s JoinState 0x%x", m.mgid(), m.mlid(), m.portGid(),
                m.joinState());
    }
}
