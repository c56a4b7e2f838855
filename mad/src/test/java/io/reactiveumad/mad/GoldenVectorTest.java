package io.reactiveumad.mad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.attr.GuidInfo;
import io.reactiveumad.mad.attr.SlToVlMappingTable;
import io.reactiveumad.mad.attr.VlArbitrationTable;
import io.reactiveumad.mad.attr.LinearForwardingTable;
import io.reactiveumad.mad.attr.MlnxExtPortInfo;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.PortInfoExtended;
import io.reactiveumad.mad.attr.SmInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.mad.cc.CaCongestionSetting;
import io.reactiveumad.mad.cc.CongestionControlTable;
import io.reactiveumad.mad.cc.CongestionInfo;
import io.reactiveumad.mad.mlnx.ConfigSpaceAccess;
import io.reactiveumad.mad.mlnx.CounterGroupConfig;
import io.reactiveumad.mad.mlnx.CounterGroupInfo;
import io.reactiveumad.mad.mlnx.GeneralInfo;
import io.reactiveumad.mad.cc.CongestionKeyInfo;
import io.reactiveumad.mad.cc.CongestionLog;
import io.reactiveumad.mad.cc.SwitchCongestionSetting;
import io.reactiveumad.mad.cc.SwitchPortCongestionSetting;
import io.reactiveumad.mad.cc.Timestamp;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.perf.PortCountersExtended;
import io.reactiveumad.mad.perf.PortCounterSet;
import io.reactiveumad.mad.perf.PortExtendedSpeedsCounters;
import io.reactiveumad.mad.perf.PortSamplesControl;
import io.reactiveumad.mad.perf.PortRcvErrorDetails;
import io.reactiveumad.mad.perf.PortXmitDiscardDetails;
import io.reactiveumad.mad.sa.GuidInfoRecord;
import io.reactiveumad.mad.sa.InformInfoRecord;
import io.reactiveumad.mad.sa.MulticastForwardingTableRecord;
import io.reactiveumad.mad.sa.SlToVlMappingTableRecord;
import io.reactiveumad.mad.sa.VlArbitrationTableRecord;
import io.reactiveumad.mad.sa.LinearForwardingTableRecord;
import io.reactiveumad.mad.sa.LinkRecord;
import io.reactiveumad.mad.sa.McMemberRecord;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PKeyTableRecord;
import io.reactiveumad.mad.sa.PathRecord;
import io.reactiveumad.mad.sa.PortInfoRecord;
import io.reactiveumad.mad.sa.ServiceRecord;
import io.reactiveumad.mad.sa.SmInfoRecord;
import io.reactiveumad.mad.sa.SwitchInfoRecord;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Golden vectors from an independent encoder: {@code src/test/c/golden.c}, built here with gcc against
 * Debian's libibmad (its IB_*_F field tables) and OpenSM's wire structs, prints each attribute
 * filled with distinctive values; the Java codecs must decode exactly those values and encode
 * exactly those bytes. Needs gcc, libibmad-dev and libopensm-dev: skipped without them, failed
 * without them when {@code umad.requirePeers} is true.
 */
class GoldenVectorTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final String INSTALL = "apt-get install gcc libibmad-dev libopensm-dev";
    private static final Path SOURCE = Path.of("src/test/c/golden.c");
    private static final Path BINARY = Path.of("target/golden/golden");
    private static final List<Path> HEADERS = List.of(Path.of("/usr/include/infiniband/mad.h"),
            Path.of("/usr/include/infiniband/iba/ib_types.h"));
    private static final long PROCESS_TIMEOUT_SECONDS = 120;
    private static final Gid ISSUER = gid(0x0002c90300000001L);

    private static Map<String, String> golden;
    /** Why the encoder cannot be built here, or null when it can. */
    private static String missingToolchain;

    @BeforeAll
    static void buildAndRunEncoder() throws IOException, InterruptedException {
        missingToolchain = missingToolchain();
        if (missingToolchain != null) {
            if (Boolean.getBoolean("umad.requirePeers")) {
                fail(missingToolchain);
            }
            return;
        }
        Files.createDirectories(BINARY.getParent());
        run(List.of("gcc", "-std=gnu11", "-Wall", "-Werror", "-I/usr/include/infiniband", SOURCE.toString(), "-o",
                BINARY.toString(), "-libmad", "-libumad"));
        golden = new HashMap<>();
        for (String line : run(List.of(BINARY.toString())).split("\n")) {
            String[] nameAndHex = line.trim().split(" ");
            golden.put(nameAndHex[0], nameAndHex[1]);
        }
    }

    /** Each test skips on its own, so the report counts every skipped vector. */
    @BeforeEach
    void skipWithoutToolchain() {
        Assumptions.assumeTrue(missingToolchain == null, () -> missingToolchain);
    }

    @Test
    void nodeInfo() {
        assertGolden("NodeInfo", new NodeInfo(1, 1, 2, 36, 0x0002c90300a1b2c3L, 0x0002c90300a1b2c4L,
                0x0002c90300a1b2c5L, 128, 0xc738, 0xa0b1c2d3L, 7, 0x0002c9), NodeInfo::decode);
    }

    @Test
    void nodeDescription() {
        assertGolden("NodeDescription", new NodeDescription("reactive-umad golden HCA-1"), NodeDescription::decode);
    }

    @Test
    void portInfo() {
        assertGolden("PortInfo", portInfoValues(), PortInfo::decode);
    }

    @Test
    void switchInfo() {
        assertGolden("SwitchInfo", new SwitchInfo(0xc000, 0x0100, 0x0400, 0x01ff, 3, 4, 5, 0x12, true, 2, 0x0101,
                0x0020, true, false, true, false, true, 0xc0ff), SwitchInfo::decode);
    }

    @Test
    void pKeyTable() {
        assertGolden("PKeyTable", new PKeyTable(IntStream.range(0, 32).map(i -> 0x8000 | i * 0x111).boxed().toList()),
                PKeyTable::decode);
    }

    @Test
    void guidInfo() {
        assertGolden("GuidInfo", new GuidInfo(LongStream.range(0, 8).map(i -> 0x0002c90300000010L + i).boxed()
                .toList()), GuidInfo::decode);
    }

    @Test
    void slToVlMappingTable() {
        assertGolden("SlToVlMappingTable", new SlToVlMappingTable(IntStream.range(0, 16).map(sl -> (15 - sl) ^ 3).boxed()
                .toList()), SlToVlMappingTable::decode);
    }

    @Test
    void vlArbitrationTable() {
        assertGolden("VlArbitrationTable", new VlArbitrationTable(IntStream.range(0, 32)
                .mapToObj(i -> new VlArbitrationTable.Entry(i % 15, i * 7 + 1)).toList()), VlArbitrationTable::decode);
    }

    @Test
    void linearForwardingTable() {
        assertGolden("LinearForwardingTable", new LinearForwardingTable(IntStream.range(0, 64)
                .map(i -> i % 5 == 4 ? LinearForwardingTable.NO_ROUTE : i * 3 + 1).boxed().toList()),
                LinearForwardingTable::decode);
    }

    @Test
    void multicastForwardingTable() {
        assertGolden("MulticastForwardingTable", new MulticastForwardingTable(IntStream.range(0, 32)
                .map(i -> (0x8001 ^ i * 0x0421) & 0xFFFF).boxed().toList()), MulticastForwardingTable::decode);
    }

    @Test
    void linearForwardingTableRecord() {
        assertGolden("LinearForwardingTableRecord", new LinearForwardingTableRecord(0x0c0d, 0x0102,
                new LinearForwardingTable(IntStream.range(0, 64).map(i -> 0xff - i).boxed().toList())),
                LinearForwardingTableRecord::decode);
    }

    @Test
    void switchInfoRecord() {
        assertGolden("SwitchInfoRecord", new SwitchInfoRecord(0x0c0e, new SwitchInfo(0xc000, 0x0100, 0x0400, 0x01ff, 3, 4,
                5, 0x12, true, 2, 0x0101, 0x0020, true, false, true, false, true, 0xc0ff)), SwitchInfoRecord::decode);
    }

    @Test
    void smInfoRecord() {
        assertGolden("SmInfoRecord", new SmInfoRecord(0x0bcd, new SmInfo(0x0002c903000abcdeL, 0x0123456789abcdefL,
                0x89abcdefL, 0xc, 3)), SmInfoRecord::decode);
    }

    @Test
    void pKeyTableRecord() {
        assertGolden("PKeyTableRecord", new PKeyTableRecord(0x0b0c, 0x0801, 36, new PKeyTable(IntStream.range(0, 32)
                .map(i -> 0x8000 | i * 0x111).boxed().toList())), PKeyTableRecord::decode);
    }

    @Test
    void guidInfoRecord() {
        assertGolden("GuidInfoRecord", new GuidInfoRecord(0x0a0b, 31, new GuidInfo(LongStream.range(0, 8)
                .map(i -> 0x0002c90300000010L + i).boxed().toList())), GuidInfoRecord::decode);
    }

    @Test
    void slToVlMappingTableRecord() {
        assertGolden("SlToVlMappingTableRecord", new SlToVlMappingTableRecord(0x0c0f, 7, 36, new SlToVlMappingTable(
                IntStream.range(0, 16).map(sl -> (15 - sl) ^ 3).boxed().toList())), SlToVlMappingTableRecord::decode);
    }

    @Test
    void vlArbitrationTableRecord() {
        assertGolden("VlArbitrationTableRecord", new VlArbitrationTableRecord(0x0d0e, 5, 3, new VlArbitrationTable(
                IntStream.range(0, 32).mapToObj(i -> new VlArbitrationTable.Entry(i % 15, i * 7 + 1)).toList())),
                VlArbitrationTableRecord::decode);
    }

    @Test
    void multicastForwardingTableRecord() {
        assertGolden("MulticastForwardingTableRecord", new MulticastForwardingTableRecord(0x0e0f, 15, 0x1ff,
                new MulticastForwardingTable(IntStream.range(0, 32).map(i -> (0x8001 ^ i * 0x0421) & 0xFFFF).boxed()
                        .toList())), MulticastForwardingTableRecord::decode);
    }

    @Test
    void portInfoExtended() {
        assertGolden("PortInfoExtended", new PortInfoExtended(0x80000001L, 2, 0x0003, 0x0001, 0x0007, 0x0004, 0x000f,
                0x0008, 0, 0), PortInfoExtended::decode);
    }

    @Test
    void mlnxExtPortInfo() {
        assertGolden("MlnxExtPortInfo", new MlnxExtPortInfo(0x81, 0x01, 0x7e, 0xf0), MlnxExtPortInfo::decode);
    }

    @Test
    void smInfo() {
        assertGolden("SmInfo", new SmInfo(0x0002c903000abcdeL, 0x0123456789abcdefL, 0x89abcdefL, 0xc, 3),
                SmInfo::decode);
    }

    @Test
    void classPortInfo() {
        assertGolden("ClassPortInfo", new ClassPortInfo(1, 2, 0x0603, 0x5abcdef, 0x13, gid(0x0002c90300001111L), 0xa5,
                0xb, 0xabcde, 0x4321, 0x8001, 0x123456, 0x80010000L, new Gid(0xfec0000000000001L, 0x0002c90300002222L),
                0x5a, 7, 0x12345, 0x0bcd, 0xffff, 64, 0x654321, 0x0a0b0c0dL), ClassPortInfo::decode);
    }

    @Test
    void noticeGidInService() {
        assertNotice("Notice64", 3, 4, 64, 1, new TrapDetails.GidDetails(gid(0x0002c90300a1b2c5L)));
    }

    @Test
    void noticeLinkStateChange() {
        assertNotice("Notice128", 1, 2, 128, 2, new TrapDetails.LinkStateChange(0x55));
    }

    @Test
    void noticeLinkIntegrity() {
        assertNotice("Notice129", 1, 2, 129, 3, new TrapDetails.PortError(0x66, 12));
    }

    @Test
    void noticeLocalChanges() {
        assertNotice("Notice144", 4, 1, 144, 4, new TrapDetails.LocalChanges(0x77, true, 0x02510a6aL, 0x25, 0x1234));
    }

    @Test
    void noticeSystemImageGuidChange() {
        assertNotice("Notice145", 4, 1, 145, 5, new TrapDetails.SystemImageGuidChange(0x88, 0x0002c90300feedf0L));
    }

    @Test
    void noticeBadMKey() {
        byte[] returnPath = new byte[TrapDetails.BadMKey.RETURN_PATH_SIZE];
        for (int hop = 1; hop <= 5; hop++) {
            returnPath[hop] = (byte) hop;
        }
        assertNotice("Notice256", 2, 1, 256, 6, new TrapDetails.BadMKey(0x99, 0xffff, 0x02, 0x0015, 3,
                0x0badc0ffee0ddf00L, true, true, 5, Octets.of(returnPath)));
    }

    @Test
    void noticeBadPKey() {
        assertNotice("Notice257", 2, 1, 257, 7, new TrapDetails.BadKey(0xaa, 0xbb, 0x7fff, 0xd, 0x123, 0x456,
                gid(0x0002c903000000aaL), gid(0x0002c903000000bbL)));
    }

    @Test
    void noticeSwitchBadPKey() {
        assertNotice("Notice259", 2, 2, 259, 8, new TrapDetails.SwitchBadPKey(0x3f, 0xcc, 0xdd, 0x7fff, 3, 0x789,
                0xabc, gid(0x0002c903000000ccL), gid(0x0002c903000000ddL), 0x10, 17));
    }

    @Test
    void informInfo() {
        assertGolden("InformInfo", informInfoValues(), InformInfo::decode);
    }

    @Test
    void informInfoRecord() {
        assertGolden("InformInfoRecord", new InformInfoRecord(gid(0x0002c90300000abcL), 0x0102, informInfoValues()),
                InformInfoRecord::decode);
    }

    @Test
    void nodeRecord() {
        assertGolden("NodeRecord", new NodeRecord(0x0abc, new NodeInfo(1, 1, 2, 18, 0x0008f10500102030L,
                0x0008f10500102031L, 0x0008f10500102032L, 8, 0xb924, 0xa1, 0, 0x0008f1),
                new NodeDescription("golden switch 7")), NodeRecord::decode);
    }

    @Test
    void portInfoRecord() {
        assertGolden("PortInfoRecord", new PortInfoRecord(0x1234, 5, 1, portInfoValues()), PortInfoRecord::decode);
    }

    @Test
    void pathRecord() {
        assertGolden("PathRecord", new PathRecord(0x1000000000000abcL, gid(0x0002c90300000222L),
                gid(0x0002c90300000111L), 0x0222, 0x0111, true, 0x54321, 0x40, 0x88, true, 0x7f, 0xffff, 0xabc, 0xd,
                2, 4, 3, 16, 1, 18, 2), PathRecord::decode);
    }

    @Test
    void linkRecord() {
        assertGolden("LinkRecord", new LinkRecord(0x0101, 3, 36, 0x0202), LinkRecord::decode);
    }

    @Test
    void serviceRecord() {
        byte[] key = new byte[16];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) (0xf0 + i);
        }
        byte[] data = new byte[64];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 3);
        }
        ServiceRecord expected = new ServiceRecord(0x0001020304050607L, gid(0x0002c90300000333L), 0x8123,
                ServiceRecord.LEASE_INFINITE, Octets.of(key), "golden.service", Octets.of(data));
        assertGolden("ServiceRecord", expected, ServiceRecord::decode);
        assertThat(expected.data8(15)).isEqualTo(45);
        assertThat(expected.data16(0)).isEqualTo(48 << 8 | 51);
        assertThat(expected.data32(3)).isEqualTo(0x84878a8dL);
        assertThat(expected.data64(1)).isEqualTo(0xa8abaeb1b4b7babdL);
        assertThat(ServiceRecord.of(0x0001020304050607L, gid(0x0002c90300000333L), "golden.service").withPKey(0x8123)
                .withKey(Octets.of(key)).withData(Octets.of(data))).as("of() and the with methods").isEqualTo(expected);
        ServiceRecord plain = ServiceRecord.of(7, gid(1), "plain");
        assertThat(plain.servicePKey()).as("the default partition").isEqualTo(0xFFFF);
        assertThat(plain.serviceLease()).isEqualTo(ServiceRecord.LEASE_INFINITE);
        assertThat(plain.serviceKey()).isEqualTo(Octets.zeros(ServiceRecord.KEY_SIZE));
        assertThat(plain.withLease(60).serviceLease()).isEqualTo(60);
    }

    @Test
    void mcMemberRecord() {
        assertGolden("McMemberRecord", new McMemberRecord(new Gid(0xff12401bffff0000L, 0x00000000ffffffffL),
                gid(0x0002c90300000444L), 0x80010000L, 0xc001, 2, 4, 0x33, 0xffff, 1, 3, 2, 19, 6, 0x9abcd, 0x7f, 2,
                McMemberRecord.JOIN_FULL_MEMBER, true), McMemberRecord::decode);
    }

    @Test
    void portCounters() {
        assertGolden("PortCounters", new PortCounters(9, 0xf00f, 0x1111, 0x22, 0x33, 0x4444, 0x5555, 0x6666, 0x7777,
                0x88, 0x99, 0x03, 0xa, 0xb, 0xdddd, 0xcccc, 0xd0d0d0d0L, 0xe0e0e0e0L, 0x0f0f0f0fL, 0x10203040L,
                0x50607080L), PortCounters::decode);
    }

    @Test
    void portCountersExtended() {
        long[] c = LongStream.range(0, 22).map(i -> 0x0100000000000000L * (i + 1) + i).toArray();
        assertGolden("PortCountersExtended", new PortCountersExtended(0xff, 0xa5, 0x3c3c, c[0], c[1], c[2], c[3],
                c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], c[12], c[13], c[14], c[15], c[16], c[17], c[18],
                c[19], c[20], c[21]), PortCountersExtended::decode);
    }

    @Test
    void portRcvErrorDetails() {
        assertGolden("PortRcvErrorDetails", new PortRcvErrorDetails(7, 0x3f, 0x1101, 0x2201, 0x3301, 0x4401, 0x5501,
                0x6601), PortRcvErrorDetails::decode);
    }

    /** The counter sets: counter i is (i + 1) times a step that fills its width; the 2-bit ones 1, 2, 3, 0, … */
    @Test
    void portCounterSets() {
        Map<PortCounterSet.Kind, Long> steps = Map.ofEntries(
                Map.entry(PortCounterSet.Kind.OP_RCV_COUNTERS, 0x01010101L),
                Map.entry(PortCounterSet.Kind.FLOW_CTL_COUNTERS, 0x02020202L),
                Map.entry(PortCounterSet.Kind.VL_OP_PACKETS, 0x0101L),
                Map.entry(PortCounterSet.Kind.VL_OP_DATA, 0x01000001L),
                Map.entry(PortCounterSet.Kind.VL_XMIT_WAIT_COUNTERS, 0x0303L),
                Map.entry(PortCounterSet.Kind.XMIT_DATA_SL, 0x04000004L),
                Map.entry(PortCounterSet.Kind.RCV_DATA_SL, 0x00050500L),
                Map.entry(PortCounterSet.Kind.SW_PORT_VL_CONGESTION, 0x0606L),
                Map.entry(PortCounterSet.Kind.RCV_CON_CTRL, 0x07000007L),
                Map.entry(PortCounterSet.Kind.SL_RCV_FECN, 0x00080008L),
                Map.entry(PortCounterSet.Kind.SL_RCV_BECN, 0x09000900L),
                Map.entry(PortCounterSet.Kind.XMIT_CON_CTRL, 0x0a0b0c0dL),
                Map.entry(PortCounterSet.Kind.VL_XMIT_TIME_CONG, 0x000b000bL));
        for (PortCounterSet.Kind kind : PortCounterSet.Kind.values()) {
            List<Long> values = new java.util.ArrayList<>();
            for (int i = 0; i < kind.names().size(); i++) {
                values.add(kind == PortCounterSet.Kind.VL_XMIT_FLOW_CTL_UPDATE_ERRORS ? (i + 1) % 4 : steps.get(kind) * (i + 1));
            }
            assertGolden(kind.attributeName(), new PortCounterSet(kind, 5, 0x8001, values),
                    (buf, o) -> PortCounterSet.decode(kind, buf, o));
        }
    }

    @Test
    void portSamplesControl() {
        List<Integer> selects = new java.util.ArrayList<>();
        for (int i = 0; i < PortSamplesControl.COUNTERS; i++) {
            selects.add(0x0101 * (i + 1));
        }
        assertGolden("PortSamplesControl", new PortSamplesControl(0x12, 3, 0x34, 5, 6, 0x5abcdef, 0x6789, 0x9a, 2,
                0x0102030405060708L, 0x1112131415161718L, 0xa1a2a3a4L, 0xb1b2b3b4L, 0xc1c2, selects, 0x2122232425262728L),
                PortSamplesControl::decode);
    }

    /** Both of libibmad's field tables: the lanes, and the RS-FEC port counters past them. */
    @Test
    void portExtendedSpeedsCounters() {
        List<Integer> detected = new java.util.ArrayList<>();
        List<Long> correctable = new java.util.ArrayList<>();
        List<Long> uncorrectable = new java.util.ArrayList<>();
        for (int lane = 0; lane < PortExtendedSpeedsCounters.LANES; lane++) {
            detected.add(0x0300 + lane);
            correctable.add(0x04000000L + lane);
            uncorrectable.add(0x05000000L + lane);
        }
        assertGolden("PortExtendedSpeedsCounters", new PortExtendedSpeedsCounters(9, 0x8070605040302010L, 0x1111, 0x2222,
                detected, correctable, uncorrectable, 0x06060606L, 0x07070707L, 0x08080808L),
                PortExtendedSpeedsCounters::decode);
    }

    @Test
    void portXmitDiscardDetails() {
        assertGolden("PortXmitDiscardDetails", new PortXmitDiscardDetails(0xff, 0xf, 0x2202, 0x4402, 0x6602, 0x8802),
                PortXmitDiscardDetails::decode);
    }

    @Test
    void directedRouteSmpHeader() {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        ByteBuffer buf = ByteBuffer.wrap(mad);
        new MadHeader().wrap(buf, 0).baseVersion(1).mgmtClass(MgmtClass.SUBN_DIRECTED_ROUTE).classVersion(1)
                .methodByte(Method.GET_RESP).tid(0x0000000112345678L).attributeId(PortInfo.ATTRIBUTE_ID)
                .attributeModifier(2);
        DirectedRouteSmp smp = new DirectedRouteSmp().wrap(buf, 0).route(11, 12, 13, 14).hopPointer(3).inbound(true)
                .status(0x001c).mKey(0x8877665544332211L)
                .drSlid(MadAddress.PERMISSIVE_LID).drDlid(0x0017);
        for (int hop = 1; hop <= 4; hop++) {
            smp.returnPath(hop, hop + 20);
        }
        assertThat(HEX.formatHex(mad)).isEqualTo(golden("DirectedRouteSmp"));

        DirectedRouteSmp read = new DirectedRouteSmp().wrap(ByteBuffer.wrap(HEX.parseHex(golden("DirectedRouteSmp"))), 0);
        assertThat(read.isInbound()).isTrue();
        assertThat(read.status()).isEqualTo(0x001c);
        assertThat(read.hopPointer()).isEqualTo(3);
        assertThat(read.hopCount()).isEqualTo(4);
        assertThat(read.drSlid()).isEqualTo(0xffff);
        assertThat(read.drDlid()).isEqualTo(0x0017);
        assertThat(read.initialPath(4)).isEqualTo(14);
        assertThat(read.returnPath(1)).isEqualTo(21);
        assertThat(read.mKey()).isEqualTo(0x8877665544332211L);
    }

    @Test
    void saHeader() {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        ByteBuffer buf = ByteBuffer.wrap(mad);
        new MadHeader().wrap(buf, 0).baseVersion(1).mgmtClass(MgmtClass.SUBN_ADM).classVersion(2)
                .methodByte(Method.GET_TABLE).tid(0xabcdef0123456789L).attributeId(PathRecord.ATTRIBUTE_ID);
        new SaHeader().wrap(buf, 0).smKey(0x0102030405060708L).attributeOffset(SaHeader.attributeOffsetFor(
                PathRecord.SIZE)).componentMask(PathRecord.Component.DGID | PathRecord.Component.DLID
                | PathRecord.Component.SLID);
        assertThat(HEX.formatHex(mad)).isEqualTo(golden("SaMad"));

        SaHeader read = new SaHeader().wrap(ByteBuffer.wrap(HEX.parseHex(golden("SaMad"))), 0);
        assertThat(read.smKey()).isEqualTo(0x0102030405060708L);
        assertThat(read.attributeOffset()).isEqualTo(8);
        assertThat(read.componentMask()).isEqualTo(0x34L);
    }

    @Test
    void vendorRange2Header() {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        ByteBuffer buf = ByteBuffer.wrap(mad);
        new MadHeader().wrap(buf, 0).baseVersion(1).mgmtClass(MgmtClass.VENDOR_RANGE2_START).classVersion(1)
                .methodByte(Method.GET);
        new VendorRange2Header().wrap(buf, 0).oui(0x0002c9);
        assertThat(HEX.formatHex(mad)).isEqualTo(golden("VendorRange2Mad"));
        assertThat(new VendorRange2Header().wrap(ByteBuffer.wrap(mad), 0).oui()).isEqualTo(0x0002c9);
    }

    private static PortInfo portInfoValues() {
        return new PortInfo(0x1122334455667788L, 0xfe80000000000000L, 0x1234, 0x0042, 0x2651e84aL, 0x0102, 0x0304, 5,
                0x13, 0x17, 0x02, 7, 4, 5, 2, 1, 3, 4, 6, 5, 9, 4, 0xa, 0x21, 8, 0x10, 0xc, 4, 6, 0x13, 3, true, false,
                true, true, 0x1001, 0x2002, 0x3003, 32, true, 2, 18, 0x11, 0xe, 0x9, 0xbeef, 0xabcdef, 0x5a5a, 2, 3,
                0x1e);
    }

    private static InformInfo informInfoValues() {
        return new InformInfo(gid(0x0002c90300a1b2c3L), 0x0010, 0x0020, true, true, 3, 0x0040, 0x123456, 0x13,
                0xabcdef);
    }

    private static Gid gid(long guid) {
        return new Gid(0xfe80000000000000L, guid);
    }

    /** Checks a generic notice as libibmad's header fields and OpenSM's details union encode it. */
    private static void assertNotice(String name, int type, int producer, int trap, int issuerLid,
            TrapDetails details) {
        byte[] data = new byte[Notice.DATA_DETAILS_SIZE];
        details.encode(ByteBuffer.wrap(data), 0);
        Notice expected = new Notice(true, type, producer, trap, issuerLid, true, 0x1234, Octets.of(data), ISSUER);
        assertGolden(name, expected, Notice::decode);
        assertThat(Notice.decode(ByteBuffer.wrap(HEX.parseHex(golden(name))), 0).details()).isEqualTo(details);
    }

    /**
     * Mellanox's GeneralInfo in both layouts: InfiniScale III's one-byte firmware version, and the extended 32-bit one
     * of a SwitchX (whose one-byte fields are then zero).
     */
    @Test
    void mlnxGeneralInfo() {
        GeneralInfo.BuildDate built = new GeneralInfo.BuildDate(0x03, 0x18, 0x2014, 0x1530);
        assertGolden("MlnxGeneralInfoIs3", new GeneralInfo(0xa0b1, GeneralInfo.INFINISCALE_III, 0x0055b1c3,
                new GeneralInfo.Version(7, 4, 200), 0x1234abcd, built, "MT_1270110020", 0x01020304,
                new GeneralInfo.Version(1, 2, 3)), GeneralInfo::decode);
        assertGolden("MlnxGeneralInfoExtended", new GeneralInfo(0xa0b1, 0xc738, 0x0055b1c3,
                new GeneralInfo.Version(9, 4, 2000), 0x1234abcd, built, "MT_1270110020", 0x01020304,
                new GeneralInfo.Version(3, 2, 1)), GeneralInfo::decode);
    }

    @Test
    void mlnxConfigSpaceAccess() {
        List<ConfigSpaceAccess.Entry> records = new ArrayList<>();
        for (int i = 0; i < ConfigSpaceAccess.MAX_RECORDS; i++) {
            records.add(i < 3 ? new ConfigSpaceAccess.Entry(0x10013c + ((i + 1) << 12), 0xa0000000L + i,
                    0xffff0000L >>> i) : new ConfigSpaceAccess.Entry(0, 0, 0));
        }
        assertGolden("MlnxConfigSpaceAccess", new ConfigSpaceAccess(records), ConfigSpaceAccess::decode);
    }

    @Test
    void mlnxCounterGroups() {
        assertGolden("MlnxCounterGroupInfo", new CounterGroupInfo(2, 0x7, 0x80000106L), CounterGroupInfo::decode);
        assertGolden("MlnxCounterGroupConfig", new CounterGroupConfig(2, 8), CounterGroupConfig::decode);
    }

    /** Decoding the C bytes (alone, and inside a MAD at the SA data offset) gives {@code expected}, which encodes to them. */
    @Test
    void congestionInfo() {
        assertGolden("CongestionInfo", new CongestionInfo(0x8001, 0x2a), CongestionInfo::decode);
    }

    @Test
    void congestionKeyInfo() {
        assertGolden("CongestionKeyInfo", new CongestionKeyInfo(0x0123456789abcdefL, true, 0xbeef, 0x1234),
                CongestionKeyInfo::decode);
    }

    /** A switch's log: PortMap bytes 0x80 | i; event i SLID 0x100 + i, DLID 0xb000 + i, SL i, stamp 0xf0000000 + i. */
    @Test
    void congestionLogOfASwitch() {
        byte[] ports = new byte[32];
        for (int i = 0; i < ports.length; i++) {
            ports[i] = (byte) (0x80 | i);
        }
        List<CongestionLog.SwitchEvent> events = IntStream.range(0, 15)
                .mapToObj(i -> new CongestionLog.SwitchEvent(0x100 + i, 0xb000 + i, i, 0xf0000000L + i)).toList();
        assertGolden("CongestionLogSwitch", new CongestionLog.SwitchLog(0xa5, 0x0102, 0xa1b2c3d4L, Octets.of(ports),
                events), CongestionLog::decode);
    }

    /** A CA's log: event i local QP 0xabcd00 + i, SL 15 - i, service type i % 4, remote QP 0x123400 + i, LIDs. */
    @Test
    void congestionLogOfACa() {
        List<CongestionLog.CaEvent> events = IntStream.range(0, 13).mapToObj(i -> new CongestionLog.CaEvent(
                0xabcd00 + i, 15 - i, i % 4, 0x123400 + i, 0x200 + i, 0x300 + i, 0xe0000000L + i)).toList();
        assertGolden("CongestionLogCa", new CongestionLog.CaLog(0x5a, 0x0304, 0x8421, 0x11223344L, events),
                CongestionLog::decode);
    }

    @Test
    void switchCongestionSetting() {
        byte[] victim = new byte[32];
        byte[] credit = new byte[32];
        for (int i = 0; i < 32; i++) {
            victim[i] = (byte) i;
            credit[i] = (byte) (0xff - i);
        }
        assertGolden("SwitchCongestionSetting", new SwitchCongestionSetting(0x1f, Octets.of(victim), Octets.of(credit),
                0xd, 0x42, 0x7, 0x8123, 0x4321), SwitchCongestionSetting::decode);
    }

    /** Element i: valid i % 2, control type i / 2 % 2, threshold i % 16, packet size 0x80 + i, marking rate 0x1000 + i. */
    @Test
    void switchPortCongestionSetting() {
        assertGolden("SwitchPortCongestionSetting", new SwitchPortCongestionSetting(IntStream.range(0, 32)
                .mapToObj(i -> new SwitchPortCongestionSetting.Element(i % 2 == 1, i / 2 % 2, i % 16, 0x80 + i,
                        0x1000 + i)).toList()), SwitchPortCongestionSetting::decode);
    }

    @Test
    void caCongestionSetting() {
        assertGolden("CACongestionSetting", new CaCongestionSetting(0x0001, 0xc003, IntStream.range(0, 16)
                .mapToObj(i -> new CaCongestionSetting.Entry(0x0100 + i, 0x10 + i, 0x20 + i, 0x30 + i)).toList()),
                CaCongestionSetting::decode);
    }

    @Test
    void congestionControlTable() {
        assertGolden("CongestionControlTable", new CongestionControlTable(127, IntStream.range(0, 64)
                .mapToObj(i -> new CongestionControlTable.Entry(i % 4, 0x3f00 + i)).toList()),
                CongestionControlTable::decode);
    }

    @Test
    void ccTimestamp() {
        assertGolden("Timestamp", new Timestamp(0xfedcba98L), Timestamp::decode);
    }

    private static <T extends MadAttribute> void assertGolden(String name, T expected,
            BiFunction<ByteBuffer, Integer, T> decoder) {
        String hex = golden(name);
        byte[] bytes = HEX.parseHex(hex);
        assertThat(bytes).hasSize(expected.encodedSize());
        assertThat(decoder.apply(ByteBuffer.wrap(bytes), 0)).isEqualTo(expected);
        assertThat(HEX.formatHex(expected.toBytes())).as("%s encoded", name).isEqualTo(hex);

        ByteBuffer mad = ByteBuffer.allocate(SaHeader.DATA_OFFSET + bytes.length);
        mad.put(SaHeader.DATA_OFFSET, bytes);
        assertThat(decoder.apply(mad, SaHeader.DATA_OFFSET)).isEqualTo(expected);
    }

    private static String golden(String name) {
        String hex = golden.get(name);
        assertThat(hex).as("golden vector %s printed by %s", name, SOURCE).isNotNull();
        return hex;
    }

    private static String missingToolchain() {
        String missing = HEADERS.stream().filter(h -> !Files.isReadable(h)).map(Path::toString)
                .reduce((a, b) -> a + ", " + b).orElse("");
        if (!onPath("gcc")) {
            missing = missing.isEmpty() ? "gcc" : "gcc, " + missing;
        }
        return missing.isEmpty() ? null : "golden vectors need " + missing + "; install with: " + INSTALL;
    }

    private static boolean onPath(String command) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }

    /** Runs {@code command} to completion within a bounded time; fails with its output unless it exits 0. */
    private static String run(List<String> command) throws IOException, InterruptedException {
        Path log = BINARY.resolveSibling("output.txt");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(PROCESS_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail(String.join(" ", command) + " did not finish within " + PROCESS_TIMEOUT_SECONDS + " s");
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            fail(String.join(" ", command) + " exited " + process.exitValue() + ":\n" + output);
        }
        return output;
    }
}
