package io.reactiveumad.mad.attr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which devices infiniband-diags asks for MlnxExtPortInfo (ibdiag_common.c's is_mlnx_ext_port_info_supported). */
class MlnxExtPortInfoDevicesTest {
    private static final int MELLANOX = 0x02c9;
    private static final int BULL = 0x119f;

    @Test
    void mellanoxSwitchesFromSwitchXAndAdaptersFromConnectX3AnswerWhateverTheVendorId() {
        for (int device : new int[] {0xc738, 0xc73b, 0xc839, 0xcb20, 0xcf08, 0xcf09, 0xd2f0, 0x1003, 0x1017, 0x101b,
                0xa2d2}) {
            assertThat(MlnxExtPortInfo.isAnsweredBy(MELLANOX, device)).as("0x%x", device).isTrue();
            assertThat(MlnxExtPortInfo.isAnsweredBy(0, device)).as("0x%x of vendor 0", device).isTrue();
        }
    }

    @Test
    void olderDevicesAndUnknownOnesDoNot() {
        // InfiniScale IV, ConnectX-2, the ranges' neighbours, ibsim's default device 0.
        for (int device : new int[] {0xbd36, 0x673c, 0xc737, 0xc73c, 0x1002, 0x101c, 0xcf07, 0x0}) {
            assertThat(MlnxExtPortInfo.isAnsweredBy(MELLANOX, device)).as("0x%x", device).isFalse();
        }
    }

    @Test
    void bullsVersionsAnswerOnlyUnderBullsVendorId() {
        for (int device : new int[] {0x1b02, 0x1b50, 0x1ba0, 0x1bd0, 0x1bd5, 0x1bf0, 0x1b33, 0x1b83, 0x1bb5, 0x1bc6}) {
            assertThat(MlnxExtPortInfo.isAnsweredBy(BULL, device)).as("0x%x", device).isTrue();
            assertThat(MlnxExtPortInfo.isAnsweredBy(MELLANOX, device)).as("0x%x of Mellanox", device).isFalse();
        }
    }
}
