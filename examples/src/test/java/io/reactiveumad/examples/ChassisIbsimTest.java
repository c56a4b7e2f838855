package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * discover -g on a fabric with two chassis by SystemImageGUID, one holding a CA, beside a standalone switch: each
 * chassis, its switches and CAs in libibnetdisc's order, then every other node, as ibnetdiscover -g prints them,
 * from hosts inside and outside the chassis; with -p the port report, which -g leaves as it is. Two vendors' rules
 * too: SilverStorm switches grouped by their SystemImageGUID without its slot byte, Voltaire switches that are no
 * chassis boards never grouped, an Xsigo chassis around its first leaf naming its hosts (before session 18 these
 * vendors were refused).
 */
class ChassisIbsimTest {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .netFile(DiagsOracle.resource("topologies/two-chassis.net")).smNode("h4"));

    @ParameterizedTest
    @ValueSource(strings = {"h1|-g", "h3|-g", "d1|-g", "Am|-g", "h2|-g -p", "x1|-g", "t1|"})
    void chassisAreGroupedAsIbnetdiscoverGroupsThem(String fromAndOptions) {
        String[] parts = fromAndOptions.split("\\|", -1);
        CliRun ours = DiagsOracle.sameAsTheTool(FABRIC.fabric(), parts[0], "ibnetdiscover", "discover", parts[1]);
        if (parts[1].isEmpty()) {
            // Without -g too, a switch port cabled to an Xsigo adapter is noted.
            assertThat(ours.out()).contains(" 4xSDR (scp)\n", " 4xSDR slot 3\n");
            return;
        }
        if (parts[1].contains("-p")) {
            // -p's port report is the same with -g or without: the tool groups nothing there.
            assertThat(ours.out()).contains("( 'Am' - 'A1' )");
            return;
        }
        assertThat(ours.out())
                // The numbers follow the order the scan found the chassis in, so they depend on where it started.
                .containsPattern("\nChassis [1234] \\(guid 0xaaaa\\)\n").containsPattern("\nChassis [1234] \\(guid 0xbbbb\\)\n")
                .containsPattern("sysimgguid=0xaaaa\t\t# Chassis [1234]\n").contains("\n# Chassis CAs\n", "\nNon-Chassis Nodes\n")
                .containsPattern("\nChassis [1234] \\(guid 0xcccc\\)\n").containsPattern("sysimgguid=0x1000cccc\t\t# Chassis [1234]\n")
                .contains("\nvendid=0x8f1\ndevid=0x0\nsysimgguid=0xdddd\nswitchguid=")
                .containsPattern("\nChassis [1234] \\(guid 0x13970100000005\\)\nHostname: x[12]\nHostname: x[12]\n")
                .containsPattern("sysimgguid=0x13970300000020\t\t# Chassis [1234] \\(x[12]\\) slot 3\n");
    }
}
