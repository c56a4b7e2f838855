package io.reactiveumad.test.ibsim;

import org.junit.jupiter.api.extension.RegisterExtension;

/** Debian's {@code net.1}: one switch, two CAs. */
class Net1IT extends OracleContract {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().netFile(IbsimInstallation.exampleNet("net.1")).smNode("Hca1"));

    @Override
    IbsimFabric fabric() {
        return FABRIC.fabric();
    }

    @Override
    String node() {
        return "Hca2";
    }
}
