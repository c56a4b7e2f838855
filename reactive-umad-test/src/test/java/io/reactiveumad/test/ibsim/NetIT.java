package io.reactiveumad.test.ibsim;

import org.junit.jupiter.api.extension.RegisterExtension;

/** Debian's {@code net}: two switches doubly cabled; Hca2 is cabled on its second port only, which ibsim cannot attach a client to, so everything runs from Hca1. */
class NetIT extends OracleContract {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().netFile(IbsimInstallation.exampleNet("net")).smNode("Hca1"));

    @Override
    IbsimFabric fabric() {
        return FABRIC.fabric();
    }

    @Override
    String node() {
        return "Hca1";
    }
}
