package io.reactiveumad.poll.ibsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** The byte layouts of ibsim's structs as ibsim and umad2sim read and write them. */
class SimWireTest {

    @Test
    void simRequestIs288BytesWithTheMadAt32() {
        SimRequest r = new SimRequest();
        assertThat(r.buffer().capacity()).isEqualTo(SimRequest.SIZE).isEqualTo(288);
        byte[] mad = new byte[256];
        mad[0] = 1;
        mad[255] = 7;
        r.mad(mad);
        assertThat(r.buffer().get(SimRequest.MAD_OFFSET)).isEqualTo((byte) 1);
        assertThat(r.buffer().get(SimRequest.SIZE - 1)).isEqualTo((byte) 7);
        assertThat(r.length(256).mad()).isEqualTo(mad);
    }

    /**
     * umad2sim writes {@code length} = the bytes its sender wrote (at most 256) and leaves the rest of the
     * MAD area as its stack had it: OpenSM's SA answers shorter than a MAD arrive with garbage after them.
     */
    @Test
    void theMadIsAsLongAsLengthSaysAndNeverLongerThanTheMadArea() {
        SimRequest r = new SimRequest();
        byte[] garbage = new byte[256];
        java.util.Arrays.fill(garbage, (byte) 0x5A);
        r.mad(garbage);

        assertThat(r.length(120).mad()).hasSize(120);
        assertThat(r.length(256).mad()).hasSize(256);
        assertThat(r.length(4096).mad()).hasSize(256);
    }

    @Test
    void lidsAreHtonsInAHostOrderWordSoTheFirstTwoBytesAreBigEndianOnLittleEndianHosts() {
        SimRequest r = new SimRequest().dlid(0x0102).slid(0xFFFF);
        ByteBuffer host = r.buffer().duplicate().order(ByteOrder.nativeOrder());
        assertThat(host.getInt(0)).isEqualTo(ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? 0x0201 : 0x0102);
        if (ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN) {
            assertThat(r.buffer().get(0)).isEqualTo((byte) 0x01);
            assertThat(r.buffer().get(1)).isEqualTo((byte) 0x02);
        }
        assertThat(r.dlid()).isEqualTo(0x0102);
        assertThat(r.slid()).isEqualTo(0xFFFF);
    }

    @Test
    void queuePairsStatusAndLengthAreBigEndian() {
        SimRequest r = new SimRequest().dqp(1).sqp(0x123456).status(110).length(256);
        ByteBuffer be = r.buffer().duplicate().order(ByteOrder.BIG_ENDIAN);
        assertThat(be.getInt(8)).isEqualTo(1);
        assertThat(be.getInt(12)).isEqualTo(0x123456);
        assertThat(be.getInt(16)).isEqualTo(110);
        assertThat(be.getLong(24)).isEqualTo(256);
        assertThat(r.dqp()).isEqualTo(1);
        assertThat(r.sqp()).isEqualTo(0x123456);
        assertThat(r.status()).isEqualTo(110);
        assertThat(r.length()).isEqualTo(256);
    }

    @Test
    void simCtlIs80BytesOfHostOrderWordsAndAConnectCarriesTheClientInfo() {
        SimCtl c = new SimCtl().reset(3, SimCtl.TYPE_CONNECT, SimCtl.INFO_SIZE);
        c.dataInt(SimCtl.INFO_ID_OFFSET, 4_200_000).dataInt(SimCtl.INFO_ISSM_OFFSET, 1)
                .dataString(SimCtl.INFO_NODE_ID_OFFSET, SimCtl.INFO_NODE_ID_SIZE, "Hca2");
        ByteBuffer host = c.buffer().duplicate().order(ByteOrder.nativeOrder());
        assertThat(c.buffer().capacity()).isEqualTo(SimCtl.SIZE).isEqualTo(80);
        assertThat(host.getInt(0)).isEqualTo(0xdeadbeef);
        assertThat(host.getInt(4)).isEqualTo(3);
        assertThat(host.getInt(8)).isEqualTo(SimCtl.TYPE_CONNECT).isEqualTo(1);
        assertThat(host.getInt(12)).isEqualTo(44);
        assertThat(host.getInt(16)).isEqualTo(4_200_000);
        assertThat(host.getInt(24)).isEqualTo(1);
        assertThat(c.dataString(28, 32)).isEqualTo("Hca2");
        assertThat(c.buffer().get(28 + 4)).isZero();
    }

    @Test
    void aNodeNameTravelsAsItsUtf8BytesAndOneTooLongForIbsimIsRefused() {
        SimCtl c = new SimCtl().reset(0, SimCtl.TYPE_CONNECT, SimCtl.INFO_SIZE)
                .dataString(SimCtl.INFO_NODE_ID_OFFSET, SimCtl.INFO_NODE_ID_SIZE, "nœud-é");
        byte[] field = new byte[9];
        c.buffer().get(SimCtl.INFO_NODE_ID_OFFSET, field);
        assertThat(field).containsExactly(0x6e, 0xc5, 0x93, 0x75, 0x64, 0x2d, 0xc3, 0xa9, 0);
        assertThat(c.dataString(SimCtl.INFO_NODE_ID_OFFSET, SimCtl.INFO_NODE_ID_SIZE)).isEqualTo("nœud-é");
        // 16 characters, 32 bytes: one more than the field holds before its NUL.
        assertThatThrownBy(() -> c.dataString(SimCtl.INFO_NODE_ID_OFFSET, SimCtl.INFO_NODE_ID_SIZE, "é".repeat(16)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageEndingWith("is 32 bytes in UTF-8; ibsim takes at most 31");
    }

    @Test
    void aControlCallIsNamedAsIbsimNamesIt() {
        assertThat(SimCtl.typeName(SimCtl.TYPE_CONNECT)).isEqualTo("CONNECT");
        assertThat(SimCtl.typeName(SimCtl.TYPE_GET_PKEYS)).isEqualTo("GET_PKEYS");
        assertThat(SimCtl.typeName(42)).isEqualTo("control call 42");
    }

    @Test
    void resetClearsWhatTheLastCallLeft() {
        SimCtl c = new SimCtl().reset(0, SimCtl.TYPE_CONNECT, 44).dataString(28, 32, "SomeLongNodeName");
        c.reset(1, SimCtl.TYPE_GET_PORTINFO, 1);
        assertThat(c.dataString(28, 32)).isEmpty();
        assertThat(c.type()).isEqualTo(SimCtl.TYPE_GET_PORTINFO);
    }
}
