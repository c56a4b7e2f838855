package io.reactiveumad.test.ibsim;

import org.junit.jupiter.api.extension.RegisterExtension;

/** Debian's {@code net.2sw2path4hca2port}: as {@code net.2sw2path}, each CA cabled on both ports. */
class Net2sw2path4hca2portIT extends OracleContract {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().netFile(IbsimInstallation.exampleNet("net.2sw2path4hca2port")).smNode("Hca1"));

    @Override
    IbsimFabric fabric() {
        return FABRIC.fabric();
    }

    @Override
    String node() {
        return "Hca2";
    }
}
