package io.reactiveumad.mad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.mad.attr.NodeInfo;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import org.junit.jupiter.api.Test;

/** The header flyweights and the constants that decide layouts. */
class HeaderFlyweightTest {

    @Test
    void accessIsBigEndianWhateverTheBufferOrder() {
        ByteBuffer little = ByteBuffer.allocateDirect(MadHeader.MAD_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        new MadHeader().wrap(little, 0).baseVersion(1).status(0x0102).tid(0x0102030405060708L).attributeModifier(-1);

        assertThat(little.get(MadHeader.STATUS_OFFSET)).isEqualTo((byte) 0x01);
        assertThat(little.get(MadHeader.TID_OFFSET)).isEqualTo((byte) 0x01);
        assertThat(little.order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        MadHeader header = new MadHeader().wrap(little, 0);
        assertThat(header.tidLow()).isEqualTo(0x05060708);
        assertThat(header.attributeModifier()).isEqualTo(0xFFFF_FFFFL);
    }

    @Test
    void oneFlyweightIsRewrappedPerMessage() {
        Mad first = Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.PERF).tid(1));
        Mad second = Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_ADM).tid(2)
                .methodByte(Method.GET_TABLE_RESP));
        MadHeader header = new MadHeader();

        assertThat(header.wrap(first.buffer(), 0).tid()).isEqualTo(1);
        assertThat(header.wrap(second.buffer(), 0).tid()).isEqualTo(2);
        assertThat(header.isResponse()).isTrue();
        assertThat(header.method()).isEqualTo(Method.GET_TABLE);
        assertThat(second.mgmtClass()).isEqualTo(MgmtClass.SUBN_ADM);
    }

    @Test
    void aMadsReadOnlyViewRefusesWrites() {
        Mad mad = Mad.build(b -> { });
        MadHeader header = mad.header();
        assertThatThrownBy(() -> header.status(1)).isInstanceOf(ReadOnlyBufferException.class);
        assertThatThrownBy(() -> new SmpHeader().wrap(mad.buffer(), 0).mKey(1))
                .isInstanceOf(ReadOnlyBufferException.class);
    }

    @Test
    void smpDataSitsAtSixtyFourInBothRoutings() {
        Mad mad = Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_LID_ROUTED).attributeId(NodeInfo.ATTRIBUTE_ID);
            SmpHeader smp = new SmpHeader().wrap(b, 0).mKey(0x1234);
            new NodeInfo(1, 1, 1, 2, 3, 4, 5, 0, 0, 0, 1, 0x2c9).encode(b, smp.dataPosition());
        });

        assertThat(NodeInfo.decode(mad.buffer(), MgmtClass.dataOffset(mad.mgmtClass())).nodeGuid()).isEqualTo(4);
        assertThat(new DirectedRouteSmp().wrap(mad.buffer(), 0).dataPosition()).isEqualTo(SmpHeader.DATA_OFFSET);
        assertThat(new SmpHeader().wrap(mad.buffer(), 0).mKey()).isEqualTo(0x1234);
    }

    @Test
    void directedRouteDirectionBitAndStatusShareOneWord() {
        ByteBuffer b = ByteBuffer.allocate(MadHeader.MAD_SIZE);
        DirectedRouteSmp smp = new DirectedRouteSmp().wrap(b, 0).status(0x7FFF).inbound(true);
        assertThat(new MadHeader().wrap(b, 0).status()).isEqualTo(0xFFFF);

        smp.inbound(false);
        assertThat(smp.status()).isEqualTo(0x7FFF);
        smp.status(0).inbound(true);
        assertThat(new MadHeader().wrap(b, 0).status()).isEqualTo(DirectedRouteSmp.DIRECTION_BIT);
        assertThat(smp.status()).isZero();
    }

    @Test
    void directedRouteSetsTheWholeOutboundRoute() {
        DirectedRouteSmp smp = new DirectedRouteSmp().wrap(ByteBuffer.allocate(MadHeader.MAD_SIZE), 0).hopPointer(9)
                .inbound(true).route(1, 2, 3);
        assertThat(smp.hopCount()).isEqualTo(3);
        assertThat(smp.hopPointer()).isZero();
        assertThat(smp.isInbound()).isFalse();
        assertThat(smp.initialPath(1)).isEqualTo(1);
        assertThat(smp.initialPath(3)).isEqualTo(3);
    }

    @Test
    void dataOffsetsPerClass() {
        assertThat(MgmtClass.dataOffset(MgmtClass.SUBN_ADM)).isEqualTo(56);
        assertThat(MgmtClass.dataOffset(0x30)).isEqualTo(40);
        assertThat(MgmtClass.dataOffset(0x4F)).isEqualTo(40);
        assertThat(MgmtClass.dataOffset(MgmtClass.DEV_MGT)).isEqualTo(64);
        assertThat(MgmtClass.dataOffset(MgmtClass.BIS)).isEqualTo(64);
        assertThat(MgmtClass.dataOffset(MgmtClass.SUBN_LID_ROUTED)).isEqualTo(64);
        assertThat(MgmtClass.dataOffset(MgmtClass.SUBN_DIRECTED_ROUTE)).isEqualTo(64);
        assertThat(MgmtClass.dataOffset(MgmtClass.PERF)).isEqualTo(64);
        assertThat(MgmtClass.dataOffset(MgmtClass.CM)).isEqualTo(24);
        assertThat(MgmtClass.dataOffset(0x09)).isEqualTo(24);
        assertThat(SaHeader.SEGMENT_DATA_SIZE).isEqualTo(200);
        assertThat(SaHeader.CLASS_HEADER_SIZE).isEqualTo(20);
        assertThat(SaHeader.attributeOffsetFor(108)).isEqualTo(14);
        assertThat(SaHeader.attributeOffsetFor(64)).isEqualTo(8);
    }

    @Test
    void rmppAndVendorClasses() {
        assertThat(MgmtClass.isRmppClass(MgmtClass.SUBN_ADM)).isTrue();
        assertThat(MgmtClass.isRmppClass(MgmtClass.DEV_MGT)).isTrue();
        assertThat(MgmtClass.isRmppClass(MgmtClass.DEV_ADM)).isTrue();
        assertThat(MgmtClass.isRmppClass(MgmtClass.BIS)).isTrue();
        assertThat(MgmtClass.isRmppClass(0x3A)).isTrue();
        assertThat(MgmtClass.isRmppClass(MgmtClass.PERF)).isFalse();
        assertThat(MgmtClass.isRmppClass(MgmtClass.SUBN_LID_ROUTED)).isFalse();
        assertThat(MgmtClass.isVendorRange2(0x2F)).isFalse();
        assertThat(MgmtClass.isVendorRange2(0x50)).isFalse();
        assertThat(MgmtClass.isSmp(MgmtClass.SUBN_DIRECTED_ROUTE)).isTrue();
        assertThat(MgmtClass.name(MgmtClass.SUBN_ADM)).isEqualTo("SubnAdm");
        assertThat(MgmtClass.name(0x31)).isEqualTo("Vendor(0x31)");
    }

    @Test
    void methodsAndTheirResponses() {
        assertThat(Method.responseOf(Method.GET)).isEqualTo(0x81);
        assertThat(Method.responseOf(Method.SET)).isEqualTo(Method.GET_RESP);
        assertThat(Method.responseOf(Method.GET_TABLE)).isEqualTo(0x92);
        assertThat(Method.responseOf(Method.REPORT)).isEqualTo(0x86);
        assertThat(Method.responseOf(Method.DELETE)).isEqualTo(0x95);
        assertThat(Method.expectsResponse(Method.SEND)).isFalse();
        assertThat(Method.expectsResponse(Method.TRAP_REPRESS)).isFalse();
        assertThat(Method.expectsResponse(Method.GET_RESP)).isFalse();
        assertThat(Method.expectsResponse(Method.TRAP)).isTrue();
        assertThat(Method.name(Method.GET_TABLE_RESP)).isEqualTo("GetTableResp");
        assertThat(Method.name(0x7E)).isEqualTo("0x7e");
    }

    @Test
    void describeNamesClassMethodAttributeModifierAndADirectedRoute() {
        Mad lid = Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_ADM).classVersion(2)
                .methodByte(Method.GET).attributeId(0x0011).attributeModifier(7));
        assertThat(lid.describe()).isEqualTo("SubnAdm Get attribute 0x0011 modifier 0x00000007");
        Mad directed = Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_DIRECTED_ROUTE).classVersion(1)
                    .methodByte(Method.GET).attributeId(0x0015).attributeModifier(1);
            new DirectedRouteSmp().wrap(b, 0).route(1, 3, 2);
        });
        assertThat(directed.describe()).isEqualTo("SubnDirectedRoute Get attribute 0x0015 modifier 0x00000001 route [1,3,2]");
        assertThat(MadAddress.gsi(4).describe()).isEqualTo("LID 4 QP1");
    }
}
