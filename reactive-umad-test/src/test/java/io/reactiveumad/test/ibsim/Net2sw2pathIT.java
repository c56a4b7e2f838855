package io.reactiveumad.test.ibsim;

import org.junit.jupiter.api.extension.RegisterExtension;

/** Debian's {@code net.2sw2path}: two switches joined by two cables, one CA on each. */
class Net2sw2pathIT extends OracleContract {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
            IbsimFabric.builder().netFile(IbsimInstallation.exampleNet("net.2sw2path")).smNode("Hca1"));

    @Override
    IbsimFabric fabric() {
        return FABRIC.fabric();
    }

    @Override
    String node() {
        return "Hca2";
    }
}
