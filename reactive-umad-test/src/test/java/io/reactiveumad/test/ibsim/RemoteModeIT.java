package io.reactiveumad.test.ibsim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The oracle tests with ibsim in remote mode ({@code ibsim -r}): our channel, OpenSM and the diag tools
 * all reach it over UDP ({@code IBSIM_SERVER_NAME}/{@code IBSIM_SERVER_PORT}).
 */
class RemoteModeIT extends OracleContract {
    /** A port above the usual ephemeral range's start, with room for ibsim's ten client ports after it. */
    private static final int PORT = 20_000 + 16 * ThreadLocalRandom.current().nextInt(2_000);

    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(IbsimInstallation.exampleNet("net.2sw2path4hca")).smNode("Hca1").remotePort(PORT));

    @Override
    IbsimFabric fabric() {
        return FABRIC.fabric();
    }

    @Override
    String node() {
        return "Hca3";
    }

    @Test
    void theEndpointIsUdp() {
        assertThat(ChannelProbe.endpoint(fabric(), node()).isRemote()).isTrue();
        assertThat(ChannelProbe.endpoint(fabric(), node()).serverPort()).isEqualTo(PORT);
    }
}
