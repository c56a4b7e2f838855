package io.reactiveumad.poll.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class UmadHeaderTest {
    private static final MadAddress WITH_GRH = new MadAddress(0xBEEF, 1, 0x80010000, 15, 0x7f, 0x1234,
            new MadAddress.Grh(new Gid(0xfe80_0000_0000_0000L, 0x1122_3344_5566_7788L), 3, 255, 0xa5, 0xfffff));

    @Test
    void addressRoundTripsWithAndWithoutGrh() {
        UmadHeader header = new UmadHeader().wrap(ByteBuffer.allocate(UmadHeader.SIZE));

        assertThat(header.address(WITH_GRH).address()).isEqualTo(WITH_GRH);
        assertThat(header.address(MadAddress.smp(MadAddress.PERMISSIVE_LID)).address())
                .isEqualTo(MadAddress.smp(MadAddress.PERMISSIVE_LID));
        assertThat(header.grhPresent()).isFalse();
        assertThat(header.gid()).isEqualTo(Gid.ZERO);
    }

    @Test
    void networkOrderFieldsAreBigEndianAndHostOrderFieldsNativeWhateverTheBufferOrder() {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            ByteBuffer buf = ByteBuffer.allocate(UmadHeader.SIZE).order(order);
            new UmadHeader().wrap(buf).agentId(0x01020304).address(WITH_GRH);

            assertThat(bytes(buf, UmadHeader.QKEY_OFFSET, 4)).containsExactly(0x80, 0x01, 0x00, 0x00);
            assertThat(bytes(buf, UmadHeader.LID_OFFSET, 2)).containsExactly(0xBE, 0xEF);
            assertThat(bytes(buf, UmadHeader.FLOW_LABEL_OFFSET, 4)).containsExactly(0x00, 0x0f, 0xff, 0xff);
            assertThat(bytes(buf, UmadHeader.GID_OFFSET, 2)).containsExactly(0xfe, 0x80);
            assertThat(buf.duplicate().order(ByteOrder.nativeOrder()).getInt(UmadHeader.ID_OFFSET)).isEqualTo(0x01020304);
            assertThat(buf.duplicate().order(ByteOrder.nativeOrder()).getShort(UmadHeader.PKEY_INDEX_OFFSET))
                    .isEqualTo((short) 0x1234);
        }
    }

    @Test
    void clearZeroesEveryField() {
        UmadHeader header = new UmadHeader().wrap(ByteBuffer.allocate(UmadHeader.SIZE));
        header.address(WITH_GRH).agentId(7).status(110).timeoutMs(1).retries(2).length(3);

        header.clear();

        assertThat(header.agentId() | header.status() | header.timeoutMs() | header.retries() | header.length()
                | header.lid() | header.qpn() | header.pkeyIndex()).isZero();
    }

    @Test
    void aBufferTooSmallIsRejected() {
        assertThatThrownBy(() -> new UmadHeader().wrap(ByteBuffer.allocate(56)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("64");
    }

    private static int[] bytes(ByteBuffer buf, int offset, int length) {
        int[] out = new int[length];
        for (int i = 0; i < length; i++) {
            out[i] = Byte.toUnsignedInt(buf.get(offset + i));
        }
        return out;
    }
}
