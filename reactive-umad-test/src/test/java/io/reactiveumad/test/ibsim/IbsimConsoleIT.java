package io.reactiveumad.test.ibsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.spi.channel.PortAttributes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The harness's console commands take effect at once, as the port's own attributes show. */
class IbsimConsoleIT {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().netFile(IbsimInstallation.exampleNet("net.1")).smNode("Hca1"));

    @Test
    void unlinkTakesThePortDownAndRelinkBringsTheLinkBack() {
        try (ChannelProbe probe = new ChannelProbe(FABRIC.fabric(), "Hca2")) {
            assertThat(probe.port().isActive()).isTrue();
            FABRIC.fabric().unlink("Hca2", 1);
            PortAttributes down = probe.port();
            assertThat(down.state()).isEqualTo(PortInfo.STATE_DOWN);
            assertThat(down.physState()).isNotEqualTo(PortInfo.PHYS_LINK_UP);
            FABRIC.fabric().relink("Hca2", 1);
            assertThat(probe.port().physState()).isEqualTo(PortInfo.PHYS_LINK_UP);
        }
    }

    @Test
    void aMadIbsimCannotRouteComesBackAsDroppedAndIsNotDelivered() {
        try (ChannelProbe probe = new ChannelProbe(FABRIC.fabric(), "Hca1");
             ChannelProbe far = new ChannelProbe(FABRIC.fabric(), "Hca2")) {
            int smp = probe.client(MgmtClass.SUBN_LID_ROUTED, Requests.SMP_VERSION);
            int farLid = far.port().lid();
            FABRIC.fabric().unlink("Hca2", 1);
            try {
                probe.send(smp, MadAddress.smp(farLid), Requests.smpGet(NodeInfo.ATTRIBUTE_ID, 0));
                // ibsim answers its clients in order: once this response is in, the returned drop was read too.
                probe.request(smp, MadAddress.smp(probe.port().lid()), Requests.smpGet(NodeInfo.ATTRIBUTE_ID, 0));
                assertThat(probe.onLoop(() -> probe.channel().droppedBySimulator())).isEqualTo(1);
            } finally {
                FABRIC.fabric().relink("Hca2", 1);
            }
        }
    }

    @Test
    void baselidChangesThePortsLid() {
        try (ChannelProbe probe = new ChannelProbe(FABRIC.fabric(), "Hca1")) {
            int lid = probe.port().lid();
            FABRIC.fabric().baselid("Hca1", 1, 0x99);
            try {
                assertThat(probe.port().lid()).isEqualTo(0x99);
            } finally {
                FABRIC.fabric().baselid("Hca1", 1, lid);
            }
        }
    }

    @Test
    void anUnknownNodeIsReportedByTheConsole() {
        assertThat(FABRIC.fabric().command("Unlink \"NoSuchNode\"[1]")).contains("not found");
    }
}
