package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.LibraryLog;
import io.reactiveumad.PortNotActiveException;
import io.reactiveumad.RequestOptions;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.RmppHeader;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.sa.LinkRecord;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.spi.channel.MadFrame;
import io.reactiveumad.spi.channel.PortAttributes;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;
import reactor.test.StepVerifier;

class SaClientTest extends ClientTestBase {
    static final int DATA = SaHeader.DATA_OFFSET;

    static NodeRecord node(int lid) {
        return new NodeRecord(lid, SmpClientTest.SWITCH, new NodeDescription("node " + lid));
    }

    /** A GetTableResp carrying {@code records}, {@code stride} bytes apart, as one RMPP segment when they fit. */
    static List<MadFrame> table(MadFrame request, int stride, List<? extends MadAttribute> records) {
        int length = Math.max(MadHeader.MAD_SIZE, DATA + stride * records.size());
        byte[] r = java.util.Arrays.copyOf(request.mad(), length);
        ByteBuffer b = ByteBuffer.wrap(r);
        b.put(MadHeader.METHOD_OFFSET, (byte) Method.GET_TABLE_RESP);
        new SaHeader().wrap(b, 0).attributeOffset(stride / SaHeader.ATTRIBUTE_OFFSET_UNIT);
        java.util.Arrays.fill(r, DATA, r.length, (byte) 0);
        for (int i = 0; i < records.size(); i++) {
            records.get(i).encode(b, DATA + i * stride);
        }
        if (length == MadHeader.MAD_SIZE) {
            new RmppHeader().wrap(b).version(RmppHeader.VERSION).type(RmppHeader.TYPE_DATA)
                    .flags(RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_FIRST | RmppHeader.FLAG_LAST)
                    .segmentNumber(1).payloadLength(DATA - RmppHeader.END_OFFSET + stride * records.size());
        }
        return List.of(new MadFrame(0, 0, 0, 0, request.address(), r));
    }

    /** An RMPP ACK, STOP or ABORT (our receiver acknowledging a response), which the fake SA ignores. */
    static boolean isRmppControl(ByteBuffer mad) {
        RmppHeader rmpp = new RmppHeader().wrap(mad);
        return MgmtClass.isRmppClass(mad.get(MadHeader.MGMT_CLASS_OFFSET) & 0xFF) && rmpp.isActive()
                && rmpp.type() != RmppHeader.TYPE_DATA;
    }

    /** Answers each request (not our RMPP ACKs) with {@code answer}. */
    static java.util.function.Function<MadFrame, List<MadFrame>> sa(
            java.util.function.Function<MadFrame, List<MadFrame>> answer) {
        return f -> isRmppControl(ByteBuffer.wrap(f.mad())) ? List.of() : answer.apply(f);
    }

    @Test
    void getTableSplitsASegmentAtAttributeOffsetUpToItsPayloadLength() {
        List<LinkRecord> links = List.of(new LinkRecord(1, 1, 2, 3), new LinkRecord(3, 2, 1, 1),
                new LinkRecord(4, 5, 6, 7));
        channel.peer(sa(f -> table(f, 8, links)));
        StepVerifier.create(SaClient.of(port).getTable(SaClient.LINK_RECORD))
                .expectNextSequence(links)
                .verifyComplete();
    }

    @Test
    void aPlainZeroPaddedMadLosesItsTrailingZeroRecords() {
        List<LinkRecord> links = List.of(new LinkRecord(1, 1, 2, 3), new LinkRecord(3, 2, 1, 1));
        channel.peer(sa(f -> {
            List<MadFrame> one = table(f, 8, links);
            byte[] plain = one.get(0).mad();
            java.util.Arrays.fill(plain, RmppHeader.VERSION_OFFSET, RmppHeader.END_OFFSET, (byte) 0);
            return one;
        }));
        StepVerifier.create(SaClient.of(port).getTable(SaClient.LINK_RECORD))
                .expectNextSequence(links)
                .verifyComplete();
    }

    /**
     * OpenSM built for a kernel SAR, under umad2sim: only RMPP Active set (version, type, segment and
     * PayloadLength left to a kernel that is not there), as long as OpenSM wrote it (56 + 8 × 3 bytes).
     * The default client (user-space RMPP) reads it whole.
     */
    @Test
    void theDefaultClientReadsAGetTableAnswerOfAnSaWithoutRmppSar() {
        List<LinkRecord> links = List.of(new LinkRecord(1, 1, 2, 3), new LinkRecord(3, 2, 1, 1),
                new LinkRecord(4, 5, 6, 7));
        channel.peer(sa(f -> List.of(withoutSar(table(f, 8, links).get(0), DATA + 8 * links.size()))));
        StepVerifier.create(SaClient.of(port).getTable(SaClient.LINK_RECORD))
                .expectNextSequence(links)
                .expectComplete()
                .verify(Duration.ofSeconds(5));
        assertThat(channel.sent).as("nothing but the request: no ACK, no ABORT").hasSize(1);
    }

    /** The same cut by umad2sim at 256 bytes: the records that are whole in what arrived, no more. */
    @Test
    void aGetTableAnswerCutAtOneMadYieldsItsWholeRecordsOnly() {
        List<PathRecord> paths = new ArrayList<>();
        for (int lid = 1; lid <= 4; lid++) {
            paths.add(PathRecord.query(new Gid(0xfe80_0000_0000_0000L, lid), new Gid(0xfe80_0000_0000_0000L, lid + 1)));
        }
        channel.peer(sa(f -> List.of(withoutSar(table(f, 64, paths).get(0), MadHeader.MAD_SIZE))));
        StepVerifier.create(SaClient.of(port).getTable(SaClient.PATH_RECORD))
                .expectNextSequence(paths.subList(0, 3))
                .expectComplete()
                .verify(Duration.ofSeconds(5));
    }

    /**
     * A table that may have been cut is said at WARN, once per client however many such tables come; one that says its
     * length (a whole segment) or is shorter than a MAD (what its sender wrote, as ibsim passes it on) is not.
     */
    @Test
    void aTableThatMayHaveBeenCutIsWarnedOfOncePerClient() throws Exception {
        List<PathRecord> paths = new ArrayList<>();
        for (int lid = 1; lid <= 4; lid++) {
            paths.add(PathRecord.query(new Gid(0xfe80_0000_0000_0000L, lid), new Gid(0xfe80_0000_0000_0000L, lid + 1)));
        }
        String quiet = LibraryLog.during(() -> {
            channel.peer(sa(f -> table(f, 64, paths.subList(0, 3))));
            SaClient whole = SaClient.of(port);
            assertThat(whole.getTable(SaClient.PATH_RECORD).collectList().block(Duration.ofSeconds(5))).hasSize(3);
            channel.peer(sa(f -> List.of(withoutSar(table(f, 64, paths.subList(0, 1)).get(0), SaHeader.DATA_OFFSET + 64))));
            assertThat(whole.getTable(SaClient.PATH_RECORD).collectList().block(Duration.ofSeconds(5))).hasSize(1);
        });
        assertThat(quiet).as("a whole segment, then a MAD shorter than 256 bytes").doesNotContain("WARN");

        String log = LibraryLog.during(() -> {
            channel.peer(sa(f -> List.of(withoutSar(table(f, 64, paths).get(0), MadHeader.MAD_SIZE))));
            SaClient cut = SaClient.of(port);
            assertThat(cut.getTable(SaClient.PATH_RECORD).collectList().block(Duration.ofSeconds(5))).hasSize(3);
            assertThat(cut.getTable(SaClient.PATH_RECORD).collectList().block(Duration.ofSeconds(5))).hasSize(3);
        });
        assertThat(log.lines().filter(l -> l.contains("WARN"))).singleElement().asString()
                .contains("PathRecord table as one unsegmented MAD").contains("its 3 record(s) may be the first of more");
    }

    /** {@code answer} as OpenSM without its kernel's SAR sends it: RMPP Active only, {@code length} bytes. */
    static MadFrame withoutSar(MadFrame answer, int length) {
        byte[] mad = java.util.Arrays.copyOf(answer.mad(), length);
        new RmppHeader().wrap(mad).version(0).type(0).flags(RmppHeader.FLAG_ACTIVE).status(0).segmentNumber(0)
                .payloadLength(0);
        return new MadFrame(answer.agentId(), answer.status(), 0, 0, answer.address(), mad);
    }

    @Test
    void aReassembledMessageIsSplitWhole() {
        List<NodeRecord> nodes = new ArrayList<>();
        for (int lid = 1; lid <= 5; lid++) {
            nodes.add(node(lid));
        }
        channel.peer(sa(f -> table(f, 112, nodes)));
        StepVerifier.create(SaClient.of(port).getTable(SaClient.NODE_RECORD))
                .expectNextSequence(nodes)
                .verifyComplete();
    }

    @Test
    void requestsGoToTheSmWithMaskTemplateAndSmKeyNeverShown() {
        channel.peer(sa(f -> table(f, 64, List.of())));
        Gid me = new Gid(0xfe80_0000_0000_0000L, 1);
        Gid peer = new Gid(0xfe80_0000_0000_0000L, 2);
        SaClient sa = SaClient.of(port).withSmKey(0x0123456789abcdefL);
        StepVerifier.create(sa.pathRecords(me, peer)).verifyComplete();
        MadFrame sent = lastFrame();
        assertThat(sent.address().lid()).isEqualTo(port.attributes().smLid());
        assertThat(sent.address().qpn()).isEqualTo(1);
        assertThat(sent.address().qkey()).isEqualTo(MadAddress.GSI_QKEY);
        ByteBuffer b = lastSent();
        assertThat(b.get(MadHeader.MGMT_CLASS_OFFSET)).isEqualTo((byte) MgmtClass.SUBN_ADM);
        assertThat(b.get(MadHeader.CLASS_VERSION_OFFSET)).isEqualTo((byte) 2);
        assertThat(b.get(MadHeader.METHOD_OFFSET)).isEqualTo((byte) Method.GET_TABLE);
        SaHeader header = new SaHeader().wrap(b, 0);
        assertThat(header.smKey()).isEqualTo(0x0123456789abcdefL);
        assertThat(header.componentMask()).isEqualTo(PathRecord.Component.SGID | PathRecord.Component.DGID
                | PathRecord.Component.NUMB_PATH);
        PathRecord template = PathRecord.decode(b, DATA);
        assertThat(template.sgid()).isEqualTo(me);
        assertThat(template.dgid()).isEqualTo(peer);
        assertThat(sa.toString()).doesNotContain("0123456789abcdef").contains("SM_Key");
    }

    /** ibqueryerrors' query: one reversible path to every destination from the port's GID 0; each path's SL by its DLID. */
    @Test
    void serviceLevelsByLidAreThePathsSlsFromThisPort() {
        Gid me = port.attributes().gids().get(0);
        List<PathRecord> paths = List.of(path(me, 4, 0), path(me, 7, 3), path(me, 9, 15));
        channel.peer(sa(f -> table(f, 64, paths)));

        assertThat(SaClient.of(port).serviceLevelsByLid().block(Duration.ofSeconds(5)))
                .containsExactlyInAnyOrderEntriesOf(Map.of(4, 0, 7, 3, 9, 15));
        ByteBuffer b = lastSent();
        assertThat(new SaHeader().wrap(b, 0).componentMask()).isEqualTo(PathRecord.Component.SGID
                | PathRecord.Component.NUMB_PATH | PathRecord.Component.REVERSIBLE);
        PathRecord template = PathRecord.decode(b, DATA);
        assertThat(template.sgid()).isEqualTo(me);
        assertThat(template.numbPath()).isEqualTo(1);
        assertThat(template.reversible()).isTrue();
    }

    private static PathRecord path(Gid from, int dlid, int sl) {
        return new PathRecord(0, new Gid(0xfe80_0000_0000_0000L, dlid), from, dlid, 7, false, 0, 0, 0, true, 1, 0xFFFF, 0,
                sl, 2, 4, 2, 3, 2, 18, 0);
    }

    @Test
    void noRecordsIsAnEmptyAnswer() {
        channel.peer(sa(f -> answer(f, Method.GET_RESP, b -> b.putShort(MadHeader.STATUS_OFFSET,
                (short) (SaHeader.STATUS_NO_RECORDS << 8)))));
        SaClient sa = SaClient.of(port);
        StepVerifier.create(sa.get(SaClient.NODE_RECORD, node(4), NodeRecord.Component.LID)).verifyComplete();
        StepVerifier.create(sa.getTable(SaClient.NODE_RECORD)).verifyComplete();
    }

    @Test
    void aTimeoutFollowsTheSaToItsNewLid() {
        channel.peer(sa(f -> f.address().lid() == 9 ? table(f, 112, List.of(node(1))) : List.of()));
        SaClient sa = SaClient.of(port).withOptions(RequestOptions.defaults().withRetries(0));
        StepVerifier.withVirtualTime(() -> sa.getTable(SaClient.NODE_RECORD), () -> vts, Long.MAX_VALUE)
                .expectSubscription()
                .then(() -> channel.attributes(withSmLid(port.attributes(), 9)))
                .thenAwait(Duration.ofSeconds(1))
                .expectNext(node(1))
                .verifyComplete();
        assertThat(requests()).extracting(f -> f.address().lid()).containsExactly(1, 9);
        assertThat(sa.saAddress().lid()).isEqualTo(9);
    }

    @Test
    void aTimeoutWithTheSameSmLidFails() {
        SaClient sa = SaClient.of(port).withOptions(RequestOptions.defaults().withRetries(0));
        StepVerifier.withVirtualTime(() -> sa.classPortInfo(), () -> vts, Long.MAX_VALUE)
                .thenAwait(Duration.ofSeconds(1))
                .expectError(MadTimeoutException.class)
                .verify(Duration.ofSeconds(5));
        assertThat(requests()).hasSize(1);
    }

    @Test
    void anSaLidGivenIsWhereEveryRequestGoesAndItIsNotLeftWhenTheSmMoves() {
        channel.peer(sa(f -> f.address().lid() == 7 ? table(f, 112, List.of(node(1))) : List.of()));
        SaClient sa = SaClient.of(port).withOptions(RequestOptions.defaults().withRetries(0)).withSaLid(7);
        StepVerifier.create(sa.getTable(SaClient.NODE_RECORD)).expectNext(node(1)).verifyComplete();
        assertThat(sa.saAddress().lid()).isEqualTo(7);
        assertThat(sa.saAddress().sl()).isZero();

        SaClient fixedElsewhere = SaClient.of(port).withOptions(RequestOptions.defaults().withRetries(0)).withSaLid(8);
        StepVerifier.withVirtualTime(() -> fixedElsewhere.getTable(SaClient.NODE_RECORD), () -> vts, Long.MAX_VALUE)
                .expectSubscription()
                .then(() -> channel.attributes(withSmLid(port.attributes(), 7)))
                .thenAwait(Duration.ofSeconds(1))
                .expectError(MadTimeoutException.class)
                .verify(Duration.ofSeconds(5));
        assertThat(requests()).extracting(f -> f.address().lid()).containsExactly(7, 8);
        assertThatThrownBy(() -> sa.withSaLid(0xC000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unicast LID");
    }

    @Test
    void aPortThatKnowsNoSmFailsAtOnceWithoutSendingAndOneThatJustLearntItsSmAsksIt() {
        PortAttributes active = port.attributes();
        PortAttributes down = new PortAttributes(active.device(), active.port(), active.nodeGuid(), 0, 0, 0, 0, 1, 2,
                active.linkLayer(), active.gids(), active.pkeys(), active.capabilityMask(), active.rate());
        channel.attributes(down);
        port.refresh().block(Duration.ofSeconds(5));
        SaClient sa = SaClient.of(port);
        // No timer runs: the failure comes before any request is sent.
        StepVerifier.create(sa.getTable(SaClient.NODE_RECORD))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(PortNotActiveException.class)
                        .hasMessage("port " + port.spec() + " is Down (LID 0, SM LID 0): no SA to ask")
                        .extracting(f -> ((PortNotActiveException) f).state()).isEqualTo(PortInfo.STATE_DOWN))
                .verify(Duration.ofSeconds(5));
        assertThat(requests()).isEmpty();

        // The cached attributes still say Down; the port is Active by now: the SA at its SM LID is asked.
        channel.peer(sa(f -> f.address().lid() == 9 ? table(f, 112, List.of(node(1))) : List.of()));
        channel.attributes(withSmLid(active, 9));
        StepVerifier.create(sa.getTable(SaClient.NODE_RECORD)).expectNext(node(1)).verifyComplete();
        assertThat(requests()).extracting(f -> f.address().lid()).containsExactly(9);
    }

    /** What a long-running caller retries: no SA answers, a busy SA, a port that reaches none; not a refusal. */
    @Test
    void unreachableIsNoAnswerABusySaOrNoSmToAskButNotARefusal() {
        // Busy past the request's own busy retries (none here).
        SaClient sa = SaClient.of(port)
                .withOptions(RequestOptions.defaults().withRetries(0).withBusyRetries(0, Duration.ofMillis(1)));
        int[] status = {MadStatus.BUSY};
        channel.peer(sa(f -> answer(f, Method.GET_RESP, b -> b.putShort(MadHeader.STATUS_OFFSET, (short) status[0]))));
        Throwable busy = failure(sa.classPortInfo()).block(Duration.ofSeconds(5));
        assertThat(busy).isInstanceOf(MadStatusException.class);
        assertThat(SaClient.unreachable(busy)).isTrue();
        status[0] = SaHeader.STATUS_REQUEST_INVALID << 8;
        Throwable refused = failure(sa.classPortInfo()).block(Duration.ofSeconds(5));
        assertThat(refused).isInstanceOf(MadStatusException.class);
        assertThat(SaClient.unreachable(refused)).as("the SA refused: asking again changes nothing").isFalse();

        PortAttributes active = port.attributes();
        channel.attributes(new PortAttributes(active.device(), active.port(), active.nodeGuid(), 0, 0, 0, 0, 1, 2,
                active.linkLayer(), active.gids(), active.pkeys(), active.capabilityMask(), active.rate()));
        port.refresh().block(Duration.ofSeconds(5));
        Throwable down = failure(sa.classPortInfo()).block(Duration.ofSeconds(5));
        assertThat(down).isInstanceOf(PortNotActiveException.class);
        assertThat(SaClient.unreachable(down)).isTrue();
        assertThat(SaClient.unreachable(new IllegalStateException("closed"))).isFalse();

        // Last: the virtual clock's scheduler is gone after it.
        channel.attributes(active);
        port.refresh().block(Duration.ofSeconds(5));
        channel.peer(f -> List.of());
        SaClient silent = SaClient.of(port).withOptions(RequestOptions.defaults().withRetries(0));
        StepVerifier.withVirtualTime(() -> failure(silent.classPortInfo()), () -> vts, Long.MAX_VALUE)
                .thenAwait(Duration.ofSeconds(1))
                .assertNext(e -> assertThat(e).isInstanceOf(MadTimeoutException.class)
                        .satisfies(t -> assertThat(SaClient.unreachable(t)).isTrue())
                        .satisfies(t -> assertThat(SaClient.unreachable(Exceptions.propagate(t))).as("wrapped").isTrue()))
                .verifyComplete();
    }

    @Test
    void retryWhileUnreachableWaitsTheGrowingDelaysTellsEachAndStopsAtAnythingElse() {
        PortNotActiveException noSm = new PortNotActiveException(port.spec(), port.attributes(), "no SA to ask");
        java.util.concurrent.atomic.AtomicInteger tries = new java.util.concurrent.atomic.AtomicInteger();
        List<Duration> told = new ArrayList<>();
        Retry retry = SaClient.retryWhileUnreachable(n -> Duration.ofSeconds(5L * n), (e, delay) -> told.add(delay));
        StepVerifier.withVirtualTime(() -> Flux.defer(() -> tries.incrementAndGet() <= 2
                        ? Flux.<String>error(noSm) : Flux.just("subscribed")).retryWhen(retry), () -> vts, Long.MAX_VALUE)
                .expectSubscription()
                .then(() -> assertThat(told).containsExactly(Duration.ofSeconds(5)))
                .thenAwait(Duration.ofSeconds(5))
                .then(() -> assertThat(told).containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(10)))
                .expectNoEvent(Duration.ofSeconds(9))
                .thenAwait(Duration.ofSeconds(1))
                .expectNext("subscribed")
                .verifyComplete();
        assertThat(tries).hasValue(3);

        StepVerifier.create(Flux.<String>error(new IllegalStateException("refused")).retryWhen(retry))
                .expectErrorMessage("refused")
                .verify(Duration.ofSeconds(5));
        assertThat(told).hasSize(2);
    }

    private static Mono<Throwable> failure(Mono<?> request) {
        return request.then(Mono.<Throwable>empty()).onErrorResume(Mono::just);
    }

    static PortAttributes withSmLid(PortAttributes a, int smLid) {
        return new PortAttributes(a.device(), a.port(), a.nodeGuid(), a.lid(), a.lmc(), smLid, a.smSl(), a.state(),
                a.physState(), a.linkLayer(), a.gids(), a.pkeys(), a.capabilityMask(), a.rate());
    }
}
