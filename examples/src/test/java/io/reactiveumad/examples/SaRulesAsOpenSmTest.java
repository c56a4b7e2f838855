package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.MadPort;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.client.Multicast;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.sa.GuidInfoRecord;
import io.reactiveumad.mad.sa.InformInfoRecord;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.mad.sa.McMemberRecord.Component;
import io.reactiveumad.mad.sa.Selector;
import io.reactiveumad.mad.sa.ServiceRecord;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;

/**
 * What the SA takes and refuses, each request sent as it is to OpenSM on ibsim and to the embedded SA of the same net
 * ({@code topologies/mcast.net}, hosts at four rates): the same answer, records or the status refusing them. The cases
 * run in one order on both, so that what each leaves behind (groups, their MLIDs and the MGIDs the SA names, services,
 * subscriptions) is the same for the next. Multicast joins and leaves by osm_sa_mcmember_record.c's rules: a join names
 * the group, port and join state; one that creates its group is a full member's and names Q_Key, P_Key, SL, FlowLabel
 * and TClass, an IPoIB group's those of its partition's broadcast group, and gets the port's MTU and rate unless it asks
 * for what the port can have; a join of an existing group names no other values and comes from a port fast enough; a
 * leave takes bits the port holds. ServiceRecords by osm_sa_service_record.c's, InformInfo by osm_sa_informinfo.c's;
 * and every attribute with every method.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SaRulesAsOpenSmTest {
    private static final Path NET = DiagsOracle.resource("topologies/mcast.net");
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final long FE80 = 0xfe80_0000_0000_0000L;

    @RegisterExtension
    static final IbsimFabricExtension OPENSM = new IbsimFabricExtension(() -> IbsimFabric.builder().netFile(NET).smNode("h1"));

    static EmbeddedFabric embedded;
    static final Map<String, MadPort> ibsimPorts = new HashMap<>();
    static final Map<String, MadPort> embeddedPorts = new HashMap<>();

    @BeforeAll
    static void openPorts() {
        embedded = EmbeddedFabric.builder(Topology.parse(NET)).sm("h1", 1).build();
        for (String host : List.of("h2", "h3", "h4")) {
            ibsimPorts.put(host, Umad.open(OPENSM.fabric().transport(host)).block(WAIT));
            embeddedPorts.put(host, Umad.open(embedded.transport(), embedded.port(host, 1)).block(WAIT));
        }
    }

    @AfterAll
    static void closePorts() {
        Stream.concat(ibsimPorts.values().stream(), embeddedPorts.values().stream()).forEach(MadPort::dispose);
        embedded.close();
    }

    /** How a refused request's answer reads in the comparisons: the SA's status. */
    private static String refusal(MadStatusException e) {
        return String.format("refused with status 0x%04x", e.status());
    }

    /** A port's GID in the nets of both fabrics (the same GUIDs). */
    private static Gid gid(String host) {
        return ibsimPorts.get(host).attributes().gids().get(0);
    }

    /** One request: a join (Set) or a leave (Delete) from {@code host}. */
    private record Step(String host, boolean join, McMemberRecord request, long mask) {
        static Step join(String host, McMemberRecord request, long mask) {
            return new Step(host, true, request, mask);
        }

        static Step leave(String host, McMemberRecord request) {
            return new Step(host, false, request, Component.JOIN);
        }

        /** What the SA answered: the record's fields both SAs fill, or the status it refused with. */
        String sendTo(MadPort port) {
            SaClient sa = SaClient.of(port);
            try {
                Mono<McMemberRecord> answer = join ? sa.set(SaClient.MC_MEMBER_RECORD, request, mask)
                        : sa.delete(SaClient.MC_MEMBER_RECORD, request, mask).next();
                McMemberRecord r = answer.block(WAIT);
                return String.format("MGID %s MLID 0x%04x PortGID %s Q_Key 0x%x P_Key 0x%04x TClass %d SL %d FlowLabel %d "
                        + "HopLimit %d MTU %d/%d rate %d/%d life %d/%d scope %d JoinState 0x%x ProxyJoin %s", r.mgid(), r.mlid(),
                        r.portGid(), r.qKey(), r.pKey(), r.trafficClass(), r.sl(), r.flowLabel(), r.hopLimit(),
                        r.mtuSelector(), r.mtu(), r.rateSelector(), r.rate(), r.packetLifeTimeSelector(), r.packetLifeTime(),
                        r.scope(), r.joinState(), r.proxyJoin());
            } catch (MadStatusException e) {
                return refusal(e);
            } finally {
                sa.dispose();
            }
        }
    }

    /** A request for {@code mgid} from the port of {@code host}, with the values a creation names. */
    private static McMemberRecord request(Gid mgid, String host, int joinState, long qKey, int pKey, int sl) {
        return new McMemberRecord(mgid, gid(host), qKey, 0, 0, 0, 0, pKey, 0, 0, 0, 0, sl, 0, 0, 0, joinState, false);
    }

    private static McMemberRecord full(Gid mgid, String host) {
        return Multicast.member(mgid, gid(host), McMemberRecord.JOIN_FULL_MEMBER);
    }

    private static McMemberRecord ipoib(Gid mgid, String host) {
        return request(mgid, host, McMemberRecord.JOIN_FULL_MEMBER, 0x0b1b, 0xffff, 0);
    }

    private static McMemberRecord withRate(McMemberRecord r, int selector, int rate) {
        return new McMemberRecord(r.mgid(), r.portGid(), r.qKey(), r.mlid(), r.mtuSelector(), r.mtu(), r.trafficClass(),
                r.pKey(), selector, rate, r.packetLifeTimeSelector(), r.packetLifeTime(), r.sl(), r.flowLabel(), r.hopLimit(),
                r.scope(), r.joinState(), r.proxyJoin());
    }

    private static McMemberRecord withMtu(McMemberRecord r, int selector, int mtu) {
        return new McMemberRecord(r.mgid(), r.portGid(), r.qKey(), r.mlid(), selector, mtu, r.trafficClass(), r.pKey(),
                r.rateSelector(), r.rate(), r.packetLifeTimeSelector(), r.packetLifeTime(), r.sl(), r.flowLabel(), r.hopLimit(),
                r.scope(), r.joinState(), r.proxyJoin());
    }

    private static Gid mgid(long prefix, long id) {
        return new Gid(prefix, id);
    }

    private static final long RATE = Component.RATE | Component.RATE_SELECTOR;
    private static final long MTU = Component.MTU | Component.MTU_SELECTOR;

    static Stream<Arguments> cases() {
        // Each case's MGIDs are its own, so what one leaves at the SA does not meet the next.
        Gid v6 = mgid(0xff12_601b_ffff_0000L, 0x101);
        Gid v4 = mgid(0xff12_401b_ffff_0000L, 0x0a00_0102L);
        Gid plain = mgid(0xff15_1234_0000_0000L, 0x103);
        Gid site = mgid(0xff15_a01b_0000_0000L, 0x104);
        Gid rated = mgid(0xff15_1234_0000_0000L, 0x105);
        Gid mtu = mgid(0xff15_1234_0000_0000L, 0x106);
        Gid left = mgid(0xff15_1234_0000_0000L, 0x107);
        Gid proxied = mgid(0xff15_1234_0000_0000L, 0x108);
        return Stream.of(
                Arguments.of("an IPoIB group with its broadcast group's values, then a second member", List.of(
                        Step.join("h2", ipoib(v6, "h2"), Component.CREATE), Step.join("h4", full(v6, "h4"), Component.JOIN),
                        Step.join("h2", full(v6, "h2"), Component.JOIN))),
                Arguments.of("an IPoIB group with Q_Key 0, then with another SL", List.of(
                        Step.join("h2", request(v4, "h2", 1, 0, 0xffff, 0), Component.CREATE),
                        Step.join("h2", request(v4, "h2", 1, 0x0b1b, 0xffff, 3), Component.CREATE),
                        Step.join("h2", ipoib(v4, "h2"), Component.CREATE))),
                Arguments.of("an IPoIB group of a partition without a broadcast group", List.of(
                        Step.join("h2", request(mgid(0xff12_601b_8001_0000L, 1), "h2", 1, 0x0b1b, 0x8001, 0), Component.CREATE))),
                Arguments.of("a group that does not exist, joined without the creation's values", List.of(
                        Step.join("h2", full(plain, "h2"), Component.JOIN),
                        Step.join("h2", full(plain, "h2"), Component.MGID | Component.PORT_GID))),
                Arguments.of("a group created by a send-only member, then by a full one", List.of(
                        Step.join("h2", request(plain, "h2", McMemberRecord.JOIN_SEND_ONLY_NON_MEMBER, 7, 0xffff, 0), Component.CREATE),
                        Step.join("h2", request(plain, "h2", 1, 7, 0xffff, 0), Component.CREATE),
                        Step.join("h4", request(plain, "h4", 1, 8, 0xffff, 0), Component.CREATE),
                        Step.join("h4", request(plain, "h4", 1, 7, 0x7fff, 0), Component.CREATE),
                        Step.join("h4", request(plain, "h4", McMemberRecord.JOIN_NON_MEMBER, 7, 0xffff, 0), Component.CREATE))),
                Arguments.of("MGIDs no SA creates: the SA's signature at link-local scope, reserved flags, not multicast", List.of(
                        Step.join("h2", request(mgid(0xff12_a01b_0000_0000L, 5), "h2", 1, 0, 0xffff, 0), Component.CREATE),
                        Step.join("h2", request(mgid(0xff35_1234_0000_0000L, 5), "h2", 1, 0, 0xffff, 0), Component.CREATE),
                        Step.join("h2", request(mgid(0xfe12_1234_0000_0000L, 5), "h2", 1, 0, 0xffff, 0), Component.CREATE),
                        Step.join("h2", request(site, "h2", 1, 0, 0xffff, 0), Component.CREATE))),
                Arguments.of("MGID 0: the SA names the group, twice", List.of(
                        Step.join("h2", request(Gid.ZERO, "h2", 1, 0, 0xffff, 0), Component.CREATE),
                        Step.join("h4", request(Gid.ZERO, "h4", 1, 0, 0xffff, 0), Component.CREATE | Component.SCOPE))),
                Arguments.of("a group's rate: the creating port's, or as asked; a slower port cannot join", List.of(
                        Step.join("h4", withRate(request(rated, "h4", 1, 0, 0xffff, 0), Selector.GREATER_THAN, 12), Component.CREATE | RATE),
                        Step.join("h4", withRate(request(rated, "h4", 1, 0, 0xffff, 0), Selector.LESS_THAN, 12), Component.CREATE | RATE),
                        Step.join("h3", full(rated, "h3"), Component.JOIN),
                        Step.join("h2", withRate(full(rated, "h2"), Selector.EXACTLY, 7), Component.JOIN | RATE),
                        Step.join("h2", withRate(full(rated, "h2"), Selector.EXACTLY, 1), Component.JOIN | RATE))),
                Arguments.of("a group's MTU: the port's, or as asked where the port has it", List.of(
                        Step.join("h2", withMtu(request(mtu, "h2", 1, 0, 0xffff, 0), Selector.GREATER_THAN, Selector.MTU_4096), Component.CREATE | MTU),
                        Step.join("h2", withMtu(request(mtu, "h2", 1, 0, 0xffff, 0), Selector.EXACTLY, 6), Component.CREATE | MTU),
                        Step.join("h2", withMtu(request(mtu, "h2", 1, 0, 0xffff, 0), Selector.LESS_THAN, Selector.MTU_2048), Component.CREATE | MTU),
                        Step.join("h4", withMtu(full(mtu, "h4"), Selector.GREATER_THAN, Selector.MTU_1024), Component.JOIN | MTU),
                        Step.join("h4", withMtu(full(mtu, "h4"), Selector.LESS_THAN, Selector.MTU_2048), Component.JOIN | MTU))),
                Arguments.of("leaves: bits held, bits not held, a port not a member, a group that does not exist", List.of(
                        Step.join("h2", request(left, "h2", 1 | 2, 0, 0xffff, 0), Component.CREATE),
                        Step.leave("h2", Multicast.member(left, gid("h2"), 4)),
                        Step.leave("h2", Multicast.member(left, gid("h2"), 1 | 4)),
                        Step.leave("h4", Multicast.member(left, gid("h4"), 1)),
                        Step.leave("h2", Multicast.member(left, gid("h2"), 2)),
                        Step.leave("h2", Multicast.member(left, gid("h2"), 1)),
                        Step.leave("h2", Multicast.member(left, gid("h2"), 1)))),
                Arguments.of("a leave without the join state, of another's port, and a join for another port (proxy)", List.of(
                        Step.join("h2", request(proxied, "h2", 1, 0, 0xffff, 0), Component.CREATE),
                        Step.join("h2", full(proxied, "h4"), Component.JOIN),
                        Step.leave("h2", Multicast.member(proxied, gid("h4"), 1)),
                        Step.join("h4", full(proxied, "h2"), Component.JOIN),
                        Step.leave("h4", Multicast.member(proxied, gid("h2"), 1)),
                        new Step("h2", false, full(proxied, "h2"), Component.MGID | Component.PORT_GID),
                        Step.leave("h2", Multicast.member(proxied, gid("h2"), 1)))),
                Arguments.of("a PortGID of another subnet prefix, and of a port nobody has", List.of(
                        Step.join("h2", Multicast.member(mgid(0xff12_401b_ffff_0000L, 0xffff_ffffL), new Gid(0xfec0_0000_0000_0000L,
                                gid("h2").guid()), 1), Component.JOIN),
                        Step.join("h2", Multicast.member(mgid(0xff12_401b_ffff_0000L, 0xffff_ffffL), new Gid(FE80, 0x1234), 1),
                                Component.JOIN))));
    }

    @Order(1)
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theEmbeddedSaAnswersAsOpenSm(String name, List<Step> steps) {
        List<String> theirs = new ArrayList<>();
        List<String> ours = new ArrayList<>();
        for (Step step : steps) {
            theirs.add(step.sendTo(ibsimPorts.get(step.host())));
            ours.add(step.sendTo(embeddedPorts.get(step.host())));
        }
        assertThat(ours).as(name).isEqualTo(theirs);
    }

    /**
     * Queries of the groups the joins above left, by their values as a join names them: Q_Key, P_Key, SL, MTU and rate
     * by their selectors; the same groups from both SAs (a requester without the SM_Key: a record a group).
     */
    @Order(2)
    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void theEmbeddedSaFindsTheGroupsOpenSmFinds(String name, McMemberRecord query, long mask) {
        Function<MadPort, List<String>> found = port -> {
            SaClient sa = SaClient.of(port);
            try {
                return sa.getTable(SaClient.MC_MEMBER_RECORD, query, mask)
                        .map(r -> String.format("%s 0x%04x", r.mgid(), r.mlid())).collectList().block(WAIT);
            } finally {
                sa.dispose();
            }
        };
        sameTable(found.apply(embeddedPorts.get("h2")), found.apply(ibsimPorts.get("h2")), McMemberRecord.SIZE, name);
    }

    /**
     * A table from the embedded SA ({@code ours}) against OpenSM's: the same records. OpenSM under umad2sim, which does
     * no RMPP, sends a table's first MAD alone, so where OpenSM's answer fills one MAD (records of {@code recordSize}
     * bytes, padded to the attribute offset's unit, in its 200 bytes of data) ours begins with those records.
     */
    private static void sameTable(List<String> ours, List<String> theirs, int recordSize, String as) {
        int stride = SaHeader.attributeOffsetFor(recordSize) * SaHeader.ATTRIBUTE_OFFSET_UNIT;
        if (theirs.size() == (MadHeader.MAD_SIZE - SaHeader.DATA_OFFSET) / stride) {
            assertThat(ours).as(as).startsWith(theirs.toArray(String[]::new));
        } else {
            assertThat(ours).as(as).isEqualTo(theirs);
        }
    }

    static Stream<Arguments> queries() {
        McMemberRecord any = Multicast.member(Gid.ZERO, Gid.ZERO, 1);
        return Stream.of(
                Arguments.of("every group", any, 0L),
                Arguments.of("Q_Key 0x0b1b", request(Gid.ZERO, "h2", 1, 0x0b1b, 0, 0), Component.Q_KEY),
                Arguments.of("Q_Key 7", request(Gid.ZERO, "h2", 1, 7, 0, 0), Component.Q_KEY),
                Arguments.of("P_Key 0x7fff (a limited member of the default partition)", request(Gid.ZERO, "h2", 1, 0, 0x7fff, 0),
                        Component.P_KEY),
                Arguments.of("SL 3", request(Gid.ZERO, "h2", 1, 0, 0, 3), Component.SL),
                Arguments.of("rate above 10 Gb/s", withRate(any, Selector.GREATER_THAN, 3), RATE),
                Arguments.of("rate exactly 40 Gb/s", withRate(any, Selector.EXACTLY, 7), RATE),
                Arguments.of("MTU below 2048", withMtu(any, Selector.LESS_THAN, Selector.MTU_2048), MTU));
    }

    /** A ServiceRecord request from {@code host}: Set, Delete, Get or GetTable, with or without the SM_Key. */
    private record ServiceStep(String host, int method, ServiceRecord request, long mask, boolean trusted) {
        /** What the SA answered: a line a record, every field but the lease's count down; or the status it refused with. */
        List<String> sendTo(MadPort port) {
            SaClient sa = trusted ? SaClient.of(port).withSmKey(EmbeddedFabric.SM_KEY) : SaClient.of(port);
            try {
                List<ServiceRecord> answer = switch (method) {
                    case Method.SET -> List.of(sa.set(SaClient.SERVICE_RECORD, request, mask).block(WAIT));
                    case Method.DELETE -> sa.delete(SaClient.SERVICE_RECORD, request, mask).collectList().block(WAIT);
                    case Method.GET -> sa.get(SaClient.SERVICE_RECORD, request, mask).flux().collectList().block(WAIT);
                    default -> sa.getTable(SaClient.SERVICE_RECORD, request, mask).collectList().block(WAIT);
                };
                // OpenSM under umad2sim reads the first 224 bytes of a MAD alone (umad2sim copies what fits the buffer
                // OpenSM reads into), so it keeps the last 8 bytes of a ServiceData as whatever its buffer held: not
                // compared.
                return answer.stream().map(r -> String.format("ID 0x%x GID %s P_Key 0x%04x lease %s key %s name '%s' data %s",
                        r.serviceId(), r.serviceGid(), r.servicePKey(), r.serviceLease() == ServiceRecord.LEASE_INFINITE
                                ? "infinite" : "finite", HexFormat.of().formatHex(r.serviceKey().toByteArray()),
                        r.serviceName(), HexFormat.of().formatHex(r.serviceData().toByteArray(), 0, ServiceRecord.DATA_SIZE - 8)))
                        .toList();
            } catch (MadStatusException e) {
                return List.of(refusal(e));
            } finally {
                sa.dispose();
            }
        }
    }

    private static ServiceRecord service(long id, String host, int pKey, long lease, int keyByte, String name,
            int data8) {
        byte[] key = new byte[ServiceRecord.KEY_SIZE];
        key[0] = (byte) keyByte;
        byte[] data = new byte[ServiceRecord.DATA_SIZE];
        data[0] = (byte) data8;
        data[ServiceRecord.DATA_SIZE - 1] = (byte) data8;
        return new ServiceRecord(id, host == null ? Gid.ZERO : gid(host), pKey, lease, Octets.of(key), name, Octets.of(data));
    }

    private static final long ID_GID = ServiceRecord.Component.SERVICE_ID | ServiceRecord.Component.SERVICE_GID;
    private static final long RID = ID_GID | ServiceRecord.Component.SERVICE_P_KEY;
    private static final long DATA8_0 = 1L << ServiceRecord.Component.DATA8_0;

    static Stream<Arguments> services() {
        ServiceRecord a = service(0x10, "h2", 0xffff, 60, 0xaa, "alpha", 1);
        ServiceRecord b = service(0x11, "h4", 0xffff, ServiceRecord.LEASE_INFINITE, 0xbb, "beta", 2);
        ServiceRecord noKey = service(0x12, "h2", 0, 60, 0, "gamma", 3);
        long lease = ServiceRecord.Component.SERVICE_LEASE;
        long name = ServiceRecord.Component.SERVICE_NAME;
        return Stream.of(
                Arguments.of("registrations: every component, without a lease, without a P_Key; a ServiceID alone", List.of(
                        new ServiceStep("h2", Method.SET, a, RID | lease | name | DATA8_0, false),
                        new ServiceStep("h4", Method.SET, b, RID | name | DATA8_0, true),
                        new ServiceStep("h2", Method.SET, noKey, ID_GID | lease | name, false),
                        new ServiceStep("h2", Method.SET, service(0x13, "h2", 0xffff, 60, 0, "delta", 0),
                                ServiceRecord.Component.SERVICE_ID, false))),
                Arguments.of("a registration in a partition neither port has, or for a port nobody has", List.of(
                        new ServiceStep("h2", Method.SET, service(0x14, "h2", 0x8001, 60, 0, "eps", 0), RID, false),
                        new ServiceStep("h2", Method.SET, service(0x15, null, 0xffff, 60, 0, "zeta", 0), RID, false))),
                Arguments.of("queries: by name, by ServiceData, by ServiceKey, all; with the SM_Key and without", List.of(
                        new ServiceStep("h3", Method.GET_TABLE, a, name, false),
                        new ServiceStep("h3", Method.GET_TABLE, a, name, true),
                        new ServiceStep("h3", Method.GET_TABLE, b, DATA8_0, true),
                        new ServiceStep("h3", Method.GET_TABLE, a, ServiceRecord.Component.SERVICE_KEY, true),
                        new ServiceStep("h3", Method.GET, service(0x99, "h3", 0xffff, 0, 0, "", 0),
                                ServiceRecord.Component.SERVICE_ID, false),
                        new ServiceStep("h3", Method.GET_TABLE, a, 0, false))),
                Arguments.of("deletes: by RID, of a P_Key the registration did not keep, of what is not there", List.of(
                        new ServiceStep("h2", Method.DELETE, a, RID, true),
                        new ServiceStep("h2", Method.DELETE, a, RID, false),
                        new ServiceStep("h2", Method.DELETE, service(0x12, "h2", 0xffff, 0, 0, "", 0), RID, false),
                        new ServiceStep("h2", Method.DELETE, noKey, ID_GID, false),
                        new ServiceStep("h4", Method.DELETE, b, 0, false),
                        new ServiceStep("h3", Method.GET_TABLE, a, 0, false))));
    }

    @Order(3)
    @ParameterizedTest(name = "{0}")
    @MethodSource("services")
    void theEmbeddedSaKeepsServicesAsOpenSm(String name, List<ServiceStep> steps) {
        for (ServiceStep step : steps) {
            List<String> theirs = step.sendTo(ibsimPorts.get(step.host()));
            List<String> ours = step.sendTo(embeddedPorts.get(step.host()));
            if (step.method() == Method.GET_TABLE) {
                sameTable(ours, theirs, ServiceRecord.SIZE, name + ": " + step);
            } else {
                assertThat(ours).as("%s: %s", name, step).isEqualTo(theirs);
            }
        }
    }

    /** An InformInfo Set from {@code host}: a subscription (or its end) with or without the SM_Key. */
    private record InformStep(String host, InformInfo request, boolean trusted) {
        /** What the SA answered: the InformInfo it echoed, or the status it refused with. */
        String sendTo(MadPort port) {
            SaClient sa = trusted ? SaClient.of(port).withSmKey(EmbeddedFabric.SM_KEY) : SaClient.of(port);
            try {
                return sa.set(SaClient.INFORM_INFO, request, 0).block(WAIT).toString();
            } catch (MadStatusException e) {
                return refusal(e);
            } finally {
                sa.dispose();
            }
        }
    }

    private static InformInfo inform(Gid gid, int begin, int end, int trap, boolean subscribe) {
        return new InformInfo(gid, begin, end, true, subscribe, InformInfo.ALL, trap, 0, 0, InformInfo.ALL_PRODUCERS);
    }

    static Stream<Arguments> informs() {
        int all = InformInfo.ALL;
        return Stream.of(
                Arguments.of("a subscription to a trap, to every trap, and their ends; an end of none", List.of(
                        new InformStep("h2", inform(Gid.ZERO, all, 0, 64, true), false),
                        new InformStep("h2", inform(Gid.ZERO, all, 0, all, true), false),
                        new InformStep("h2", inform(Gid.ZERO, all, 0, 64, false), false),
                        new InformStep("h2", inform(Gid.ZERO, all, 0, all, false), false),
                        new InformStep("h2", inform(Gid.ZERO, all, 0, 65, false), false))),
                Arguments.of("the SM's security traps (256-259), without the SM_Key and with it", List.of(
                        new InformStep("h3", inform(Gid.ZERO, all, 0, 256, true), false),
                        new InformStep("h3", inform(Gid.ZERO, all, 0, 259, true), false),
                        new InformStep("h3", inform(Gid.ZERO, all, 0, 260, true), false),
                        new InformStep("h3", inform(Gid.ZERO, all, 0, 256, true), true),
                        new InformStep("h3", inform(Gid.ZERO, all, 0, 256, false), true),
                        new InformStep("h3", inform(Gid.ZERO, all, 0, 260, false), false))),
                Arguments.of("traps of one port by GID, of a port nobody has, of LIDs in and past the subnet's", List.of(
                        new InformStep("h4", inform(gid("h2"), 0, 0, 128, true), false),
                        new InformStep("h4", inform(new Gid(FE80, 0x1234), 0, 0, 128, true), false),
                        new InformStep("h4", inform(Gid.ZERO, 1, 3, 128, true), false),
                        new InformStep("h4", inform(Gid.ZERO, 0x1000, 0, 128, true), false),
                        new InformStep("h4", inform(gid("h2"), 0, 0, 128, false), false),
                        new InformStep("h4", inform(Gid.ZERO, 1, 3, 128, false), false))));
    }

    @Order(4)
    @ParameterizedTest(name = "{0}")
    @MethodSource("informs")
    void theEmbeddedSaTakesSubscriptionsAsOpenSm(String name, List<InformStep> steps) {
        for (InformStep step : steps) {
            assertThat(step.sendTo(embeddedPorts.get(step.host()))).as("%s: %s", name, step)
                    .isEqualTo(step.sendTo(ibsimPorts.get(step.host())));
        }
    }

    /**
     * Subscriptions listed as InformInfoRecords, with those the cases above left: h3's to trap 64 and to h2's trap 128,
     * h4's to every trap, by subscriber, with the SM_Key (the QPN shown) and without (QPN 0); and once they end.
     */
    @Order(5)
    @ParameterizedTest(name = "of {0}, trusted: {1}")
    @CsvSource({"h2,false", "h3,false", "h3,true", "h4,true"})
    void theEmbeddedSaListsSubscriptionsAsOpenSm(String subscriber, boolean trusted) {
        List<InformStep> subscriptions = List.of(new InformStep("h3", inform(Gid.ZERO, InformInfo.ALL, 0, 64, true), false),
                new InformStep("h3", inform(gid("h2"), 0, 0, 128, true), false),
                new InformStep("h4", inform(Gid.ZERO, InformInfo.ALL, 0, InformInfo.ALL, true), false));
        InformInfoRecord query = new InformInfoRecord(gid(subscriber), 0, inform(Gid.ZERO, 0, 0, 0, false));
        Function<MadPort, List<String>> listed = port -> {
            SaClient sa = trusted ? SaClient.of(port).withSmKey(EmbeddedFabric.SM_KEY) : SaClient.of(port);
            try {
                return sa.getTable(SaClient.INFORM_INFO_RECORD, query, InformInfoRecord.Component.SUBSCRIBER_GID)
                        .map(InformInfoRecord::toString).collectList().block(WAIT);
            } finally {
                sa.dispose();
            }
        };
        for (InformStep step : subscriptions) {
            assertThat(step.sendTo(embeddedPorts.get(step.host()))).isEqualTo(step.sendTo(ibsimPorts.get(step.host())));
        }
        sameListing(listed, "with the subscriptions");
        for (InformStep step : subscriptions) {
            InformStep end = new InformStep(step.host(), new InformInfo(step.request().gid(), step.request().lidRangeBegin(),
                    step.request().lidRangeEnd(), true, false, InformInfo.ALL, step.request().trapNumber(), 1, 0,
                    InformInfo.ALL_PRODUCERS), false);
            assertThat(end.sendTo(embeddedPorts.get(step.host()))).isEqualTo(end.sendTo(ibsimPorts.get(step.host())));
        }
        sameListing(listed, "once they end (those of the cases above stay: their ends named QPN 0, refused)");
    }

    private static void sameListing(Function<MadPort, List<String>> listed, String when) {
        sameTable(listed.apply(embeddedPorts.get("h2")), listed.apply(ibsimPorts.get("h2")), InformInfoRecord.SIZE, when);
    }

    /**
     * Every attribute the SA serves, asked with each method and nothing named (component mask 0, a record of zeros): the
     * same status from both SAs (a method an attribute does not take, a Get of many records, a Set or Delete naming
     * nothing), and for a GetTable records or none alike. Where OpenSM drops the request unanswered (a Set or Delete of
     * an attribute it only reads: its ERR 1A02), the embedded SA refuses it as IBA says, so that a program fails at
     * once rather than waiting out its timeouts. Last, as the Sets and Deletes may leave what OpenSM makes of them.
     */
    @Order(7)
    @ParameterizedTest(name = "attribute 0x{0}")
    @ValueSource(strings = {"0001", "0003", "0011", "0012", "0013", "0014", "0015", "0017", "0018", "0020", "0030",
        "0031", "0033", "0035", "0036", "0038", "00f3"})
    void everyAttributeAndMethodGetsTheStatusOpenSmGives(String attribute) {
        int id = Integer.parseInt(attribute, 16);
        for (int method : new int[] {Method.GET, Method.GET_TABLE, Method.SET, Method.DELETE}) {
            Function<MadPort, String> asked = port -> {
                // One attempt: OpenSM leaves some unanswered, which only a timeout tells.
                SaClient sa = SaClient.of(port).withOptions(RequestOptions.defaults().withRetries(0)
                        .withTimeout(Duration.ofMillis(500)));
                try {
                    return sa.request(method, id, 0, 0, null).map(r -> method == Method.GET_TABLE
                            ? "answered, " + (allZero(r) ? "none" : "records") : "answered").block(WAIT);
                } catch (MadStatusException e) {
                    return refusal(e);
                } catch (MadTimeoutException e) {
                    return "unanswered";
                } finally {
                    sa.dispose();
                }
            };
            String theirs = asked.apply(ibsimPorts.get("h2"));
            String ours = asked.apply(embeddedPorts.get("h2"));
            if (theirs.equals("unanswered") && (method == Method.SET || method == Method.DELETE)) {
                assertThat(ours).as("%s of 0x%04x, which OpenSM drops", Method.name(method), id).startsWith("refused");
            } else if (id == GuidInfoRecord.ATTRIBUTE_ID && (method == Method.SET || method == Method.DELETE)) {
                // Alias GUIDs, which OpenSM assigns and removes by GUIDInfoRecord Set and Delete (refused here for
                // naming no LID and block): the embedded SA has none and says so.
                assertThat(theirs).startsWith("refused");
                assertThat(ours).isEqualTo("refused with status 0x000c");
            } else {
                assertThat(ours).as("%s of 0x%04x", Method.name(method), id).isEqualTo(theirs);
            }
        }
    }

    private static boolean allZero(io.reactiveumad.ReceivedMad r) {
        byte[] mad = r.mad().toByteArray();
        for (int i = SaHeader.DATA_OFFSET; i < mad.length; i++) {
            if (mad[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The library's creation request for an IPoIB group takes its partition's broadcast group's values, which OpenSM
     * wants; for a partition without one it fails saying so, and an MGID no SA creates is refused before it is sent.
     */
    @Order(6)
    @Test
    void theCreationRequestOfAnIpoibGroupTakesItsBroadcastGroupsValues() {
        SaClient sa = SaClient.of(ibsimPorts.get("h3"));
        try {
            Multicast mc = Multicast.over(sa);
            Gid group = mgid(0xff12_601b_ffff_0000L, 0x201);
            McMemberRecord joined = mc.creation(group, gid("h3"), McMemberRecord.JOIN_FULL_MEMBER)
                    .flatMap(r -> mc.join(r, Component.CREATE)).block(WAIT);
            assertThat(joined.qKey()).isEqualTo(0x0b1b);
            assertThat(joined.mgid()).isEqualTo(group);
            assertThatThrownBy(() -> mc.creation(mgid(0xff12_401b_8001_0000L, 0x202), gid("h3"), 1).block(WAIT))
                    .isInstanceOf(NoSuchElementException.class)
                    .hasMessageContaining("no IPoIB broadcast group ff12:401b:8001:0000:0000:0000:ffff:ffff");
            assertThatThrownBy(() -> mc.creation(mgid(0xff12_a01b_0000_0000L, 1), gid("h3"), 1))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("link-local");
        } finally {
            sa.dispose();
        }
    }
}
