package io.reactiveumad.test.ibsim;

import org.junit.jupiter.api.extension.RegisterExtension;

/** Debian's {@code net.2sw2path4hca}: two switches, two parallel paths, four single-cabled CAs. */
class Net2sw2path4hcaIT extends OracleContract {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().netFile(IbsimInstallation.exampleNet("net.2sw2path4hca")).smNode("Hca1"));

    @Override
    IbsimFabric fabric() {
        return FABRIC.fabric();
    }

    @Override
    String node() {
        return "Hca4";
    }
}
