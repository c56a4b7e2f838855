package io.reactiveumad.mad;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RmppHeaderTest {

    @Test
    void writesEachFieldAtItsWireOffsetBigEndian() {
        byte[] mad = new byte[256];
        new RmppHeader().wrap(mad)
                .version(RmppHeader.VERSION)
                .type(RmppHeader.TYPE_ACK)
                .rRespTime(0x12)
                .flags(RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_LAST)
                .status(RmppHeader.STATUS_T2L)
                .segmentNumber(0x01020304L)
                .newWindowLast(0xFFFF_FFF0L);

        assertThat(mad[24]).isEqualTo((byte) 1);
        assertThat(mad[25]).isEqualTo((byte) 2);
        assertThat(mad[26] & 0xFF).isEqualTo((0x12 << 3) | 0x5);
        assertThat(mad[27] & 0xFF).isEqualTo(118);
        assertThat(new byte[] {mad[28], mad[29], mad[30], mad[31]}).containsExactly(1, 2, 3, 4);
        assertThat(new byte[] {mad[32], mad[33], mad[34], mad[35]}).containsExactly(0xFF, 0xFF, 0xFF, 0xF0);
        assertThat(mad[23]).isZero();
        assertThat(mad[36]).isZero();
    }

    @Test
    void readsUnsignedValuesBack() {
        byte[] mad = new byte[256];
        RmppHeader h = new RmppHeader().wrap(mad).segmentNumber(0xFFFF_FFFFL).payloadLength(0x8000_0000L).status(0xFF);
        assertThat(h.segmentNumber()).isEqualTo(0xFFFF_FFFFL);
        assertThat(h.payloadLength()).isEqualTo(0x8000_0000L);
        assertThat(h.newWindowLast()).isEqualTo(0x8000_0000L);
        assertThat(h.status()).isEqualTo(0xFF);
    }

    @Test
    void flagsAndResponseTimeShareAByteWithoutDisturbingEachOther() {
        RmppHeader h = new RmppHeader().wrap(new byte[256]).rRespTime(31).flags(RmppHeader.FLAGS_MASK);
        h.flags(RmppHeader.FLAG_FIRST);
        assertThat(h.rRespTime()).isEqualTo(31);
        assertThat(h.isFirst()).isTrue();
        assertThat(h.isActive()).isFalse();
        assertThat(h.isLast()).isFalse();
        h.rRespTime(3);
        assertThat(h.flags()).isEqualTo(RmppHeader.FLAG_FIRST);
        assertThatThrownBy(() -> h.rRespTime(32)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("32");
    }

    @Test
    void rejectsABufferTooShortForTheHeader() {
        assertThatThrownBy(() -> new RmppHeader().wrap(new byte[35])).isInstanceOf(MalformedMadException.class)
                .hasMessageContaining("RMPP header");
    }

    @Test
    void namesStatusCodes() {
        assertThat(RmppHeader.statusName(RmppHeader.STATUS_RESX)).isEqualTo("RESX");
        assertThat(RmppHeader.statusName(RmppHeader.STATUS_BAD_STATUS)).isEqualTo("BAD_STATUS");
        assertThat(RmppHeader.statusName(200)).isEqualTo("status 200");
        assertThat(RmppHeader.SEGMENT_PAYLOAD).isEqualTo(220);
    }

    @Test
    void abortExceptionCarriesStatusSideAndTransfer() {
        RmppAbortException e = new RmppAbortException(RmppHeader.STATUS_S2B, RmppAbortException.Side.REMOTE,
                0x1234L, 0x03, "peer says so");
        assertThat(e.status()).isEqualTo(123);
        assertThat(e.side()).isEqualTo(RmppAbortException.Side.REMOTE);
        assertThat(e.tid()).isEqualTo(0x1234L);
        assertThat(e.mgmtClass()).isEqualTo(3);
        assertThat(e).hasMessageContaining("S2B").hasMessageContaining("remote").hasMessageContaining("peer says so");
    }
}
