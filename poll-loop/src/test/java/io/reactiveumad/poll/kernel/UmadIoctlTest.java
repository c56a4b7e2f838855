package io.reactiveumad.poll.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.poll.LinuxArch;
import io.reactiveumad.poll.channel.AgentRegistration;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** The _IOC encodings per architecture family, checked against the values their kernels document. */
class UmadIoctlTest {
    @Test
    void genericEncodingAsOnX86AndArm64() {
        UmadIoctl ioctl = UmadIoctl.of(LinuxArch.of("aarch64"));

        assertThat(ioctl.registerAgent).isEqualTo(0xC01C1B01L);
        assertThat(ioctl.unregisterAgent).isEqualTo(0x40041B02L);
        assertThat(ioctl.enablePkey).isEqualTo(0x00001B03L);
        assertThat(ioctl.registerAgent2).isEqualTo(0xC0281B04L);
        assertThat(UmadIoctl.of(LinuxArch.of("amd64")).registerAgent2).isEqualTo(0xC0281B04L);
        assertThat(UmadIoctl.of(LinuxArch.of("riscv64")).unregisterAgent).isEqualTo(0x40041B02L);
    }

    @Test
    void powerpcPutsThreeDirectionBitsAtTwentyNine() {
        UmadIoctl ioctl = UmadIoctl.of(LinuxArch.of("ppc64le"));

        assertThat(ioctl.registerAgent).isEqualTo(0xC01C1B01L);
        assertThat(ioctl.unregisterAgent).isEqualTo(0x80041B02L);
        assertThat(ioctl.enablePkey).isEqualTo(0x20001B03L);
        assertThat(ioctl.registerAgent2).isEqualTo(0xC0281B04L);
    }

    @Test
    void mipsAndSparcEncodeLikePowerpc() {
        for (String arch : new String[] {"mips64el", "sparcv9"}) {
            UmadIoctl ioctl = UmadIoctl.of(LinuxArch.of(arch));
            assertThat(ioctl.unregisterAgent).as(arch).isEqualTo(0x80041B02L);
            assertThat(ioctl.enablePkey).as(arch).isEqualTo(0x20001B03L);
        }
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
