package io.reactiveumad.mad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.mad.attr.GuidInfo;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.LinearForwardingTable;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.mad.attr.SmInfo;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.mad.perf.PortCounters;
import io.reactiveumad.mad.sa.LinkRecord;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.mad.sa.PathRecord;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The conveniences around the records: builders, factories, SA tables, secrets kept out of toString. */
class AttributeHelpersTest {
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void portInfoBuilderCopiesEveryFieldAndChangesOnlyWhatIsSet() {
        byte[] random = new byte[PortInfo.SIZE];
        new Random(42).nextBytes(random);
        PortInfo original = PortInfo.decode(ByteBuffer.wrap(random), 0);

        assertThat(original.toBuilder().build()).isEqualTo(original);
        PortInfo changed = original.toBuilder().lid(7).portState(PortInfo.STATE_ACTIVE).clientReregister(true).build();
        assertThat(changed.lid()).isEqualTo(7);
        assertThat(changed.isActive()).isTrue();
        assertThat(changed.clientReregister()).isTrue();
        assertThat(changed.toBuilder().lid(original.lid()).portState(original.portState())
                .clientReregister(original.clientReregister()).build()).isEqualTo(original);
        assertThat(PortInfo.builder().build().toBytes()).containsOnly(0);
    }

    @Test
    void forwardingTableModifiersAddressTheirBlocks() {
        assertThat(LinearForwardingTable.blockOf(63)).isZero();
        assertThat(LinearForwardingTable.blockOf(64)).isEqualTo(1);
        long modifier = MulticastForwardingTable.modifier(2, 0x1ff);
        assertThat(modifier).isEqualTo(0x200001ffL);
        assertThat(MulticastForwardingTable.positionOf(modifier)).isEqualTo(2);
        assertThat(MulticastForwardingTable.blockOf(modifier)).isEqualTo(0x1ff);
        assertThatThrownBy(() -> MulticastForwardingTable.modifier(16, 0)).hasMessageContaining("position");
        assertThatThrownBy(() -> MulticastForwardingTable.modifier(0, 512)).hasMessageContaining("block");
        assertThatThrownBy(() -> new LinearForwardingTable(List.of(1, 2))).hasMessageContaining("64 entries");
    }

    @Test
    void secretsStayOutOfToString() {
        PortInfo port = PortInfo.builder().mKey(0x1122334455667788L).lid(3).build();
        SmInfo sm = new SmInfo(1, 0x0123456789abcdefL, 2, 3, SmInfo.STATE_MASTER);

        assertThat(port.toString()).contains("lid=3").doesNotContainIgnoringCase("1122334455667788");
        assertThat(sm.toString()).doesNotContainIgnoringCase("123456789abcdef");
    }

    /** What a user's println of a NodeInfo or GuidInfo shows: GUIDs, device and vendor in hex, as smpquery has them. */
    @Test
    void nodeInfoAndGuidInfoPrintTheirIdsInHex() {
        NodeInfo info = new NodeInfo(1, 1, 2, 36, 0x0002c90300a1b2c3L, 0x0002c90300a1b2c4L, 0x0002c90300a1b2c5L, 128,
                0xc738, 0xa0b1c2d3L, 7, 0x0002c9);

        assertThat(info).hasToString("NodeInfo[nodeType=2 numPorts=36 systemImageGuid=0x0002c90300a1b2c3 "
                + "nodeGuid=0x0002c90300a1b2c4 portGuid=0x0002c90300a1b2c5 partitionCap=128 deviceId=0xc738 "
                + "revision=0xa0b1c2d3 localPortNum=7 vendorId=0x0002c9 baseVersion=1 classVersion=1]");
        assertThat(new GuidInfo(List.of(0x0002c90300a1b2c5L, 0L, 0L, 0L, 0L, 0L, 0L, 0x10L))).hasToString("GuidInfo["
                + "0x0002c90300a1b2c5 0x0000000000000000 0x0000000000000000 0x0000000000000000 0x0000000000000000 "
                + "0x0000000000000000 0x0000000000000000 0x0000000000000010]");
    }

    @Test
    void aSubscriptionToEveryTrap() {
        InformInfo subscribe = InformInfo.forTrap(InformInfo.ALL, true);

        assertThat(HEX.formatHex(subscribe.toBytes())).isEqualTo("00000000000000000000000000000000"
                + "ffff0000" + "00000101" + "ffffffff" + "00000000" + "00ffffff");
        assertThat(InformInfo.forTrap(Notice.TRAP_GID_IN_SERVICE, false).subscribe()).isFalse();
    }

    @Test
    void aGenericNoticeCarriesItsTypedDetails() {
        TrapDetails details = new TrapDetails.PortError(0x12, 3);
        Notice notice = Notice.generic(Notice.TYPE_URGENT, Notice.PRODUCER_SWITCH, Notice.TRAP_LINK_INTEGRITY, 0x12,
                details, Gid.ZERO);

        Notice decoded = Notice.decode(ByteBuffer.wrap(notice.toBytes()), 0);
        assertThat(decoded.details()).isEqualTo(details);
        assertThat(decoded.generic()).isTrue();
        Notice vendor = new Notice(false, 1, 0x0002c9, 0x1234, 1, false, 0, decoded.dataDetails(), Gid.ZERO);
        assertThat(vendor.details()).isEqualTo(new TrapDetails.Raw(decoded.dataDetails()));
    }

    @Test
    void aPortCountersResetSelectsCountersAndZeroesTheRest() {
        PortCounters reset = PortCounters.reset(PortCounters.ALL_PORTS, PortCounters.SELECT_ALL,
                PortCounters.SELECT2_ALL);

        assertThat(HEX.formatHex(reset.toBytes()).substring(0, 40)).isEqualTo("00ffffff" + "0".repeat(28) + "0300");
        assertThat(HEX.formatHex(reset.toBytes()).substring(40)).matches("0+");
    }

    @Test
    void aPathQueryTemplate() {
        Gid source = new Gid(0xfe80000000000000L, 1);
        Gid destination = new Gid(0xfe80000000000000L, 2);
        PathRecord query = PathRecord.query(source, destination);

        assertThat(query.sgid()).isEqualTo(source);
        assertThat(query.dgid()).isEqualTo(destination);
        assertThat(query.reversible()).isTrue();
        assertThat(query.numbPath()).isEqualTo(1);
    }

    @Test
    void saTableRecordsAreReadAtTheAttributeOffsetStride() {
        List<LinkRecord> links = List.of(new LinkRecord(1, 2, 3, 4), new LinkRecord(5, 6, 7, 8),
                new LinkRecord(9, 10, 11, 12));
        int stride = SaHeader.attributeOffsetFor(LinkRecord.SIZE) * SaHeader.ATTRIBUTE_OFFSET_UNIT;
        ByteBuffer mad = ByteBuffer.allocate(MadHeader.MAD_SIZE);
        SaHeader sa = new SaHeader().wrap(mad, 0).attributeOffset(SaHeader.attributeOffsetFor(LinkRecord.SIZE));
        for (int i = 0; i < links.size(); i++) {
            links.get(i).encode(mad, sa.dataPosition() + i * stride);
        }

        assertThat(sa.records(links.size() * stride, LinkRecord.SIZE, LinkRecord::decode)).isEqualTo(links);
        assertThat(sa.records(0, LinkRecord.SIZE, LinkRecord::decode)).isEmpty();
        assertThatThrownBy(() -> sa.records(3 * stride, NodeRecord.SIZE, NodeRecord::decode))
                .isInstanceOf(MalformedMadException.class).hasMessageContaining("shorter than a 108-byte record");
        assertThatThrownBy(() -> sa.records(MadHeader.MAD_SIZE, LinkRecord.SIZE, LinkRecord::decode))
                .isInstanceOf(MalformedMadException.class);
    }
}
