package io.reactiveumad.poll.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.poll.LinuxArch;
import io.reactiveumad.spi.channel.AgentRegistration;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The _IOC encodings per architecture family, checked against the values their kernels document. */
class UmadIoctlTest {
    /** Generic (x86, arm64, riscv): 2 direction bits at 30, write = 1. powerpc, mips, sparc: 3 at 29, write = 4, none = 1. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "amd64,    C01C1B01, 40041B02, 00001B03, C0281B04",
        "aarch64,  C01C1B01, 40041B02, 00001B03, C0281B04",
        "riscv64,  C01C1B01, 40041B02, 00001B03, C0281B04",
        "ppc64le,  C01C1B01, 80041B02, 20001B03, C0281B04",
        "mips64el, C01C1B01, 80041B02, 20001B03, C0281B04",
        "sparcv9,  C01C1B01, 80041B02, 20001B03, C0281B04"})
    void encodesTheNumbersAsEachArchitecturesHeadersDo(String arch, String registerAgent, String unregisterAgent,
                                                       String enablePkey, String registerAgent2) {
        UmadIoctl ioctl = UmadIoctl.of(LinuxArch.of(arch));

        assertThat(ioctl.registerAgent).isEqualTo(Long.parseLong(registerAgent, 16));
        assertThat(ioctl.unregisterAgent).isEqualTo(Long.parseLong(unregisterAgent, 16));
        assertThat(ioctl.enablePkey).isEqualTo(Long.parseLong(enablePkey, 16));
        assertThat(ioctl.registerAgent2).isEqualTo(Long.parseLong(registerAgent2, 16));
    }

    @Test
    void registerAgent2RequestCarriesEveryField() {
        ByteBuffer arg = ByteBuffer.allocateDirect(UmadIoctl.RegReq2.SIZE);
        AgentRegistration reg = new AgentRegistration(0, 0x81, 1, 0x8000_0000_0000_0001L, 0x2L, 0, 0, true);

        UmadIoctl.RegReq2.encode(arg, reg);

        ByteBuffer host = arg.duplicate().order(ByteOrder.nativeOrder());
        assertThat(host.getInt(UmadIoctl.RegReq2.QPN_OFFSET)).isZero();
        assertThat(host.get(UmadIoctl.RegReq2.MGMT_CLASS_OFFSET)).isEqualTo((byte) 0x81);
        assertThat(host.get(UmadIoctl.RegReq2.MGMT_CLASS_VERSION_OFFSET)).isEqualTo((byte) 1);
        assertThat(host.getInt(UmadIoctl.RegReq2.FLAGS_OFFSET)).isEqualTo(UmadIoctl.RegReq2.FLAG_USER_RMPP);
        assertThat(host.getLong(UmadIoctl.RegReq2.METHOD_MASK_OFFSET)).isEqualTo(0x8000_0000_0000_0001L);
        assertThat(host.getLong(UmadIoctl.RegReq2.METHOD_MASK_OFFSET + 8)).isEqualTo(2L);
        assertThat(arg.limit()).isEqualTo(UmadIoctl.RegReq2.SIZE);
    }

    @Test
    void oldRequestWritesTheOuiInWireOrder() {
        ByteBuffer arg = ByteBuffer.allocateDirect(UmadIoctl.RegReq.SIZE);

        UmadIoctl.RegReq.encode(arg, new AgentRegistration(1, 0x30, 1, 0, 0, 0x001405, 1, false));

        assertThat(arg.get(UmadIoctl.RegReq.OUI_OFFSET)).isEqualTo((byte) 0x00);
        assertThat(arg.get(UmadIoctl.RegReq.OUI_OFFSET + 1)).isEqualTo((byte) 0x14);
        assertThat(arg.get(UmadIoctl.RegReq.OUI_OFFSET + 2)).isEqualTo((byte) 0x05);
        assertThat(arg.get(UmadIoctl.RegReq.RMPP_VERSION_OFFSET)).isEqualTo((byte) 1);
    }
}
